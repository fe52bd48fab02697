import { describe, expect, it } from 'vitest';
import { analyze } from '../analyzer/analyze.js';
import { renderDailySummary } from '../analyzer/daily-summary.js';
import { ruleEffects } from '../analyzer/effectiveness.js';
import { consolidate, type Rule } from '../analyzer/promotion.js';
import type { PlainRecord } from '../analyzer/record-table.js';
import { tableFromRecords } from '../analyzer/table-builder.js';
import { ruleLine } from '../analyzer/rules-file.js';
import { safeSteps } from '../analyzer/kinds.js';
import { robustCount, robustCountOf, type ScoredPattern } from '../analyzer/score.js';
import { sessionHistogram } from '../analyzer/counted.js';
import { loadConfig, type Config } from '../lib/config.js';
import { decay } from '../lib/temporal-decay.js';

// The scoring after the first week (issue 11), on tiny record tables with a fixed clock.

const NOW = Date.parse('2026-11-08T12:00:00Z');
const MIN = 60_000;
const DAY = 86_400_000;
// The defaults, with this file's values over them (a key added later has its default, not undefined).
const config: Config = {
  ...loadConfig('/nonexistent-homunculus-home', {}, undefined, { defaultsOnly: true }).config,
  windowDays: 7, minConfidence: 0.5, maxConfidence: 0.95, promoteAt: 0.9, minObservations: 5, minSessions: 2,
  maxInstincts: 30, archivePruneDays: 30, retentionDays: 30, demoteBelow: 0.25, forcedEvalEvery: 5, chainDetail: true, halfLifeDays: 7,
  saturateAt: 0.5, minLift: 4, minRetryLift: 3, keepRuleSessionShare: 0.5, effectMinOpportunities: 20, effectMinChange: 0.05,
  ratePriorWeight: 5, minRate: 0.5, maxSessionRules: 8, maxSessionChars: 2000,
};

type Step = string | [tool: string, detail?: string, ok?: boolean];

/** One session's records, a minute apart. `['Bash', 'npm test', false]` is a failed `npm test`. */
function session(id: string, startMs: number, steps: Step[]): PlainRecord[] {
  return steps.map((s, i) => {
    const [tool, detail, ok] = typeof s === 'string' ? [s] : s;
    return { ts: startMs + i * MIN, tool, ok: ok ?? true, session: id, detail };
  });
}

const times = (n: number, steps: Step[]): Step[] => Array.from({ length: n }, () => steps).flat();
const byKey = (a: ReturnType<typeof analyze>) => new Map(a.patterns.map((p) => [p.key, p]));

describe('recency: relative to the window\'s activity', () => {
  const recs = [...session('old', NOW - 6 * DAY, ['D', 'A', 'B', 'C', 'E', 'F']), ...session('new', NOW - 60 * MIN, ['G', 'A', 'B', 'C', 'H', 'I'])];
  const a = analyze(tableFromRecords(recs), NOW, config);
  const w = (ts: number) => decay((NOW - ts) / DAY, 7);
  const meanAll = recs.reduce((s, r) => s + w(r.ts), 0) / recs.length;

  it('a pattern seen as steadily as everything else is not discounted', () => {
    const abc = byKey(a).get('A->B->C')!;
    expect(abc.observations).toBe(2);
    // Its two occurrences end on the fourth call of each session, a little later than the average call.
    expect(abc.recency).toBe(1);
    expect((w(recs[3]!.ts) + w(recs[9]!.ts)) / 2).toBeGreaterThan(meanAll);
  });

  it('a pattern seen only in the older part of the window is discounted by its weight against the window\'s', () => {
    const def = byKey(a).get('C->E->F')!;
    // To 9 places: the analyzer sums weights as whole numbers of 2^-31ths (analyzer/patterns.ts), so
    // that a window counted in parts sums exactly as in one pass.
    expect(def.recency).toBeCloseTo(w(recs[5]!.ts) / meanAll, 9);
    expect(def.recency).toBeCloseTo(0.71, 2);
  });
});

