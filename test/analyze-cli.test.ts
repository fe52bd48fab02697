import { execa } from 'execa';
import { appendFileSync, chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseInstinct } from '../store/model/file-format.js';
import { generateObservations } from '../bench/generate.mjs';
import { CLI, cleanEnv, listFiles, runCli, sandbox } from './helpers.js';
import { PAST, sessionLines } from './history-helpers.js';

const NOW = '2026-11-08T19:00:00Z';

function line(ts: string, tool: string, session: string, ok = true): string {
  return JSON.stringify({ v: 1, ts, tool, ok, ms: 5, prev: null, prev2: null, session, project: null, event: ok ? 'PostToolUse' : 'PostToolUseFailure' });
}

async function analyzeJson(data: string, now = NOW) {
  const r = await runCli(['analyze', '--home', data, '--now', now, '--json'], {});
  expect(r.exitCode, r.stderr as string).toBe(0);
  return JSON.parse(r.stdout as string);
}

/** Everything a run produces that must not depend on the cache. */
function outputs(data: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of listFiles(data)) {
    if (f.startsWith('instincts/') || f.startsWith('archive/') || f === 'daily-summary.md') out[f] = readFileSync(join(data, f), 'utf8');
  }
  return out;
}

describe('analyze: bad and odd input', () => {
  it('skips and counts malformed lines and future records, never fatal', async () => {
    const { data } = sandbox();
    mkdirSync(join(data, 'observations'), { recursive: true });
    const good = ['Grep', 'Read', 'Edit', 'Grep', 'Read', 'Edit'].map((t, i) => line(`2026-11-08T10:0${i}:00.000Z`, t, 's1'));
    writeFileSync(
      join(data, 'observations', '2026-11-08.jsonl'),
      [good[0], '{', 'not json', '{"v":1,"ts":"2026-11-08T10:00:00Z","tool":"../x","ok":true,"session":"s1"}', 'null', ...good.slice(1), line('2026-11-08T20:00:00.000Z', 'Read', 's1')].join('\n') + '\n',
    );
    writeFileSync(join(data, 'observations', '2026-11-09.jsonl'), `${line('2026-11-09T01:00:00.000Z', 'Read', 's2')}\n`);
    writeFileSync(join(data, 'observations', 'notes.txt'), 'ignored\n');
    const r = await analyzeJson(data);
    expect(r.skipped).toEqual({ malformed: 4, future: 2, duplicates: 0 });
    expect(r.recordsInWindow).toBe(6);
    const human = await runCli(['analyze', '--home', data, '--now', NOW], {});
    expect(human.stdout).toContain('Lines skipped: 4 malformed, 2 from the future.');
  });

  it('refuses a bad --now with a clear message and exit code 2', async () => {
    const { data } = sandbox();
    const r = await runCli(['analyze', '--home', data, '--now', 'yesterday'], {});
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--now: expected an ISO 8601 time');
    expect(existsSync(data)).toBe(false);
  });

  it('npx analyze is homunculus analyze', async () => {
    const { data } = sandbox();
    const r = await execa('node', [CLI.replace('homunculus.js', 'analyze.js'), '--home', data, '--now', NOW, '--json'], { env: cleanEnv(), extendEnv: false });
    expect(JSON.parse(r.stdout).recordsInWindow).toBe(0);
  });
});

