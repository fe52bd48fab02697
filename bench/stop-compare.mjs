// The warm Stop hook of two builds, interleaved on the same generated week: each gets its own
// copy of the data home (cache built first), and 1,000 records are appended before every run.
// For before/after measurements of analyzer changes (build the old commit somewhere first).
// Usage: node bench/stop-compare.mjs OTHER_DIST [records=70000] [rounds=25] [appended=none|same] [clock=fixed|moving]
// appended: the project of the appended records: none (null: the window then holds two projects'
// worth of analyses) or same (the generated week's project: one user in one project).
// clock: fixed (every run at the same now, as `npm run bench` measures) or moving (each round 2
// minutes later than the one before, as in real use: the window's start passes records too). A
// moving clock gets 8 days of records (as many per day: `records` over the window's 7), so that the
// day the window starts in is whole, as for anyone who has used it for more than a week.
import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generateObservations } from './generate.mjs';
import { fmt, interleave, runOnce } from './lib.mjs';

const root = resolve(import.meta.dirname, '..');
const [other, records = '70000', rounds = '25', appended = 'none', clock = 'fixed'] = process.argv.slice(2);
const project = appended === 'same' ? '"a1b2c3d4e5f6"' : 'null';
if (!other) throw new Error('usage: node bench/stop-compare.mjs OTHER_DIST [records] [rounds]');
const NOW = '2026-11-08T19:00:00Z';
const base = mkdtempSync(join(tmpdir(), 'homunculus-stop-compare-'));
const days = clock === 'moving' ? 8 : 7;
generateObservations(join(base, 'src', 'observations'), { records: Math.round((Number(records) * days) / 7), days, seed: 11 });
const builds = { other: resolve(other), 'this build': join(root, 'dist'), ...(process.env.CHAIN_DETAIL_OFF ? { 'this build, chainDetail off': join(root, 'dist') } : {}) };
const homes = {};
for (const [name, dist] of Object.entries(builds)) {
  homes[name] = join(base, name.replace(/\W+/g, '-'));
  cpSync(join(base, 'src'), homes[name], { recursive: true });
  if (name.endsWith('off')) writeFileSync(join(homes[name], 'config.json'), '{"chainDetail": false}');
  runOnce('node', [join(dist, 'cli', 'homunculus.js'), 'analyze', '--home', homes[name], '--now', NOW]);
}
let k = 0;
function append(home) {
  const lines = [];
  for (let i = 0; i < 1000; i++) {
    const ts = new Date(Date.parse('2026-11-08T18:00:00Z') + (k++ % 3_000_000)).toISOString();
    lines.push(`{"v":1,"ts":"${ts}","tool":"${['Grep', 'Read', 'Edit'][i % 3]}","ok":true,"ms":3,"prev":null,"prev2":null,"session":"warm-${k % 7}","project":${project},"event":"PostToolUse"}`);
  }
  appendFileSync(join(home, 'observations', '2026-11-08.jsonl'), lines.join('\n') + '\n');
}
const cases = [{ name: 'node -e 0', run: () => runOnce('node', ['-e', '0']) }];
const runs = {};
/** The clock of a build's next run: NOW, or 2 minutes later at each of its runs. */
const nowOf = (name) => (clock === 'moving' ? new Date(Date.parse(NOW) + 120_000 * (runs[name] = (runs[name] ?? 0) + 1)).toISOString() : NOW);
for (const [name, dist] of Object.entries(builds)) {
  cases.push({ name, run: () => (append(homes[name]), runOnce('node', ['--max-semi-space-size=2', join(dist, 'hooks', 'stop.js')], { env: { HOMUNCULUS_HOME: homes[name], HOMUNCULUS_NOW: nowOf(name) } })) });
}
const r = interleave(cases, Number(rounds));
console.log(`\nWarm Stop hook, ${records} records, ${rounds} interleaved rounds, appended records' project: ${appended}, clock: ${clock}\n`);
console.log('| case | median wall ms | x node | median CPU ms (user + sys) | x node | median / max peak RSS MiB |');
console.log('|---|---|---|---|---|---|');
for (const [name, v] of Object.entries(r)) console.log(`| ${name} | ${fmt(v.ms)} | ${fmt(v.ms / r['node -e 0'].ms, 2)} | ${fmt(v.cpuMs)} | ${fmt(v.cpuMs / r['node -e 0'].cpuMs, 2)} | ${fmt(v.medianRssMiB)} / ${fmt(v.rssMiB)} |`);
rmSync(base, { recursive: true, force: true });
