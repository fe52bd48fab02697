import { appendFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectId } from '../observer/project-id.js';
import { runCli, runHook, sandbox } from './helpers.js';

// Issue 39, live calibration, through the faces: sessions recorded by the observe hook, bye
// promotes a command claim; in the sessions after, the command fails every time: status --json,
// list and the report show how the claim held since it was given (from rules.json, where bye
// stored it), and once enough sessions gave it a chance, bye withdraws it with why, in its output
// and in the archive. The window still holds the good sessions from before: the next bye does not
// give it again, until it holds in the sessions since the withdrawal.

const DAY0 = Date.parse('2026-11-01T00:00:00Z');
const at = (day: number, hour: number) => new Date(DAY0 + day * 86_400_000 + hour * 3_600_000).toISOString();
const CLAIM = 'cmd:test=npm test';

/**
 * The history is built by writing records: the first session of each kind goes through the observe
 * hook (the wiring), and the others are its records again, as the hook writes them, with their own
 * session, time and tool-use id (a session's calls are their own stream: the same prev/prev2).
 */
function observations(data: string, day: string): string[] {
  return readFileSync(join(data, 'observations', `${day}.jsonl`), 'utf8').split('\n').filter(Boolean);
}
function writeAgain(data: string, template: string, over: { session: string; ts: string; id: string }): void {
  appendFileSync(join(data, 'observations', `${over.ts.slice(0, 10)}.jsonl`), `${JSON.stringify({ ...JSON.parse(template), ...over })}\n`, { mode: 0o600 });
}

