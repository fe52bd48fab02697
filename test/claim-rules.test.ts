import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../lib/config.js';
import { runConsolidation } from '../runs/consolidate-run.js';
import { runCli, sandbox } from './helpers.js';

// A claim (a project's command, a fix, a correction) becomes a rule on its own evidence
// (analyzer/tracked.ts). What that must not do: promote a claim no instinct tracks (held only over
// every project's records together, it would reach no session), lose a claim to the cap on
// instincts, or archive a claim's rule the day after its claim dips. bye runs in process
// (runs/consolidate-run.ts, what the CLI's bye calls); the first test goes through the CLI's bye.

const A = 'aaaaaaaaaaaa';
const B = 'bbbbbbbbbbbb';
type Call = [tool: string, detail?: string];

/** One session's records, a minute apart, appended to its day's observation file. */
function session(data: string, id: string, project: string | null, startIso: string, calls: Call[]): void {
  mkdirSync(join(data, 'observations'), { recursive: true, mode: 0o700 });
  const t0 = Date.parse(startIso);
  const lines = calls.map(([tool, detail], i) => JSON.stringify({ v: 1, ts: new Date(t0 + i * 60_000).toISOString(), tool, ok: true, ms: 5, prev: null, prev2: null, session: id, project, event: 'PostToolUse', ...(detail ? { detail } : {}) }));
  appendFileSync(join(data, 'observations', `${startIso.slice(0, 10)}.jsonl`), `${lines.join('\n')}\n`, { mode: 0o600 });
}

const rules = (data: string) => (existsSync(join(data, 'rules.json')) ? (JSON.parse(readFileSync(join(data, 'rules.json'), 'utf8')).rules as { key: string; scope?: string; project?: string; projects?: string[] }[]) : []);
type Bye = { changes: { promoted: { key?: string }[]; archived: { rule: { key?: string }; reason: string }[] } };
/** bye through the CLI (the wiring). */
const byeCli = async (data: string, now: string) => {
  const r = await runCli(['bye', '--now', now, '--json'], { HOMUNCULUS_HOME: data });
  expect(r.exitCode, r.stderr as string).toBe(0);
  return JSON.parse(r.stdout as string) as Bye;
};
/** bye in process: what the CLI's bye runs, with the data home's config.json read as the CLI reads it. */
const bye = (data: string, now: string): Bye => {
  const r = runConsolidation({ home: data, now: new Date(now), config: loadConfig(data, {}).config, env: {} });
  expect(r.analysis.status).not.toBe('locked');
  return r;
};

describe('a claim becomes a rule only where it can reach a session', () => {
  it('a command run once in each of two projects is each project\'s own rule, with its own counts (1 of 1), never one rule of both', async () => {
    const { data } = sandbox();
    session(data, 'a1', A, '2026-11-07T07:00:00Z', [['Read'], ['Bash', 'go build'], ['Edit']]);
    session(data, 'b1', B, '2026-11-07T09:00:00Z', [['Grep'], ['Bash', 'go build'], ['Write']]);
    session(data, 'a2', A, '2026-11-08T07:00:00Z', [['Read'], ['Edit'], ['Read']]);
    session(data, 'b2', B, '2026-11-08T09:00:00Z', [['Grep'], ['Write'], ['Grep']]);
    await byeCli(data, '2026-11-08T12:00:00Z');
    // Issue 39: a project's command is said from the first session it is seen in, stated as what it is.
    const built = rules(data).filter((r) => r.key === 'cmd:build=go build') as { scope?: string; project?: string; hits?: number; opportunities?: number; projects?: string[] }[];
    expect(built.map((r) => [r.scope, r.project, r.hits, r.opportunities]).sort()).toEqual([['project', A, 1, 1], ['project', B, 1, 1]]);
    expect(built.every((r) => r.projects === undefined)).toBe(true);
  });

  it('a claim that passes the delivery test keeps its place under maxInstincts, and its rule is its project\'s', () => {
    const { data } = sandbox();
    mkdirSync(data, { recursive: true, mode: 0o700 });
    writeFileSync(join(data, 'config.json'), JSON.stringify({ maxInstincts: 2 }), { mode: 0o600 });
    session(data, 'a', A, '2026-11-06T07:00:00Z', [['Read'], ['Edit'], ['Read'], ['Edit']]);
    session(data, 'b', A, '2026-11-07T07:00:00Z', [['Read'], ['Edit'], ['Read'], ['Edit']]);
    session(data, 'c', A, '2026-11-08T07:00:00Z', [['Read'], ['Bash', 'go build'], ['Edit']]);
    session(data, 'd', A, '2026-11-08T10:00:00Z', [['Edit'], ['Bash', 'go build'], ['Read']]);
    bye(data, '2026-11-08T12:00:00Z');
    expect(readdirSync(join(data, 'instincts')).filter((f) => f.startsWith('cmd-build-go-build'))).toHaveLength(1);
    expect(rules(data).find((r) => r.key === 'cmd:build=go build')).toMatchObject({ scope: 'project', project: A });
  });
});

