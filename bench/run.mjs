// `npm run bench`: every benchmark, one after the other (they must not share the machine).
// Each prints a Markdown table for BENCHMARKS.md; at the end, every target of the performance
// issue with its measured value and pass/miss. Takes a long time on 2 cores (the scaling table
// generates and analyses 5 million records). Usage: npm run bench [-- --quick] (--quick: fewer
// rounds, no 5M).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmtTarget } from './lib.mjs';

const quick = process.argv.includes('--quick');
const dir = mkdtempSync(join(tmpdir(), 'homunculus-bench-targets-'));
const targets = join(dir, 'targets.jsonl');
writeFileSync(targets, '');
const benches = [
  ['hook.mjs', quick ? '20' : '60'],
  ['analyzer.mjs', quick ? '3' : '10'],
  ['scaling.mjs', quick ? '1' : '3', quick ? '10000,100000,1000000' : '10000,100000,1000000,5000000'],
  ['import.mjs', quick ? '3' : '10', '200'],
  ['session-start.mjs', '40'],
  ['store.mjs', '30'],
  ['prompt-router.mjs', '40'],
  ['report.mjs', '1000000', '5', '4000000'],
  ['learning.mjs'],
  // The corpus in test/fixtures/heldout-corpus; real history: node bench/heldout.mjs --corpus DIR.
  ['heldout.mjs'],
];
for (const [file, ...args] of benches) {
  console.log(`\n## ${file} ${args.join(' ')}`);
  // report.mjs generates its 4M-record month in its own process: V8's default heap limit (~4 GB
  // here) was hit once at 3.75M records (2026-11-23), so it gets room.
  const flags = file === 'report.mjs' ? ['--max-old-space-size=8192'] : [];
  const r = spawnSync(process.execPath, [...flags, join(import.meta.dirname, file), ...args], { stdio: 'inherit', env: { ...process.env, HOMUNCULUS_BENCH_TARGETS: targets } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const rows = readFileSync(targets, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
console.log('\n## Targets of the performance issue\n');
console.log('| target | measured | limit | result |');
console.log('|---|---|---|---|');
for (const r of rows) {
  const [v, l] = fmtTarget(r).split(' (target <= ');
  console.log(`| ${r.name} | ${v} | <= ${l.split('):')[0]} | ${r.pass ? 'pass' : '**miss**'} |`);
}
console.log(`\n${rows.filter((r) => r.pass).length} of ${rows.length} targets met.`);
rmSync(dir, { recursive: true, force: true });
