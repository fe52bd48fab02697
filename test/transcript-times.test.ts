// Issue 38, item 8: a transcript's timestamp outside years 0-9999 crashed import-transcripts
// with a stack trace (and the reconciliation worker at every session start: `+275760-09-13`, the
// last instant a Date holds, has no next day), or wrote an observation file such as
// `+275760-09-13.jsonl` that `uninstall --purge` then refused forever. Such calls are skipped
// and counted (`timeOutOfRange`), the calls around them imported.
import { execa } from 'execa';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, DIST, readObservations, runCli, sandbox } from './helpers.js';

const STAMPS = ['+275760-09-13T00:00:00.000Z', '-271821-04-20T00:00:00.000Z', '+275760-09-13T00:00:00.001Z', '10000-01-01T00:00:00Z', '-000001-06-01T00:00:00Z', '+012345-01-01T00:00:00Z', '99999', 'not a time'];

/** One session: a good call, then a call at each stamp (its tool_use and result at that time), then a good call. */
function transcript(path: string, session: string): void {
  const base = { sessionId: session, cwd: '/home/dev/shop', isSidechain: false, version: '2.1.330' };
  const lines: string[] = [];
  const call = (id: string, ts: string) => {
    lines.push(JSON.stringify({ ...base, type: 'assistant', uuid: `u-${id}`, timestamp: ts, message: { role: 'assistant', content: [{ type: 'tool_use', id, name: 'Read', input: {} }] } }));
    lines.push(JSON.stringify({ ...base, type: 'user', uuid: `r-${id}`, timestamp: ts, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'ok' }] } }));
  };
  call('toolu_first', '2026-11-08T10:00:00.000Z');
  STAMPS.forEach((ts, i) => call(`toolu_bad${i}`, ts));
  call('toolu_last', '2026-11-08T10:05:00.000Z');
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, `${lines.join('\n')}\n`);
}

const dayFiles = (data: string) => readdirSync(join(data, 'observations')).filter((f) => !f.startsWith('.'));

describe('transcript times outside years 0-9999', () => {
  it('import-transcripts skips and counts them, says so, and imports the calls around them', async () => {
    const box = sandbox();
    const path = join(box.root, 'projects', '-home-dev-shop', 's1.jsonl');
    transcript(path, 's1');
    const r = await runCli(['import-transcripts', path, '--home', box.data, '--since', '2026-11-01', '--now', '2026-11-08T12:00:00Z', '--json'], {});
    expect(r.exitCode, r.stderr as string).toBe(0);
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout as string) as { added: number; skipped: Record<string, number> };
    expect(report.added).toBe(2);
    // Each bad call once: its tool_use (its result then has no call to match).
    expect(report.skipped['timeOutOfRange']).toBe(STAMPS.length);
    expect(readObservations(box.data).map((o) => o['id']).sort()).toEqual(['toolu_first', 'toolu_last']);
    for (const f of dayFiles(box.data)) expect(f).toMatch(/^\d{4}-\d{2}-\d{2}\.jsonl$/);
    const text = await runCli(['import-transcripts', path, '--home', sandbox().data, '--since', '2026-11-01', '--now', '2026-11-08T12:00:00Z'], {});
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toContain(`${STAMPS.length} tool calls and results whose time is not a date of years 0000-9999`);
  });

  it('the reconciliation worker imports the session without a crash or a hook error', async () => {
    const box = sandbox();
    const env = { HOMUNCULUS_HOME: box.data, HOMUNCULUS_NOW: '2026-11-08T12:00:00Z' };
    const path = join(box.root, 'projects', '-home-dev-shop', 'k1.jsonl');
    transcript(path, 'k1');
    const dead = execa('node', ['-e', '0']);
    await dead;
    const start = await execa('node', [join(DIST, 'hooks', 'session-start.js')], { input: JSON.stringify({ session_id: 'k1', transcript_path: path, hook_event_name: 'SessionStart', source: 'startup' }), env: cleanEnv({ ...env, CLAUDE_PID: String(dead.pid) }), extendEnv: false, reject: false, timeout: 20_000 });
    expect(start.exitCode).toBe(0);
    // The worker, run by hand (the hook starts it detached).
    const r = await execa('node', [join(DIST, 'hooks', 'reconcile.js')], { env: cleanEnv(env), extendEnv: false, reject: false, timeout: 60_000 });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/RangeError|at .*\.js:\d+/);
    expect(readObservations(box.data).map((o) => o['id']).sort()).toEqual(['toolu_first', 'toolu_last']);
    expect(readdirSync(box.data)).not.toContain('hook-errors.log');
    for (const f of dayFiles(box.data)) expect(f).toMatch(/^\d{4}-\d{2}-\d{2}\.jsonl$/);
  });
});
