import type { Config } from '../lib/config.js';
import { patternStoreKey, shrunkRate, type ClaimCounts } from './claims.js';
import { oneKeyRepeated, patternLift } from './lift.js';
import { learnerOf } from './learners/index.js';
import type { PatternDetails } from './learners/learner.js';
import { minLiftOf } from './deliver.js';
import { histogramSessions, type Counted, type PatternCount } from './counted.js';
import type { PatternKind } from './pattern-kind.js';

export interface ScoredPattern {
  kind: PatternKind;
  key: string;
  observations: number;
  sessions: number;
  sessionsInWindow: number;
  /** Active days of the window (days with at least one record), and those that show the pattern. */
  days: number;
  activeDays: number;
  frequency: number;
  consistency: number;
  recency: number;
  confidence: number;
  /** See analyzer/lift.ts: chain lift, or for an error-retry how much likelier after a failure. */
  lift: number;
  /** Lift at least minLift (chains) or minRetryLift (error-retries), and not one key repeated. */
  specific: boolean;
  /** Chains: occurrences that start a cycle (see PatternCount.starts). */
  starts: number;
  /** Chains: occurrences that hold a failed call and its immediate retry. */
  retries: number;
  /** What the pattern predicts, in plain words (analyzer/claims.ts)... */
  claim: string;
  /** ...the places in the window where its condition held and a call followed, those where the prediction held... */
  opportunities: number;
  hits: number;
  /** ...and the shrunk estimate of how often it will hold: the only figure shown as a percentage... */
  rate: number;
  /** ...shrunk toward this: how often the outcome comes without the pattern (absent in history kept by an earlier version). */
  prior?: number;
  /** Set when the chain is a rotation of another chain's cycle, which stands for both. */
  foldedInto?: string;
  /** What a learner's line may add beside its claim (analyzer/learners/learner.ts). */
  details?: PatternDetails;
  firstSeen: number;
  lastSeen: number;
}

export type ScoreConfig = Pick<Config, 'maxConfidence' | 'saturateAt' | 'minLift' | 'minRetryLift' | 'ratePriorWeight' | 'minRate' | 'minSessions'>;

/**
 * The median session's count caps every session's: one long run of repetitions counts as one
 * typical session. With an even number of sessions the lower median is taken, so that of two
 * sessions, a burst and an ordinary one, the ordinary one sets the cap. From the histogram of
 * per-session counts (sessionHistogram): whole numbers, so the same however sessions are grouped.
 */
export function robustCount(h: readonly number[]): number {
  const m = histogramSessions(h);
  if (m < 2) return m === 1 ? h[0]! : 0;
  const lo = h[0]!;
  const hi = h[h.length - 2]!;
  if (lo === hi) return lo * m;
  if (m === 2) return 2 * lo;
  const rank = Math.floor((m - 1) / 2);
  let median = lo;
  for (let i = 0, seen = 0; i < h.length; i += 2) {
    seen += h[i + 1]!;
    if (seen > rank) {
      median = h[i]!;
      break;
    }
  }
  let n = 0;
  for (let i = 0; i < h.length; i += 2) n += Math.min(h[i]!, median) * h[i + 1]!;
  return n;
}

const histogram = new Int32Array(256);

/** The lower median of counts in [lo, hi]: by counting (counts are small), no copy or sort. */
function lowerMedian(xs: readonly number[], lo: number, hi: number): number {
  const rank = Math.floor((xs.length - 1) / 2);
  if (hi - lo >= histogram.length) return Float64Array.from(xs).sort()[rank]!;
  histogram.fill(0, 0, hi - lo + 1);
  for (let i = 0; i < xs.length; i++) histogram[xs[i]! - lo]!++;
  let seen = 0;
  for (let v = 0; ; v++) {
    seen += histogram[v]!;
    if (seen > rank) return v + lo;
  }
}

/** robustCount over the per-session counts themselves (a one-pass count keeps them so): the same number. */
export function robustCountOf(perSession: readonly number[]): number {
  const m = perSession.length;
  if (m < 2) return perSession[0] ?? 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < m; i++) {
    const x = perSession[i]!;
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  if (lo === hi) return lo * m;
  if (m === 2) return 2 * lo;
  const median = lowerMedian(perSession, lo, hi);
  let n = 0;
  for (let i = 0; i < m; i++) n += Math.min(perSession[i]!, median);
  return n;
}

