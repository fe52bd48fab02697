import { DAY_MS } from '../../lib/clock.js';
import type { Config } from '../../lib/config.js';
import type { Instinct, Level, Source, State } from './model.js';
import { observedSource } from './model.js';

// The lifecycle, as pure functions of a record, the configuration and `now`: levels, states,
// the decay of taught instincts and facts, feedback, prune categories. Nothing here reads a file.

export type LifecycleConfig = Pick<
  Config,
  | 'maxConfidence'
  | 'taughtStart'
  | 'taughtStep'
  | 'taughtGraceDays'
  | 'taughtDecayPerWeek'
  | 'taughtFloor'
  | 'confirmDelta'
  | 'confirmHalveAfter'
  | 'confirmQuarterAfter'
  | 'correctDelta'
  | 'contradictDelta'
  | 'matureObservations'
  | 'matureConfidence'
  | 'ruleObservations'
  | 'ruleConfidence'
  | 'universalProjects'
  | 'approvedAt'
  | 'pruneRemoveBelow'
  | 'pruneRemoveUnseenDays'
  | 'pruneReviewBelow'
  | 'pruneReviewUnseenDays'
>;

export const round4 = (x: number) => Math.round(x * 1e4) / 1e4;
const WEEK_MS = 7 * DAY_MS;

export function clamp(x: number, c: Pick<Config, 'maxConfidence'>): number {
  return round4(Math.min(c.maxConfidence, Math.max(0, x)));
}

/** `raw` is an older name of seedling. */
export function parseLevel(v: unknown): Level | undefined {
  if (v === 'raw') return 'seedling';
  return v === 'seedling' || v === 'mature' || v === 'rule' || v === 'universal' ? v : undefined;
}

export interface LevelInput {
  source: Source;
  confidence: number;
  observations: number;
  projects: number;
  promoted: boolean;
}

/**
 * seedling < mature < rule < universal. Universal: seen in universalProjects (2) or more
 * projects. Rule: promoted, or (taught and imported) ruleObservations (7) at ruleConfidence (0.9).
 * Mature: matureObservations (5) at matureConfidence (0.7). An observed pattern becomes a rule
 * only by promotion at bye, which has its own evidence criteria.
 */
export function levelOf(x: LevelInput, c: LifecycleConfig): Level {
  if (x.projects >= c.universalProjects) return 'universal';
  if (x.promoted) return 'rule';
  if (!observedSource(x) && x.observations >= c.ruleObservations && x.confidence >= c.ruleConfidence) return 'rule';
  if (x.observations >= c.matureObservations && x.confidence >= c.matureConfidence) return 'mature';
  return 'seedling';
}

export const LEVEL_RANK: Record<Level, number> = { seedling: 0, mature: 1, rule: 2, universal: 3 };

/**
 * A taught instinct's or fact's confidence at `nowMs`: the stored (last reinforced) value for
 * taughtGraceDays (14) after last_seen, then taughtDecayPerWeek (0.05) less per whole week, never
 * below taughtFloor (0.1), and never above what was stored (a value already under the floor,
 * after feedback, stays where it is).
 */
export function decayed(stored: number, lastSeenMs: number, nowMs: number, c: LifecycleConfig): number {
  const past = nowMs - lastSeenMs - c.taughtGraceDays * DAY_MS;
  if (!(past > 0)) return stored;
  const weeks = Math.floor(past / WEEK_MS);
  if (weeks === 0) return stored;
  return round4(Math.min(stored, Math.max(c.taughtFloor, stored - weeks * c.taughtDecayPerWeek)));
}

/** The confidence to show and rank by: observed as stored, taught and imported decayed on read. */
export function effective(x: { source: Source; confidence: number; last_seen: string }, nowMs: number, c: LifecycleConfig): number {
  if (observedSource(x)) return x.confidence;
  return decayed(x.confidence, Date.parse(x.last_seen), nowMs, c);
}

/** One more reinforcement (an `observe` of the same key): from the decayed value, +taughtStep, capped. */
export function reinforced(current: number, c: LifecycleConfig): number {
  return clamp(current + c.taughtStep, c);
}

export type FeedbackKind = 'confirm' | 'correct' | 'contradict';
export const FEEDBACK_KINDS: readonly FeedbackKind[] = ['confirm', 'correct', 'contradict'];

/**
 * The change one piece of feedback asks for. `confirmed` is the number of confirmations before
 * this one: the 4th to 6th add half of confirmDelta, the 7th on a quarter (halved after 3,
 * quartered after 6).
 */
export function feedbackDelta(kind: FeedbackKind, confirmed: number, c: LifecycleConfig): number {
  if (kind === 'correct') return -c.correctDelta;
  if (kind === 'contradict') return -c.contradictDelta;
  if (confirmed >= c.confirmQuarterAfter) return c.confirmDelta / 4;
  if (confirmed >= c.confirmHalveAfter) return c.confirmDelta / 2;
  return c.confirmDelta;
}

export interface StateInput {
  source: Source;
  stored: number;
  effective: number;
  last_seen: string;
  evolved_to?: string | undefined;
  archived?: boolean;
}

/** evolved and archived first; stale when unseen pruneReviewUnseenDays (30); decaying; approved at approvedAt (0.7); else active. */
export function stateOf(x: StateInput, nowMs: number, c: LifecycleConfig): State {
  if (x.archived) return 'archived';
  if (x.evolved_to) return 'evolved';
  if (nowMs - Date.parse(x.last_seen) >= c.pruneReviewUnseenDays * DAY_MS) return 'stale';
  if (!observedSource(x) && x.effective < x.stored) return 'decaying';
  if (x.effective >= c.approvedAt) return 'approved';
  return 'active';
}

export type PruneCategory = 'remove' | 'review' | 'keep';

/** remove: below pruneRemoveBelow (0.2) or unseen pruneRemoveUnseenDays (60); review: below 0.3 or unseen 30 days. */
export function pruneCategory(effectiveConfidence: number, lastSeenMs: number, nowMs: number, c: LifecycleConfig): { category: PruneCategory; reason?: string } {
  const days = (nowMs - lastSeenMs) / DAY_MS;
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  if (effectiveConfidence < c.pruneRemoveBelow) return { category: 'remove', reason: `confidence ${pct(effectiveConfidence)} is below ${pct(c.pruneRemoveBelow)}` };
  if (days >= c.pruneRemoveUnseenDays) return { category: 'remove', reason: `unseen for ${Math.floor(days)} days (${c.pruneRemoveUnseenDays} or more)` };
  if (effectiveConfidence < c.pruneReviewBelow) return { category: 'review', reason: `confidence ${pct(effectiveConfidence)} is below ${pct(c.pruneReviewBelow)}` };
  if (days >= c.pruneReviewUnseenDays) return { category: 'review', reason: `unseen for ${Math.floor(days)} days (${c.pruneReviewUnseenDays} or more)` };
  return { category: 'keep' };
}

/** Sets an instinct's stored level and state from its record (pure). */
export function finishLevelState(x: Instinct, promoted: boolean, nowMs: number, c: LifecycleConfig): void {
  const eff = effective(x, nowMs, c);
  x.level = levelOf({ source: x.source, confidence: eff, observations: x.observations, projects: x.projects.length, promoted }, c);
  x.state = stateOf({ source: x.source, stored: x.confidence, effective: eff, last_seen: x.last_seen, evolved_to: x.evolved_to }, nowMs, c);
}
