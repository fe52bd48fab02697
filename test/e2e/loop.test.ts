// End-to-end with the real Claude Code (2.1.330, headless, against the mock Messages API on
// loopback): the learned rule reaches the model exactly once per request at every scope and
// through the plugin; headless and killed sessions lose no tool call; an analysis covers them;
// /bye runs; a <task-notification> turn neither counts nor gets the reminder.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain .mjs harness shared with the experiment scripts
import { occurrences, requestText, startMockApi } from './mock-api.mjs';
// @ts-expect-error: plain .mjs harness shared with the experiment scripts
import { ROOT, runClaude, toolCalls } from './harness.mjs';
// @ts-expect-error: plain .mjs harness shared with the experiment scripts
import { homunculus, observations, sandbox } from './homunculus.mjs';
import { writeInstinct } from '../inloop-helpers.js';

type Rec = Record<string, unknown>;
type Sandbox = { root: string; home: string; project: string; data: string; rulesFile: string };

// A rule as bye writes it (its claim and rate measured), and the line the SessionStart hook gives Claude.
const RULE = '- After Grep then Read, Edit comes next (84%; 38 of 45 times in 4 sessions) `seq:Grep->Read->Edit`';
const RULES = {
  rules: [
    { id: 'chain-grep-read-edit', kind: 'chain', pattern: 'Grep->Read->Edit', promoted_at: '2026-11-08T19:00:00.000Z', confidence_at_promotion: 0.95, last_confidence: 0.95, last_seen: new Date().toISOString(), observations: 30, sessions: 4, confidence_now: 0.95, key: 'seq:Grep->Read->Edit', claim: 'after Grep then Read, Edit comes next', hits: 38, opportunities: 45, rate: 0.84, lift: 6, scope: 'global' },
  ],
};
const TWO_CALLS = [
  { tool: 'Bash', input: { command: 'true', description: 'succeed' } },
  { tool: 'Bash', input: { command: 'false', description: 'fail' } },
  { text: 'done' },
];

/** A sandbox with one promoted rule, the project depending on homunculus (for project scope). */
function seeded(): Sandbox {
  const s: Sandbox = sandbox();
  writeFileSync(join(s.data, 'rules.json'), `${JSON.stringify(RULES, null, 2)}\n`);
  mkdirSync(join(s.project, 'node_modules'), { recursive: true });
  symlinkSync(ROOT, join(s.project, 'node_modules', 'homunculus-claude-code'));
  return s;
}

