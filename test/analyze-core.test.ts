import { describe, expect, it } from 'vitest';
import { analyze } from '../analyzer/analyze.js';
import { slugFor, SLUG } from '../analyzer/instinct-file.js';
import { loadConfig, type Config } from '../lib/config.js';
import type { PlainRecord } from '../analyzer/record-table.js';
import { tableFromRecords } from '../analyzer/table-builder.js';
import { decay, effectiveConfidence } from '../lib/temporal-decay.js';

const NOW = Date.parse('2026-11-08T12:00:00Z');
const MIN = 60_000;
// The defaults, with this file's values over them (a key added later has its default, not undefined).
const config: Config = {
  ...loadConfig('/nonexistent-homunculus-home', {}, undefined, { defaultsOnly: true }).config,
  windowDays: 7, minConfidence: 0.5, maxConfidence: 0.95, promoteAt: 0.9, minObservations: 5, minSessions: 2,
  maxInstincts: 30, archivePruneDays: 30, retentionDays: 30, demoteBelow: 0.25, forcedEvalEvery: 5, chainDetail: false, halfLifeDays: 7,
  saturateAt: 0.5, minLift: 4, minRetryLift: 3, keepRuleSessionShare: 0.5, effectMinOpportunities: 20, effectMinChange: 0.05,
  ratePriorWeight: 5, minRate: 0.5, maxSessionRules: 8, maxSessionChars: 2000,
};

function session(id: string, startMs: number, tools: string[], extra: Partial<PlainRecord>[] = []): PlainRecord[] {
  return tools.map((tool, i) => ({ ts: startMs + i * MIN, tool, ok: true, session: id, ...extra[i] }));
}

describe('temporal decay', () => {
  it.each([[0, 1], [7, 0.5], [14, 0.25], [-3, 1]])('age %d days -> %d', (age, w) => expect(decay(age, 7)).toBeCloseTo(w, 10));
  it('a 90% rule unseen for 12 days is at 27%, for 14 days at 22.5%', () => {
    const last = NOW - 12 * 86_400_000;
    expect(effectiveConfidence(0, 0.9, last, NOW, 7)).toBeCloseTo(0.9 * Math.pow(0.5, 12 / 7), 10);
    expect(Math.round(effectiveConfidence(0, 0.9, last, NOW, 7) * 100)).toBe(27);
    expect(effectiveConfidence(0, 0.9, NOW - 14 * 86_400_000, NOW, 7)).toBeCloseTo(0.225, 10);
    expect(effectiveConfidence(0.6, 0.9, NOW - 14 * 86_400_000, NOW, 7)).toBe(0.6);
  });
});

