// Issue 9, writes where they do not belong: symbolic links planted in the data home, at data
// files or at its own folders, pointing outside it. Nothing is ever written through them: the
// outside targets stay byte-identical. Data files are opened with O_NOFOLLOW (a link at a file
// written by rename is replaced, never followed); folders that are links leaving the data home
// are refused (one line from the CLI, a hook-errors.log entry from the hooks).
import { execFileSync } from 'node:child_process';
import { existsSync, linkSync, lstatSync, lutimesSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, runHook, sandbox } from './helpers.js';
import { hookErrors, livedInHomeCopy, payload, PAST, runRouter, runStop, sessionLines, snapshot } from './history-helpers.js';

const DAY = '2026-11-08';

/** A sandbox with an `outside` folder of files that nothing may change, and the data home beside it. */
function setup() {
  const box = sandbox();
  const outside = join(box.root, 'outside');
  mkdirSync(join(outside, 'dir'), { recursive: true });
  writeFileSync(join(outside, 'victim.txt'), 'precious bytes\n');
  writeFileSync(join(outside, 'dir', 'keep.txt'), 'keep\n');
  mkdirSync(box.data, { recursive: true });
  return { ...box, outside, victim: join(outside, 'victim.txt'), before: snapshot(outside), env: { HOMUNCULUS_HOME: box.data, HOMUNCULUS_RULES_FILE: join(box.root, 'rules.md') } };
}

function seedObservations(data: string) {
  mkdirSync(join(data, 'observations'), { recursive: true });
  writeFileSync(join(data, 'observations', `${DAY}.jsonl`), `${sessionLines(`${DAY}T09:00:00Z`, ['s1', 's2'], 6).join('\n')}\n`);
}

const hook = (env: Record<string, string>, over: Record<string, unknown> = {}) => runHook(JSON.stringify(payload(over)), { ...env, HOMUNCULUS_NOW: `${DAY}T12:00:00Z` });

