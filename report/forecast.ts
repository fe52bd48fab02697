import { DAY_MS, isoToMs } from '../lib/clock.js';
import { plural } from '../lib/plural.js';
import type { Config } from '../lib/config.js';
import type { ObservedRule } from '../rules/rule.js';

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
 * A rule: its peak (last_confidence) decays with the half-life by the days its project works
 * without its pattern (rules/plan.ts agedRule: a day counts once a bye sees records on it), and
 * bye archives it once the decayed value is under demoteBelow and its pattern has left the
 * window (its last windowDays working days). The crossing solves
 * last_confidence * 0.5^(days / halfLife) = demoteBelow for whole working days.
 */
export function ruleForecast(rule: Pick<ObservedRule, 'last_confidence' | 'last_seen' | 'unseen_days' | 'aged_through'>, c: ForecastConfig): Forecast {
  // bye compares the value rounded to 4 places: it is under demoteBelow once below demoteBelow - 0.00005.
  const threshold = c.demoteBelow - 0.5e-4;
  const crossingDays = rule.last_confidence <= threshold ? 0 : c.halfLifeDays * Math.log2(rule.last_confidence / threshold);
  const unseen = rule.unseen_days ?? 0;
  // Whole working days without it: the first day past the crossing, and the pattern out of the window.
  const needed = Math.max(Math.floor(crossingDays) + 1, c.windowDays);
  const toGo = Math.max(1, needed - unseen);
  const fromDay = Math.floor(isoToMs(rule.aged_through ?? rule.last_seen) / DAY_MS);
  const at = new Date((fromDay + toGo) * DAY_MS).toISOString();
  // Its score (the seed's confidence, which ranks) is said as a score, never as a percentage: the
  // rate is the one percentage shown beside a claim.
  const why = `its score when last seen, ${score(rule.last_confidence)}, halves every ${c.halfLifeDays} days its project works without it and is under demoteBelow ${score(c.demoteBelow)} after ${needed} such days${needed === c.windowDays && Math.floor(crossingDays) + 1 < needed ? ' (its pattern leaves the window then)' : ''}; ${unseen} counted so far`;
  // A rule fades by its project's work, not by the calendar: while the project is idle, it stands.
  return { at, basis: `by a bye once its project has worked ${plural(toGo, 'more day', 'more days')} without it: on ${at.slice(0, 10)} if it works every day without it (sooner if a bye measures its claim lower first): ${why}; while the project is idle, it stands` };
}

/** An observed instinct: archived by the first analysis after its pattern has left the window. */
export function observedForecast(lastSeen: string, c: ForecastConfig): Forecast {
  return { at: new Date(isoToMs(lastSeen) + c.windowDays * DAY_MS).toISOString(), basis: `leaves the ${c.windowDays}-day window (at the latest)` };
}

const score = (x: number) => x.toFixed(2);