describe('the rule of sessions that record no project', () => {
  it('is promoted once, and stands through byes with nothing new and while only projects work (never archived and promoted again)', () => {
    const { data } = sandbox();
    for (const d of ['05', '06', '07']) for (const k of [1, 2]) session(data, `n${d}${k}`, null, `2026-11-${d}T1${k}:00:00Z`, [['Read'], ['Bash', 'make check']]);
    const first = bye(data, '2026-11-07T20:00:00Z');
    expect(first.changes.promoted.map((r) => r.key)).toEqual(['cmd:test=make check']);
    const promotedAt = (rules(data).find((r) => r.key === 'cmd:test=make check') as unknown as { promoted_at: string }).promoted_at;
    // A project works (without the command); byes with nothing new: no archive, no promotion again.
    session(data, 'a1', A, '2026-11-08T09:00:00Z', [['Read'], ['Edit']]);
    for (const now of ['2026-11-08T20:00:00Z', '2026-11-08T21:00:00Z']) {
      const again = bye(data, now);
      expect([again.changes.promoted, again.changes.archived]).toEqual([[], []]);
    }
    expect(rules(data).find((r) => r.key === 'cmd:test=make check')).toMatchObject({ promoted_at: promotedAt });
    expect(existsSync(join(data, 'archive'))).toBe(false);
  });
});

describe('a claim\'s rule decays from its rate, as a habit\'s from its score', () => {
  it('a build command seen every six days is promoted once and never archived while it comes back', () => {
    const { data } = sandbox();
    const promoted: string[] = [];
    const archived: string[] = [];
    for (let d = 1; d <= 24; d++) {
      const day = `2026-11-${String(d).padStart(2, '0')}`;
      session(data, `m${d}`, A, `${day}T08:00:00Z`, [['Read'], ['Edit'], ['Read'], ['Edit']]);
      session(data, `e${d}`, A, `${day}T15:00:00Z`, d % 6 === 3 ? [['Read'], ['Bash', 'go build'], ['Edit']] : [['Grep'], ['Read'], ['Edit']]);
      const out = bye(data, `${day}T20:00:00Z`);
      promoted.push(...out.changes.promoted.map((p) => `${d}:${p.key}`).filter((k) => k.endsWith('go build')));
      archived.push(...out.changes.archived.map((a) => `${d}:${a.rule.key}`).filter((k) => k.endsWith('go build')));
    }
    // From its first session (issue 39), once.
    expect(promoted).toEqual(['3:cmd:build=go build']);
    expect(archived).toEqual([]);
  });
});

describe('rules.json from before claims were rules at their rate', () => {
  const old = (over: Record<string, unknown>) => ({
    id: 'cmd-build-go-build', kind: 'command', pattern: 'cmd:build=go build', promoted_at: '2026-11-01T20:00:00.000Z', confidence_at_promotion: 0.95, last_confidence: 0.95,
    last_seen: '2026-11-01T20:00:00.000Z', observations: 2, sessions: 2, confidence_now: 0.95, key: 'cmd:build=go build', claim: 'builds here: `go build`, which succeeds', hits: 2, opportunities: 2, rate: 0.64, lift: 2, ...over,
  });

  it('a claim\'s rule kept at its score is brought to its rate by the first bye that sees the claim hold', () => {
    const { data } = sandbox();
    session(data, 'c', A, '2026-11-08T07:00:00Z', [['Read'], ['Bash', 'go build'], ['Edit']]);
    session(data, 'd', A, '2026-11-08T10:00:00Z', [['Edit'], ['Bash', 'go build'], ['Read']]);
    writeFileSync(join(data, 'rules.json'), JSON.stringify({ rules: [old({ scope: 'project', project: A })] }), { mode: 0o600 });
    bye(data, '2026-11-08T12:00:00Z');
    const all = JSON.parse(readFileSync(join(data, 'rules.json'), 'utf8')).rules as { id: string; promoted_at: string; last_confidence: number; confidence_now: number; rate: number }[];
    expect(all).toHaveLength(1);
    const r = all[0]!;
    expect([r.id, r.promoted_at]).toEqual(['cmd-build-go-build', '2026-11-01T20:00:00.000Z']);
    expect(r.rate).toBeLessThan(0.9);
    expect(r.last_confidence).toBe(r.rate);
    expect(r.confidence_now).toBe(r.rate);
  });

  it('a project\'s command an earlier version promoted over two projects together, naming none, is archived with why; each project states its own', () => {
    const { data } = sandbox();
    session(data, 'a1', A, '2026-11-07T07:00:00Z', [['Read'], ['Bash', 'go build'], ['Edit']]);
    session(data, 'b1', B, '2026-11-07T09:00:00Z', [['Grep'], ['Bash', 'go build'], ['Write']]);
    session(data, 'a2', A, '2026-11-08T07:00:00Z', [['Read'], ['Edit'], ['Read']]);
    session(data, 'b2', B, '2026-11-08T09:00:00Z', [['Grep'], ['Write'], ['Grep']]);
    writeFileSync(join(data, 'rules.json'), JSON.stringify({ rules: [old({ scope: 'global', projects: [] })] }), { mode: 0o600 });
    const out = bye(data, '2026-11-08T12:00:00Z');
    expect(out.changes.archived.map((a) => [a.rule.key, a.reason])).toEqual([['cmd:build=go build', expect.stringMatching(/^no project holds it/)]]);
    // Its pooled counts (2 of 2) are no project's: each project's own rule states 1 of 1.
    expect(rules(data).map((r) => [r.key, r.scope, r.project, (r as { hits?: number }).hits]).sort()).toEqual([['cmd:build=go build', 'project', A, 1], ['cmd:build=go build', 'project', B, 1]]);
  });
});
