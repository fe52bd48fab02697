// `homunculus gc` on large stores: taught instincts over 20 projects and global, within the caps
// (maxProjectInstincts raised for the larger sizes so that nothing is evicted), with ~3% near
// duplicates (a key with one more word, the same value: merged) and ~1% contradictions
// (always/never). Words are drawn with a skewed frequency, so that some (`use`, `run`, `test`)
// are in a large share of the keys, as in a real store. Each size is generated once; every run
// gets a fresh copy. With more than one build (--dist A --dist B) their results are compared:
// the same merges, contradictions and files, or the differences are printed.
// Usage: node bench/gc.mjs [--sizes 2000,5000] [--dist DIR]... [--rounds N] [--limit-s N] [--stale-levels] [--generate DIR]
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, median, TIME } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i === -1 ? dflt : args[i + 1];
};
const root = join(import.meta.dirname, '..');
const dists = args.flatMap((a, i) => (a === '--dist' ? [args[i + 1]] : []));
if (dists.length === 0) dists.push(join(root, 'dist'));
const sizes = opt('--sizes', '2000,5000').split(',').map(Number);
const rounds = Number(opt('--rounds', '1'));
// --limit-s N: a run still going after N seconds is stopped (the old cubic gc takes hours at 5,000
// on a loaded machine); its row then says "stopped after" with the CPU it had used.
const limitS = opt('--limit-s', undefined);
const NOW = '2026-11-22T12:00:00.000Z';
const { renderInstinct } = await import(join(root, 'dist', 'store', 'model', 'file-format.js'));
const { finishLevelState } = await import(join(root, 'dist', 'store', 'model', 'lifecycle.js'));
const { loadConfig } = await import(join(root, 'dist', 'lib', 'config.js'));
// --stale-levels: every instinct's stored level left at seedling, so gc rewrites the ones that
// moved (a store not written for weeks); by default levels are current, as every store write leaves them.
const staleLevels = args.includes('--stale-levels');

/** A deterministic generator (mulberry32). */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYL = ['ka', 'to', 'mi', 're', 'su', 'no', 'la', 've', 'pi', 'do', 'gu', 'zen', 'bor', 'ti', 'mar', 'quo', 'sel', 'fin'];
const COMMON = ['use', 'run', 'test', 'file', 'build', 'check', 'code', 'config', 'package', 'lint'];

function vocabulary(r, n) {
  const out = new Set();
  while (out.size < n) out.add(Array.from({ length: 2 + Math.floor(r() * 2) }, () => SYL[Math.floor(r() * SYL.length)]).join(''));
  return [...out];
}

function generate(n, dir) {
  const r = rng(n);
  const vocab = vocabulary(r, 600);
  // Skewed: a common word in about a third of the places, else a Zipf-like draw from the vocabulary.
  const word = () => (r() < 0.3 ? COMMON[Math.floor(r() * COMMON.length)] : vocab[Math.floor(vocab.length * r() ** 2)]);
  const projects = Array.from({ length: 20 }, (_, i) => (0x10000000 * (i + 1) + 0xabcdef).toString(16).slice(0, 12).padEnd(12, 'a'));
  const globals = Math.min(200, Math.round(n * 0.04));
  const perProject = Math.ceil((n - globals) / 20);
  const data = join(dir, 'data');
  mkdirSync(join(data, 'instincts'), { recursive: true, mode: 0o700 });
  writeFileSync(join(data, 'store.json'), '{"version":2}\n');
  writeFileSync(join(data, 'config.json'), `${JSON.stringify({ maxProjectInstincts: Math.max(100, perProject + 10), maxGlobalInstincts: 200 })}\n`);
  const { config } = loadConfig(data, {}, root);
  const made = [];
  const seen = new Set();
  for (let i = 0; i < n; i++) {
    const global = i < globals;
    const project = global ? undefined : projects[(i - globals) % 20];
    let pattern;
    let trigger;
    let action;
    const mates = made.filter((x) => x.project === project);
    const base = mates.length > 5 && r() < 0.04 ? mates[Math.floor(r() * mates.length)] : undefined;
    if (base && r() < 0.75) {
      // A near duplicate: one more word in the key, the same value.
      const [name, value] = base.pattern.slice(5).split('=');
      pattern = `pref:${name}-${word()}=${value}`;
      trigger = base.trigger;
      action = base.action;
    } else if (base) {
      // A contradiction: the same trigger, the opposite direction.
      pattern = `pref:${word()}-${word()}-${word()}=${word()}`;
      trigger = base.trigger;
      action = base.action.startsWith('always') ? base.action.replace('always', 'never') : `never ${base.action}`;
    } else {
      pattern = `pref:${word()}-${word()}-${word()}=${word()}`;
      trigger = `${word()} ${word()} ${word()} ${word()}`;
      action = `always ${word()} ${word()} with ${word()}`;
    }
    if (seen.has(pattern)) continue;
    seen.add(pattern);
    const id = `g${String(i).padStart(5, '0')}-${pattern.slice(5).replace(/[^a-z]+/g, '-').slice(0, 40).replace(/-+$/, '')}`;
    const confidence = Math.round((0.3 + r() * 0.6) * 1e4) / 1e4;
    const x = {
      id,
      pattern,
      category: 'preference',
      domain: 'workflow',
      trigger,
      action,
      explain: '',
      scope: global ? 'global' : 'project',
      ...(global ? {} : { project }),
      projects: global ? [] : [project],
      source: 'taught',
      confidence,
      observations: 1 + Math.floor(r() * 8),
      level: 'seedling',
      state: 'active',
      sessions: 1,
      session_ids: ['s1'],
      first_seen: '2026-11-10T10:00:00.000Z',
      last_seen: `2026-11-${String(15 + Math.floor(r() * 7)).padStart(2, '0')}T10:00:00.000Z`,
      created: '2026-11-10T10:00:00.000Z',
      confirmed: 0,
      contradicted: 0,
      corrected: 0,
      suggested: 0,
      inactive: 0,
      aliases: [],
      extra: {},
      evidence: ['2026-11-10T10:00Z: taught'],
      body: `# ${pattern}\n\nWhen ${trigger}: ${action}\n`,
    };
    if (!staleLevels) finishLevelState(x, false, Date.parse(NOW), config);
    made.push(x);
    writeFileSync(join(data, 'instincts', `${id}.md`), renderInstinct(x), { mode: 0o600 });
  }
  // The event log as teaching leaves it: each confidence the sum of its events.
  const events = made.map((x) => JSON.stringify({ ts: x.first_seen, id: x.id, pattern: x.pattern, project: x.project ?? null, source: 'taught', delta: x.confidence, reason: 'observe: new taught instinct' }));
  writeFileSync(join(data, 'events.jsonl'), `${events.join('\n')}\n`, { mode: 0o600 });
  return made.length;
}

