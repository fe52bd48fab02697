import type { Config } from '../lib/config.js';
import type { PatternCount, PatternKind } from './patterns.js';

export interface ScoredPattern {
  kind: PatternKind;
  key: string;
  observations: number;
  sessions: number;
  sessionsInWindow: number;
  frequency: number;
  consistency: number;
  recency: number;
  confidence: number;
  firstSeen: number;
  lastSeen: number;
}

/**
 * frequency x consistency x recency, capped at maxConfidence. Frequency is relative to the most
 * common pattern of the same kind; consistency is the share of the window's sessions that show
 * the pattern; recency is the mean decay weight of its occurrences.
 */
export function scoreKind(patterns: Iterable<PatternCount>, sessionsInWindow: number, config: Pick<Config, 'maxConfidence'>): ScoredPattern[] {
  const list = [...patterns];
  const maxN = list.reduce((m, p) => Math.max(m, p.n), 0);
  return list.map((p) => {
    const frequency = p.n / maxN;
    const consistency = p.sessions.size / sessionsInWindow;
    const recency = p.decaySum / p.n;
    return {
      kind: p.kind,
      key: p.key,
      observations: p.n,
      sessions: p.sessions.size,
      sessionsInWindow,
      frequency,
      consistency,
      recency,
      confidence: Math.min(config.maxConfidence, frequency * consistency * recency),
      firstSeen: p.first,
      lastSeen: p.last,
    };
  });
}

/** Most confident first; ties by more observations, then by key, so output is deterministic. */
export function byStrength(a: ScoredPattern, b: ScoredPattern): number {
  return b.confidence - a.confidence || b.observations - a.observations || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}
