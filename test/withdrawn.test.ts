import { describe, expect, it } from 'vitest';
import { analyze } from '../analyzer/analyze.js';
import type { PlainRecord } from '../analyzer/record-table.js';
import { tableFromRecords } from '../analyzer/table-builder.js';
import { loadConfig } from '../lib/config.js';
import { liveByRule, liveFigures, liveKey } from '../rules/live.js';
import { planRules, type ProjectEvidence } from '../rules/plan.js';
import { withdrawnProblem } from '../rules/read.js';
import type { ObservedRule, WithdrawnClaim } from '../rules/rule.js';
import { ROOT } from './helpers.js';

// A claim withdrawn on how it held since it was given is remembered in rules.json (`withdrawn`,
// rules/withdrawn.ts): the window that promoted it still holds the sessions from before it was
// given, and would promote it again at the next bye. It is given again only once it holds in
// the sessions since the withdrawal, and forgotten once the records that withdrew it are gone.

const config = loadConfig('/nonexistent-home', {}, ROOT).config;
const HOUR = 3_600_000;
const T0 = Date.parse('2026-11-01T00:00:00Z');
const iso = (h: number) => new Date(T0 + h * HOUR).toISOString();
const NOW = T0 + 240 * HOUR;
const A = 'aaaaaaaaaaaa';
const KEY = 'cmd:test=npm test';
const WITHDRAWN = 125;

function session(id: string, h: number, ok: boolean): PlainRecord[] {
  const ts = T0 + h * HOUR;
  return [
    { ts, tool: 'Read', ok: true, session: id, project: A },
    { ts: ts + 60_000, tool: 'Bash', detail: 'npm test', ok, session: id, project: A },
  ];
}
/** Ten good sessions in the window before the withdrawal, four failing ones before it too: the window still states the claim at minRate or more. */
const history = [...[80, 84, 88, 92, 96, 100, 104, 108, 112, 116].map((h, i) => session(`good${i}`, h, true)).flat(), ...[118, 120, 122, 124].map((h, i) => session(`bad${i}`, h, false)).flat()];
const claim: WithdrawnClaim = { kind: 'command', pattern: KEY, scope: 'project', project: A, withdrawn_at: iso(WITHDRAWN), reason: 'held in 0 of 4 sessions that ran it since it was given on 2026-11-04 (live rate 39%), under minRate 50%', prior: 0.7 };

function evidence(records: PlainRecord[]): Map<string, ProjectEvidence> {
  const t = tableFromRecords(records);
  const a = analyze(t, NOW, config, t.projects.indexOf(A));
  return new Map([[A, { patterns: a.patterns, tracked: new Set(a.tracked.map((p) => `${p.kind}:${p.key}`)), active: true, overridden: new Map() }]]);
}

