import { describe, expect, it } from 'vitest';
import { analyze } from '../analyzer/analyze.js';
import { countPatterns } from '../analyzer/patterns.js';
import type { PlainRecord } from '../analyzer/record-table.js';
import { tableFromRecords } from '../analyzer/table-builder.js';
import { purposeOf, isInspection } from '../analyzer/learners/command-purposes.js';
import { commandRuns } from '../analyzer/learners/commands.js';
import { firstRuns } from '../analyzer/learners/fixes.js';
import { claimLine } from '../analyzer/rules-file.js';
import { eligible, holds } from '../analyzer/promotion.js';
import { isTracked, whyNotTracked } from '../analyzer/tracked.js';
import type { Config } from '../lib/config.js';

// The learners beside chains and error-retries (issue 31), on record tables written here: a fix
// episode, a project's commands by purpose, a command that keeps failing beside one that works.

const NOW = Date.parse('2026-11-08T12:00:00Z');
const MIN = 60_000;
const config = {
  windowDays: 7, minConfidence: 0.5, maxConfidence: 0.95, promoteAt: 0.9, minObservations: 5, minSessions: 2, maxInstincts: 30, halfLifeDays: 7, chainDetail: true,
  saturateAt: 0.5, minLift: 4, minRetryLift: 3, ratePriorWeight: 5, minRate: 0.5, fixWindowCalls: 10,
} as Config;

type Step = string | [tool: string, detail?: string, ok?: boolean];
function session(id: string, startMs: number, steps: Step[]): PlainRecord[] {
  return steps.map((s, i) => {
    const [tool, detail, ok] = typeof s === 'string' ? [s] : s;
    return { ts: startMs + i * MIN, tool, ok: ok ?? true, session: id, detail };
  });
}
const bash = (detail: string, ok = true): Step => ['Bash', detail, ok];
const byKey = (recs: PlainRecord[]) => new Map(analyze(tableFromRecords(recs), NOW, config).patterns.map((p) => [p.key, p]));

describe('fixes: what was run between a failure and its success', () => {
  // Three sessions: `npm test` fails, `npm run build` (and once `npm install`), `npm test` passes.
  const recs = [
    ...session('a', NOW - 300 * MIN, ['Read', bash('npm test', false), 'Edit', bash('npm run build'), bash('npm test'), 'Read']),
    ...session('b', NOW - 200 * MIN, [bash('npm test', false), bash('npm install'), bash('npm run build'), bash('npm test')]),
    ...session('c', NOW - 100 * MIN, [bash('npm test', false), bash('npm test', false), 'Edit', bash('npm run build'), bash('npm test')]),
    // A recovery without the build: an opportunity, no hit.
    ...session('d', NOW - 50 * MIN, [bash('npm test', false), 'Edit', bash('npm test')]),
  ];
  const p = byKey(recs);

  it('an episode is the first failure since the last success and the next success; its recovery the Bash commands between', () => {
    expect(p.get('fix:Bash(npm test)->Bash(npm run build)')).toMatchObject({ kind: 'fix', hits: 3, opportunities: 4, sessions: 3, claim: 'after `npm test` fails, `npm run build` is run before it passes' });
    expect(p.get('fix:Bash(npm test)->Bash(npm install)')).toMatchObject({ hits: 1, opportunities: 4 });
    // The failed command itself is never its own recovery step.
    expect(p.has('fix:Bash(npm test)->Bash(npm test)')).toBe(false);
  });

  it('the rate is shrunk toward the chance that the step is in a recovery anyway, and the lift measures against it', () => {
    const f = p.get('fix:Bash(npm test)->Bash(npm run build)')!;
    expect(f.rate).toBeGreaterThan(0.3);
    expect(f.rate).toBeLessThan(3 / 4);
    expect(f.lift).toBeGreaterThan(1);
  });

  it('a success more than fixWindowCalls calls after the failure makes no episode', () => {
    const far = session('e', NOW - 40 * MIN, [bash('npm test', false), bash('npm run build'), ...Array.from({ length: 10 }, () => 'Read'), bash('npm test')]);
    expect(byKey(far).has('fix:Bash(npm test)->Bash(npm run build)')).toBe(false);
    expect(byKey(far.map((r) => r)).size).toBeGreaterThan(0);
  });

  it('counts the sessions whose first run of the command failed', () => {
    const c = countPatterns(tableFromRecords(recs), { nowMs: NOW, windowStartMs: NOW - 7 * 86_400_000, halfLifeDays: 7, chainDetail: true });
    expect(firstRuns('Bash(npm test)', c)).toEqual({ failedFirst: 4, sessions: 4 });
  });
});

