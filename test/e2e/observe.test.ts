// End-to-end: homunculus installed at user scope, the real Claude Code run headless (`claude -p`)
// against the mock Messages API. Asserts what is true of the current design (async observer and
// Stop hooks, rules link); what the redesign must change is marked it.todo with the reason.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain .mjs harness shared with the experiment scripts
import { occurrences, requestText, startMockApi } from './mock-api.mjs';
// @ts-expect-error: plain .mjs harness shared with the experiment scripts
import { runClaude, toolCalls } from './harness.mjs';
// @ts-expect-error: plain .mjs harness shared with the experiment scripts
import { homunculus, observations, sandbox } from './homunculus.mjs';

type Rec = Record<string, unknown>;
const RULES_HEADING = '# Learned workflow rules';
const SCRIPT = [
  { tool: 'Bash', input: { command: 'true', description: 'succeed' } },
  { tool: 'Bash', input: { command: 'false', description: 'fail' } },
  { text: 'done' },
];

describe('a headless session with one succeeding and one failing Bash call (user scope)', () => {
  const s = sandbox();
  let mock: any;
  let run: any;

  beforeAll(async () => {
    homunculus(s, ['install']);
    mock = await startMockApi({ script: SCRIPT });
    run = await runClaude('run two commands', { mock, home: s.home, cwd: s.project });
  });
  afterAll(() => mock?.close());

  it('runs both calls against the mock and nothing else', () => {
    expect(run.code).toBe(0);
    expect(toolCalls(run.events).map((c: Rec) => [(c['input'] as Rec)['command'], c['isError']])).toEqual([
      ['true', false],
      ['false', true],
    ]);
    // Three turns of the main conversation: the prompt, then one per tool result.
    expect(mock.main().map((r: Rec) => r['turn'])).toEqual([0, 1, 2]);
    const last = mock.main()[2].body.messages.at(-1).content[0];
    expect(last).toMatchObject({ type: 'tool_result', is_error: true, content: 'Exit code 1' });
    // The mock is also the proxy: no request to any other host was even attempted.
    expect(mock.blocked).toEqual([]);
    expect(mock.requests.filter((r: Rec) => r['kind'] === 'other')).toEqual([]);
  });

  it('delivers the rules file (through the ~/.claude/rules link) exactly once per request', () => {
    expect(existsSync(join(s.home, '.claude', 'rules', 'homunculus.md'))).toBe(true);
    for (const r of mock.main()) expect(occurrences(requestText(r.body), RULES_HEADING)).toBe(1);
  });

  it('records only calls that happened, each at most once, with the right outcome', () => {
    const ids = new Map(toolCalls(run.events).map((c: Rec) => [c['id'], !c['isError']]));
    const recs: Rec[] = observations(s.data);
    for (const r of recs) {
      expect(r).toMatchObject({ tool: 'Bash', session: run.sessionId, event: r['ok'] ? 'PostToolUse' : 'PostToolUseFailure' });
      expect(ids.get(r['id'])).toBe(r['ok']);
    }
    expect(new Set(recs.map((r) => r['id'])).size).toBe(recs.length);
  });

  it('(current behaviour) starts the observer and the Stop analysis in the background', () => {
    // All three are async: Claude Code does not wait for them, and in -p it exits about 30 ms
    // after starting Stop, cancelling whatever is still running. How many records and whether the
    // analysis made it is a race (0 to 2 records seen, Stop cancelled in every run seen; FINDINGS.md
    // (c) and experiments/observer-async-vs-sync.mjs), so only the consistent part is asserted.
    expect(run.debugLog.match(/Hooks: PostToolUse(Failure)?:Bash \[.*observe\.js.*\] moved to the background/g)).toHaveLength(2);
    expect(run.debugLog.match(/Hooks: Stop \[.*stop\.js.*\] moved to the background/g)).toHaveLength(1);
  });

  it.todo('records both calls exactly once, the failure as ok:false, once the session ends or the next one starts (SessionEnd / SessionStart transcript reconciliation)');
  it.todo('leaves an analysis covering both calls (the Stop analysis is cancelled in -p; run it from SessionEnd in a detached process)');
});

describe('a session killed with SIGKILL after its first tool call', () => {
  const s = sandbox();
  let mock: any;
  let run: any;

  beforeAll(async () => {
    homunculus(s, ['install']);
    mock = await startMockApi({ script: SCRIPT });
    run = await runClaude('run two commands', { mock, home: s.home, cwd: s.project, killAfterToolCalls: 1 });
  });
  afterAll(() => mock?.close());

  it('dies mid-session; its transcript may lag behind (only calls that happened, some results missing)', () => {
    expect(run.killed).toBe(true);
    expect(run.signal).toBe('SIGKILL');
    expect(mock.main().map((r: Rec) => r['turn'])).toEqual([0, 1]);
    const called = new Set(toolCalls(run.events).map((c: Rec) => c['id']));
    const transcript = join(s.home, '.claude', 'projects', s.project.replace(/[^A-Za-z0-9]/g, '-'), `${run.sessionId}.jsonl`);
    const lines = readFileSync(transcript, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Rec);
    expect(lines.some((l) => l['type'] === 'user' && (l['message'] as Rec)['content'] === 'run two commands')).toBe(true);
    // The transcript is written behind the conversation: at the kill, the first call's tool_use
    // was there in every run seen, its tool_result in only some (FINDINGS.md, "killed sessions").
    const blocks = lines.flatMap((l) => {
      const c = (l['message'] as Rec | undefined)?.['content'];
      return Array.isArray(c) ? (c as Rec[]) : [];
    });
    for (const b of blocks) if (b['type'] === 'tool_use') expect(called.has(b['id'])).toBe(true);
    for (const b of blocks) if (b['type'] === 'tool_result') expect(called.has(b['tool_use_id'])).toBe(true);
    for (const r of observations(s.data) as Rec[]) expect(called.has(r['id'])).toBe(true);
    // No SessionEnd: nothing of Claude Code ran after the kill.
    expect(run.debugLog).not.toMatch(/SessionEnd:\w+ \[/);
  });

  it.todo('loses nothing once the next session starts (SessionStart catches up from the killed session\'s transcript)');
});