describe('planRules: a claim withdrawn earlier', () => {
  it('the window alone would give it again (the reason it is remembered)', () => {
    const p = planRules([], { projects: evidence(history), all: [], blocked: new Set(), names: new Map() }, NOW, config);
    expect(p.changes.map((c) => [c.change, c.rule.pattern])).toEqual([['promoted', KEY]]);
  });

  it.each([
    { name: 'no session since: held back, remembered', after: [] as boolean[], given: false, why: 'withdrawn on 2026-11-06, under minRate since it was given; no opportunity since; given again once it holds at minRate on 3 opportunities since' },
    { name: '1 of 2 since, too few to say: held back', after: [true, false], given: false, why: /; since then held in 1 of 2 sessions that ran it \(live rate 64%\); given again once/ },
    { name: '0 of 3 since, under minRate: held back', after: [false, false, false], given: false, why: /since then held in 0 of 3 sessions that ran it \(live rate 44%\)/ },
    { name: '1 of 3 since, at minRate with its prior: given again', after: [false, true, false], given: true },
    { name: '3 of 3 since: given again, and forgotten', after: [true, true, true], given: true },
  ])('$name', ({ after, given, why }) => {
    const records = [...history, ...after.map((ok, i) => session(`after${i}`, 130 + i * 4, ok)).flat()];
    const since = liveFigures(tableFromRecords(records), [{ ...claim, since: claim.withdrawn_at }], NOW, config)[0];
    const p = planRules([], { projects: evidence(records), all: [], blocked: new Set(), names: new Map([[A, 'shop']]), withdrawn: { claims: [claim], since: new Map(since ? [[liveKey(claim), since]] : []) } }, NOW, config);
    if (given) {
      expect(p.changes.map((c) => [c.change, c.rule.pattern])).toEqual([['promoted', KEY]]);
      expect(p.withheld).toEqual([]);
      expect(p.withdrawn).toEqual([]);
    } else {
      expect(p.changes).toEqual([]);
      expect(p.rules).toEqual([]);
      expect(p.withheld).toEqual([{ pattern: KEY, project: A, project_name: 'shop', reason: typeof why === 'string' ? why : expect.stringMatching(why!) }]);
      expect(p.withdrawn).toEqual([claim]);
    }
  });

  it('forgotten once the records that withdrew it are no longer retained', () => {
    const old = { ...claim, withdrawn_at: new Date(NOW - (config.retentionDays + 1) * 24 * HOUR).toISOString() };
    const p = planRules([], { projects: evidence(history), all: [], blocked: new Set(), names: new Map(), withdrawn: { claims: [old], since: new Map() } }, NOW, config);
    expect(p.changes.map((c) => c.change)).toEqual(['promoted']);
    expect(p.withdrawn).toEqual([]);
  });

  it('held back only in its own project', () => {
    const other = { ...claim, project: 'bbbbbbbbbbbb' };
    const p = planRules([], { projects: evidence(history), all: [], blocked: new Set(), names: new Map(), withdrawn: { claims: [other], since: new Map() } }, NOW, config);
    expect(p.changes.map((c) => c.change)).toEqual(['promoted']);
    expect(p.withdrawn).toEqual([other]);
  });

  it('a rule withdrawn now is remembered, with its prior', () => {
    const rule: ObservedRule = { id: 'cmd-test-npm-test', kind: 'command', pattern: KEY, promoted_at: iso(100), confidence_at_promotion: 0.8, last_confidence: 0.8, last_seen: iso(99), observations: 5, sessions: 5, confidence_now: 0.8, hits: 5, opportunities: 5, rate: 0.8, prior: 0.7, scope: 'project', project: A };
    const records = [...[101, 105, 109, 113].map((h, i) => session(`f${i}`, h, false)).flat()];
    const p = planRules([rule], { projects: new Map(), all: [], blocked: new Set(), names: new Map(), live: liveByRule(tableFromRecords(records), [rule], NOW, config) }, NOW, config);
    expect(p.changes.map((c) => c.change)).toEqual(['archived']);
    expect(p.withdrawn).toEqual([{ kind: 'command', pattern: KEY, scope: 'project', project: A, withdrawn_at: new Date(NOW).toISOString(), reason: p.changes[0]!.reason, prior: 0.7 }]);
  });
});

describe('withdrawnProblem: an entry of rules.json `withdrawn` read strictly', () => {
  it.each([
    { entry: claim, want: undefined },
    { entry: { ...claim, scope: 'global', project: undefined }, want: undefined },
    { entry: null, want: 'expected a withdrawn claim object' },
    { entry: { ...claim, kind: 'nonsense' }, want: '"kind" and "pattern" must name a claim' },
    { entry: { ...claim, pattern: 'cmd:test=$(rm -rf /)' }, want: '"kind" and "pattern" must name a claim' },
    { entry: { ...claim, project: '../x' }, want: '"project" must be a project id (12 hex digits)' },
    { entry: { ...claim, withdrawn_at: 'soon' }, want: '"withdrawn_at" must be an ISO 8601 time' },
    { entry: { ...claim, prior: 2 }, want: '"prior" must be a number from 0 to 1' },
    // Date.parse takes a parenthesised comment: a terminal escape would pass and be printed.
    { entry: { ...claim, withdrawn_at: '(\u001b[2J)2026-11-05T20:00:00Z' }, want: '"withdrawn_at" must be an ISO 8601 time' },
    { entry: { ...claim, scope: 'global', project: undefined, excluded: ['aaaaaaaaaaaa'] }, want: undefined },
    { entry: { ...claim, scope: 'global', project: undefined, excluded: ['../x'] }, want: '"excluded" must be a list of project ids (12 hex digits)' },
  ])('$entry.pattern: $want', ({ entry, want }) => {
    expect(withdrawnProblem(entry)).toBe(want);
  });
});