describe('links at data files are never followed', () => {
  it('observations/<day>.jsonl: the hook logs it and writes nothing through; analyze refuses in one line', async () => {
    const s = setup();
    mkdirSync(join(s.data, 'observations'));
    symlinkSync(s.victim, join(s.data, 'observations', `${DAY}.jsonl`));
    const r = await hook(s.env);
    expect(r.exitCode).toBe(0);
    expect(hookErrors(s.data)).toContain(`observations/${DAY}.jsonl is a symbolic link; homunculus never writes through links in its data home`);
    const a = await runCli(['analyze', '--now', PAST], s.env);
    expect(a.exitCode).toBe(1);
    expect(a.stderr).toMatch(new RegExp(`^homunculus: .*observations/${DAY}\\.jsonl is a symbolic link; homunculus never follows links in its data home: remove it \\(or replace it with the file\\)$`));
    // The import appends there too.
    mkdirSync(join(s.root, 'projects'));
    writeFileSync(join(s.root, 'projects', 't.jsonl'), JSON.stringify({ type: 'assistant', sessionId: 's9', timestamp: `${DAY}T10:00:00Z`, message: { content: [{ type: 'tool_use', id: 'toolu_l', name: 'Read', input: {} }] } }) + '\n' + JSON.stringify({ type: 'user', sessionId: 's9', timestamp: `${DAY}T10:00:01Z`, message: { content: [{ type: 'tool_result', tool_use_id: 'toolu_l' }] } }) + '\n');
    const i = await runCli(['import-transcripts', join(s.root, 'projects'), '--since', '2026-11-01'], s.env);
    expect(i.exitCode).toBe(1);
    expect(i.stderr).toContain('is a symbolic link; homunculus never writes through links in its data home');
    expect(snapshot(s.outside)).toEqual(s.before);
  });

  it('a hard link at observations/<day>.jsonl: the hook logs it and appends nothing to the file it shares', async () => {
    const s = setup();
    mkdirSync(join(s.data, 'observations'));
    linkSync(s.victim, join(s.data, 'observations', `${DAY}.jsonl`));
    const r = await hook(s.env);
    expect(r.exitCode).toBe(0);
    expect(hookErrors(s.data)).toContain(`observations/${DAY}.jsonl has 2 hard links; homunculus never writes to a file that has another name`);
    expect(snapshot(s.outside)).toEqual(s.before);
  });

  it('hook-errors.log: a hook with something to report writes nothing through it', async () => {
    const s = setup();
    symlinkSync(s.victim, join(s.data, 'hook-errors.log'));
    const r = await runHook('{"not": "a payload"}', { ...s.env });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('');
    expect(lstatSync(join(s.data, 'hook-errors.log')).isSymbolicLink()).toBe(true);
    expect(snapshot(s.outside)).toEqual(s.before);
  });

  it('state files, the cache, instincts, the summary, last-analysis and archive entries: links are replaced or removed, never followed', async () => {
    const s = setup();
    seedObservations(s.data);
    const links: Record<string, string> = {
      'state/streams/s1.main.json': s.victim,
      'state/prompts/s1.count': s.victim,
      [`state/cache/${DAY}.bin`]: s.victim,
      'instincts/chain-grep-read-edit.md': s.victim,
      'daily-summary.md': s.victim,
      'state/last-analysis.json': s.victim,
      'archive/chain-old--20261001T000000Z.md': s.victim,
      'analysis.lock': s.victim,
    };
    for (const [rel, target] of Object.entries(links)) {
      mkdirSync(join(s.data, rel, '..'), { recursive: true });
      symlinkSync(target, join(s.data, rel));
    }
    // An old lock link (a fresh empty-looking lock is given 5 s to be written).
    lutimesSync(join(s.data, 'analysis.lock'), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    expect((await hook(s.env)).exitCode).toBe(0);
    expect((await runRouter({ session_id: 's1', hook_event_name: 'UserPromptSubmit', prompt: 'hi' }, s.env)).exitCode).toBe(0);
    const a = await runCli(['analyze', '--now', PAST, '--json'], s.env);
    expect(a.exitCode, a.stderr as string).toBe(0);
    expect(JSON.parse(a.stdout as string).pruned.archive).toEqual(['chain-old--20261001T000000Z.md']);
    for (const rel of Object.keys(links)) {
      if (!existsSync(join(s.data, rel))) continue; // removed (the archive entry, the lock)
      expect(lstatSync(join(s.data, rel)).isSymbolicLink(), rel).toBe(false);
    }
    expect(readFileSync(join(s.data, 'instincts', 'chain-grep-read-edit.md'), 'utf8')).toMatch(/^---\nid: "chain-grep-read-edit"/);
    expect(snapshot(s.outside)).toEqual(s.before);
    expect(hookErrors(s.data)).toBe('');
  });

  it('the cache of parts (partsFromMiB 0): links to its index and shard files are replaced, never read or followed', async () => {
    const s = setup();
    seedObservations(s.data);
    writeFileSync(join(s.data, 'config.json'), '{"partsFromMiB": 0}\n');
    const rels = ['state/cache/parts.json', `state/cache/parts-${DAY}.json`];
    mkdirSync(join(s.data, 'state', 'cache'), { recursive: true });
    for (const rel of rels) symlinkSync(s.victim, join(s.data, rel));
    for (let i = 0; i < 2; i++) {
      const a = await runCli(['analyze', '--now', PAST, '--json'], s.env);
      expect(a.exitCode, a.stderr as string).toBe(0);
    }
    expect(lstatSync(join(s.data, 'state', 'cache', 'parts.json')).isSymbolicLink()).toBe(false);
    if (existsSync(join(s.data, rels[1]!))) expect(lstatSync(join(s.data, rels[1]!)).isSymbolicLink()).toBe(false);
    expect(snapshot(s.outside)).toEqual(s.before);
  });

  it('rules.json: bye refuses a link in one line (exit 2) and writes nothing', async () => {
    const s = setup();
    seedObservations(s.data);
    writeFileSync(s.victim, '{"rules": []}\n');
    const before = snapshot(s.outside);
    symlinkSync(s.victim, join(s.data, 'rules.json'));
    const r = await runCli(['bye', '--now', PAST], s.env);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/^homunculus: .*rules\.json is a symbolic link; homunculus never follows links in its data home: replace it with the file it points to$/);
    expect(snapshot(s.outside)).toEqual(before);
    expect(existsSync(join(s.root, 'rules.md'))).toBe(false);
  });
});

const FOLDERS = ['observations', 'state', 'state/streams', 'state/cache', 'instincts', 'archive'];