describe('analyze: the lock', () => {
  it('a second run exits 0 at once while a live run holds the lock', async () => {
    const { data } = sandbox();
    mkdirSync(data, { recursive: true });
    writeFileSync(join(data, 'analysis.lock'), JSON.stringify({ pid: process.pid, started: new Date().toISOString() }));
    const r = await runCli(['analyze', '--home', data, '--now', NOW], {});
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('Another analysis is running');
    expect(existsSync(join(data, 'daily-summary.md'))).toBe(false);
  });

  it.each([
    ['a dead pid', { pid: 2 ** 22 + 7, started: new Date().toISOString() }],
    ['a lock older than 10 minutes', { pid: process.pid, started: new Date(Date.now() - 11 * 60_000).toISOString() }],
    ['an unreadable lock', 'garbage'],
  ])('takes over a stale lock: %s', async (_name, lock) => {
    const { data } = sandbox();
    mkdirSync(data, { recursive: true });
    writeFileSync(join(data, 'analysis.lock'), typeof lock === 'string' ? lock : JSON.stringify(lock));
    const r = await runCli(['analyze', '--home', data, '--now', NOW], {});
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('Analyzed');
    expect(existsSync(join(data, 'analysis.lock'))).toBe(false);
  });

  it('a run killed as it writes the lock leaves none that stops the next run', async () => {
    const { data } = sandbox();
    mkdirSync(join(data, 'observations'), { recursive: true });
    writeFileSync(join(data, 'observations', '2026-11-08.jsonl'), ['Grep', 'Read', 'Edit'].map((t, i) => line(`2026-11-08T10:0${i}:00.000Z`, t, 's1')).join('\n') + '\n');
    const child = execa('node', ['--require', join(import.meta.dirname, 'fixtures', 'kill-at-lock-write.cjs'), CLI, 'analyze', '--home', data, '--now', NOW], { env: cleanEnv(), extendEnv: false, reject: false });
    const killed = await child;
    expect(killed.signal).toBe('SIGKILL');
    // No lock, or a whole one naming the dead run: never an empty one, which read as "just taken".
    if (existsSync(join(data, 'analysis.lock'))) expect(JSON.parse(readFileSync(join(data, 'analysis.lock'), 'utf8')).pid).toBe(child.pid);
    const next = await analyzeJson(data);
    expect(next.status).toBe('done');
    expect(next.recordsInWindow).toBe(3);
    expect(listFiles(data).filter((f) => f.endsWith('.tmp') || f.endsWith('.lock'))).toEqual([]);
  });
});

describe('analyze: the cache', () => {
  it('gives identical results with, without, and after appending to, the cache', async () => {
    const a = sandbox();
    generateObservations(join(a.data, 'observations'), { records: 20_000, seed: 7 });
    // Three runs here, one in the clean home: no new instinct may wait for a later run (maxNewInstinctsPerRun).
    const noCap = '{"maxNewInstinctsPerRun": 1000}\n';
    writeFileSync(join(a.data, 'config.json'), noCap);
    const cold = await analyzeJson(a.data);
    expect(cold.files.parsed).toBeGreaterThan(0);
    const warm = await analyzeJson(a.data);
    expect(warm.files.cached).toBe(warm.files.read);
    expect(warm.tracked).toEqual(cold.tracked);
    // Append to today's file (as the hook does) and to an older day (as an import does).
    const obs = join(a.data, 'observations');
    appendFileSync(join(obs, '2026-11-08.jsonl'), ['Grep', 'Read', 'Edit', 'Bash'].map((t, i) => line(`2026-11-08T18:5${i}:00.000Z`, t, 'late')).join('\n') + '\n');
    appendFileSync(join(obs, '2026-11-05.jsonl'), ['Read', 'Edit', 'Bash'].map((t, i) => line(`2026-11-05T00:0${i}:00.000Z`, t, 'imported')).join('\n') + '\n');
    const appended = await analyzeJson(a.data);
    expect(appended.files.appended).toBe(2);
    const b = sandbox();
    cpSync(obs, join(b.data, 'observations'), { recursive: true });
    writeFileSync(join(b.data, 'config.json'), noCap);
    const clean = await analyzeJson(b.data);
    expect(clean.files.parsed).toBe(clean.files.read);
    expect(appended.tracked).toEqual(clean.tracked);
    expect(appended.recordsInWindow).toBe(clean.recordsInWindow);
    expect(outputs(a.data)).toEqual(outputs(b.data));
    // Deleting the cache changes nothing either.
    rmSync(join(a.data, 'state', 'cache'), { recursive: true });
    expect((await analyzeJson(a.data)).tracked).toEqual(clean.tracked);
    expect(outputs(a.data)).toEqual(outputs(b.data));
  }, 120_000);
});

