import type { Config } from '../lib/config.js';
import { patternStoreKey } from './claims.js';
import { whyNotDelivered, type DeliveryFacts } from './deliver.js';
import type { PatternKind } from './pattern-kind.js';
import type { ScoredPattern } from './score.js';

// Which scored patterns become instincts (are tracked), in one place for the analysis, the
// folding across projects and the history carried from an import.
//
// Two kinds of pattern, two kinds of evidence. A chain or an error-retry is a habit: it is
// tracked when its score (frequency x consistency x recency) reaches minConfidence, as the seed
// tracks it. A learner's pattern (a fix, a project's command, a correction) is a claim counted at
// its opportunities: it is tracked when it is specific and either scores that high or its claim
// passes the delivery test (analyzer/deliver.ts: rate, lift, sessions). A build command that
// succeeded in both sessions that built, on one day, is worth saying although its days are few.

export type TrackConfig = Pick<Config, 'minConfidence' | 'minLift' | 'minRetryLift' | 'minRate' | 'minSessions'>;

/** A learner's pattern: a claim whose evidence is its rate at its opportunities. */
export function isClaimKind(kind: PatternKind): boolean {
  return kind !== 'chain' && kind !== 'error-retry';
}

/**
 * The share of the sessions analysed that gave a pattern an opportunity: a command's sessions that
 * ran it; any other claim's, the sessions that showed it.
 */
export function appliesOf(p: Pick<ScoredPattern, 'kind' | 'opportunities' | 'sessions' | 'sessionsInWindow'>): number {
  if (!(p.sessionsInWindow > 0)) return 0;
  const n = p.kind === 'command' ? p.opportunities : p.sessions;
  return Math.min(1, Math.max(0, n / p.sessionsInWindow));
}

/** The fields of a scored pattern the delivery test reads. */
export function patternFacts(p: ScoredPattern): DeliveryFacts {
  return { key: patternStoreKey(p.kind, p.key), rate: p.rate, lift: p.lift, sessions: p.sessions, foldedInto: p.foldedInto, applies: appliesOf(p), observations: p.observations };
}

/** Why a pattern is not tracked, or undefined when it is. */
export function whyNotTracked(p: ScoredPattern, config: TrackConfig): string | undefined {
  const pct = (v: number) => `${Math.round(v * 100)}%`;
  const low = `score ${pct(p.confidence)} is below minConfidence ${pct(config.minConfidence)}`;
  const folded = p.foldedInto === undefined ? undefined : `folded into ${p.foldedInto}, which starts the same cycle more often`;
  if (!isClaimKind(p.kind)) return p.confidence < config.minConfidence ? low : folded;
  if (folded !== undefined) return folded;
  if (!p.specific) return 'its claim says no more than how common its steps are';
  if (p.confidence >= config.minConfidence) return undefined;
  const why = whyNotDelivered(patternFacts(p), config);
  return why === undefined ? undefined : `${low}, and its claim does not pass: ${why}`;
}

/** As whyNotTracked(p) === undefined, without words (it runs over every pattern of a window). */
export function isTracked(p: ScoredPattern, config: TrackConfig): boolean {
  if (p.foldedInto !== undefined) return false;
  if (!isClaimKind(p.kind)) return p.confidence >= config.minConfidence;
  return p.specific && (p.confidence >= config.minConfidence || whyNotDelivered(patternFacts(p), config) === undefined);
}

/**
 * At most `max` of `list` (in its order, the strongest first), cut so that a claim that passes
 * the delivery test keeps its place: a claim's score ranks low (a command run once a session
 * scores under a habit of many calls a session), and without this the cap would drop the very
 * patterns worth Claude's context first.
 */
export function keepTracked<T>(list: readonly T[], max: number, patternOf: (t: T) => ScoredPattern, config: TrackConfig): T[] {
  if (list.length <= max) return [...list];
  const worth = (t: T) => {
    const p = patternOf(t);
    return isClaimKind(p.kind) && p.specific && whyNotDelivered(patternFacts(p), config) === undefined;
  };
  const keep = new Set<T>(list.filter(worth).slice(0, max));
  for (const t of list) {
    if (keep.size >= max) break;
    keep.add(t);
  }
  return list.filter((t) => keep.has(t));
}
