// Shared helpers for the benchmarks: interleaved runs, medians, peak RSS via GNU time.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';

export const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

/** Runs a command once; returns wall ms (parent's clock), peak RSS in KiB and CPU ms (user + sys) from GNU time. */
export function runOnce(cmd, args, { input, env, cwd } = {}) {
  const argv = TIME ? ['-f', '%M %U %S', cmd, ...args] : args;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(TIME ?? cmd, argv, { input, env: { ...process.env, ...env }, cwd, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  const last = TIME ? r.stderr.trim().split('\n').pop().split(' ').map(Number) : [NaN, NaN, NaN];
  return { ms, rssKiB: last[0], cpuMs: (last[1] + last[2]) * 1000, stdout: r.stdout };
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Runs every case once per round, `rounds` times, so machine noise hits all cases alike. */
export function interleave(cases, rounds, before = () => {}) {
  const results = Object.fromEntries(cases.map((c) => [c.name, { ms: [], rss: [], cpu: [] }]));
  for (let i = 0; i < rounds; i++) {
    for (const c of cases) {
      before(c, i);
      const r = c.run(i);
      results[c.name].ms.push(r.ms);
      results[c.name].rss.push(r.rssKiB);
      results[c.name].cpu.push(r.cpuMs);
    }
  }
  return Object.fromEntries(Object.entries(results).map(([k, v]) => [k, { ms: median(v.ms), cpuMs: median(v.cpu), rssMiB: Math.max(...v.rss) / 1024, medianRssMiB: median(v.rss) / 1024 }]));
}

export function fmt(n, d = 1) {
  return Number.isFinite(n) ? n.toFixed(d) : 'n/a';
}

/**
 * Records one of the issue's targets for `npm run bench`'s closing table (bench/run.mjs sets
 * HOMUNCULUS_BENCH_TARGETS to a file; run alone, a bench prints its targets itself).
 * `value` and `limit` in the same unit; passes when value <= limit.
 */
export function target(name, value, limit, unit = 'x') {
  const row = { name, value, limit, unit, pass: Number.isFinite(value) && value <= limit };
  const file = process.env.HOMUNCULUS_BENCH_TARGETS;
  if (file) appendFileSync(file, `${JSON.stringify(row)}\n`);
  else console.log(`target: ${name}: ${fmtTarget(row)}`);
  return row;
}

export function fmtTarget(r) {
  const v = r.unit === 'x' ? `${fmt(r.value, 2)}x` : `${fmt(r.value)} ${r.unit}`;
  const l = r.unit === 'x' ? `${r.limit}x` : `${r.limit} ${r.unit}`;
  return `${v} (target <= ${l}): ${r.pass ? 'pass' : '**miss**'}`;
}