describe('live calibration: how a delivered claim held since it was given', () => {
  const { root, data } = sandbox();
  const DIR = join(root, 'live');
  mkdirSync(data, { recursive: true });
  mkdirSync(DIR, { recursive: true });
  // The project is the folder Claude Code was started in, for the hook and the commands alike.
  const env = { HOMUNCULUS_HOME: data, HOMUNCULUS_RULES_FILE: join(root, 'rules.md'), CLAUDE_PROJECT_DIR: DIR };
  const project = projectId(DIR);
  let n = 0;
  const templates = new Map<boolean, string[]>();
  /** The `k`th session on `day`: a Read, then `npm test`, which succeeds or fails. */
  const session = async (day: number, ok: boolean, k = 0) => {
    const calls = [{ tool_name: 'Read', tool_input: { file_path: `${DIR}/a.ts` } }, { tool_name: 'Bash', tool_input: { command: 'npm test' }, ok }];
    const template = templates.get(ok);
    if (template) {
      template.forEach((line, i) => writeAgain(data, line, { session: `s${day}-${k}`, ts: at(day, 8 + k + i * 0.1), id: `toolu_${n++}` }));
      return;
    }
    for (const [i, c] of calls.entries()) {
      const payload = { session_id: `s${day}-${k}`, hook_event_name: c.ok === false ? 'PostToolUseFailure' : 'PostToolUse', cwd: DIR, tool_name: c.tool_name, tool_use_id: `toolu_${n++}`, tool_input: c.tool_input, ...(c.ok === false ? { error: 'Exit code 1' } : { tool_response: {} }) };
      const r = await runHook(JSON.stringify(payload), { HOMUNCULUS_HOME: data, CLAUDE_PROJECT_DIR: DIR, HOMUNCULUS_NOW: at(day, 8 + k + i * 0.1) });
      expect(r.exitCode, String(r.stderr)).toBe(0);
    }
    const written = observations(data, at(day, 0).slice(0, 10)).slice(-2);
    expect(written.map((l) => JSON.parse(l).session)).toEqual([`s${day}-${k}`, `s${day}-${k}`]);
    templates.set(ok, written);
  };
  const cli = async (args: string[], now: string) => {
    const r = await runCli([...args, '--now', now], env, { cwd: DIR });
    expect(r.exitCode, `${args.join(' ')}: ${String(r.stderr)}`).toBe(0);
    return String(r.stdout);
  };
  const json = async (args: string[], now: string) => JSON.parse(await cli([...args, '--json'], now));
  const rulesJson = () => JSON.parse(readFileSync(join(data, 'rules.json'), 'utf8')) as { rules: { pattern: string; promoted_at: string; live?: Record<string, unknown> }[]; withdrawn?: { pattern: string; project: string; withdrawn_at: string; reason: string }[] };
  const good = async (days: number[], perDay: number) => {
    for (const day of days) for (let k = 0; k < perDay; k++) await session(day, true, k);
  };

  it('bye stores it on the rule, every view shows it, and a claim that no longer holds is withdrawn with why', async () => {
    await good([1, 2, 3, 4, 5], 3);
    const first = await json(['bye'], at(5, 20));
    expect(first.changes.promoted.map((r: { pattern: string }) => r.pattern)).toContain(CLAIM);
    const given = rulesJson().rules.find((r) => r.pattern === CLAIM)!;
    expect(given).toMatchObject({ promoted_at: at(5, 20) });
    expect(given.live).toBeUndefined(); // no session since it was given

    // Two sessions after it was given, in which `npm test` fails: the claim held 0 of 2 times, too few to judge.
    for (const day of [6, 7]) await session(day, false);
    const second = await json(['bye'], at(7, 20));
    expect(second.changes.archived).toEqual([]);
    const live = rulesJson().rules.find((r) => r.pattern === CLAIM)!.live;
    expect(live).toMatchObject({ since: at(5, 20), through: at(7, 20), hits: 0, opportunities: 2 });

    // Every view reads the figures bye stored.
    const status = await json(['status'], at(7, 21));
    expect(status.project).toBe(project);
    const stated = status.groups.flatMap((g: { instincts: { pattern: string }[] }) => g.instincts).find((i: { pattern: string }) => i.pattern === CLAIM);
    expect(stated.live).toEqual(live);
    expect(await cli(['status'], at(7, 21))).toMatch(new RegExp(`  new {2}\\d+%  rule +\\(since given: 0 of 2\\) {2}${CLAIM}\\n`));
    const listed = await json(['list', '--scope', 'all'], at(7, 21));
    const inst = listed.instincts.find((v: { pattern: string }) => v.pattern === CLAIM);
    expect(inst.live).toEqual(live);
    const table = await cli(['list', '--scope', 'all'], at(7, 21));
    const header = table.split('\n')[0]!;
    expect(header).toMatch(/^rate\s+live\s+score\s+level/);
    const row = table.split('\n').find((l) => l.endsWith(CLAIM))!;
    expect(row.slice(header.indexOf('live') - 2, header.indexOf('score')).trim()).toBe('0 of 2');
    const report = (await json(['report', '--out', join(root, 'r.html')], at(7, 21))).report;
    expect(report.rules.find((r: { key: string }) => r.key === CLAIM).live).toEqual(live);
    const html = readFileSync(join(root, 'r.html'), 'utf8');
    expect(html).toContain('<th scope="col">given</th><th scope="col">since given</th>');
    expect(html).toMatch(/<code class="key">cmd:test=npm test<\/code><\/th><td>[0-9a-f]{12}<\/td><td>yes<\/td><td>0 of 2<\/td>/);

    // Two more: 0 of 4 since it was given, its live rate under minRate: withdrawn, with why.
    for (const day of [8, 9]) await session(day, false);
    const third = await cli(['bye'], at(9, 20));
    const why = /held in 0 of 4 sessions that ran it since it was given on 2026-11-06 \(live rate \d+%\), under minRate 50%/;
    expect(third).toMatch(new RegExp(`Archived rules: ${CLAIM} in ${project} \\(${why.source}\\)`));
    expect(rulesJson().rules.map((r) => r.pattern)).not.toContain(CLAIM);
    const archive = readdirSync(join(data, 'archive')).filter((f) => f.startsWith(`rule-`) && f.includes(project));
    expect(archive).toHaveLength(1);
    expect(readFileSync(join(data, 'archive', archive[0]!), 'utf8')).toMatch(new RegExp(`archive_reason: .*${why.source}`));
    expect(rulesJson().withdrawn).toEqual([expect.objectContaining({ pattern: CLAIM, project, withdrawn_at: at(9, 20), reason: expect.stringMatching(why) })]);

    // The window (the last 7 days) still states the claim at minRate or more, on the good sessions
    // from before it was given: it is not given again while nothing since says it holds.
    const window = await json(['analyze'], at(10, 20));
    expect(window.tracked.find((p: { key: string }) => p.key === CLAIM).rate).toBeGreaterThanOrEqual(0.5);
    const fourth = await cli(['bye'], at(10, 20));
    expect(fourth).toContain(`Not given again, withdrawn earlier: ${CLAIM} in ${project} (withdrawn on 2026-11-10, under minRate since it was given; no opportunity since; given again once it holds at minRate on 3 opportunities since).`);
    expect(rulesJson().rules.map((r) => r.pattern)).not.toContain(CLAIM);

    // It holds again in the sessions since: given again, and no longer remembered as withdrawn.
    await good([11, 12, 13], 2);
    const fifth = await json(['bye'], at(13, 20));
    expect(fifth.changes.promoted.map((r: { pattern: string }) => r.pattern)).toContain(CLAIM);
    expect(fifth.withheld).toEqual([]);
    expect(rulesJson().withdrawn).toBeUndefined();
  });
});