describe('analyze: killed at random moments', () => {
  it('after 20 kill -9s every file parses and a final run equals a clean one', async () => {
    const a = sandbox();
    const obs = join(a.data, 'observations');
    generateObservations(obs, { records: 150_000, seed: 3 });
    // Counted in parts (the cache of parts is written and read under the kills), the clean home whole.
    // No new instinct waits for a later run (maxNewInstinctsPerRun): the killed runs are more runs than the clean home's.
    writeFileSync(join(a.data, 'config.json'), '{"partsFromMiB": 0, "maxNewInstinctsPerRun": 1000}\n');
    // One finished run at NOW, then kills while analysing a later time, so that the killed runs
    // also archive and rewrite instincts. History matters (first_seen survives), so the clean
    // home gets the same two steps.
    const times = [NOW, '2026-11-10T12:00:00Z'];
    // The clean home, from the same records, analysed meanwhile (it shares nothing with the killed one).
    const b = sandbox();
    cpSync(obs, join(b.data, 'observations'), { recursive: true });
    writeFileSync(join(b.data, 'config.json'), '{"maxNewInstinctsPerRun": 1000}\n');
    const cleanRuns = (async () => {
      await analyzeJson(b.data, times[0]);
      const clean = await analyzeJson(b.data, times[1]);
      // analyzeJson's runs (a window over 16 MiB) ran themselves again with the flag; given the
      // flag, the same command runs in place: the same report either way.
      const direct = await execa('node', ['--max-semi-space-size=2', CLI, 'analyze', '--home', b.data, '--now', times[1]!, '--json'], { env: cleanEnv(), extendEnv: false, reject: false });
      return { clean, direct };
    })();
    cleanRuns.catch(() => undefined); // awaited below; a failure before then is not unhandled
    await analyzeJson(a.data, times[0]);
    let seed = 12345;
    const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
    let kills = 0;
    for (let i = 0; kills < 20 && i < 120; i++) {
      // With the flag the analyze command would otherwise run itself again with (a window this
      // size): the kills must hit the process that does the work.
      const child = execa('node', ['--max-semi-space-size=2', CLI, 'analyze', '--home', a.data, '--now', times[1]!], { env: cleanEnv(), extendEnv: false, reject: false });
      const delay = 60 + Math.floor(rand() * 450);
      const timer = setTimeout(() => child.kill('SIGKILL'), delay);
      const r = await child;
      clearTimeout(timer);
      if (r.signal === 'SIGKILL') kills++;
      // A run that finished leaves nothing for the next to do at the same time (every part
      // cached): without the caches the next run counts again, so that the kills go on landing
      // in reads and writes, on a fast machine too. Caches never change a result.
      else rmSync(join(a.data, 'state', 'cache'), { recursive: true, force: true });
      // Every file is whole after every kill.
      const instincts = existsSync(join(a.data, 'instincts')) ? readdirSync(join(a.data, 'instincts')) : [];
      for (const f of instincts.filter((n) => n.endsWith('.md'))) {
        expect(() => parseInstinct(readFileSync(join(a.data, 'instincts', f), 'utf8')), f).not.toThrow();
      }
      if (existsSync(join(a.data, 'daily-summary.md'))) expect(readFileSync(join(a.data, 'daily-summary.md'), 'utf8')).toMatch(/^# homunculus daily summary\n[\s\S]*\n$/);
    }
    expect(kills).toBe(20);
    const final = await analyzeJson(a.data, times[1]);
    expect(final.status, JSON.stringify(final.heldBy)).toBe('done');
    expect(listFiles(a.data).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const { clean, direct } = await cleanRuns;
    expect(final.tracked).toEqual(clean.tracked);
    expect(direct.exitCode, direct.stderr as string).toBe(0);
    expect(JSON.parse(direct.stdout as string).tracked).toEqual(clean.tracked);
    expect(outputs(a.data)).toEqual(outputs(b.data));
  }, 300_000);
});

describe('analyze: hook state housekeeping', () => {
  it('removes per-session hook state untouched for retentionDays, keeps the rest', async () => {
    const { data } = sandbox();
    const streams = join(data, 'state', 'streams');
    mkdirSync(streams, { recursive: true });
    writeFileSync(join(streams, 'old.main.json'), '["Read",null]');
    writeFileSync(join(streams, 'new.main.json'), '["Read",null]');
    const longAgo = new Date(Date.now() - 31 * 86_400_000);
    utimesSync(join(streams, 'old.main.json'), longAgo, longAgo);
    await analyzeJson(data);
    expect(readdirSync(streams)).toEqual(['new.main.json']);
  });
});

describe('the mode of the data home', () => {
  it('a new or homunculus-only data home is made 0700; a folder with files of its own (a --home typo) keeps its mode', async () => {
    const box = sandbox();
    const fresh = join(box.root, 'fresh');
    mkdirSync(join(fresh, 'observations'), { recursive: true });
    chmodSync(fresh, 0o755);
    expect((await runCli(['analyze', '--home', fresh, '--now', '2026-11-08T19:00:00Z'], {})).exitCode).toBe(0);
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
    const project = join(box.root, 'project');
    mkdirSync(join(project, 'src'), { recursive: true });
    writeFileSync(join(project, 'package.json'), '{}\n');
    chmodSync(project, 0o755);
    expect((await runCli(['analyze', '--home', project, '--now', '2026-11-08T19:00:00Z'], {})).exitCode).toBe(0);
    expect(statSync(project).mode & 0o777).toBe(0o755);
  });
});

/** A data home with three sessions of Grep->Read->Edit on 2026-11-08. */
function seededHome() {
  const box = sandbox();
  mkdirSync(join(box.data, 'observations'), { recursive: true });
  writeFileSync(join(box.data, 'observations', '2026-11-08.jsonl'), `${sessionLines('2026-11-08T09:00:00Z', ['s1', 's2', 's3'], 8).join('\n')}\n`);
  return { ...box, rulesFile: join(box.root, 'rules.md'), env: { HOMUNCULUS_HOME: box.data, HOMUNCULUS_RULES_FILE: join(box.root, 'rules.md') } };
}

describe('hand-edited instinct files', () => {
  it("the user's version is kept in archive/ before the analyzer rewrites or archives it; untouched files are not copied", async () => {
    const s = seededHome();
    // A second habit in other sessions, so that there are two instinct files to edit.
    appendFileSync(join(s.data, 'observations', '2026-11-08.jsonl'), `${sessionLines('2026-11-08T13:00:00Z', ['s4', 's5', 's6'], 8, ['Glob', 'Read', 'Write']).join('\n')}\n`);
    const first = await runCli(['analyze', '--now', PAST], s.env);
    expect(first.exitCode).toBe(0);
    const file = join(s.data, 'instincts', 'chain-grep-read-edit.md');
    const edited = `${readFileSync(file, 'utf8')}\nMy note: always grep first. Ünïcödé and bytes kept.\n`;
    writeFileSync(file, edited);
    const broken = join(s.data, 'instincts', 'chain-glob-read-write.md');
    expect(existsSync(broken)).toBe(true);
    writeFileSync(broken, 'I rewrote this one entirely\n');
    const r = await runCli(['analyze', '--now', '2026-11-08T20:00:00Z'], s.env);
    expect(r.exitCode, r.stderr as string).toBe(0);
    expect(r.stdout).toContain('Hand-edited instinct files kept before rewriting them:');
    const kept = readdirSync(join(s.data, 'archive')).filter((f) => f.endsWith('.user.md')).sort();
    expect(kept).toEqual(['chain-glob-read-write--20261108T200000Z.user.md', 'chain-grep-read-edit--20261108T200000Z.user.md']);
    expect(readFileSync(join(s.data, 'archive', kept[1]!), 'utf8')).toBe(edited);
    expect(readFileSync(join(s.data, 'archive', kept[0]!), 'utf8')).toBe('I rewrote this one entirely\n');
    expect(readFileSync(file, 'utf8')).not.toContain('My note');
    // Untouched now: a later run rewrites them (new confidence) without another copy.
    const later = await runCli(['analyze', '--now', '2026-11-09T20:00:00Z'], s.env);
    expect(later.stdout).not.toContain('Hand-edited');
    expect(readdirSync(join(s.data, 'archive')).filter((f) => f.endsWith('.user.md'))).toHaveLength(2);
    // An edited instinct that is being archived is kept too.
    writeFileSync(file, `${readFileSync(file, 'utf8')}edited again\n`);
    const gone = await runCli(['analyze', '--now', '2026-11-20T20:00:00Z', '--json'], s.env);
    expect(gone.exitCode).toBe(0);
    expect(JSON.parse(gone.stdout as string).archived.map((a: { id: string }) => a.id)).toContain('chain-grep-read-edit');
    expect(readdirSync(join(s.data, 'archive')).filter((f) => f.endsWith('.user.md'))).toHaveLength(3);
    expect(readdirSync(join(s.data, 'archive')).filter((f) => f.endsWith('.user.md'))).toContain('chain-grep-read-edit--20261120T200000Z.user.md');
  });
});
