// `homunculus duplicates` on a large store: observed chains over a dozen tool names in 20
// projects (the same chain learned in many projects, as a real store holds them), taught
// preferences with skewed words, and some global ones. Issue 38: comparing every pair across all
// projects took 14-22 s at 5,000 instincts; each instinct is now compared with its own project's
// and the global ones. With two builds (--dist NEW --dist OLD) their runs are interleaved, round
// by round, and the ratio of medians printed; the pairs each reports are checked: the new build's
// are the old build's that lie within one project or touch a global instinct.
// Usage: node bench/duplicates.mjs [--size 5000] [--rounds 5] [--observed 0.6] [--dist DIR]... [--generate DIR]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fmt, interleave, runOnce } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i === -1 ? dflt : args[i + 1];
};
const root = join(import.meta.dirname, '..');
const dists = args.flatMap((a, i) => (a === '--dist' ? [resolve(args[i + 1])] : []));
if (dists.length === 0) dists.push(join(root, 'dist'));
const size = Number(opt('--size', '5000'));
const rounds = Number(opt('--rounds', '5'));
const NOW = '2026-11-22T12:00:00.000Z';
const OBSERVED = Number(opt('--observed', '0.6'));
const { renderInstinct } = await import(join(root, 'dist', 'store', 'model', 'file-format.js'));

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

const TOOLS = ['Read', 'Edit', 'Bash', 'Grep', 'Glob', 'Write', 'TodoWrite', 'WebFetch', 'Task', 'MultiEdit', 'LS', 'NotebookEdit'];
const WORDS = ['use', 'run', 'test', 'file', 'build', 'check', 'code', 'config', 'package', 'lint', 'format', 'deploy', 'cache', 'commit', 'branch', 'docs', 'schema', 'api', 'server', 'client'];

function generate(n, data) {
  const r = rng(n);
  const pick = (xs, skew = 1) => xs[Math.floor(xs.length * r() ** skew)];
  const projects = Array.from({ length: 20 }, (_, i) => (0x10000000 * (i + 1) + 0xabcdef).toString(16).slice(0, 12).padEnd(12, 'a'));
  mkdirSync(join(data, 'instincts'), { recursive: true, mode: 0o700 });
  writeFileSync(join(data, 'store.json'), '{"version":2}\n');
  writeFileSync(join(data, 'config.json'), `${JSON.stringify({ maxProjectInstincts: 1000, maxGlobalInstincts: 1000 })}\n`);
  const seen = new Set();
  let made = 0;
  for (let i = 0; made < n; i++) {
    const global = i % 25 === 0;
    const project = global ? undefined : projects[i % 20];
    const observed = !global && r() < OBSERVED;
    const pattern = observed ? `seq:${pick(TOOLS, 2)}->${pick(TOOLS, 2)}->${pick(TOOLS, 2)}` : `pref:${pick(WORDS, 2)}-${pick(WORDS, 2)}-${pick(WORDS)}=${pick(WORDS)}`;
    if (seen.has(`${project}\u0000${pattern}`)) continue;
    seen.add(`${project}\u0000${pattern}`);
    const steps = pattern.slice(4).split('->');
    const id = `b${String(made).padStart(5, '0')}-${pattern.slice(pattern.indexOf(':') + 1).toLowerCase().replace(/[^a-z]+/g, '-').slice(0, 40).replace(/-+$/, '')}`;
    const x = {
      id,
      pattern,
      category: observed ? 'sequence' : 'preference',
      domain: 'workflow',
      trigger: observed ? `after ${steps.slice(0, -1).join(', then ')}` : `${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)}`,
      action: observed ? `${steps[2]} next` : `always ${pick(WORDS)} ${pick(WORDS)}`,
      explain: '',
      scope: global ? 'global' : 'project',
      ...(global ? {} : { project }),
      projects: global ? [] : [project],
      source: observed ? 'observed' : 'taught',
      confidence: Math.round((0.3 + r() * 0.6) * 1e4) / 1e4,
      observations: 1 + Math.floor(r() * 8),
      level: 'seedling',
      state: 'active',
      sessions: 1,
      session_ids: ['s1'],
      first_seen: '2026-11-10T10:00:00.000Z',
      last_seen: '2026-11-20T10:00:00.000Z',
      created: '2026-11-10T10:00:00.000Z',
      confirmed: 0,
      contradicted: 0,
      corrected: 0,
      suggested: 0,
      inactive: 0,
      aliases: [],
      ...(observed ? { score: 0.5 } : {}),
      extra: {},
      evidence: ['2026-11-10T10:00Z: generated'],
      body: `# ${pattern}\n`,
    };
    writeFileSync(join(data, 'instincts', `${id}.md`), renderInstinct(x), { mode: 0o600 });
    made++;
  }
  return made;
}

// --generate DIR: only write the store into DIR/data (to profile on it).
if (opt('--generate', undefined) !== undefined) {
  console.log(`${generate(size, join(opt('--generate'), 'data'))} instincts in ${join(opt('--generate'), 'data')}`);
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), 'homunculus-bench-duplicates-'));
const data = join(dir, 'data');
const n = generate(size, data);
const env = { HOMUNCULUS_HOME: data, HOME: dir };
const outputs = new Map();
const cases = dists.map((d) => ({
  name: d,
  run: () => {
    const r = runOnce(process.execPath, [join(d, 'cli', 'homunculus.js'), 'duplicates', '--json', '--now', NOW], { env, cwd: dir });
    outputs.set(d, JSON.parse(r.stdout));
    return r;
  },
}));
const res = interleave(cases, rounds);
console.log(`\`homunculus duplicates\` on ${n} generated instincts (20 projects and global; 60% of the projects' are observed chains over ${TOOLS.length} tools); ${rounds} rounds interleaved, medians.\n`);
console.log('| build | wall s | CPU s | peak RSS MiB | duplicates | contradictions |');
console.log('|---|---|---|---|---|---|');
for (const d of dists) {
  const o = outputs.get(d);
  console.log(`| \`${d}\` | ${fmt(res[d].ms / 1000, 2)} | ${fmt(res[d].cpuMs / 1000, 2)} | ${fmt(res[d].rssMiB)} | ${o.duplicates.length} | ${o.contradictions.length} |`);
}
if (dists.length > 1) {
  const [a, b] = dists;
  console.log(`\n${a} / ${b}: wall ${fmt(res[a].ms / res[b].ms, 3)}x, CPU ${fmt(res[a].cpuMs / res[b].cpuMs, 3)}x`);
  // The same pairs, but for those across two projects: the new build's are the old one's that can meet.
  const meta = new Map();
  const { scanInstincts } = await import(join(root, 'dist', 'store', 'files', 'scan.js'));
  for (const e of scanInstincts(data)) if (e.value) meta.set(e.value.id, e.value);
  const meet = (p) => {
    const x = meta.get(p.a);
    const y = meta.get(p.b);
    return x.scope === 'global' || y.scope === 'global' || x.project === y.project;
  };
  const key = (p) => `${p.a} ${p.b}`;
  for (const field of ['duplicates', 'contradictions']) {
    const want = outputs.get(b)[field].filter(meet).map(key).sort();
    const got = outputs.get(a)[field].map(key).sort();
    const same = JSON.stringify(want) === JSON.stringify(got);
    console.log(`${field}: ${same ? `the same ${got.length} pairs as ${b}'s that meet (of its ${outputs.get(b)[field].length})` : `differ: ${got.length} against ${want.length} of ${b}'s that meet`}`);
  }
}
rmSync(dir, { recursive: true, force: true });