describe('a data home whose folders are links leading out of it is refused', () => {
  it.each(FOLDERS)('%s -> outside: analyze, bye, import exit 1 in one line; the hooks log it; nothing outside changes', async (folder) => {
    const s = setup();
    await livedInHomeCopy(s.root); // built once for the file
    const moved = join(s.outside, 'dir');
    // Replace the folder with a link to a folder outside holding the same files.
    const { cpSync, rmSync } = await import('node:fs');
    cpSync(join(s.data, folder), join(moved, 'copy'), { recursive: true });
    rmSync(join(s.data, folder), { recursive: true });
    symlinkSync(join(moved, 'copy'), join(s.data, folder));
    const outsideBefore = snapshot(s.outside);
    const message = `${join(s.data, folder)} is a symbolic link to ${join(moved, 'copy')}, outside the data home ${s.data}; homunculus never writes through it: replace the link with a folder`;
    for (const args of [['analyze', '--now', PAST], ['bye', '--now', PAST]]) {
      const r = await runCli(args, s.env);
      expect(r.exitCode, args[0]).toBe(1);
      expect(r.stderr).toBe(`homunculus: ${message}`);
    }
    if (folder === 'observations') {
      const i = await runCli(['import-transcripts', s.root, '--since', '2026-11-01'], s.env);
      expect(i.exitCode).toBe(1);
      expect(i.stderr).toBe(`homunculus: ${message}`);
    }
    expect((await runStop({ ...s.env, HOMUNCULUS_NOW: PAST })).exitCode).toBe(0);
    expect((await hook(s.env)).exitCode).toBe(0);
    const log = hookErrors(s.data);
    expect(log).toContain(` stop: ${message}`);
    if (['observations', 'state', 'state/streams'].includes(folder)) expect(log).toContain(` observe: ${message}`);
    expect(snapshot(s.outside)).toEqual(outsideBefore);
  });

  it('state/injections -> outside: the prompt router logs it before writing anything, and nothing outside changes', async () => {
    const s = setup();
    mkdirSync(join(s.data, 'state'), { recursive: true });
    const target = join(s.outside, 'dir');
    symlinkSync(target, join(s.data, 'state', 'injections'));
    const r = await runRouter({ session_id: 'p1', hook_event_name: 'UserPromptSubmit', prompt: 'x' }, s.env);
    expect(r.exitCode).toBe(0);
    expect(hookErrors(s.data)).toContain(` prompt-router: ${join(s.data, 'state', 'injections')} is a symbolic link to ${target}, outside the data home ${s.data}; homunculus never writes through it: replace the link with a folder`);
    // Refused before the prompt count was written: the router writes nothing on a home it refuses.
    expect(existsSync(join(s.data, 'state', 'prompts'))).toBe(false);
    expect(snapshot(s.outside)).toEqual(s.before);
  });

  it('a folder linked inside the data home, and a data home that is itself a link, are fine', async () => {
    const s = setup();
    seedObservations(s.data);
    const { renameSync } = await import('node:fs');
    renameSync(join(s.data, 'observations'), join(s.data, 'obs-real'));
    symlinkSync('obs-real', join(s.data, 'observations'));
    const via = join(s.root, 'home-link');
    symlinkSync(s.data, via);
    const r = await runCli(['analyze', '--now', PAST, '--json'], { HOMUNCULUS_HOME: via });
    expect(r.exitCode, r.stderr as string).toBe(0);
    expect(JSON.parse(r.stdout as string).recordsInWindow).toBe(36);
    expect((await hook({ HOMUNCULUS_HOME: via })).exitCode).toBe(0);
    expect(hookErrors(s.data)).toBe('');
    expect(readFileSync(join(s.data, 'obs-real', `${DAY}.jsonl`), 'utf8').trim().split('\n')).toHaveLength(37);
  });

  it('a folder that is a link to nowhere is refused too', async () => {
    const s = setup();
    symlinkSync(join(s.outside, 'missing'), join(s.data, 'instincts'));
    const r = await runCli(['analyze', '--now', PAST], s.env);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe(`homunculus: ${join(s.data, 'instincts')} is a symbolic link to nowhere; homunculus writes only inside its data home ${s.data}: replace the link with a folder`);
    expect(existsSync(join(s.outside, 'missing'))).toBe(false);
  });
});

