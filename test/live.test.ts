import { describe, expect, it } from 'vitest';
import { analyze } from '../analyzer/analyze.js';
import type { PlainRecord } from '../analyzer/record-table.js';
import { tableFromRecords } from '../analyzer/table-builder.js';
import { loadConfig } from '../lib/config.js';
import { judgeLive, liveByRule, liveFigures, liveKey, withdrawal } from '../rules/live.js';
import { planRules } from '../rules/plan.js';
import type { ObservedRule } from '../rules/rule.js';
import { ROOT } from './helpers.js';

// Live calibration, the pure core (rules/live.ts): a rule's claim measured again over the
// sessions that started after it was given, by the learner's own measure, and the plan's
// withdrawal of a claim whose live rate falls under minRate (rules/plan.ts).

const config = loadConfig('/nonexistent-home', {}, ROOT).config;
const HOUR = 3_600_000;
const T0 = Date.parse('2026-11-01T00:00:00Z');
const at = (h: number) => new Date(T0 + h * HOUR).toISOString();
const NOW = T0 + 24 * 10 * HOUR;
const A = 'aaaaaaaaaaaa';
const B = 'bbbbbbbbbbbb';
const GIVEN = 48; // promoted at hour 48

/** A session at hour `h` of project `p` running `npm test` (ok or failing), with a Read before it. */
function session(id: string, h: number, p: string | undefined, ok: boolean): PlainRecord[] {
  const ts = T0 + h * HOUR;
  return [
    { ts, tool: 'Read', ok: true, session: id, project: p },
    { ts: ts + 60_000, tool: 'Bash', detail: 'npm test', ok, session: id, project: p },
  ];
}

/** A chain session: Grep, Read, then `next`. */
function chain(id: string, h: number, p: string, next: string): PlainRecord[] {
  const ts = T0 + h * HOUR;
  return ['Grep', 'Read', next].map((tool, i) => ({ ts: ts + i * 60_000, tool, ok: true, session: id, project: p }));
}

const command = (over: Partial<ObservedRule> = {}): ObservedRule => ({
  id: 'cmd-test-npm-test', kind: 'command', pattern: 'cmd:test=npm test', promoted_at: at(GIVEN), confidence_at_promotion: 0.8, last_confidence: 0.8, last_seen: at(40), observations: 3, sessions: 3, confidence_now: 0.8,
  key: 'cmd:test=npm test', hits: 3, opportunities: 3, rate: 0.8, prior: 0.7, applies: 1, lift: 1.2, scope: 'project', project: A, ...over,
});
const seq = (over: Partial<ObservedRule> = {}): ObservedRule => ({
  id: 'chain-grep-read-edit', kind: 'chain', pattern: 'Grep->Read->Edit', promoted_at: at(GIVEN), confidence_at_promotion: 0.9, last_confidence: 0.9, last_seen: at(40), observations: 5, sessions: 5, confidence_now: 0.9,
  key: 'seq:Grep->Read->Edit', hits: 5, opportunities: 5, rate: 0.8, prior: 0.3, lift: 5, scope: 'project', project: A, ...over,
});

/** Sessions before the rule was given (all succeed), then `after`. */
const before: PlainRecord[] = [...session('b1', 10, A, true), ...session('b2', 20, A, true), ...session('b3', 30, A, true)];
const many = (n: number, p: string | undefined, ok: (i: number) => boolean, from = 60) => Array.from({ length: n }, (_, i) => session(`${p ?? 'none'}-${from}-${i}`, from + i * 5, p, ok(i))).flat();