describe('frequency: robust and saturating', () => {
  it.each([
    [[7], 7],
    [[1, 1, 20], 3], // the burst counts as the median session
    [[80, 1], 2], // two sessions: the lower median, so the ordinary session sets the cap
    [[3, 5, 4, 2], 11],
    [[2, 2, 2, 2], 8],
    [[5, 9, 7, 6, 8], 32],
    [[1, 1000, 3], 7], // a count too large to tally by value
  ])('robust count of %j is %d (from the counts, and from their histogram)', (perSession, n) => {
    expect(robustCountOf(perSession)).toBe(n);
    expect(robustCount(sessionHistogram(perSession))).toBe(n);
  });

  it('a pattern seen in one session only is never the reference; half the reference is frequency 1', () => {
    const recs = [
      ...session('a', NOW - 300 * MIN, [...times(30, ['X', 'Y', 'Z', 'Q']), 'A', 'B', 'C', 'D', 'A', 'B', 'C']),
      ...session('b', NOW - 100 * MIN, ['A', 'B', 'C', 'E', 'A', 'B', 'C', 'E', 'K', 'L', 'M']),
      ...session('c', NOW - 50 * MIN, ['K', 'L', 'M']),
    ];
    const p = byKey(analyze(tableFromRecords(recs), NOW, config));
    // X->Y->Z: 30 times in one session. A->B->C: 2 + 2 in two sessions is the reference (4).
    expect(p.get('X->Y->Z')).toMatchObject({ observations: 30, sessions: 1, frequency: 1 });
    expect(p.get('A->B->C')).toMatchObject({ observations: 4, sessions: 2, frequency: 1 });
    // K->L->M: 1 + 1 = 2 = half the reference.
    expect(p.get('K->L->M')).toMatchObject({ observations: 2, frequency: 1 });
    // B->C->D: 1, a quarter.
    expect(p.get('B->C->D')!.frequency).toBe(0.5);
  });

  it('one session repeating a chain 80 times does not make the steady pattern look rare', () => {
    const recs = [
      ...session('burst', NOW - 600 * MIN, [...times(80, ['T', 'R', 'U']), 'G', 'R', 'E']),
      ...['s1', 's2', 's3'].flatMap((id, i) => session(id, NOW - (400 - 100 * i) * MIN, ['G', 'R', 'E', 'X', 'G', 'R', 'E', 'Y', 'T', 'R', 'U'])),
    ];
    const p = byKey(analyze(tableFromRecords(recs), NOW, config));
    // T->R->U per session: [80, 1, 1, 1] counts 4; G->R->E: [1, 2, 2, 2] counts 7 and is the
    // reference, so the steady chain keeps frequency 1 (measured against 83 it would be 0.17).
    expect(p.get('T->R->U')).toMatchObject({ observations: 83, sessions: 4 });
    expect(p.get('G->R->E')).toMatchObject({ observations: 7, frequency: 1 });
    // The burst's rotations, seen in that session only, set no reference either.
    expect(p.get('R->U->T')).toMatchObject({ observations: 79, sessions: 1 });
  });
});

describe('consistency: share of the window\'s active days', () => {
  const recs = [
    ...session('d1', NOW - 5 * DAY, ['A', 'B', 'C']),
    ...session('d3', NOW - 3 * DAY, ['X', 'Y', 'Z', 'N', 'E', 'W']),
    ...session('d4', NOW - 2 * DAY, ['Q', 'R', 'S']),
    ...session('d6a', NOW - 2 * MIN * 60, ['A', 'B', 'C', 'N', 'E', 'W']),
    ...session('d6b', NOW - 30 * MIN, ['A', 'B', 'C']),
  ];
  const a = analyze(tableFromRecords(recs), NOW, config);

  it('counts the days with at least one record, and the days the pattern is seen on', () => {
    expect(a.activeDays).toBe(4);
    expect(byKey(a).get('A->B->C')).toMatchObject({ days: 2, activeDays: 4, sessions: 3 });
    // Seen on two days: counted from its first day, which is the window's first active day.
    expect(byKey(a).get('A->B->C')!.consistency).toBe(2 / 4);
  });

  it('a pattern seen on one day only is judged against the whole window', () => {
    expect(byKey(a).get('X->Y->Z')!.consistency).toBe(1 / 4);
    expect(byKey(a).get('Q->R->S')!.consistency).toBe(1 / 4);
  });

  it('a pattern that started this week is judged from its first day once it recurs on another', () => {
    // N->E->W: first seen 3 days ago, then today; the window was active on 3 days since.
    expect(byKey(a).get('N->E->W')).toMatchObject({ days: 2, consistency: 2 / 3 });
  });
});

