import { describe, expect, it } from 'vitest';
import { nearestClaims, nearLine, whyNothingHere, type NearClaim } from '../analyzer/nearest.js';
import type { ScoredPattern } from '../analyzer/score.js';
import { parseLastAnalysis } from '../analyzer/window-figures.js';
import { loadConfig } from '../lib/config.js';
import { ROOT } from './helpers.js';

const config = loadConfig('/nonexistent-home', {}, ROOT).config;
const NOW = Date.parse('2026-11-20T12:00:00Z');

const cmd = (key: string, over: Partial<ScoredPattern> = {}): ScoredPattern => ({
  kind: 'command', key, observations: 1, sessions: 1, sessionsInWindow: 2, days: 1, activeDays: 1, frequency: 1, consistency: 1, recency: 1, confidence: 0.6, lift: 1,
  specific: true, starts: 1, retries: 0, firstSeen: NOW, lastSeen: NOW, claim: 'runs and succeeds', hits: 1, opportunities: 1, rate: 0.79, ...over,
} as ScoredPattern);

describe('nearestClaims', () => {
  it.each<[string, ScoredPattern[], string[]]>([
    ['those that pass first (the next bye gives them), then by how often they apply x their rate', [cmd('cmd:lint=pnpm lint', { rate: 0.55, opportunities: 2, sessions: 2 }), cmd('cmd:test=pnpm test', { rate: 0.4, sessions: 2, opportunities: 2 }), cmd('cmd:build=pnpm build')], ['cmd:lint=pnpm lint', 'cmd:build=pnpm build', 'cmd:test=pnpm test']],
    ['never one folded into another, one that says no more than its steps, one never held, one step repeated', [cmd('cmd:a=make a', { foldedInto: 'x' }), cmd('cmd:b=make b', { specific: false }), cmd('cmd:c=make c', { hits: 0, rate: 0.2 }), { ...cmd('Read->Read->Read'), kind: 'chain' } as ScoredPattern, cmd('cmd:d=make d')], ['cmd:d=make d']],
    ['at most three', ['a', 'b', 'c', 'd'].map((x) => cmd(`cmd:other=make ${x}`)), ['cmd:other=make a', 'cmd:other=make b', 'cmd:other=make c']],
    ['none', [], []],
  ])('%s', (_name, patterns, keys) => {
    expect(nearestClaims(patterns, config).map((c) => c.pattern)).toEqual(keys);
  });
});

describe('nearLine and whyNothingHere', () => {
  const near = (over: Partial<NearClaim> = {}): NearClaim => ({ kind: 'command', pattern: 'cmd:test=pnpm test', rate: 0.79, hits: 1, opportunities: 1, sessions: 1, lift: 1, applies: 0.5, observations: 1, ...over } as NearClaim);
  it.each<[string, NearClaim, string | undefined]>([
    ['a claim that passes', near(), 'Tests here: `pnpm test`, which succeeds (79%; 1 of 1 session that ran it): it passes the delivery test, and the next /bye gives it'],
    ['one under minRate says so', near({ rate: 0.4, hits: 1, opportunities: 2 }), 'Tests here: `pnpm test`, which succeeds (40%; 1 of 2 sessions that ran it): its rate is 40%, under minRate 50%'],
    ['a step that is no token is never shown', near({ pattern: 'cmd:test=pnpm test; rm -rf /' }), undefined],
  ])('%s', (_name, c, line) => {
    expect(nearLine(c, config)).toBe(line);
  });

  it('a claim bye withdrew is said held back, never "the next /bye gives it"', () => {
    const heldBack = (kind: string, pattern: string) => (kind === 'command' && pattern === 'cmd:test=pnpm test' ? 'withdrawn on 2026-11-05: ...' : undefined);
    expect(nearLine(near(), config, heldBack)).toBe('Tests here: `pnpm test`, which succeeds (79%; 1 of 1 session that ran it): withdrawn on 2026-11-05: ...');
    expect(nearLine(near({ pattern: 'cmd:lint=pnpm lint' }), config, heldBack)).toMatch(/the next \/bye gives it$/);
  });

  it.each<[string, Parameters<typeof whyNothingHere>[0], { seen: string; nearest: number }]>([
    ['no session in the window', undefined, { seen: 'The last analysis saw no session of this project in its 7-day window: homunculus learns here once the hooks record its tool calls (or import-transcripts brings its history).', nearest: 0 }],
    ['sessions, nothing of its own held', { sessions: 3, calls: 40, nearest: [] }, { seen: 'The last analysis saw 3 sessions and 40 tool calls of this project, and no claim of its own that held there yet (a command that succeeds, a fix after a failure, a chain with a command in it).', nearest: 0 }],
    ['sessions and a near claim', { sessions: 1, calls: 6, nearest: [near()] }, { seen: 'The last analysis saw 1 session and 6 tool calls of this project; nearest to being given:', nearest: 1 }],
    ['only history (imported)', { sessions: 0, calls: 0, nearest: [near()] }, { seen: 'The last analysis saw no session of this project in its 7-day window; from the history import-transcripts learned, nearest to being given:', nearest: 1 }],
  ])('%s', (_name, seen, want) => {
    const r = whyNothingHere(seen, 7, config);
    expect(r.seen).toBe(want.seen);
    expect(r.nearest).toHaveLength(want.nearest);
  });
});

describe('last-analysis.json: what it saw of each project, read back checked', () => {
  const base = { now: '2026-11-20T12:00:00.000Z', windowStart: '2026-11-13T12:00:00.000Z', windowDays: 7, recordsInWindow: 6, sessionsInWindow: 1, patternsTracked: 2 };
  const good = { kind: 'command', pattern: 'cmd:test=pnpm test', rate: 0.79, hits: 1, opportunities: 1, sessions: 1, lift: 1, applies: 0.5, observations: 1 };
  it.each<[string, unknown, unknown]>([
    ['kept as written', { '0123456789ab': { sessions: 1, calls: 6, nearest: [good] } }, { '0123456789ab': { sessions: 1, calls: 6, nearest: [good] } }],
    ['an id that is no project id is left out', { '../etc': { sessions: 1, calls: 6, nearest: [] } }, {}],
    ['a claim of an unknown kind, or a rate that is no probability, is left out', { '0123456789ab': { sessions: 1, calls: 6, nearest: [{ ...good, kind: 'shell' }, { ...good, rate: 3 }, good] } }, { '0123456789ab': { sessions: 1, calls: 6, nearest: [good] } }],
    ['counts that are not whole numbers drop the entry', { '0123456789ab': { sessions: -1, calls: 6, nearest: [] } }, {}],
    ['not an object: none', [1, 2], undefined],
  ])('%s', (_name, projects, want) => {
    expect(parseLastAnalysis(JSON.stringify({ ...base, projects }))?.projects).toEqual(want);
  });

  // The figures are printed by status, stats and the report: times that read as times, counts a run can reach.
  it.each<[string, Record<string, unknown>]>([
    ['a time Date.parse takes with a comment holding a terminal escape', { now: '(\u001b[2J)2026-11-20T12:00:00Z' }],
    ['a window of days that is no whole number', { windowDays: -3.5 }],
    ['a count beyond any run', { recordsInWindow: 1e21 }],
    ['a count that is no whole number', { sessionsInWindow: 1.5 }],
  ])('refused whole: %s', (_name, over) => {
    expect(parseLastAnalysis(JSON.stringify({ ...base, ...over }))).toBeNull();
    expect(parseLastAnalysis(JSON.stringify(base))).not.toBeNull();
  });
});
