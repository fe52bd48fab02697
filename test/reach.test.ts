import { describe, expect, it } from 'vitest';
import { observedReaches, taughtReaches } from '../rules/reach.js';
import type { ObservedRule } from '../rules/rule.js';

// Who is given an observed rule (rules/reach.ts), as the SessionStart context and bye's live
// calibration both read it.

const A = 'aaaaaaaaaaaa';
const B = 'bbbbbbbbbbbb';
const base = { promoted_at: '2026-11-01T00:00:00.000Z', confidence_at_promotion: 0.8, last_confidence: 0.8, last_seen: '2026-11-01T00:00:00.000Z', observations: 3, sessions: 3, confidence_now: 0.8 };
const cmd = (over: Partial<ObservedRule>): ObservedRule => ({ id: 'cmd-test-make-check', kind: 'command', pattern: 'cmd:test=make check', ...base, ...over } as ObservedRule);
const chain = (over: Partial<ObservedRule>): ObservedRule => ({ id: 'chain-glob-read-write', kind: 'chain', pattern: 'Glob->Read->Write', ...base, ...over } as ObservedRule);

describe('observedReaches', () => {
  it.each<[string, ObservedRule, ObservedRule[], (string | null)[], (string | null)[]]>([
    ["a project's rule: its project only", cmd({ scope: 'project', project: A }), [], [A], [B, null]],
    ['a command of the sessions with no project (no list of projects): those sessions only', cmd({ scope: 'global' }), [], [null], [A, B]],
    ["an earlier version's command pooled over projects it no longer names: no one", cmd({ scope: 'global', projects: [] }), [], [], [A, B, null]],
    ['an earlier version\'s command pooled over A: A only', cmd({ scope: 'global', projects: [A] }), [], [A], [B, null]],
    ['a habit across projects: everywhere but its holders (their own rule) and those against it', chain({ scope: 'global', projects: [A], against: [B] }), [chain({ scope: 'project', project: A })], ['cccccccccccc', null], [A, B]],
  ])('%s', (_name, rule, others, given, not) => {
    const doc = { rules: [rule, ...others] };
    for (const p of given) expect(observedReaches(rule, p, doc), String(p)).toBe(true);
    for (const p of not) expect(observedReaches(rule, p, doc), String(p)).toBe(false);
  });
});

describe('taughtReaches', () => {
  it.each<[string, { scope: 'project' | 'global'; project?: string }, (string | null)[], (string | null)[]]>([
    ["taught in a project: that project's sessions only", { scope: 'project', project: A }, [A], [B, null]],
    ['taught for every project: every session, one with no project too', { scope: 'global' }, [A, B, null], []],
    ['taught in a project it does not name (an earlier file): no session', { scope: 'project' }, [], [A, B, null]],
  ])('%s', (_name, rule, given, not) => {
    for (const p of given) expect(taughtReaches(rule, p), String(p)).toBe(true);
    for (const p of not) expect(taughtReaches(rule, p), String(p)).toBe(false);
  });
});
