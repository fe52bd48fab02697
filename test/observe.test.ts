// The observe hook, as Claude Code runs it: one real process per call. What record a payload
// becomes, or why it is refused, is decided in process: test/observation.test.ts.
import { execa } from 'execa';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { projectId } from '../observer/project-id.js';
import { cleanEnv, DIST, fixture, listFiles, mode, OBSERVE, readObservations, runHook, sandbox } from './helpers.js';

const NOW = '2026-03-04T14:22:31.512Z';
let box: ReturnType<typeof sandbox>;
let env: Record<string, string | undefined>;

beforeEach(() => {
  box = sandbox();
  mkdirSync(box.home, { recursive: true });
  mkdirSync(box.project, { recursive: true });
  env = { HOME: box.home, HOMUNCULUS_HOME: box.data, HOMUNCULUS_NOW: NOW };
});

async function hook(payload: unknown, extra: Record<string, string | undefined> = {}) {
  const r = await runHook(typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload), { ...env, ...extra }, { cwd: box.project });
  expect(r.exitCode).toBe(0);
  expect(r.stdout).toBe('');
  return r;
}

const INVOICER = projectId('/home/maya/src/invoicer');
const SESSION = '0b7e4d52-9c3a-4f18-a6e2-5d1c83f07a9e';

