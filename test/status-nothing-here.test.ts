import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, runHook, sandbox } from './helpers.js';
import { cliJson } from './store-helpers.js';

// `status` and the report for a project given nothing of its own (issue 39): they say in numbers
// what the last analysis saw of it and which claims came nearest to being given, each with what
// it lacks; both read it from one place (store/views/nothing-here.ts), so they say the same lines.

interface Status {
  given: Record<'taught' | 'here' | 'across' | 'sessions', number>;
  nothing_here: { sessions: number; calls: number; seen: string; nearest: string[] } | null;
}

describe('status: why nothing is given here', () => {
  it('before an analysis, after one session (what is nearest and why), the report the same, and nothing of it once bye gives the project its rules', async () => {
    const s = sandbox();
    mkdirSync(s.project, { recursive: true });
    const env = { HOME: s.home, HOMUNCULUS_HOME: s.data, CLAUDE_PROJECT_DIR: s.project };
    const at = (min: number) => new Date(Date.parse('2026-11-20T10:00:00Z') + min * 60_000).toISOString();
    // One session: `pnpm test` fails, an edit, it passes; `pnpm lint` passes; `git status` fails once.
    const calls: [string, string | null, boolean][] = [['Read', null, true], ['Bash', 'pnpm test', false], ['Edit', null, true], ['Bash', 'pnpm test', true], ['Bash', 'pnpm lint', true], ['Bash', 'git status', false]];
    for (const [i, [tool, command, ok]] of calls.entries()) {
      const input = command === null ? { file_path: join(s.project, 'a.ts') } : { command };
      const payload = { session_id: 'one', cwd: s.project, tool_name: tool, tool_input: input, tool_use_id: `toolu_${i}`, ...(ok ? { hook_event_name: 'PostToolUse', tool_response: {} } : { hook_event_name: 'PostToolUseFailure', error: 'Exit code 1' }) };
      const r = await runHook(JSON.stringify(payload), { ...env, HOMUNCULUS_NOW: at(i) });
      expect(r.exitCode, String(r.stderr)).toBe(0);
    }
    const now = at(60);

    const before = await cliJson<Status>(['status', '--now', now], env, s.project);
    expect(before.given).toEqual({ taught: 0, here: 0, across: 0, sessions: 0 });
    expect(before.nothing_here).toMatchObject({ sessions: 0, calls: 0, nearest: [] });
    expect(before.nothing_here!.seen).toMatch(/analyze\b.*measures what its sessions hold/);

    expect((await runCli(['analyze', '--now', now], env, { cwd: s.project })).exitCode).toBe(0);
    const after = await cliJson<Status>(['status', '--now', now], env, s.project);
    expect(after.nothing_here).toMatchObject({ sessions: 1, calls: 6 });
    expect(after.nothing_here!.seen).toBe('The last analysis saw 1 session and 6 tool calls of this project; nearest to being given:');
    // Each nearest claim: its sentence at its rate and counts, then what it lacks; here both commands pass and wait for bye.
    expect(after.nothing_here!.nearest.length).toBeGreaterThan(0);
    for (const line of after.nothing_here!.nearest) expect(line).toMatch(/\(\d+%; .*\): (it passes the delivery test, and the next \/bye gives it|.+under \w+ .+)$/);
    expect(after.nothing_here!.nearest.join('\n')).toContain('`pnpm lint`, which succeeds');
    expect(after.nothing_here!.nearest.join('\n')).toContain('1 of 1 session that ran it');
    const text = await runCli(['status', '--now', now], env, { cwd: s.project });
    expect(String(text.stdout).split('\n').slice(0, 1 + after.nothing_here!.nearest.length)).toEqual([`Nothing of this project's own is given to Claude yet. ${after.nothing_here!.seen}`, ...after.nothing_here!.nearest.map((l) => `  - ${l}`)]);

    // The report says the same lines, escaped.
    const out = join(s.root, 'r.html');
    expect((await runCli(['report', '--project', '--now', now, '--out', out], env, { cwd: s.project })).exitCode).toBe(0);
    const html = readFileSync(out, 'utf8');
    const esc = (x: string) => x.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
    for (const line of after.nothing_here!.nearest) expect(html).toContain(`<li>${esc(line)}</li>`);

    // bye gives the project what passed: nothing of "why nothing here" is said any more.
    expect((await runCli(['bye', '--now', now], env, { cwd: s.project })).exitCode).toBe(0);
    const given = await cliJson<Status>(['status', '--now', now], env, s.project);
    expect(given.given.here).toBeGreaterThan(0);
    expect(given.nothing_here).toBeNull();
    expect(String((await runCli(['status', '--now', now], env, { cwd: s.project })).stdout)).not.toContain('given to Claude yet');
  });
});