describe('the project\'s commands', () => {
  // Tests here are `pnpm test`; `npm test` keeps failing (4 of 4); `ls` is only looking.
  const recs = [
    ...session('a', NOW - 400 * MIN, [bash('npm test', false), bash('npm test', false), bash('pnpm test'), bash('ls'), bash('docker build')]),
    ...session('b', NOW - 300 * MIN, [bash('pnpm test', false), 'Edit', bash('pnpm test'), bash('ls')]),
    ...session('c', NOW - 200 * MIN, [bash('npm test', false), bash('npm test', false), bash('pnpm test'), bash('docker build')]),
    ...session('d', NOW - 100 * MIN, ['Read', 'Edit']),
  ];
  const p = byKey(recs);

  it('a purpose\'s command: opportunities are the sessions that ran the purpose, hits those in which it succeeded', () => {
    expect(p.get('cmd:test=pnpm test')).toMatchObject({ kind: 'command', hits: 3, opportunities: 3, sessions: 3, observations: 3 });
    expect(p.get('cmd:build=docker build')).toMatchObject({ hits: 2, opportunities: 2 });
    expect(p.get('cmd:test=pnpm test')!.claim).toBe('tests here: `pnpm test`, which succeeds');
  });

  it('a command that never succeeded is no pattern, and its failures are counted for the line that names it', () => {
    expect(p.has('cmd:test=npm test')).toBe(false);
    const c = countPatterns(tableFromRecords(recs), { nowMs: NOW, windowStartMs: NOW - 7 * 86_400_000, halfLifeDays: 7, chainDetail: true });
    expect(commandRuns('npm test', c)).toEqual({ runs: 4, fails: 4 });
  });

  it('inspection commands are never the project\'s commands', () => {
    expect([...p.keys()].filter((k) => k.startsWith('cmd:') && k.includes('ls'))).toEqual([]);
  });

  it.each(['local-script', 'python3', 'node', 'bash', 'npx', 'pnpm dlx'])('%s (a placeholder or an interpreter alone) is never a command, whatever it ran', (detail) => {
    const runs = ['a', 'b', 'c', 'd'].flatMap((id, k) => session(`x${id}`, NOW - (400 - k * 100) * MIN, [bash(detail), 'Edit', bash(detail), bash('pnpm test')]));
    const q = byKey(runs);
    expect([...q.keys()].filter((k) => k.startsWith('cmd:'))).toEqual(['cmd:test=pnpm test']);
    // A key of one (from an earlier version, or written by hand) has no words: its line is never written.
    expect(claimLine({ kind: 'command', pattern: `cmd:other=${detail}`, rate: 1, hits: 4, opportunities: 4, sessions: 4 } as never)).toBeUndefined();
    expect(claimLine({ kind: 'command', pattern: 'cmd:test=pnpm test', rate: 1, hits: 4, opportunities: 4, sessions: 4 } as never)).toBeDefined();
  });

  it('the purpose table: the longest entry wins; anything else is other or inspection', () => {
    expect(purposeOf('npm run build')).toBe('build');
    expect(purposeOf('npm run test:unit')).toBeUndefined();
    expect(purposeOf('python -m pytest')).toBe('test');
    expect(purposeOf('make')).toBe('build');
    expect(purposeOf('make test')).toBe('test');
    expect(purposeOf('tsc')).toBe('typecheck');
    expect(purposeOf('juju')).toBeUndefined();
    expect(isInspection('git status')).toBe(true);
    expect(isInspection('git push')).toBe(false);
  });
});