describe('specific patterns: lift', () => {
  it('lift = n_ABC * N^2 / (n_A * n_B * n_C) over the window\'s calls', () => {
    // N = 12: A x3, B x3, C x2, R x4. A->B->C x2.
    const recs = [...session('a', NOW - 60 * MIN, ['A', 'B', 'C', 'R', 'R', 'R']), ...session('b', NOW - 30 * MIN, ['A', 'B', 'C', 'R', 'A', 'B'])];
    const p = byKey(analyze(tableFromRecords(recs), NOW, config));
    expect(p.get('A->B->C')!.lift).toBeCloseTo((2 * 12 * 12) / (3 * 3 * 2), 12);
    expect(p.get('A->B->C')!.specific).toBe(true);
    // R->R->R: 1 * 144 / 64 = 2.25, and one key repeated in any case.
    expect(p.get('R->R->R')!.lift).toBeCloseTo(144 / 64, 12);
    expect(p.get('R->R->R')!.specific).toBe(false);
  });

  it('a chain of one key repeated is never specific, whatever its lift; command detail makes Bash chains distinct', () => {
    const recs = ['a', 'b'].flatMap((id, i) =>
      session(id, NOW - (100 - 50 * i) * MIN, [
        ['Bash', 'git status'], ['Bash', 'git status'], ['Bash', 'git status'], 'Read',
        ...times(3, [['Bash', 'npm test'], 'Edit', ['Bash', 'npm test'], 'Grep', 'Glob', 'Write']),
      ]),
    );
    const p = byKey(analyze(tableFromRecords(recs), NOW, config));
    const gs = p.get('Bash(git status)->Bash(git status)->Bash(git status)')!;
    expect(gs.lift).toBeGreaterThan(4);
    expect(gs.specific).toBe(false);
    expect(p.get('Bash(npm test)->Edit->Bash(npm test)')!.specific).toBe(true);
    const plain = byKey(analyze(tableFromRecords(recs), NOW, { ...config, chainDetail: false }));
    expect(plain.get('Bash->Edit->Bash')).toBeDefined();
    expect(plain.get('Bash->Bash->Bash')!.specific).toBe(false);
  });

  it('an error-retry is specific when the retry is much likelier after a failure than after a success', () => {
    // X: every failure retried, but after a success X follows X half the time anyway.
    // Y: every failure retried, never repeated after a success.
    const x: Step[] = [...times(4, [['X', undefined, false], 'X', 'Z']), ...times(5, ['X', 'X', 'Z'])];
    const y: Step[] = [...times(4, [['Y', undefined, false], 'Y', 'Z']), ...times(6, ['Y', 'Z'])];
    const p = byKey(analyze(tableFromRecords([...session('a', NOW - 100 * MIN, x), ...session('b', NOW - 50 * MIN, y)]), NOW, config));
    // X: 4/4 after a failure; after a success (5 + 1) / (14 + 1) -> lift 2.5.
    expect(p.get('X error-retry')!.lift).toBeCloseTo(1 / (6 / 15), 12);
    expect(p.get('X error-retry')!.specific).toBe(false);
    // Y: 4/4; (0 + 1) / (10 + 1) -> 11.
    expect(p.get('Y error-retry')!.lift).toBeCloseTo(11, 12);
    expect(p.get('Y error-retry')!.specific).toBe(true);
  });

  it('with command detail an error-retry needs the same command again', () => {
    const recs = session('a', NOW - 60 * MIN, [['Bash', 'npm test', false], ['Bash', 'npm run'], 'Edit', ['Bash', 'npm test', false], ['Bash', 'npm test']]);
    expect(analyze(tableFromRecords(recs), NOW, config).patterns.filter((p) => p.kind === 'error-retry').map((p) => [p.key, p.observations])).toEqual([['Bash(npm test) error-retry', 1]]);
    expect(analyze(tableFromRecords(recs), NOW, { ...config, chainDetail: false }).patterns.filter((p) => p.kind === 'error-retry').map((p) => [p.key, p.observations])).toEqual([['Bash error-retry', 2]]);
  });

  it('rule text names the command of a detailed error-retry, and still validates every word', () => {
    const rule = (pattern: string): Rule => ({ id: 'x', kind: 'error-retry', pattern, promoted_at: '', confidence_at_promotion: 0.95, last_confidence: 0.95, last_seen: '', observations: 12, sessions: 5, confidence_now: 0.95 });
    expect(ruleLine(rule('Bash(npm test) error-retry'))).toBe('- **[score 95%, 12x seen]** Bash(npm test) error-retry pairs detected (12x). Consider pre-validation.');
    expect(ruleLine({ ...rule('Bash(npm test) error-retry'), rate: 0.8 })).toBe('- **[80%, 12x seen]** Bash(npm test) error-retry pairs detected (12x). Consider pre-validation.');
    expect(safeSteps(rule('Bash(npm test; rm) error-retry'))).toBeUndefined();
    expect(safeSteps(rule('Bash(npm test)->Read error-retry'))).toBeUndefined();
  });
});