/** A pattern's robust count and sessions, from its per-session counts or their histogram. */
function robustAndSessions(p: PatternCount): [number, number] {
  return p.perSession.length > 0 ? [robustCountOf(p.perSession), p.perSession.length] : [robustCount(p.sessions), histogramSessions(p.sessions)];
}

/**
 * frequency x consistency x recency, capped at maxConfidence, for the patterns of one kind:
 * - frequency: the pattern's robust count against saturateAt x the largest robust count among the
 *   patterns of the kind seen in at least 2 sessions, capped at 1;
 * - consistency: the share of the window's active days (days with any record) on which the
 *   pattern appears, counted from its first day in the window once it has been seen on two days
 *   (a habit that started this week is judged from its start), else over the whole window;
 * - recency: the mean decay weight of its occurrences over the mean decay weight of all the
 *   window's records, capped at 1 (a pattern seen as steadily as everything else scores 1).
 */
export function scoreKind(patterns: Iterable<PatternCount>, c: Counted, config: ScoreConfig, claimOf: (p: PatternCount) => ClaimCounts): ScoredPattern[] {
  const list = [...patterns];
  const robust = new Float64Array(list.length);
  const sessions = new Int32Array(list.length);
  let reference = 0;
  let anyReference = 0;
  for (let i = 0; i < list.length; i++) {
    const p = list[i]!;
    const [r, m] = robustAndSessions(p);
    robust[i] = r;
    sessions[i] = m;
    if (r > anyReference) anyReference = r;
    if (m >= 2 && r > reference) reference = r;
  }
  // A window where no pattern recurs across sessions: measure against the largest one.
  if (reference === 0) reference = anyReference;
  // activeFrom[d]: active days of the window from day d on.
  const activeFrom = new Int32Array(c.days.length + 1);
  for (let d = c.days.length - 1; d >= 0; d--) activeFrom[d] = activeFrom[d + 1]! + (c.days[d]!.calls > 0 ? 1 : 0);
  return list.map((p, i) => {
    const frequency = Math.min(1, robust[i]! / (config.saturateAt * reference));
    let days = 0;
    let firstDay = -1;
    for (let d = 0; d < p.perDay.length; d++) {
      if (p.perDay[d]! === 0) continue;
      days++;
      if (firstDay === -1) firstDay = d;
    }
    const consistency = days / (days >= 2 ? activeFrom[firstDay]! : c.activeDays);
    const recency = Math.min(1, p.decaySum / p.n / c.decayMean);
    const learner = p.kind === 'chain' || p.kind === 'error-retry' ? undefined : learnerOf(p.kind);
    const lift = learner === undefined ? patternLift(p, c.keyStats, c.calls) : learner.lift(p, c);
    const minLift = minLiftOf(patternStoreKey(p.kind, p.key), config);
    const claim = claimOf(p);
    const details = learner?.details?.(p, c);
    return {
      // Counted by the walk or a learner of the list: one of the kinds.
      kind: p.kind as PatternKind,
      key: p.key,
      observations: p.n,
      sessions: sessions[i]!,
      sessionsInWindow: c.sessionsInWindow,
      days,
      activeDays: c.activeDays,
      frequency,
      consistency,
      recency,
      confidence: Math.min(config.maxConfidence, frequency * consistency * recency),
      lift,
      specific: lift >= minLift && !oneKeyRepeated(p),
      starts: p.starts,
      retries: p.retries,
      claim: claim.claim,
      hits: claim.hits,
      opportunities: claim.opportunities,
      rate: shrunkRate(claim.hits, claim.opportunities, claim.prior, config.ratePriorWeight),
      prior: claim.prior,
      firstSeen: p.first,
      lastSeen: p.last,
      ...(details !== undefined ? { details } : {}),
    };
  });
}

/** Most confident first; ties by more observations, then by key, so output is deterministic. */
export function byStrength(a: ScoredPattern, b: ScoredPattern): number {
  return b.confidence - a.confidence || b.observations - a.observations || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}
