// Learning value, held out: what the SessionStart hook gives a new session, learned from a
// project's earlier sessions as a user would learn it, checked against the same project's later
// sessions (issue 29, section 7; the recalls of issue 31; scored as issue 39 says, beside the
// 5-commands line measured in the same run).
//
// Over a corpus laid out like ~/.claude/projects (<corpus>/<project-dir>/<session>.jsonl), for
// every project folder with 3 or more sessions ordered by start: the first max(2, round(0.6 n))
// (at most n - 1) are put alone in a temporary HOME's .claude/projects/<project-dir>/, and the
// built CLI runs `import-transcripts --since <first start>`, `analyze` and `bye` at now = the last
// learned record + 1 minute, in a fresh data home, from a neutral folder; then the SessionStart
// hook runs with the last learned session's cwd and its additionalContext is scored on the later
// sessions' records (imported the same way into a scratch data home). Scoring: bench/heldout-score.mjs.
//
// Usage: node bench/heldout.mjs [--corpus DIR] [--json FILE] [--parallel 1|2] [--seed N] [--keep DIR]
// Default corpus: test/fixtures/heldout-corpus/projects, invented sessions written by
// bench/heldout-corpus.mjs (seed 29; a test keeps the two the same). --seed N generates another one;
// --corpus DIR reads any folder laid out like ~/.claude/projects in place (real history: the
// figures in BENCHMARKS.md were measured with --corpus on a set of real sessions).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { generateHeldoutCorpus } from './heldout-corpus.mjs';
import { scoreProject } from './heldout-delivered.mjs';
import { pool } from './heldout-pooled.mjs';
import { correctionsOf, learnedCount, PARAMS, streamsOf } from './heldout-score.mjs';
import { renderTable, targetsMet } from './heldout-table.mjs';

const root = join(import.meta.dirname, '..');
const CLI = join(root, 'dist', 'cli', 'homunculus.js');
const SESSION_START = join(root, 'dist', 'hooks', 'session-start.js');
const DEFAULT_CORPUS = join(root, 'test', 'fixtures', 'heldout-corpus', 'projects');
const FIXTURE_SEED = 29;
const KEEP = args().keep;

function args() {
  const a = process.argv.slice(2);
  const get = (name, dflt) => {
    const i = a.indexOf(`--${name}`);
    return i === -1 ? dflt : a[i + 1];
  };
  return { corpus: get('corpus', undefined), json: get('json', undefined), parallel: Math.min(2, Math.max(1, Number(get('parallel', '2')))), seed: get('seed', undefined) === undefined ? undefined : Number(get('seed', undefined)), keep: get('keep', undefined) };
}