/** Waits until `done()` holds (the detached reconciliation worker), at most 60 s. */
async function until(done: () => boolean, what: string): Promise<void> {
  const start = Date.now();
  while (!done()) {
    if (Date.now() - start > 60_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The newest analysis covers at least n records. */
const analysed = (s: Sandbox, n: number) => {
  const p = join(s.data, 'state', 'last-analysis.json');
  return existsSync(p) && (JSON.parse(readFileSync(p, 'utf8')) as { recordsInWindow: number }).recordsInWindow >= n;
};

const reconciled = (s: Sandbox, session: string) => {
  const p = join(s.data, 'state', 'sessions', `${session}.json`);
  return existsSync(p) && (JSON.parse(readFileSync(p, 'utf8')) as Rec)['reconciled'] !== undefined;
};

describe.each([
  ['user', (s: Sandbox) => homunculus(s, ['install']), {}],
  ['project', (s: Sandbox) => homunculus(s, ['install', '--scope', 'project', '--project', s.project]), {}],
  ['local', (s: Sandbox) => homunculus(s, ['install', '--scope', 'local', '--project', s.project]), {}],
  ['plugin', () => undefined, { plugin: true }],
] as const)('the learned rule reaches the model: %s', (scope, install, opts) => {
  const s = seeded();
  let mock: any;
  let run: any;
  beforeAll(async () => {
    install(s);
    mock = await startMockApi({ script: TWO_CALLS });
    // HOMUNCULUS_HOME in Claude Code's environment: the project scope and the plugin carry no path.
    run = await runClaude('run two commands', {
      mock,
      home: s.home,
      cwd: s.project,
      env: { HOMUNCULUS_HOME: s.data },
      args: 'plugin' in opts ? ['--plugin-dir', join(ROOT, 'plugin')] : [],
    });
  });
  afterAll(() => mock?.close());

  it('exactly once in every request of the session', () => {
    expect(run.code).toBe(0);
    expect(mock.main().length).toBe(3);
    for (const r of mock.main()) expect(occurrences(requestText(r.body), RULE)).toBe(1);
    expect(mock.blocked).toEqual([]);
  });

  if (scope === 'project') {
    it('the committed settings hold no path of this machine', () => {
      const text = readFileSync(join(s.project, '.claude', 'settings.json'), 'utf8');
      expect(text).not.toContain(s.root);
      expect(text).not.toContain(ROOT);
      expect(text).toContain('\\"$CLAUDE_PROJECT_DIR\\"/');
    });
  }

  it('both calls recorded exactly once once the session is over (the failure as ok:false), and an analysis covering them', async () => {
    await until(() => reconciled(s, run.sessionId) && analysed(s, 2), 'the reconciliation worker');
    const calls = toolCalls(run.events);
    const recs = (observations(s.data) as Rec[]).filter((r) => r['session'] === run.sessionId);
    expect(recs.map((r) => [r['id'], r['ok']]).sort()).toEqual(calls.map((c: Rec) => [c['id'], !c['isError']]).sort());
    expect(recs.every((r) => r['tool'] === 'Bash')).toBe(true);
  });
});

describe('a headless session, then a second one', () => {
  const s = seeded();
  let mock: any;
  const runs: any[] = [];
  beforeAll(async () => {
    homunculus(s, ['install']);
    mock = await startMockApi({ script: TWO_CALLS });
    runs.push(await runClaude('run two commands', { mock, home: s.home, cwd: s.project }));
    const second = await startMockApi({ script: [{ text: 'nothing to do' }] });
    runs.push(await runClaude('say hi', { mock: second, home: s.home, cwd: s.project }));
    second.close();
  });
  afterAll(() => mock?.close());

  it("leaves the first session's two calls recorded exactly once, the failure as ok:false, and analysed", async () => {
    await until(() => reconciled(s, runs[0].sessionId), 'the reconciliation worker');
    const recs = (observations(s.data) as Rec[]).filter((r) => r['session'] === runs[0].sessionId);
    const calls = toolCalls(runs[0].events);
    expect(calls).toHaveLength(2);
    expect(recs).toHaveLength(2);
    expect(recs.map((r) => [r['id'], r['ok'], r['detail']]).sort()).toEqual(calls.map((c: Rec) => [c['id'], !c['isError'], (c['input'] as Rec)['command']]).sort());
    await until(() => analysed(s, 2), 'an analysis covering both calls');
    // doctor sees the rules delivered to the newest session.
    const doctor = JSON.parse(homunculus(s, ['doctor', '--json', '--project', s.project], { env: {} }).toString()) as { checks: { name: string; ok: boolean; detail: string }[] };
    expect(doctor.checks.find((c) => c.name === 'rules delivery')).toMatchObject({ ok: true });
  });
});

describe('a session killed with SIGKILL mid-way', () => {
  const s = seeded();
  let mock: any;
  let killed: any;
  beforeAll(async () => {
    homunculus(s, ['install']);
    mock = await startMockApi({ script: TWO_CALLS });
    killed = await runClaude('run two commands', { mock, home: s.home, cwd: s.project, killAfterToolCalls: 2 });
    const next = await startMockApi({ script: [{ text: 'nothing to do' }] });
    await runClaude('say hi', { mock: next, home: s.home, cwd: s.project });
    next.close();
  });
  afterAll(() => mock?.close());

  it('loses nothing once the next session starts: every call whose result reached the model is recorded once', async () => {
    expect(killed.killed).toBe(true);
    // The calls that happened: their results were in the last request before the kill.
    const last = mock.main().at(-1).body.messages as { content: unknown }[];
    const happened = last.flatMap((m) => (Array.isArray(m.content) ? (m.content as Rec[]) : [])).filter((b) => b['type'] === 'tool_result').map((b) => b['tool_use_id']);
    expect(happened).toHaveLength(2);
    await until(() => reconciled(s, killed.sessionId), 'the catch-up worker');
    const recs = (observations(s.data) as Rec[]).filter((r) => r['session'] === killed.sessionId);
    expect(recs.map((r) => r['id']).sort()).toEqual([...happened].sort());
  });
});

describe('/bye and the prompt router', () => {
  it('/bye runs its !-line and shows the consolidation; through the plugin too', async () => {
    const s = seeded();
    homunculus(s, ['install']);
    for (const [prompt, args] of [['/bye', []], ['/homunculus:bye', ['--plugin-dir', join(ROOT, 'plugin')]]] as const) {
      const mock = await startMockApi({ script: [{ text: 'summarised' }] });
      const r = await runClaude(prompt, { mock, home: s.home, cwd: s.project, args, env: { HOMUNCULUS_HOME: s.data } });
      mock.close();
      expect(r.code).toBe(0);
      const text = requestText(mock.main()[0].body);
      expect(text).toMatch(/Analyzed \d+ tool calls in \d+ sessions/);
      expect(text).toContain('1 rule in');
      // The marker that tells install its own command file is in the frontmatter, not in what the model reads.
      expect(text).not.toContain('installed by homunculus');
    }
  });

  it('a <task-notification> turn neither counts as a prompt nor receives the reminder', async () => {
    const s = seeded();
    writeFileSync(join(s.data, 'config.json'), JSON.stringify({ rulesFile: s.rulesFile, forcedEvalEvery: 2 }));
    homunculus(s, ['install']);
    const mock = await startMockApi({
      script: [{ tool: 'Bash', input: { command: 'sleep 1; echo finished', description: 'background sleep', run_in_background: true } }, { text: 'started it' }, { text: 'saw the notification' }, { text: 'done' }],
    });
    const r = await runClaude('start something in the background', { mock, home: s.home, cwd: s.project });
    mock.close();
    expect(r.code).toBe(0);
    const requests = mock.main();
    // The notification turn happened...
    expect(requests.some((q: Rec) => requestText((q as { body: unknown }).body).includes('<task-notification>'))).toBe(true);
    // ...and with forcedEvalEvery 2 it would have been the second prompt: no reminder anywhere.
    for (const q of requests) expect(occurrences(requestText(q.body), 're-check your approach')).toBe(0);
    const counts = join(s.data, 'state', 'prompts', `${r.sessionId}.count`);
    expect(readFileSync(counts, 'utf8')).toBe('1');
  });
});

describe('an instinct added to a turn that follows it', () => {
  it('reaches the model as learned context, and is confirmed in the store once the session is over', async () => {
    const s = seeded();
    writeFileSync(join(s.data, 'config.json'), JSON.stringify({ rulesFile: s.rulesFile, forcedEvalEvery: 1 }));
    const id = 'pref-shell-check';
    writeInstinct(s.data, { id, pattern: 'pref:shell=check', trigger: 'running shell commands', action: 'run each with Bash and check that it succeeded', confidence: 0.6, domain: 'workflow' }, new Date().toISOString());
    homunculus(s, ['list']); // the index the prompt router reads
    homunculus(s, ['install']);
    const mock = await startMockApi({
      script: [{ tool: 'Bash', input: { command: 'true', description: 'succeed' } }, { tool: 'Bash', input: { command: 'echo hi', description: 'print' } }, { text: 'done' }],
    });
    const r = await runClaude('run two commands', { mock, home: s.home, cwd: s.project });
    mock.close();
    expect(r.code).toBe(0);
    const first = requestText(mock.main()[0].body);
    expect(occurrences(first, '## Learned behaviours')).toBe(1);
    expect(first).toContain('- [score 0.60] when running shell commands: run each with Bash and check that it succeeded');
    await until(() => reconciled(s, r.sessionId), 'the reconciliation worker');
    await until(() => {
      const x = JSON.parse(homunculus(s, ['get', id, '--json'])) as { instinct: { confirmed: number } };
      return x.instinct.confirmed >= 1;
    }, 'the turn to be judged');
    const x = JSON.parse(homunculus(s, ['get', id, '--json'])) as { instinct: Rec };
    expect(x.instinct).toMatchObject({ confirmed: 1, corrected: 0, contradicted: 0, suggested: 1, confidence: 0.65 });
  });
});
