// Nothing lost: every tool call of a session ends up recorded exactly once, even when the
// observer's hook was cancelled (claude -p exits) or Claude Code was killed. SessionEnd and the
// next SessionStart hand the session's transcript to a detached worker that imports what the
// hook missed, de-duplicated by tool-use id, and analyses.
import { execa } from 'execa';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, DIST, readObservations, runHook, sandbox } from './helpers.js';

const HOOK = (name: string) => join(DIST, 'hooks', `${name}.js`);

/** A transcript in Claude Code's format: each call a tool_use line then its tool_result line. */
function transcript(path: string, session: string, calls: { id: string; tool: string; command?: string; error?: boolean; at: string }[]): void {
  const lines: string[] = [];
  for (const c of calls) {
    const t = Date.parse(c.at);
    const base = { sessionId: session, cwd: '/home/dev/shop', isSidechain: false, version: '2.1.330' };
    lines.push(JSON.stringify({ ...base, type: 'assistant', uuid: `u-${c.id}`, timestamp: new Date(t - 500).toISOString(), message: { role: 'assistant', content: [{ type: 'tool_use', id: c.id, name: c.tool, input: c.command ? { command: c.command } : {} }] } }));
    lines.push(JSON.stringify({ ...base, type: 'user', uuid: `r-${c.id}`, timestamp: c.at, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: c.id, content: c.error ? 'Exit code 1' : 'ok', ...(c.error ? { is_error: true } : {}) }] } }));
  }
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, `${lines.join('\n')}\n`);
}

async function hook(name: string, payload: Record<string, unknown>, env: Record<string, string | undefined>) {
  return execa('node', [HOOK(name)], { input: JSON.stringify(payload), env: cleanEnv(env), extendEnv: false, reject: false, timeout: 20_000 });
}