describe('folding: each habit once', () => {
  it('rotations fold into the member that starts the cycle most often, keeping its own count', () => {
    const recs = ['a', 'b'].flatMap((id, i) => session(id, NOW - (100 - 50 * i) * MIN, ['X', ...times(3, ['G', 'R', 'E']), 'Y']));
    const a = analyze(tableFromRecords(recs), NOW, config);
    const p = byKey(a);
    expect(p.get('G->R->E')).toMatchObject({ observations: 6, starts: 2 });
    expect(p.get('G->R->E')!.foldedInto).toBeUndefined();
    expect(p.get('R->E->G')).toMatchObject({ observations: 4, starts: 0, foldedInto: 'G->R->E' });
    expect(p.get('E->G->R')).toMatchObject({ observations: 4, starts: 0, foldedInto: 'G->R->E' });
    expect(a.tracked.map((t) => t.key)).not.toContain('R->E->G');
    expect(a.tracked.map((t) => t.key)).toContain('G->R->E');
    expect(a.days.at(-1)!.topChains.map(([k]) => k)).not.toContain('R->E->G');
  });

  it('the member that starts the cycle is the one kept, whichever it is', () => {
    const recs = ['a', 'b'].flatMap((id, i) => session(id, NOW - (100 - 50 * i) * MIN, ['X', ...times(3, ['E', 'G', 'R']), 'Y']));
    const p = byKey(analyze(tableFromRecords(recs), NOW, config));
    expect(p.get('E->G->R')!.foldedInto).toBeUndefined();
    expect(p.get('G->R->E')!.foldedInto).toBe('E->G->R');
  });

  it('a cycle through a repeated key (A->B->A) folds too', () => {
    const recs = ['a', 'b'].flatMap((id, i) => session(id, NOW - (100 - 50 * i) * MIN, ['X', ...times(3, [['Bash', 'npm test'], 'Edit', ['Bash', 'npm test']]), 'Y']));
    const p = byKey(analyze(tableFromRecords(recs), NOW, config));
    expect(p.get('Bash(npm test)->Edit->Bash(npm test)')!.foldedInto).toBeUndefined();
    expect(p.get('Edit->Bash(npm test)->Bash(npm test)')!.foldedInto).toBe('Bash(npm test)->Edit->Bash(npm test)');
    expect(p.get('Bash(npm test)->Bash(npm test)->Edit')!.foldedInto).toBe('Bash(npm test)->Edit->Bash(npm test)');
  });

  it('a chain that is mostly a failure and its retry folds into the error-retry', () => {
    const recs = ['a', 'b'].flatMap((id, i) => session(id, NOW - (100 - 50 * i) * MIN, times(3, ['Edit', ['Bash', 'npm test', false], ['Bash', 'npm test'], 'Read'])));
    const p = byKey(analyze(tableFromRecords(recs), NOW, config));
    expect(p.get('Edit->Bash(npm test)->Bash(npm test)')).toMatchObject({ retries: 6, foldedInto: 'Bash(npm test) error-retry' });
    expect(p.get('Bash(npm test) error-retry')).toMatchObject({ observations: 6 });
  });
});

