// The analyzer against an ndjson.parse() baseline on the same files, interleaved in one run, and
// the warm Stop hook (cache present, 1,000 new records) against `node -e 0`. The Stop hook runs
// with the flags `homunculus install` gives it (--max-semi-space-size=2). Beside it, for what real
// use looks like (no target): the same warm run on a copy of the data home whose clock is 2 minutes
// later at each run, so that the window's start passes records too.
// Usage: node bench/analyzer.mjs [rounds]
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generateObservations } from './generate.mjs';
import { fmt, interleave, runOnce, target } from './lib.mjs';

const root = resolve(import.meta.dirname, '..');
const cli = join(root, 'dist', 'cli', 'homunculus.js');
const stop = join(root, 'dist', 'hooks', 'stop.js');
const baseline = join(root, 'bench', 'baseline-ndjson.mjs');
const rounds = Number(process.argv[2] ?? 3);
const NOW = '2026-11-08T19:00:00Z';

function dataset(name, records) {
  const home = mkdtempSync(join(tmpdir(), `homunculus-bench-${name}-`));
  const g = generateObservations(join(home, 'observations'), { records, seed: 11 });
  return { name, home, ...g };
}

const sets = [dataset('1M records', 1_000_000), dataset('heavy week', 70_000)];
const rows = [];
for (const set of sets) {
  const obs = join(set.home, 'observations');
  const clearCache = () => rmSync(join(set.home, 'state'), { recursive: true, force: true });
  const cold = interleave(
    [
      { name: 'baseline', run: () => runOnce('node', [baseline, obs]) },
      { name: 'cold', run: () => (clearCache(), runOnce('node', [cli, 'analyze', '--home', set.home, '--now', NOW])) },
      { name: 'cold stop', run: () => (clearCache(), runOnce('node', ['--max-semi-space-size=2', stop], { env: { HOMUNCULUS_HOME: set.home, HOMUNCULUS_NOW: NOW } })) },
    ],
    rounds,
  );
  // Warm: the cache is present; each round appends 1,000 records to today's file first.
  runOnce('node', [cli, 'analyze', '--home', set.home, '--now', NOW]);
  const moving = `${set.home}-moving`;
  cpSync(set.home, moving, { recursive: true });
  runOnce('node', [cli, 'analyze', '--home', moving, '--now', NOW]); // its own cache (a copied file is another file)
  let k = 0;
  const append = (home) => {
    const lines = [];
    for (let i = 0; i < 1000; i++) {
      const ts = new Date(Date.parse('2026-11-08T18:00:00Z') + (k++ % 3_000_000)).toISOString();
      lines.push(`{"v":1,"ts":"${ts}","tool":"${['Grep', 'Read', 'Edit'][i % 3]}","ok":true,"ms":3,"prev":null,"prev2":null,"session":"warm-${k % 7}","project":null,"event":"PostToolUse"}`);
    }
    appendFileSync(join(home, 'observations', '2026-11-08.jsonl'), lines.join('\n') + '\n');
  };
  const later = (i) => new Date(Date.parse(NOW) + (i + 1) * 120_000).toISOString();
  const warm = interleave(
    [
      { name: 'node -e 0', run: () => runOnce('node', ['-e', '0']) },
      { name: 'stop hook, warm', run: () => (append(set.home), runOnce('node', ['--max-semi-space-size=2', stop], { env: { HOMUNCULUS_HOME: set.home, HOMUNCULUS_NOW: NOW } })) },
      { name: 'moving clock', run: (i) => (append(moving), runOnce('node', ['--max-semi-space-size=2', stop], { env: { HOMUNCULUS_HOME: moving, HOMUNCULUS_NOW: later(i) } })) },
    ],
    Math.max(10, rounds * 4),
  );
  rows.push({ set, cold, warm });
  rmSync(set.home, { recursive: true, force: true });
  rmSync(moving, { recursive: true, force: true });
}
for (const { set, cold, warm } of rows) {
  console.log(`\n### ${set.name}: ${set.records} records, ${set.files} files, ${(set.bytes / 1048576).toFixed(0)} MiB`);
  console.log('| case | median wall ms | ratio | peak RSS MiB |');
  console.log('|---|---|---|---|');
  console.log(`| baseline: ndjson.parse() + chain Map | ${fmt(cold.baseline.ms)} | 1.00 | ${fmt(cold.baseline.rssMiB)} |`);
  console.log(`| \`homunculus analyze\`, cold (no cache) | ${fmt(cold.cold.ms)} | ${fmt(cold.cold.ms / cold.baseline.ms, 2)} x baseline | ${fmt(cold.cold.rssMiB)} |`);
  console.log(`| Stop hook (bundled analyzer), cold (no cache) | ${fmt(cold['cold stop'].ms)} | ${fmt(cold['cold stop'].ms / cold.baseline.ms, 2)} x baseline | ${fmt(cold['cold stop'].rssMiB)} |`);
  console.log(`| node -e 0 | ${fmt(warm['node -e 0'].ms)} | 1.00 | ${fmt(warm['node -e 0'].rssMiB)} |`);
  console.log(`| Stop hook, warm (+1,000 records) | ${fmt(warm['stop hook, warm'].ms)} | ${fmt(warm['stop hook, warm'].ms / warm['node -e 0'].ms, 2)} x node | ${fmt(warm['stop hook, warm'].rssMiB)} |`);
  console.log(`| Stop hook, warm (+1,000 records), the clock 2 minutes later at each run (no target) | ${fmt(warm['moving clock'].ms)} | ${fmt(warm['moving clock'].ms / warm['node -e 0'].ms, 2)} x node | ${fmt(warm['moving clock'].rssMiB)} |`);
}
for (const { set, cold, warm } of rows) {
  const r = (x) => x.ms / cold.baseline.ms;
  if (set.records >= 1_000_000) {
    target(`${set.name}: homunculus analyze cold, wall x ndjson baseline`, r(cold.cold), 0.5);
    target(`${set.name}: homunculus analyze cold, peak RSS`, cold.cold.rssMiB, 100, 'MiB');
    target(`${set.name}: Stop hook warm (+1,000 records), wall x node -e 0`, warm['stop hook, warm'].ms / warm['node -e 0'].ms, 2);
  } else {
    target(`${set.name}: homunculus analyze cold, wall x ndjson baseline`, r(cold.cold), 0.6);
    target(`${set.name}: Stop hook cold, wall x ndjson baseline`, r(cold['cold stop']), 0.6);
    target(`${set.name}: Stop hook warm (+1,000 records), wall x node -e 0`, warm['stop hook, warm'].ms / warm['node -e 0'].ms, 1.6);
  }
}
