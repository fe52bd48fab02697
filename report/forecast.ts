import { DAY_MS, isoToMs } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import type { Rule } from '../analyzer/promotion.js';

// When something learned will be archived if its pattern is not seen again. Pure: the same
// decay rule as analyzer/promotion.ts (consolidate) and the store's observed instincts, solved
// for the time instead of stepped day by day.

export interface Forecast {
  /** The instant from which the next bye (or analysis) archives it; null when never automatic. */
  at: string | null;
  basis: string;
}

export type ForecastConfig = Pick<Config, 'halfLifeDays' | 'demoteBelow' | 'windowDays'>;

/**
 * A rule: its peak (last_confidence) decays with the half-life from last_seen, and bye archives
 * it once the decayed value is under demoteBelow and its pattern no longer holds, which without
 * new observations is at the latest when the pattern has left the window. The crossing solves
 * last_confidence * 0.5^(days / halfLife) = demoteBelow.
 */
export function ruleForecast(rule: Pick<Rule, 'last_confidence' | 'last_seen'>, c: ForecastConfig): Forecast {
  const seen = isoToMs(rule.last_seen);
  // bye compares the value rounded to 4 places: it is under demoteBelow once below demoteBelow - 0.00005.
  const threshold = c.demoteBelow - 0.5e-4;
  const crossingDays = rule.last_confidence <= threshold ? 0 : c.halfLifeDays * Math.log2(rule.last_confidence / threshold);
  const at = seen + Math.max(crossingDays, c.windowDays) * DAY_MS;
  // Its score (the seed's confidence, which ranks) is said as a score, never as a percentage: the
  // rate is the one percentage shown beside a claim.
  // When the score crosses before the pattern leaves the window, the window decides: said with
  // the crossing's date, never as "already under" (that was said of every rule whose decay is
  // shorter than the window, every rule with windowDays 365, beside a score of 0.95 now: the
  // pattern still in the window holds a rule's score up, analyzer/promotion.ts consolidate).
  const crossing = crossingDays === 0 ? `was under demoteBelow ${score(c.demoteBelow)}` : `falls under demoteBelow ${score(c.demoteBelow)} on ${new Date(seen + crossingDays * DAY_MS).toISOString().slice(0, 10)} (half-life ${c.halfLifeDays} days)`;
  const why = crossingDays >= c.windowDays ? `its score decays from ${score(rule.last_confidence)} under demoteBelow ${score(c.demoteBelow)} (half-life ${c.halfLifeDays} days)` : `leaves the ${c.windowDays}-day window, at the latest: its pattern in the window holds it up until then; its score when last seen, ${score(rule.last_confidence)}, ${crossing}`;
  // The first millisecond after the crossing: a bye at exactly the crossing still sees the threshold.
  // A rule fades by its project's work, not by the calendar: while the project is idle, it stands.
  return { at: new Date(Math.floor(at) + 1).toISOString(), basis: `if its project works without it: ${why}; while the project is idle, it stands` };
}

/** An observed instinct: archived by the first analysis after its pattern has left the window. */
export function observedForecast(lastSeen: string, c: ForecastConfig): Forecast {
  return { at: new Date(isoToMs(lastSeen) + c.windowDays * DAY_MS).toISOString(), basis: `leaves the ${c.windowDays}-day window (at the latest)` };
}

const score = (x: number) => x.toFixed(2);