describe('the store and the Stop hook refuse folders linked out of the data home', () => {
  it('store commands (teach, forget, facts add, list) touch nothing outside: one line, exit 1', async () => {
    const s = setup();
    const env = { ...s.env, HOMUNCULUS_NOW: PAST };
    expect((await runCli(['observe', 'pref:pkg=pnpm', '--trigger', 'installing packages', '--action', 'use pnpm'], env, { cwd: s.root })).exitCode).toBe(0);
    // instincts/ moved out and linked back: what forget would delete is outside now.
    const moved = join(s.outside, 'instincts');
    renameSync(join(s.data, 'instincts'), moved);
    symlinkSync(moved, join(s.data, 'instincts'));
    mkdirSync(join(s.outside, 'facts'));
    rmSync(join(s.data, 'facts'), { recursive: true, force: true });
    symlinkSync(join(s.outside, 'facts'), join(s.data, 'facts'));
    const before = snapshot(s.outside);
    for (const args of [['forget', 'pref:pkg=pnpm'], ['observe', 'pref:test=vitest', '--trigger', 't', '--action', 'a'], ['facts', 'add', 'the db is postgres'], ['list']]) {
      const r = await runCli(args, env, { cwd: s.root });
      expect(r.exitCode, `${args.join(' ')}: ${r.stdout}`).toBe(1);
      expect(r.stderr).toMatch(/^homunculus: .*is a symbolic link.*$/);
      expect(r.stderr.split('\n')).toHaveLength(1);
    }
    expect(snapshot(s.outside)).toEqual(before);
  });

  it('the Stop hook with state/ linked out writes nothing there and logs why', async () => {
    const s = setup();
    seedObservations(s.data);
    const env = { ...s.env, HOMUNCULUS_NOW: `${DAY}T12:00:00Z` };
    expect((await runStop(env)).exitCode).toBe(0);
    const moved = join(s.outside, 'state');
    renameSync(join(s.data, 'state'), moved);
    symlinkSync(moved, join(s.data, 'state'));
    rmSync(join(moved, 'last-dream.json'), { force: true });
    const before = snapshot(s.outside);
    expect((await runStop(env)).exitCode).toBe(0);
    expect(snapshot(s.outside)).toEqual(before);
    expect(hookErrors(s.data)).toMatch(/state is a symbolic link/);
  });

  it('the Stop hook never reads an observation file through a link, and a FIFO there does not hang it', async () => {
    const s = setup();
    seedObservations(s.data);
    const env = { ...s.env, HOMUNCULUS_NOW: `${DAY}T12:00:00Z` };
    expect((await runStop(env)).exitCode).toBe(0);
    // Twelve sessions outside, linked in as another day's file: counted, they would make a dream due.
    writeFileSync(join(s.data, 'state', 'last-dream.json'), '{"ts":"2026-10-20T00:00:00.000Z"}\n');
    const other = Array.from({ length: 12 }, (_, i) => JSON.stringify({ v: 1, ts: '2026-11-07T10:00:00.000Z', tool: 'Read', ok: true, ms: 1, prev: null, prev2: null, session: `x${i}`, project: null, event: 'PostToolUse' })).join('\n');
    writeFileSync(join(s.outside, 'other.jsonl'), `${other}\n`);
    symlinkSync(join(s.outside, 'other.jsonl'), join(s.data, 'observations', '2026-11-07.jsonl'));
    const log = () => (existsSync(join(s.data, 'analysis.log')) ? readFileSync(join(s.data, 'analysis.log'), 'utf8') : '');
    const dreamsBefore = log().split('"kind":"dream"').length;
    expect((await runStop(env)).exitCode).toBe(0);
    expect(log().split('"kind":"dream"').length).toBe(dreamsBefore);
    rmSync(join(s.data, 'observations', '2026-11-07.jsonl'));
    execFileSync('mkfifo', [join(s.data, 'observations', '2026-11-06.jsonl')]);
    const r = await runStop(env);
    expect(r.exitCode).toBe(0);
    expect(r.timedOut).toBe(false);
  });
});

describe('the rules file in the data home', () => {
  it('bye replaces a link planted at <home>/generated-rules.md and writes nothing through it', async () => {
    const s = setup();
    seedObservations(s.data);
    symlinkSync(s.victim, join(s.data, 'generated-rules.md'));
    const env = { HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: `${DAY}T12:00:00Z` };
    const r = await runCli(['bye'], env);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(snapshot(s.outside)).toEqual(s.before);
    expect(lstatSync(join(s.data, 'generated-rules.md')).isFile()).toBe(true);
    expect(readFileSync(join(s.data, 'generated-rules.md'), 'utf8')).toContain('homunculus');
  });
});