/** One child process; resolves with its stdout, rejects with a one-line reason. */
function run(file, argv, { env, cwd, input }) {
  return new Promise((res, rej) => {
    const p = spawn(process.execPath, [file, ...argv], { env, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.on('error', rej);
    p.on('close', (code) => (code === 0 ? res(out) : rej(new Error(`${basename(file)} ${argv.join(' ')} exited ${code}: ${err.trim().split('\n')[0] ?? ''}`))));
    p.stdin.end(input ?? '');
  });
}

/** A transcript's lines, parsed (lines that do not parse are skipped, as import skips them). */
function transcriptLines(path) {
  const out = [];
  for (const l of readFileSync(path, 'utf8').split('\n')) {
    if (!l) continue;
    try {
      out.push(JSON.parse(l));
    } catch {
      // not a JSON line
    }
  }
  return out;
}

/** A session file's start and end (its earliest and latest timestamps), its first cwd, its corrections. */
function sessionInfo(dir, file) {
  const lines = transcriptLines(join(dir, file));
  let start = Infinity;
  let end = -Infinity;
  let cwd;
  for (const o of lines) {
    const t = typeof o?.timestamp === 'string' ? Date.parse(o.timestamp) : NaN;
    if (Number.isFinite(t)) {
      if (t < start) start = t;
      if (t > end) end = t;
    }
    if (cwd === undefined && typeof o?.cwd === 'string' && o.cwd !== '') cwd = o.cwd;
  }
  return { file, start, end, cwd, corrections: correctionsOf(lines) };
}

/** The records import wrote to a data home's observations/, in file order. */
function readObservations(home) {
  const dir = join(home, 'observations');
  if (!existsSync(dir)) return [];
  const out = [];
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort()) {
    for (const l of readFileSync(join(dir, f), 'utf8').split('\n')) {
      if (!l) continue;
      try {
        out.push(JSON.parse(l));
      } catch {
        // a torn line
      }
    }
  }
  return out;
}

const iso = (ms) => new Date(ms).toISOString();

/** Puts `sessions` (and any <session>/ folder of subagents beside them) alone under a new HOME, imports them into `home`. */
async function importInto(tmp, name, corpusDir, projectDir, sessions, home) {
  const userHome = join(tmp, `${name}-user`);
  const into = join(userHome, '.claude', 'projects', projectDir);
  mkdirSync(into, { recursive: true });
  for (const s of sessions) {
    cpSync(join(corpusDir, s.file), join(into, s.file));
    const sub = join(corpusDir, s.file.replace(/\.jsonl$/, ''));
    if (existsSync(sub) && statSync(sub).isDirectory()) cpSync(sub, join(into, basename(sub)), { recursive: true });
  }
  const since = Math.min(...sessions.map((s) => s.start));
  const now = Math.max(...sessions.map((s) => s.end)) + PARAMS.nowAfterLastMs;
  const cwd = join(tmp, 'neutral');
  mkdirSync(cwd, { recursive: true });
  const env = { PATH: process.env.PATH ?? '', HOME: userHome, TZ: 'UTC', HOMUNCULUS_HOME: home, HOMUNCULUS_NOW: iso(now) };
  // The later sessions are only read back as records: they learn nothing (--no-learn).
  const imported = JSON.parse(await run(CLI, ['import-transcripts', '--since', iso(since), '--now', iso(now), '--json', ...(name === 'later' ? ['--no-learn'] : [])], { env, cwd }));
  return { env, cwd, now, since, imported, userHome };
}

/** Learns from a project's earlier sessions and scores what the SessionStart hook delivers on the later ones. */
async function measureProject(corpusDir, projectDir) {
  const dir = join(corpusDir, projectDir);
  const sessions = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl') && statSync(join(dir, f)).isFile())
    .map((f) => sessionInfo(dir, f))
    .filter((s) => Number.isFinite(s.start))
    .sort((a, b) => a.start - b.start || (a.file < b.file ? -1 : 1));
  const n = sessions.length;
  if (n < PARAMS.minSessions) return undefined; // files without a timestamp are not sessions
  const k = learnedCount(n);
  const learned = sessions.slice(0, k);
  const later = sessions.slice(k);
  const last = learned[learned.length - 1];
  const tmp = mkdtempSync(join(tmpdir(), 'homunculus-heldout-'));
  try {
    // Learn, as a user would: import, analyze, bye, in a fresh data home, from a neutral folder.
    const home = join(tmp, 'data');
    const learn = await importInto(tmp, 'learn', dir, projectDir, learned, home);
    const earlierRecords = readObservations(home); // before bye's retention can touch them
    const project = mostCommon(earlierRecords.filter((r) => r.session === last.file.replace(/\.jsonl$/, '')).map((r) => r.project));
    await run(CLI, ['analyze', '--now', iso(learn.now), '--json'], { env: learn.env, cwd: learn.cwd });
    await run(CLI, ['bye', '--now', iso(learn.now), '--json'], { env: learn.env, cwd: learn.cwd });
    const sessionId = `heldout-${Math.round(learn.now / 1000)}`;
    const payload = { hook_event_name: 'SessionStart', session_id: sessionId, cwd: last.cwd ?? learn.cwd, source: 'startup', transcript_path: join(learn.userHome, '.claude', 'projects', projectDir, `${sessionId}.jsonl`) };
    const out = await run(SESSION_START, [], { env: learn.env, cwd: learn.cwd, input: JSON.stringify(payload) });
    const context = out.trim() === '' ? '' : JSON.parse(out).hookSpecificOutput?.additionalContext ?? '';
    let rulesDoc = {};
    try {
      rulesDoc = JSON.parse(readFileSync(join(home, 'rules.json'), 'utf8'));
    } catch {
      // no rules.json: nothing was promoted
    }
    // The later sessions, as the observer records them, in a scratch data home.
    const scratch = join(tmp, 'scratch');
    await importInto(tmp, 'later', dir, projectDir, later, scratch);
    const laterRecords = readObservations(scratch);
    const corrections = new Map(later.flatMap((s) => [...s.corrections]));
    const scored = scoreProject({ context, rulesDoc, project, earlier: streamsOf(earlierRecords), later: streamsOf(laterRecords, corrections) });
    return {
      projectDir,
      name: last.cwd ? last.cwd.split(/[\\/]/).filter(Boolean).pop() ?? projectDir : projectDir,
      sessions: n,
      learned: k,
      heldOut: n - k,
      learnedCalls: earlierRecords.length,
      laterCalls: laterRecords.length,
      now: iso(learn.now),
      context,
      ...scored,
    };
  } finally {
    // --keep DIR: each project's data homes stay, for a look at what was learned and why.
    if (KEEP) cpSync(tmp, join(KEEP, projectDir), { recursive: true });
    rmSync(tmp, { recursive: true, force: true });
  }
}

function mostCommon(xs) {
  const m = new Map();
  for (const x of xs) if (typeof x === 'string') m.set(x, (m.get(x) ?? 0) + 1);
  return [...m].sort((a, b) => b[1] - a[1])[0]?.[0];
}

async function inPool(tasks, n) {
  const out = new Array(tasks.length);
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < tasks.length) {
      const i = next++;
      out[i] = await tasks[i]();
    }
  }));
  return out;
}