describe('analyze (pure)', () => {
  it('counts every run of three in a stream, rotations included', () => {
    const a = analyze(tableFromRecords(session('a', NOW - 60 * MIN, ['Grep', 'Read', 'Edit', 'Grep', 'Read', 'Edit'])), NOW, config);
    expect(Object.fromEntries(a.patterns.map((p) => [p.key, p.observations]))).toEqual({ 'Grep->Read->Edit': 2, 'Read->Edit->Grep': 1, 'Edit->Grep->Read': 1 });
  });

  it('keeps subagent streams apart and counts sessions, not streams', () => {
    const main = session('a', NOW - 60 * MIN, ['Read', 'Edit', 'Bash']);
    const sub = session('a', NOW - 59.5 * MIN, ['Glob', 'Grep', 'Read'], [{ agentId: 'x1' }, { agentId: 'x1' }, { agentId: 'x1' }]);
    const a = analyze(tableFromRecords([...main, ...sub].sort((x, y) => x.ts - y.ts)), NOW, config);
    expect(a.patterns.map((p) => p.key).sort()).toEqual(['Glob->Grep->Read', 'Read->Edit->Bash']);
    expect(a.sessionsInWindow).toBe(1);
  });

  it('orders by time within a stream, whatever the file order', () => {
    const recs = session('a', NOW - 60 * MIN, ['Grep', 'Read', 'Edit']);
    const a = analyze(tableFromRecords([recs[2]!, recs[0]!, recs[1]!]), NOW, config);
    expect(a.patterns.map((p) => p.key)).toEqual(['Grep->Read->Edit']);
  });

  it('detects error-retry pairs: a failure followed by the same tool in the same stream', () => {
    const recs = [
      ...session('a', NOW - 90 * MIN, ['Bash', 'Bash', 'Read', 'Bash', 'Edit'], [{ ok: false }, {}, {}, { ok: false }, {}]),
      ...session('b', NOW - 60 * MIN, ['Bash', 'Bash', 'Edit', 'Edit'], [{ ok: false }, { ok: false }, { ok: false }, {}]),
    ];
    const a = analyze(tableFromRecords(recs), NOW, config);
    const er = a.patterns.filter((p) => p.kind === 'error-retry');
    expect(er.map((p) => [p.key, p.observations, p.sessions])).toEqual([
      ['Bash error-retry', 2, 2],
      ['Edit error-retry', 1, 1],
    ]);
    expect(er[0]!.frequency).toBe(1);
    expect(er[1]!.frequency).toBe(1); // half the reference (Bash, 2 sessions): frequency saturates
    expect(a.days.at(-1)!.failures).toBe(5);
  });

  it('window: now - 7 days < ts <= now; later records are counted as future', () => {
    const week = 7 * 86_400_000;
    const recs = [
      ...session('old', NOW - week - 10 * MIN, ['Read', 'Edit', 'Bash']),
      ...session('edge', NOW - week, ['Read', 'Edit', 'Bash']),
      ...session('in', NOW - 2 * MIN, ['Read', 'Edit', 'Bash']),
      ...session('future', NOW + MIN, ['Read', 'Edit', 'Bash']),
    ];
    const a = analyze(tableFromRecords(recs), NOW, config);
    expect(a.future).toBe(3);
    expect(a.sessionsInWindow).toBe(2); // "edge": only its 2nd and 3rd records are inside
    expect(a.patterns[0]).toMatchObject({ key: 'Read->Edit->Bash', observations: 1, sessions: 1 });
  });

  it('tracks at most maxInstincts patterns, the most confident', () => {
    const tools = Array.from({ length: 42 }, (_, i) => `T${i}`);
    const recs = [...session('a', NOW - 100 * MIN, tools), ...session('b', NOW - 50 * MIN, tools)];
    const a = analyze(tableFromRecords(recs), NOW, config);
    expect(a.patterns.filter((p) => p.confidence >= 0.5)).toHaveLength(40);
    expect(a.tracked).toHaveLength(30);
    // All capped at 95%: ties break by observations, then key, so the choice is deterministic.
    expect(a.tracked.every((p) => p.confidence === 0.95)).toBe(true);
    expect(a.tracked[0]!.key).toBe('T0->T1->T2');
  });

  it('chainDetail: Bash appears with its detail in keys', () => {
    const recs = session('a', NOW - 10 * MIN, ['Edit', 'Bash', 'Read'], [{}, { detail: 'npm test' }, {}]);
    expect(analyze(tableFromRecords(recs), NOW, { ...config, chainDetail: true }).patterns[0]!.key).toBe('Edit->Bash(npm test)->Read');
    expect(analyze(tableFromRecords(recs), NOW, config).patterns[0]!.key).toBe('Edit->Bash->Read');
  });
});

describe('instinct slugs', () => {
  it.each([
    ['chain', 'Bash->Read->Edit', 'chain-bash-read-edit'],
    ['error-retry', 'Bash error-retry', 'error-retry-bash'],
  ])('%s %s -> %s', (kind, key, slug) => expect(slugFor(kind, key)).toBe(slug));
  it.each([
    ['chain', 'mcp__github__search->Read->Edit'],
    ['chain', 'Edit->Bash(npm test)->Read'],
    ['chain', '../../etc->passwd->x'],
    ['chain', `${'A'.repeat(128)}->${'B'.repeat(128)}->${'C'.repeat(128)}`],
  ])('%s %s: a safe, distinct file name', (kind, key) => {
    const slug = slugFor(kind, key);
    expect(slug).toMatch(SLUG);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug).not.toBe(slugFor(kind, key.replace(/[A-Za-z]/, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).replace(/^\.\./, 'x.')));
  });
});

describe('decayWeigher', () => {
  it('agrees with decay() for timestamps before and after now', async () => {
    const { decayWeigher } = await import('../lib/temporal-decay.js');
    const w = decayWeigher(NOW, 7);
    for (const days of [0, 0.5, 3, 7, 12.25, 30]) expect(w(NOW - days * 86_400_000)).toBeCloseTo(decay(days, 7), 12);
    expect(w(NOW + 86_400_000)).toBe(1);
  });
});