describe('lines that say more than the claim', () => {
  const line = (over: Record<string, unknown>) => claimLine({ id: 'x', promoted_at: '', confidence_at_promotion: 0.9, last_confidence: 0.9, last_seen: '', observations: 9, confidence_now: 0.9, ...over } as never);

  it('a command that keeps failing beside the one that works is named', () => {
    const recs = [
      ...session('a', NOW - 400 * MIN, [bash('npm test', false), bash('npm test', false), bash('pnpm test')]),
      ...session('c', NOW - 200 * MIN, [bash('npm test', false), bash('npm test', false), bash('pnpm test')]),
    ];
    const p = byKey(recs).get('cmd:test=pnpm test')!;
    expect(p.details).toEqual({ instead_of: 'npm test', instead_fails: 4, instead_runs: 4 });
    expect(line({ kind: 'command', pattern: 'cmd:test=pnpm test', rate: 0.75, hits: 2, opportunities: 2, sessions: 2, details: p.details })).toBe('Tests here: `pnpm test`, which succeeds (75%; 2 of 2 sessions that ran it; not `npm test` (failed 4 of 4)) `cmd:test=pnpm test`');
  });

  it('where the command fails first in most sessions, the fix is said before the failure', () => {
    expect(line({ kind: 'fix', pattern: 'fix:Bash(npm test)->Bash(npm run build)', rate: 0.6, hits: 3, opportunities: 4, sessions: 3, details: { first_fails: 4, first_runs: 4 } })).toBe(
      'Before `npm test` here, run `npm run build` (its first run failed in 4 of 4 sessions): after `npm test` fails, `npm run build` is run before it passes (60%; 3 of 4 times in 3 sessions) `fix:Bash(npm test)->Bash(npm run build)`',
    );
    expect(line({ kind: 'fix', pattern: 'fix:Bash(npm test)->Bash(npm run build)', rate: 0.6, hits: 3, opportunities: 4, sessions: 3, details: { first_fails: 1, first_runs: 4 } })).toMatch(/^After `npm test` fails/);
  });

  it('details that are not checked tokens and whole numbers add nothing', () => {
    expect(line({ kind: 'command', pattern: 'cmd:test=pnpm test', rate: 0.75, hits: 2, opportunities: 2, sessions: 2, details: { instead_of: 'x`; rm -rf /', instead_fails: 4, instead_runs: 4 } })).not.toContain('rm -rf');
    expect(line({ kind: 'command', pattern: 'cmd:test=pnpm test`', rate: 0.75, hits: 2, opportunities: 2, sessions: 2 })).toBeUndefined();
  });
});

describe('corrections: the calls the user stopped', () => {
  const stop = (tool: string, detail: string | undefined, how: 'interrupt' | 'reject'): PlainRecord[] => [{ ts: 0, tool, ok: false, session: '', detail, stop: how }];
  // Four sessions that push: the user declines `git push` in three of them (once interrupting
  // it); every other call is let through. A plan declined in every session is no correction.
  const at = (id: string, startMs: number, steps: (Step | PlainRecord[])[]): PlainRecord[] =>
    steps.flatMap((s, i) => (Array.isArray(s) && typeof s[0] === 'object' ? (s as PlainRecord[]).map((r) => ({ ...r, ts: startMs + i * MIN, session: id })) : session(id, startMs + i * MIN, [s as Step])));
  const recs = [
    ...at('a', NOW - 400 * MIN, ['Read', 'Edit', bash('npm test'), stop('Bash', 'git push', 'reject'), stop('ExitPlanMode', undefined, 'reject'), 'Read']),
    ...at('b', NOW - 300 * MIN, ['Read', 'Edit', bash('npm test'), stop('Bash', 'git push', 'interrupt'), stop('ExitPlanMode', undefined, 'reject')]),
    ...at('c', NOW - 200 * MIN, ['Grep', 'Read', 'Edit', stop('Bash', 'git push', 'reject'), stop('ExitPlanMode', undefined, 'reject')]),
    ...at('d', NOW - 100 * MIN, ['Read', 'Edit', bash('npm test'), bash('git push'), stop('ExitPlanMode', undefined, 'reject')]),
  ];
  const p = byKey(recs);

  it('a key the user stopped in more of its sessions than the project stops any call: hits are those sessions, opportunities the sessions that made the call', () => {
    expect(p.get('ask:Bash(git push)')).toMatchObject({ kind: 'correction', hits: 3, opportunities: 4, sessions: 3, claim: 'the user stops `git push` here: ask first' });
    const c = p.get('ask:Bash(git push)')!;
    // Shrunk toward the project's base rate (4 stopped (session, key) pairs of many): under 3 of 4.
    expect(c.rate).toBeLessThan(3 / 4);
    expect(c.lift).toBeGreaterThan(config.minRetryLift);
  });

  it('a declined plan is ordinary iteration, not a correction; calls never stopped are no pattern', () => {
    expect(p.has('ask:ExitPlanMode')).toBe(false);
    expect([...p.keys()].filter((k) => k.startsWith('ask:'))).toEqual(['ask:Bash(git push)']);
  });

  it('an interrupted or declined call is still a failure to every other learner', () => {
    const t = tableFromRecords(stop('Bash', 'git push', 'interrupt').map((r) => ({ ...r, ts: NOW - MIN, session: 's' })));
    expect(t.ok[0]).not.toBe(1);
  });
});