describe('liveFigures: how a claim held since it was given', () => {
  it.each([
    { name: 'no session since it was given: no figures', records: before, rule: command(), want: undefined },
    { name: '3 of 3 sessions that ran it since', records: [...before, ...many(3, A, () => true)], rule: command(), want: { hits: 3, opportunities: 3 } },
    { name: '0 of 4: it failed in every session since', records: [...before, ...many(4, A, () => false)], rule: command(), want: { hits: 0, opportunities: 4 } },
    { name: 'records before it was given are not counted, nor a session that started before and ran on after', records: [...before, ...session('straddle', GIVEN - 1, A, true).map((r, i) => (i === 1 ? { ...r, ts: T0 + (GIVEN + 2) * HOUR } : r)), ...many(2, A, () => false)], rule: command(), want: { hits: 0, opportunities: 2 } },
    { name: "a project's rule counts only its project's sessions", records: [...before, ...many(2, A, () => true), ...many(3, B, () => false)], rule: command(), want: { hits: 2, opportunities: 2 } },
    { name: 'a global rule counts every record (projects and none)', records: [...before, ...many(2, A, () => true), ...many(3, B, () => false), ...many(1, undefined, () => true)], rule: command({ scope: 'global', project: undefined, projects: [A, B] }), want: { hits: 3, opportunities: 6 } },
    { name: "a project with no record here: no figures", records: many(3, B, () => true), rule: command(), want: undefined },
    { name: 'a global rule given only where no project is recorded counts those sessions alone', records: [...before, ...many(2, A, () => false), ...many(2, undefined, () => true)], rule: command({ scope: 'global', project: undefined }), givenIn: (p: string | null) => p === null, want: { hits: 2, opportunities: 2 } },
    { name: 'a chain never completed since: its opportunities are its first two steps followed by a call', records: [...chain('c0', 10, A, 'Edit'), ...chain('c1', 60, A, 'Write'), ...chain('c2', 70, A, 'Write'), ...chain('c3', 80, A, 'Edit')], rule: seq(), want: { hits: 1, opportunities: 3 } },
    { name: 'a chain whose steps never ran since: no figures', records: [...chain('c0', 10, A, 'Edit'), ...many(2, A, () => true)], rule: seq(), want: undefined },
  ])('$name', ({ records, rule, want, givenIn }: { records: PlainRecord[]; rule: ObservedRule; want: { hits: number; opportunities: number } | undefined; givenIn?: (p: string | null) => boolean }) => {
    const [got] = liveFigures(tableFromRecords(records), [{ ...rule, since: rule.promoted_at, ...(givenIn ? { givenIn } : {}) }], NOW, config);
    if (want === undefined) return expect(got).toBeUndefined();
    expect(got).toMatchObject({ ...want, since: rule.promoted_at, through: new Date(NOW).toISOString() });
    // Shrunk toward the rule's own prior, as its stated rate is.
    const w = config.ratePriorWeight;
    expect(got!.rate).toBeCloseTo((want.hits + w * rule.prior!) / (want.opportunities + w), 4);
  });

  it('one walk serves rules given at different times: each counts from its own promotion', () => {
    const t = tableFromRecords([...before, ...many(2, A, () => true, 60), ...many(3, A, () => false, 120)]);
    const early = command();
    const late = seq({ promoted_at: at(100) });
    const lateCmd = command({ id: 'x', pattern: 'cmd:test=npm test', promoted_at: at(100), project: A });
    const [a, b, c] = liveFigures(t, [early, late, lateCmd].map((r) => ({ ...r, since: r.promoted_at })), NOW, config);
    expect(a).toMatchObject({ hits: 2, opportunities: 5 });
    expect(b).toBeUndefined(); // no chain ran since
    expect(c).toMatchObject({ hits: 0, opportunities: 3 });
  });

  it('the same figures as the analysis states over the same sessions', () => {
    const records = [...before, ...many(3, A, (i) => i !== 1), ...many(2, B, () => true)];
    const t = tableFromRecords(records.filter((r) => r.ts > T0 + GIVEN * HOUR));
    const p = analyze(t, NOW, config, t.projects.indexOf(A), T0 + GIVEN * HOUR).patterns.find((x) => x.key === 'cmd:test=npm test')!;
    const [got] = liveFigures(tableFromRecords(records), [{ ...command(), since: at(GIVEN) }], NOW, config);
    expect({ hits: got!.hits, opportunities: got!.opportunities }).toEqual({ hits: p.hits, opportunities: p.opportunities });
  });
});

describe('withdrawal: enough live opportunities, a live rate under minRate', () => {
  const live = (hits: number, opportunities: number, rate: number) => ({ since: at(GIVEN), through: at(200), hits, opportunities, rate });
  it.each([
    { live: undefined, want: undefined },
    { live: live(3, 3, 0.81), want: undefined },
    { live: live(0, 2, 0.5), want: undefined }, // too few opportunities (liveMinOpportunities 3)
    { live: live(0, 4, 0.39), want: 'held in 0 of 4 sessions that ran it since it was given on 2026-11-03 (live rate 39%), under minRate 50%' },
    { live: live(2, 5, 0.499), want: 'held in 2 of 5 sessions that ran it since it was given on 2026-11-03 (live rate 49.9%), under minRate 50%' },
    { live: live(1, 4, 0.3), kind: 'chain', want: 'held 1 of 4 times since it was given on 2026-11-03 (live rate 30%), under minRate 50%' },
  ])('$live.hits of $live.opportunities at $live.rate: $want', ({ live: l, kind, want }) => {
    expect(withdrawal(kind ?? 'command', l, config)).toBe(want);
  });
});