function commit() {
  const r = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) return 'unknown';
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).stdout.trim() !== '';
  return `${r.stdout.trim()}${dirty ? ' (with uncommitted changes)' : ''}`;
}

async function main() {
  const t0 = process.hrtime.bigint();
  const o = args();
  for (const f of [CLI, SESSION_START]) if (!existsSync(f)) throw new Error(`expected the built ${f.slice(root.length + 1)}; run npm run build first`);
  let corpus = o.corpus === undefined ? undefined : resolve(o.corpus);
  let corpusLabel;
  let generated;
  if (corpus === undefined && o.seed !== undefined) {
    generated = mkdtempSync(join(tmpdir(), 'homunculus-heldout-corpus-'));
    generateHeldoutCorpus(generated, o.seed);
    corpus = generated;
    corpusLabel = `generated (bench/heldout-corpus.mjs, seed ${o.seed})`;
  } else {
    corpus ??= DEFAULT_CORPUS;
    if (!existsSync(corpus) || !statSync(corpus).isDirectory()) throw new Error(`--corpus: expected a folder laid out like ~/.claude/projects, found ${existsSync(corpus) ? 'a file' : 'nothing'} at ${corpus}`);
    corpusLabel = corpus === DEFAULT_CORPUS ? `test/fixtures/heldout-corpus (bench/heldout-corpus.mjs, seed ${FIXTURE_SEED}; --corpus DIR for real history)` : corpus;
  }
  // Say where real history is, or that it is absent, when the invented corpus is measured.
  const note = o.corpus !== undefined ? undefined : 'No real sessions were read: measured the invented corpus only (pass --corpus DIR, a folder laid out like ~/.claude/projects, to measure real history).';
  try {
    const folders = readdirSync(corpus).filter((d) => statSync(join(corpus, d)).isDirectory()).sort();
    const qualifying = folders.filter((d) => readdirSync(join(corpus, d)).filter((f) => f.endsWith('.jsonl')).length >= PARAMS.minSessions);
    const results = (await inPool(qualifying.map((d) => () => measureProject(corpus, d)), o.parallel)).filter((r) => r !== undefined);
    // Two folders can end in the same name (/Users/[USER], /home/[USER]): those show their folder.
    const shared = new Set(results.filter((r) => results.some((x) => x !== r && x.name === r.name)).map((r) => r.name));
    for (const r of results) if (shared.has(r.name)) r.name = r.projectDir;
    const pooled = pool(results);
    console.log(renderTable(results, pooled, { corpusLabel, qualifying: qualifying.length, folders: folders.length, commit: commit(), note }));
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    console.log(`\n${qualifying.length} projects in ${seconds.toFixed(1)} s (${o.parallel} at a time).`);
    if (o.json) writeFileSync(o.json, `${JSON.stringify({ corpus: corpusLabel, note, params: PARAMS, commit: commit(), seconds, pooled, targetsMet: targetsMet(pooled), projects: results }, null, 2)}\n`);
  } finally {
    if (generated) rmSync(generated, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e) => {
    console.error(`heldout: ${e.message}`);
    process.exit(1);
  });
}