/** Waits for the detached worker: until `done()` holds (polling), at most 30 s. */
async function until(done: () => boolean, what: string): Promise<void> {
  const start = Date.now();
  while (!done()) {
    if (Date.now() - start > 30_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const markOf = (data: string, session: string) => {
  const p = join(data, 'state', 'sessions', `${session}.json`);
  return existsSync(p) ? (JSON.parse(readFileSync(p, 'utf8')) as { reconciled?: unknown; ended?: string }) : undefined;
};

/** The pid of a process that has exited: a killed Claude Code. */
async function deadPid(): Promise<number> {
  const p = execa('node', ['-e', '0']);
  await p;
  return p.pid!;
}

const NOW = '2026-11-08T12:00:00Z';

// The four run at once: each waits on its detached worker (which lets a session's hooks settle
// for 3 s, runs/reconcile.ts) more than it computes.
describe.concurrent('reconciliation', () => {
  it('SessionEnd: the calls whose hooks were cancelled are imported from the transcript, each once, and an analysis covers them', async () => {
    const box = sandbox();
    const env = { HOMUNCULUS_HOME: box.data, HOMUNCULUS_NOW: NOW };
    const path = join(box.root, 'projects', '-home-dev-shop', 's1.jsonl');
    transcript(path, 's1', [
      { id: 'toolu_a1', tool: 'Bash', command: 'npm test', at: '2026-11-08T11:00:01Z' },
      { id: 'toolu_a2', tool: 'Bash', command: 'npm test', error: true, at: '2026-11-08T11:00:05Z' },
      { id: 'toolu_a3', tool: 'Read', at: '2026-11-08T11:00:09Z' },
    ]);
    // The observer recorded only the first call; the others' hooks were cancelled at exit.
    await runHook(JSON.stringify({ session_id: 's1', transcript_path: path, cwd: '/home/dev/shop', hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'npm test' }, tool_response: {}, tool_use_id: 'toolu_a1' }), { ...env, HOMUNCULUS_NOW: '2026-11-08T11:00:02Z' });
    expect((await hook('session-start', { session_id: 's1', transcript_path: path, hook_event_name: 'SessionStart', source: 'startup' }, env)).exitCode).toBe(0);
    const end = await hook('session-end', { session_id: 's1', transcript_path: path, hook_event_name: 'SessionEnd', reason: 'other' }, env);
    expect(end.exitCode).toBe(0);
    expect(end.stdout).toBe('');
    await until(() => markOf(box.data, 's1')?.reconciled !== undefined && existsSync(join(box.data, 'state', 'last-analysis.json')), 'the worker');
    const records = readObservations(box.data).filter((r) => r['session'] === 's1');
    expect(records.map((r) => [r['id'], r['tool'], r['ok']]).sort()).toEqual([
      ['toolu_a1', 'Bash', true],
      ['toolu_a2', 'Bash', false],
      ['toolu_a3', 'Read', true],
    ]);
    expect(JSON.parse(readFileSync(join(box.data, 'state', 'last-analysis.json'), 'utf8'))).toMatchObject({ recordsInWindow: 3 });
    // A second SessionEnd (or any later start) adds nothing: its worker, having closed the mark
    // again (a closed session's mark keeps no transcript path, the project's path encoded, for its
    // days), has passed over the session.
    await hook('session-end', { session_id: 's1', transcript_path: path, hook_event_name: 'SessionEnd', reason: 'other' }, env);
    await until(() => !readFileSync(join(box.data, 'state', 'sessions', 's1.json'), 'utf8').includes('projects'), 'the mark closed');
    expect(readFileSync(join(box.data, 'state', 'sessions', 's1.json'), 'utf8')).not.toContain('-home-dev-shop');
    expect(readObservations(box.data).filter((r) => r['session'] === 's1')).toHaveLength(3);
  });

  it('a killed session (no SessionEnd, its Claude Code gone) is reconciled when the next session starts', async () => {
    const box = sandbox();
    const env = { HOMUNCULUS_HOME: box.data, HOMUNCULUS_NOW: NOW };
    const killed = join(box.root, 'projects', '-home-dev-shop', 'k1.jsonl');
    transcript(killed, 'k1', [
      { id: 'toolu_k1', tool: 'Grep', at: '2026-11-08T10:00:01Z' },
      { id: 'toolu_k2', tool: 'Read', at: '2026-11-08T10:00:03Z' },
    ]);
    expect((await hook('session-start', { session_id: 'k1', transcript_path: killed, hook_event_name: 'SessionStart', source: 'startup' }, { ...env, CLAUDE_PID: String(await deadPid()) })).exitCode).toBe(0);
    expect(readObservations(box.data)).toHaveLength(0);
    const next = join(box.root, 'projects', '-home-dev-shop', 'n1.jsonl');
    const r = await hook('session-start', { session_id: 'n1', transcript_path: next, hook_event_name: 'SessionStart', source: 'startup' }, { ...env, CLAUDE_PID: String(process.pid) });
    expect(r.exitCode).toBe(0);
    await until(() => markOf(box.data, 'k1')?.reconciled !== undefined, 'the worker');
    expect(readObservations(box.data).map((x) => x['id']).sort()).toEqual(['toolu_k1', 'toolu_k2']);
  });

  it('a live session: only calls older than a minute are imported (its hooks may still be writing the rest), and its mark stays open', async () => {
    const box = sandbox();
    const env = { HOMUNCULUS_HOME: box.data, HOMUNCULUS_NOW: NOW };
    const live = join(box.root, 'projects', '-home-dev-shop', 'l1.jsonl');
    transcript(live, 'l1', [
      { id: 'toolu_old', tool: 'Read', at: '2026-11-08T11:50:00Z' },
      { id: 'toolu_new', tool: 'Edit', at: '2026-11-08T11:59:30Z' },
    ]);
    // This test process stands in for the live Claude Code.
    await hook('session-start', { session_id: 'l1', transcript_path: live, hook_event_name: 'SessionStart', source: 'startup' }, { ...env, CLAUDE_PID: String(process.pid) });
    await hook('session-start', { session_id: 'other', transcript_path: join(box.root, 'x.jsonl'), hook_event_name: 'SessionStart', source: 'startup' }, env);
    // The worker analyses once its passes add nothing more: then it has imported all it will.
    await until(() => existsSync(join(box.data, 'state', 'last-analysis.json')), 'the worker');
    expect(readObservations(box.data).map((x) => x['id'])).toEqual(['toolu_old']);
    expect(markOf(box.data, 'l1')?.reconciled).toBeUndefined();
  });

  it('the worker run by hand reports what it did; a session without a transcript is left alone', async () => {
    const box = sandbox();
    const env = { HOMUNCULUS_HOME: box.data, HOMUNCULUS_NOW: NOW };
    await hook('session-start', { session_id: 'gone', transcript_path: join(box.root, 'missing.jsonl'), hook_event_name: 'SessionStart', source: 'startup' }, { ...env, CLAUDE_PID: String(await deadPid()) });
    const r = await execa('node', [HOOK('reconcile')], { env: cleanEnv(env), extendEnv: false, reject: false });
    expect(r.exitCode).toBe(0);
    expect(readObservations(box.data)).toHaveLength(0);
    expect(existsSync(join(box.data, 'hook-errors.log'))).toBe(false);
  });
});