describe('promotion and demotion by evidence', () => {
  const pattern = (over: Partial<ScoredPattern> = {}): ScoredPattern => ({
    kind: 'chain', key: 'Grep->Read->Edit', observations: 30, sessions: 8, sessionsInWindow: 10, days: 7, activeDays: 7, frequency: 1, consistency: 1,
    recency: 1, confidence: 0.95, lift: 6, specific: true, starts: 30, retries: 0, firstSeen: NOW - 6 * DAY, lastSeen: NOW - 60 * MIN,
    claim: 'after Grep then Read, Edit comes next', hits: 30, opportunities: 32, rate: 0.88, ...over,
  });
  const rule = (over: Partial<Rule> = {}): Rule => ({
    id: 'chain-grep-read-edit', kind: 'chain', pattern: 'Grep->Read->Edit', promoted_at: new Date(NOW - 10 * DAY).toISOString(), confidence_at_promotion: 0.95,
    last_confidence: 0.95, last_seen: new Date(NOW - 10 * DAY).toISOString(), observations: 30, sessions: 8, confidence_now: 0.95, ...over,
  });

  it.each([
    ['confident, specific', {}, true],
    ['not specific (lift under minLift, or one key repeated)', { specific: false }, false],
    ['a rotation folded into another chain', { foldedInto: 'Read->Edit->Grep' }, false],
    ['below promoteAt', { confidence: 0.89 }, false],
    ['in one session', { sessions: 1 }, false],
    ['unreliable: its claim held under minRate', { rate: 0.45 }, false],
  ])('%s: promoted %s', (_name, over, promoted) => {
    expect(consolidate([], [pattern(over)], NOW, config).some((d) => d.change === 'promoted')).toBe(promoted);
  });

  it('a rule whose habit is still in keepRuleSessionShare of the sessions keeps its place and its peak', () => {
    // Another chain became more common: this one's confidence fell to 30%, but it is in 6 of 10 sessions.
    const [d] = consolidate([rule()], [pattern({ confidence: 0.3, sessions: 6, lastSeen: NOW - 2 * MIN })], NOW, config);
    expect(d!.change).toBe('refreshed');
    expect(d!.rule).toMatchObject({ last_confidence: 0.95, last_seen: new Date(NOW - 2 * MIN).toISOString() });
    expect(d!.rule.confidence_now).toBeCloseTo(0.95, 3);
    // Even when not seen for days while it still holds, it is not archived.
    const [e] = consolidate([rule({ last_confidence: 0.3, last_seen: new Date(NOW - 3 * DAY).toISOString() })], [pattern({ confidence: 0.1, sessions: 5, lastSeen: NOW - 3 * DAY })], NOW, config);
    expect(e!.rule.confidence_now).toBeLessThan(config.demoteBelow);
    expect(e!.change).toBe('decaying');
  });

  it('a rule not seen again decays from its peak since it was last seen: kept 13 days, archived on day 14', () => {
    const last = new Date(NOW).toISOString();
    const at = (days: number) => consolidate([rule({ last_seen: last })], [], NOW + days * DAY, config)[0]!;
    expect(at(13).change).toBe('decaying');
    expect(at(13).rule.confidence_now).toBeCloseTo(0.95 * Math.pow(0.5, 13 / 7), 4);
    expect(at(14).change).toBe('archived');
    expect(at(14).rule.confidence_now).toBeCloseTo(0.2375, 4);
  });

  it('one stray occurrence does not reset a decaying rule to its low score', () => {
    const last = NOW - 8 * DAY;
    const decaying = rule({ last_seen: new Date(last).toISOString(), confidence_now: 0.95 * decay(7, 7) });
    const stray = pattern({ confidence: 0.05, sessions: 1, observations: 1, lastSeen: NOW - 60 * MIN });
    const [d] = consolidate([decaying], [stray], NOW, config);
    expect(d!.change).toBe('decaying');
    expect(d!.rule.last_seen).toBe(new Date(NOW - 60 * MIN).toISOString());
    // The peak carried to the stray's time: the same effective confidence as without the stray.
    expect(d!.rule.confidence_now).toBeCloseTo(0.95 * decay(8, 7), 3);
    // ...and it is archived on the same day as if the stray had not happened (14 days after its last real use).
    const later = consolidate([d!.rule], [], last + 14 * DAY, config)[0]!;
    expect(later.change).toBe('archived');
    expect(consolidate([d!.rule], [], last + 13 * DAY, config)[0]!.change).toBe('decaying');
  });

  it('a habit that comes back strongly lifts the rule again', () => {
    const decaying = rule({ last_seen: new Date(NOW - 8 * DAY).toISOString() });
    const [d] = consolidate([decaying], [pattern({ confidence: 0.92, sessions: 4, lastSeen: NOW - MIN })], NOW, config);
    expect(d!.change).toBe('refreshed');
    expect(d!.rule.last_confidence).toBe(0.92);
  });
});