describe('planRules: the live figures stored on the rule, and a claim withdrawn', () => {
  const plan = (rules: ObservedRule[], records: PlainRecord[]) => {
    const t = tableFromRecords(records);
    // Idle projects (no evidence this run): only the live figures can change a rule.
    return planRules(rules, { projects: new Map(), all: [], blocked: new Set(), names: new Map(), live: liveByRule(t, rules, NOW, config) }, NOW, config);
  };
  it.each([
    { name: 'no opportunity yet: kept, no live figures', records: before, kept: true, live: undefined },
    { name: '3 of 3: kept, with its figures', records: [...before, ...many(3, A, () => true)], kept: true, live: { hits: 3, opportunities: 3, rate: 0.8125 } },
    { name: '0 of 4: withdrawn, with why', records: [...before, ...many(4, A, () => false)], kept: false, reason: 'held in 0 of 4 sessions that ran it since it was given on 2026-11-03 (live rate 39%), under minRate 50%' },
    { name: "0 of 4 in another project: its own project's sessions only", records: [...before, ...many(4, B, () => false)], kept: true, live: undefined },
  ])('$name', ({ records, kept, live, reason }) => {
    const p = plan([command({ live: { since: at(GIVEN), through: at(50), hits: 1, opportunities: 1, rate: 0.75 } })], records);
    if (kept) {
      expect(p.changes).toEqual([]);
      expect(p.rules).toHaveLength(1);
      if (live === undefined) expect(p.rules[0]!.live).toBeUndefined();
      else expect(p.rules[0]!.live).toEqual({ ...live, since: at(GIVEN), through: new Date(NOW).toISOString() });
    } else {
      expect(p.rules).toEqual([]);
      expect(p.changes).toMatchObject([{ change: 'archived', reason, rule: { pattern: 'cmd:test=npm test', live: { hits: 0, opportunities: 4 } } }]);
    }
  });

  it("a global habit is withdrawn on the sessions it is given in, never on those of the projects that hold it; figures of another promotion are not its own", () => {
    // Held in A and B (their own rules), and one global rule for the rest (C here).
    const rules = [seq(), seq({ project: B }), seq({ scope: 'global', project: undefined, projects: [A, B], against: [] })];
    const C = 'cccccccccccc';
    const holdersOnly = [...chain('c0', 10, A, 'Edit'), ...[60, 70, 80, 90].map((h, i) => chain(`w${i}`, h, i % 2 ? A : B, 'Write')).flat()];
    const kept = plan(rules, holdersOnly);
    expect(kept.changes).toEqual([]);
    expect(kept.rules.map((r) => [r.project, r.live?.opportunities])).toEqual([[undefined, undefined], [A, 2], [B, 2]]);
    const records = [...holdersOnly, ...[100, 110, 120, 130].map((h, i) => chain(`x${i}`, h, C, 'Write')).flat()];
    const p = plan(rules, records);
    expect(p.changes).toMatchObject([{ change: 'archived', rule: { scope: 'global' }, reason: 'held 0 of 4 times since it was given on 2026-11-03 (live rate 17%), under minRate 50%' }]);
    expect(p.rules.map((r) => [r.project, r.live?.opportunities])).toEqual([[A, 2], [B, 2]]);
    const stale = planRules(rules, { projects: new Map(), all: [], blocked: new Set(), names: new Map(), live: new Map([[liveKey(rules[2]!), { since: at(1), through: at(2), hits: 0, opportunities: 9, rate: 0 }]]) }, NOW, config);
    expect(stale.changes).toEqual([]);
    expect(stale.rules.map((r) => r.live)).toEqual([undefined, undefined, undefined]);
  });
});

describe('judgeLive: the live rate is shrunk toward the prior the rule has now', () => {
  // bye measured the live counts before its plan measured the claim again: the stored rate follows the new prior.
  const figures = { since: at(GIVEN), through: at(100), hits: 0, opportunities: 4, rate: 0.5229 };
  it.each([
    ['the prior this bye measured (0.6667): 5 x 0.6667 / 9 = 37%, withdrawn', 0.6667, 0.3704, true],
    ['a prior that keeps it over minRate (0.95): 53%, kept', 0.95, 0.5278, false],
  ])('%s', (_name, prior, rate, withdrawn) => {
    const rule = command({ prior });
    const j = judgeLive(rule, new Map([[liveKey(rule), figures]]), config);
    expect(j.rule.live?.rate).toBeCloseTo(rate, 4);
    expect(j.withdraw !== undefined).toBe(withdrawn);
  });
});