describe('observer: one record per fixture payload', () => {
  // Every fixture in process (test/observation.test.ts); through the hook, a Bash call (its detail) and a subagent's.
  it.each([
    ['post-tool-use-bash.json', { tool: 'Bash', ok: true, ms: 3120, event: 'PostToolUse', id: 'toolu_01Vq7mXa2LbR9tKc4WdE8nZy', detail: 'pnpm vitest' }],
    ['post-tool-use-subagent.json', { tool: 'Glob', ok: true, ms: 9, event: 'PostToolUse', id: 'toolu_01Ge9sLa4RqB7nXc2TfM6yUd', agent: 'Explore', agentId: 'a7c3e91d05b4f2866' }],
  ])('%s', async (file, expected) => {
    await hook(fixture(file));
    const lines = readFileSync(join(box.data, 'observations', '2026-03-04.jsonl'), 'utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({ v: 1, ts: NOW, prev: null, prev2: null, session: SESSION, project: INVOICER, ...expected });
  });

  it('uses CLAUDE_PROJECT_DIR for the project, else the nearest .git folder above cwd', async () => {
    await hook(fixture('post-tool-use-read.json'), { CLAUDE_PROJECT_DIR: '/srv/app' });
    const repo = join(box.root, 'repo');
    mkdirSync(join(repo, '.git'), { recursive: true });
    mkdirSync(join(repo, 'src', 'deep'), { recursive: true });
    // Three calls (three tool-use ids: one id again is the same call, recorded once).
    await hook({ ...fixture('post-tool-use-read.json'), cwd: join(repo, 'src', 'deep'), tool_use_id: 'toolu_read_2' });
    await hook({ ...fixture('post-tool-use-read.json'), cwd: box.project, tool_use_id: 'toolu_read_3' });
    expect(readObservations(box.data).map((r) => r['project'])).toEqual([projectId('/srv/app'), projectId(repo), projectId(box.project)]);
  });

  it('files each record under its UTC day', async () => {
    await hook(fixture('post-tool-use-read.json'), { HOMUNCULUS_NOW: '2026-03-04T23:59:59+00:00' });
    await hook({ ...fixture('post-tool-use-read.json'), tool_use_id: 'toolu_read_2' }, { HOMUNCULUS_NOW: '2026-03-04T20:00:00-05:00' });
    expect(listFiles(join(box.data, 'observations'))).toEqual(['2026-03-04.jsonl', '2026-03-05.jsonl']);
  });
});

describe('observer: chains and streams', () => {
  it('chains prev/prev2 over three calls in one session', async () => {
    for (const f of ['post-tool-use-grep.json', 'post-tool-use-read.json', 'post-tool-use-edit.json']) await hook(fixture(f));
    expect(readObservations(box.data).map((r) => [r['tool'], r['prev'], r['prev2']])).toEqual([
      ['Grep', null, null],
      ['Read', 'Grep', null],
      ['Edit', 'Read', 'Grep'],
    ]);
  });

  it('keeps subagents and other sessions in their own streams', async () => {
    const sub = fixture('post-tool-use-subagent.json');
    await hook(fixture('post-tool-use-grep.json'));
    await hook(sub);
    await hook({ ...fixture('post-tool-use-read.json'), session_id: 'other-session' });
    await hook({ ...sub, tool_name: 'Read', tool_use_id: 'toolu_sub_2' });
    await hook(fixture('post-tool-use-edit.json'));
    expect(readObservations(box.data).map((r) => [r['tool'], r['prev'], r['agentId'] ?? null])).toEqual([
      ['Grep', null, null],
      ['Glob', null, 'a7c3e91d05b4f2866'],
      ['Read', null, null],
      ['Read', 'Glob', 'a7c3e91d05b4f2866'],
      ['Edit', 'Grep', null],
    ]);
  });

  it('records the current name of a renamed tool, so old and new names chain alike', async () => {
    const read = fixture('post-tool-use-read.json');
    for (const tool of ['Task', 'Read', 'KillShell', 'KillBash', 'BashOutput', 'Agent']) await hook({ ...read, tool_name: tool, tool_use_id: `toolu_${tool}` });
    expect(readObservations(box.data).map((r) => [r['tool'], r['prev'], r['prev2']])).toEqual([
      ['Agent', null, null],
      ['Read', 'Agent', null],
      ['TaskStop', 'Read', 'Agent'],
      ['TaskStop', 'TaskStop', 'Read'],
      ['TaskOutput', 'TaskStop', 'TaskStop'],
      ['Agent', 'TaskOutput', 'TaskStop'],
    ]);
  });

  it('keeps data files private: folders 0700, files 0600', async () => {
    await hook(fixture('post-tool-use-read.json'));
    expect(mode(box.data)).toBe(0o700);
    expect(mode(join(box.data, 'observations'))).toBe(0o700);
    expect(mode(join(box.data, 'observations', '2026-03-04.jsonl'))).toBe(0o600);
    for (const f of listFiles(join(box.data, 'state'))) expect(mode(join(box.data, 'state', f))).toBe(0o600);
  });

  it('does nothing when HOMUNCULUS_DISABLE=1', async () => {
    await hook(fixture('post-tool-use-read.json'), { HOMUNCULUS_DISABLE: '1' });
    expect(listFiles(box.root)).toEqual([]);
  });
});

describe('observer: concurrency', () => {
  it('64 hook processes at once leave 64 whole lines, each call once', async () => {
    const base = fixture('post-tool-use-edit.json');
    await Promise.all(Array.from({ length: 64 }, (_, w) => hook({ ...base, session_id: `s${w % 8}`, tool_use_id: `toolu_${w}_0` })));
    const text = readFileSync(join(box.data, 'observations', '2026-03-04.jsonl'), 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(64);
    expect(new Set(lines.map((l) => (JSON.parse(l) as { id: string }).id)).size).toBe(64);
  }, 120_000);

  it("64 processes at once, 20 records each through the hook's append (lib/append-line.ts), leave 1,280 whole lines", async () => {
    // The hook's write, without 1,280 node start-ups: each process builds its records as the hook
    // does and appends them one at a time; all 64 start appending at the same instant.
    const file = join(box.data, 'observations', '2026-03-04.jsonl');
    const go = join(box.root, 'go');
    const code = `const { appendLine } = await import(${JSON.stringify(join(DIST, 'lib', 'append-line.js'))});
const { buildObservation } = await import(${JSON.stringify(join(DIST, 'observer', 'observation.js'))});
const fs = await import('node:fs');
const w = Number(process.argv[1]);
const cell = new Int32Array(new SharedArrayBuffer(4));
process.stdout.write('ready\\n');
while (!fs.existsSync(${JSON.stringify(go)})) Atomics.wait(cell, 0, 0, 1);
let prev = [null, null];
for (let i = 0; i < 20; i++) {
  const call = { event: 'PostToolUse', session: 's' + (w % 8), tool: 'Edit', ok: true, ms: 22, id: 'toolu_' + w + '_' + i, detail: undefined, agent: undefined, agentId: undefined, cwd: undefined, stop: undefined };
  appendLine(${JSON.stringify(file)}, JSON.stringify(buildObservation(call, ${JSON.stringify(NOW)}, prev, null)));
  prev = ['Edit', prev[0]];
}`;
    const procs = Array.from({ length: 64 }, (_, w) => execa('node', ['--input-type=module', '-e', code, String(w)], { env: cleanEnv(env), extendEnv: false, reject: false, timeout: 120_000 }));
    await Promise.all(procs.map((p) => new Promise<void>((resolve) => p.stdout!.once('data', () => resolve()))));
    writeFileSync(go, '');
    for (const r of await Promise.all(procs)) expect(r.exitCode, r.stderr as string).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    // An append that finds the file not ending in a newline starts with one (lib/append-line.ts:
    // a torn line from a full disk). Under heavy load a writer can see another's line while the
    // kernel is still copying it (the size grows page by page) and add that newline: an empty
    // line, which every reader skips. Whole lines are what must hold.
    const lines = text.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(1280);
    const ids = new Set(lines.map((l) => (JSON.parse(l) as { id: string }).id));
    expect(ids.size).toBe(1280);
  }, 120_000);
});

describe('observer: malformed input', () => {
  const big = () => {
    const p = fixture('post-tool-use-read.json');
    return Buffer.from(JSON.stringify({ ...p, tool_response: { type: 'text', file: { content: 'x'.repeat(30 * 1024 * 1024) } } }));
  };
  // Every row is decided in process (test/observation.test.ts); through the hook, one of each kind of refusal and of record.
  it.each<[string, () => string | Buffer, 'record' | 'error']>([
    ['empty input', () => '', 'error'],
    ['null', () => 'null', 'error'],
    ['session id with ../', () => JSON.stringify({ ...fixture('post-tool-use-read.json'), session_id: '../../../escape' }), 'error'],
    ['tool name with ../', () => JSON.stringify({ ...fixture('post-tool-use-read.json'), tool_name: '../../etc/passwd' }), 'record'],
    ['invalid UTF-8', () => Buffer.concat([Buffer.from('{"session_id":"s1","hook_event_name":"PostToolUse","tool_name":"Re'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('ad"}')]), 'record'],
    ['a 30 MiB payload', big, 'record'],
  ])('%s: exits 0, prints nothing, writes only inside the data home', async (_name, input, outcome) => {
    await hook(input());
    const files = listFiles(box.root);
    expect(files.every((f) => f.startsWith('data/'))).toBe(true);
    if (outcome === 'record') {
      const records = readObservations(box.data);
      expect(records).toHaveLength(1);
      expect(records[0]?.['tool']).toMatch(/^(Read|invalid)$/);
    } else {
      expect(readObservations(box.data)).toEqual([]);
      expect(readFileSync(join(box.data, 'hook-errors.log'), 'utf8')).toMatch(/observe: /);
    }
  }, 60_000);

  it('returns at once when stdin stays open after a complete payload', async () => {
    const child = execa('node', [OBSERVE], { env: cleanEnv(env), extendEnv: false, reject: false, timeout: 20_000 });
    child.stdin!.write(JSON.stringify(fixture('post-tool-use-read.json')));
    const r = await child; // stdin is never ended
    expect(r.exitCode).toBe(0);
    expect(r.timedOut).toBe(false);
    expect(readObservations(box.data)).toHaveLength(1);
  });

  it('gives up on a payload that never finishes and stdin that never closes', async () => {
    const child = execa('node', [OBSERVE], { env: cleanEnv(env), extendEnv: false, reject: false, timeout: 20_000 });
    child.stdin!.write('{"session_id":"s1","tool_name":"Read",');
    const r = await child;
    expect(r.exitCode).toBe(0);
    expect(r.timedOut).toBe(false);
    expect(r.stdout).toBe('');
    expect(readFileSync(join(box.data, 'hook-errors.log'), 'utf8')).toMatch(/incomplete JSON object/);
  });

  it('exits 0 silently when the data home cannot be written', async () => {
    writeFileSync(join(box.root, 'not-a-dir'), 'x');
    const r = await runHook(JSON.stringify(fixture('post-tool-use-read.json')), { ...env, HOMUNCULUS_HOME: join(box.root, 'not-a-dir', 'data') });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('');
  });
});
