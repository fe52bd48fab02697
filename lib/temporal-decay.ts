import { DAY_MS } from './clock.js';

/** 0.5^(age / halfLife): 1 now, 0.5 one half-life ago. Ages below zero count as zero. */
export function decay(ageDays: number, halfLifeDays: number): number {
  return Math.pow(0.5, Math.max(0, ageDays) / halfLifeDays);
}

/**
 * The same decay as a function of a timestamp, for hot loops: one exp per call, and times after
 * `nowMs` count as age zero. weigh(ts) === decay((nowMs - ts) / DAY, halfLifeDays) up to rounding.
 */
export function decayWeigher(nowMs: number, halfLifeDays: number): (ts: number) => number {
  const rate = Math.LN2 / (halfLifeDays * DAY_MS);
  return (ts) => Math.exp(rate * Math.min(0, ts - nowMs));
}

export function ageDays(nowMs: number, thenMs: number): number {
  return (nowMs - thenMs) / DAY_MS;
}

/**
 * A promoted rule's effective confidence: the larger of its pattern's confidence in the current
 * window and the confidence it had when last seen, decayed since then.
 */
export function effectiveConfidence(windowConfidence: number, lastConfidence: number, lastSeenMs: number, nowMs: number, halfLifeDays: number): number {
  return Math.max(windowConfidence, lastConfidence * decay(ageDays(nowMs, lastSeenMs), halfLifeDays));
}
