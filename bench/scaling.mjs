// Cold `homunculus analyze` (state/ deleted before each run, as a user runs it) on generated weeks
// of growing size: median wall time, peak RSS, and the cache's bytes per record after the run.
// Usage: node bench/scaling.mjs [rounds=3] [sizes=10000,100000,1000000,5000000]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fmt, interleave, runOnce, target } from './lib.mjs';

const root = resolve(import.meta.dirname, '..');
const cli = join(root, 'dist', 'cli', 'homunculus.js');
const rounds = Number(process.argv[2] ?? 3);
const sizes = (process.argv[3] ?? '10000,100000,1000000,5000000').split(',').map(Number);
const NOW = '2026-11-08T19:00:00Z';

const rows = [];
for (const records of sizes) {
  const home = mkdtempSync(join(tmpdir(), `homunculus-bench-scaling-${records}-`));
  // In chunks of a million records (seeds 11, 12, ...: the 1M set is bench/analyzer.mjs's).
  const g = spawnSync(process.execPath, ['--max-old-space-size=4096', join(root, 'bench', 'generate.mjs'), join(home, 'observations'), String(records)], { encoding: 'utf8' });
  if (g.status !== 0) throw new Error(g.stderr);
  const bytes = readdirSync(join(home, 'observations')).reduce((n, f) => n + statSync(join(home, 'observations', f)).size, 0);
  const r = interleave([{ name: 'cold', run: () => (rmSync(join(home, 'state'), { recursive: true, force: true }), runOnce('node', [cli, 'analyze', '--home', home, '--now', NOW])) }], rounds).cold;
  const cacheDir = join(home, 'state', 'cache');
  const cacheBytes = readdirSync(cacheDir).reduce((n, f) => n + statSync(join(cacheDir, f)).size, 0);
  rows.push({ records, bytes, ms: r.ms, rssMiB: r.rssMiB, cachePerRecord: cacheBytes / records });
  rmSync(home, { recursive: true, force: true });
}
console.log(`\nCold \`homunculus analyze\`, ${rounds} rounds each (median wall, highest peak RSS)\n`);
console.log('| records in the window | observation MiB | median wall ms | x previous size | peak RSS MiB | cache bytes / record |');
console.log('|---|---|---|---|---|---|');
rows.forEach((x, i) => console.log(`| ${x.records.toLocaleString('en')} | ${fmt(x.bytes / 1048576)} | ${fmt(x.ms)} | ${i ? fmt(x.ms / rows[i - 1].ms, 2) : ''} | ${fmt(x.rssMiB)} | ${fmt(x.cachePerRecord)} |`));
const m1 = rows.find((x) => x.records === 1_000_000);
const m5 = rows.find((x) => x.records === 5_000_000);
if (m1 && m5) {
  target('scaling: cold analyze wall at 5M x wall at 1M', m5.ms / m1.ms, 5.5);
  target('scaling: cold analyze peak RSS at 5M', m5.rssMiB, 128, 'MiB');
}