describe('a claim is tracked and promoted on its own evidence, a habit on its score', () => {
  // A build command that succeeded in both sessions that built, both on the last of three active
  // days: seen on one day of three, so its score is low; its claim holds 2 of 2.
  const DAY = 86_400_000;
  const recs = [
    ...session('a', NOW - 2 * DAY, ['Read', 'Edit', 'Read', 'Edit']),
    ...session('b', NOW - 1 * DAY, ['Read', 'Edit', 'Read', 'Edit']),
    ...session('c', NOW - 300 * MIN, ['Read', bash('go build'), 'Edit']),
    ...session('d', NOW - 100 * MIN, ['Edit', bash('go build'), 'Read']),
  ];
  const a = analyze(tableFromRecords(recs), NOW, config);
  const build = a.patterns.find((p) => p.key === 'cmd:build=go build')!;

  it('its score is under minConfidence, its claim passes the delivery test, and it is tracked', () => {
    expect(build).toMatchObject({ hits: 2, opportunities: 2, sessions: 2, days: 1 });
    expect(build.confidence).toBeLessThan(config.minConfidence);
    expect(build.rate).toBeGreaterThanOrEqual(config.minRate);
    expect(whyNotTracked(build, config)).toBeUndefined();
    expect(a.tracked.map((p) => p.key)).toContain('cmd:build=go build');
    // The test without words says the same of every pattern.
    for (const p of [...a.patterns, { ...build, rate: 0.3 }, { ...build, specific: false }, { ...build, foldedInto: 'x' }]) expect(isTracked(p, config), p.key).toBe(whyNotTracked(p, config) === undefined);
  });

  it('bye may promote it although it was seen twice (minObservations is a habit\'s test), and it holds while its claim passes', () => {
    expect(build.observations).toBeLessThan(config.minObservations);
    expect(eligible(build, config)).toBe(true);
    expect(holds(build, { ...config, keepRuleSessionShare: 0.5 })).toBe(true);
    // The same claim failing the delivery test: neither tracked nor promoted, and the reason says why.
    const weak = { ...build, rate: 0.3 };
    expect(whyNotTracked(weak, config)).toMatch(/^score \d+% is below minConfidence 50%, and its claim does not pass: its rate is 30%, under minRate/);
    expect(eligible(weak, config)).toBe(false);
    expect(holds(weak, { ...config, keepRuleSessionShare: 0.5 })).toBe(false);
  });

  it('a chain seen as rarely is not tracked: a habit needs its score', () => {
    const chain = a.patterns.find((p) => p.key === 'Read->Bash(go build)->Edit')!;
    expect(chain.confidence).toBeLessThan(config.minConfidence);
    expect(whyNotTracked(chain, config)).toMatch(/below minConfidence/);
    expect(eligible({ ...chain, rate: 0.9, lift: 9, specific: true }, config)).toBe(false);
  });
});