describe('live calibration: the session bye ran in is not one that was given the rule', () => {
  it('a session that started before midnight and the promotion, failing after both, is not counted since it was given', async () => {
    const { root, data } = sandbox();
    const DIR = join(root, 'night');
    mkdirSync(DIR, { recursive: true });
    const env = { HOMUNCULUS_HOME: data, HOMUNCULUS_RULES_FILE: join(root, 'rules.md'), CLAUDE_PROJECT_DIR: DIR };
    let n = 0;
    let template: string | undefined; // a successful call in a session of its own, as the hook wrote it
    const call = async (session: string, now: string, ok: boolean) => {
      if (ok && template && session !== 'long') return writeAgain(data, template, { session, ts: now, id: `toolu_${n++}` });
      const payload = { session_id: session, hook_event_name: ok ? 'PostToolUse' : 'PostToolUseFailure', cwd: DIR, tool_name: 'Bash', tool_use_id: `toolu_${n++}`, tool_input: { command: 'npm test' }, ...(ok ? { tool_response: {} } : { error: 'Exit code 1' }) };
      const r = await runHook(JSON.stringify(payload), { ...env, HOMUNCULUS_NOW: now });
      expect(r.exitCode, String(r.stderr)).toBe(0);
      if (ok && session !== 'long') template ??= observations(data, now.slice(0, 10)).at(-1);
    };
    for (let d = 1; d <= 4; d++) for (const k of [8, 9, 10]) await call(`s${d}-${k}`, at(d, k), true);
    // The long session starts on day 4 at 23:50; bye promotes at 00:05 of day 5, in it; it then fails three times.
    await call('long', at(4, 23 + 50 / 60), true);
    const promote = await runCli(['bye', '--now', at(5, 5 / 60)], env, { cwd: DIR });
    expect(promote.stdout).toContain(`Promoted to rules: ${CLAIM}`);
    for (const m of [10, 20, 30]) await call('long', at(5, m / 60), false);
    expect((await runCli(['bye', '--now', at(5, 1)], env, { cwd: DIR })).exitCode).toBe(0);
    const rule = (JSON.parse(readFileSync(join(data, 'rules.json'), 'utf8')) as { rules: { pattern: string; live?: unknown }[] }).rules.find((r) => r.pattern === CLAIM);
    expect(rule).toBeDefined();
    expect(rule!.live).toBeUndefined();
  });
});