describe('effectiveness: each rule before and after its promotion', () => {
  const PROMOTED = NOW - 10 * DAY;
  let n = 0;
  const one = (at: number, steps: Step[]) => session(`s${n++}`, at, steps);
  /** `count` sessions before (or after) the promotion, `hits` of them ending with `hit`, the rest with `miss`. */
  function sessions(side: 'before' | 'after', count: number, hits: number, head: Step[], hit: Step, miss: Step): PlainRecord[] {
    const base = side === 'before' ? PROMOTED - 5 * DAY : PROMOTED + DAY;
    return Array.from({ length: count }, (_, i) => one(base + i * 10 * MIN, [...head, i < hits ? hit : miss])).flat();
  }
  const records = [
    // Grep->Read followed by Edit: 10 of 40 before (25%), 30 of 40 after (75%).
    ...sessions('before', 40, 10, ['Grep', 'Read'], 'Edit', 'Bash'),
    ...sessions('after', 40, 30, ['Grep', 'Read'], 'Edit', 'Bash'),
    // Glob->Read followed by Write: 50% of 20 before, 52% of 25 after: without effect.
    ...sessions('before', 20, 10, ['Glob', 'Read'], 'Write', 'Grep'),
    ...sessions('after', 25, 13, ['Glob', 'Read'], 'Write', 'Grep'),
    // failed npm test retried at once: 18 of 20 before (90%), 5 of 25 after (20%).
    ...sessions('before', 20, 18, [['Bash', 'npm test', false]], ['Bash', 'npm test'], 'Edit'),
    ...sessions('after', 25, 5, [['Bash', 'npm test', false]], ['Bash', 'npm test'], 'Edit'),
    // Too few opportunities to judge: 50% of 4 before and after.
    ...sessions('before', 4, 2, ['LS', 'Read'], 'Edit', 'Read'),
    ...sessions('after', 4, 2, ['LS', 'Read'], 'Edit', 'Read'),
  ];
  const rule = (kind: Rule['kind'], pattern: string): Rule => ({
    id: pattern, kind, pattern, promoted_at: new Date(PROMOTED).toISOString(), confidence_at_promotion: 0.95, last_confidence: 0.95,
    last_seen: new Date(PROMOTED).toISOString(), observations: 30, sessions: 5, confidence_now: 0.95,
  });
  const effects = ruleEffects(
    tableFromRecords(records),
    [rule('chain', 'Grep->Read->Edit'), rule('chain', 'Glob->Read->Write'), rule('error-retry', 'Bash(npm test) error-retry'), rule('chain', 'LS->Read->Edit'), rule('chain', 'Never->Seen->Tool')],
    NOW,
    config,
  );

  it.each([
    ['Grep->Read->Edit', 'Grep->Read followed by Edit', [40, 10], [40, 30], 0.5, false],
    ['Glob->Read->Write', 'Glob->Read followed by Write', [20, 10], [25, 13], 0.02, true],
    ['Bash(npm test) error-retry', 'failed Bash(npm test) retried at once', [20, 18], [25, 5], -0.7, false],
    ['LS->Read->Edit', 'LS->Read followed by Edit', [4, 2], [4, 2], 0, false],
  ])('%s: %s', (pattern, measure, [bo, bf], [ao, af], change, withoutEffect) => {
    const e = effects.find((x) => x.pattern === pattern)!;
    expect(e.measure).toBe(measure);
    expect(e.before).toEqual({ opportunities: bo, followed: bf, rate: bf! / bo! });
    expect(e.after).toEqual({ opportunities: ao, followed: af, rate: af! / ao! });
    expect(e.change).toBeCloseTo(change, 12);
    expect(e.withoutEffect).toBe(withoutEffect);
  });

  it('a rule whose tools never occur has no opportunity on either side', () => {
    expect(effects.find((x) => x.pattern === 'Never->Seen->Tool')).toMatchObject({ before: { opportunities: 0, rate: null }, after: { opportunities: 0, rate: null }, change: null, withoutEffect: false });
  });
});

describe('daily summary', () => {
  it('collapses consecutive days without activity into one line', () => {
    const recs = [...session('a', NOW - 5 * DAY, ['A', 'B', 'C']), ...session('b', NOW - 60 * MIN, ['A', 'B', 'C'])];
    const a = analyze(tableFromRecords(recs), NOW, config);
    const figures = { now: new Date(NOW).toISOString(), windowStart: new Date(a.windowStartMs).toISOString(), windowDays: config.windowDays, recordsInWindow: a.recordsInWindow, sessionsInWindow: a.sessionsInWindow, patternsTracked: a.tracked.length };
    const text = renderDailySummary(a, { created: new Map(), archived: new Map([['2026-11-05', ['chain-x']]]) }, figures);
    const heads = text.split('\n').filter((l) => l.startsWith('## '));
    expect(heads).toEqual(['## 2026-11-08', '## 2026-11-06 .. 2026-11-07: no activity (2 days)', '## 2026-11-05', '## 2026-11-04: no activity', '## 2026-11-03', '## 2026-11-01 .. 2026-11-02: no activity (2 days)']);
  });
});