function gc(dist, src) {
  const run = mkdtempSync(join(tmpdir(), 'homunculus-bench-gc-run-'));
  cpSync(src, join(run, 'data'), { recursive: true });
  const argv = [...(limitS ? ['timeout', limitS] : []), process.execPath, join(dist, 'cli', 'homunculus.js'), 'gc', '--json', '--now', NOW];
  const t0 = process.hrtime.bigint();
  const r = spawnSync(TIME ?? argv[0], TIME ? ['-f', '%U %S', ...argv] : argv.slice(1), { env: { ...process.env, HOMUNCULUS_HOME: join(run, 'data') }, encoding: 'utf8', maxBuffer: 64 << 20 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const [user, sys] = TIME ? r.stderr.trim().split('\n').pop().split(' ').map(Number) : [NaN, NaN];
  if (limitS && r.status === 124) {
    rmSync(run, { recursive: true, force: true });
    return { ms, cpuMs: (user + sys) * 1000, stopped: true };
  }
  if (r.status !== 0) throw new Error(`gc exited ${r.status}: ${r.stderr}`);
  const files = readdirSync(join(run, 'data', 'instincts')).filter((f) => f.endsWith('.md')).sort();
  rmSync(run, { recursive: true, force: true });
  return { ms, cpuMs: (user + sys) * 1000, report: JSON.parse(r.stdout), files };
}

// --generate DIR: only write a store of the first size into DIR/data (to profile gc on it).
if (opt('--generate', undefined) !== undefined) {
  console.log(`${generate(sizes[0], opt('--generate'))} instincts in ${join(opt('--generate'), 'data')}`);
  process.exit(0);
}

console.log(`\`homunculus gc\` on generated stores (taught instincts, 20 projects and global${staleLevels ? ', every stored level stale' : ''}); ${rounds} run(s) each, medians: wall / CPU (user + system) seconds.\n`);
console.log(`| instincts | ${dists.map((d) => `\`${d}\``).join(' | ')} | merged | contradictions |`);
console.log(`|---|${dists.map(() => '---').join('|')}|---|---|`);
for (const size of sizes) {
  const dir = mkdtempSync(join(tmpdir(), 'homunculus-bench-gc-'));
  const n = generate(size, dir);
  const results = dists.map((d) => {
    const runs = Array.from({ length: rounds }, () => gc(d, join(dir, 'data')));
    return { ...runs[0], ms: median(runs.map((x) => x.ms)), cpuMs: median(runs.map((x) => x.cpuMs)) };
  });
  const last = results.findLast((x) => !x.stopped) ?? results[0];
  const cell = (x) => `${x.stopped ? 'stopped after ' : ''}${fmt(x.ms / 1000, 2)} / ${fmt(x.cpuMs / 1000, 2)} s`;
  console.log(`| ${n} | ${results.map(cell).join(' | ')} | ${last.report?.merged.length ?? '?'} | ${last.report?.contradictions.length ?? '?'} |`);
  if (process.env.GC_BENCH_VERBOSE) console.log(JSON.stringify({ ...last.report, merged: last.report.merged.length, contradictions: last.report.contradictions.length, decayed: last.report.decayed.length }));
  // Which builds did the same: the same report (merges, contradictions, ...) and the same files left.
  const done = results.map((x, i) => [x, i]).filter(([x]) => !x.stopped);
  for (const [x, i] of done) {
    for (const [y, j] of done) {
      if (j <= i) continue;
      // `repaired` is this change's own field (none here: the generated log adds up).
      const report = (r) => JSON.stringify({ ...r, repaired: undefined });
      const same = report(x.report) === report(y.report) && JSON.stringify(x.files) === JSON.stringify(y.files);
      console.log(`  ${dists[j]} vs ${dists[i]}: ${same ? 'the same merges, contradictions and files' : `differ: ${JSON.stringify({ merged: [y.report.merged.length, x.report.merged.length], contradictions: [y.report.contradictions.length, x.report.contradictions.length], files: [y.files.length, x.files.length] })}`}`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
}
