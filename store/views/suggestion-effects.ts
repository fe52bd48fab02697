import { DAY_MS } from '../../lib/clock.js';
import type { StoreEvent } from '../files/events.js';
import { round4 } from '../model/lifecycle.js';

// What suggest's suggestions led to: per pattern, how often it was suggested and then confirmed.
// Pure over the suggestion log and the event log.

export interface Suggestion {
  ts: string;
  project: string | null;
  patterns: string[];
}

export interface EffectivenessRow {
  pattern: string;
  suggested: number;
  confirmed: number;
  rate: number;
}

/**
 * Per pattern: how often suggest returned it, and how many of those suggestions were followed by
 * a confirmation (an `observe` of it, or a `confirm`) before it was suggested again, within
 * windowDays.
 */
export function effectiveness(suggestions: readonly Suggestion[], events: readonly StoreEvent[], windowDays: number): EffectivenessRow[] {
  const confirmations = new Map<string, number[]>();
  for (const e of events) {
    if (e.delta <= 0 && !e.reason.startsWith('confirm')) continue;
    if (!/^(observe|reinforce|confirm|import)/.test(e.reason)) continue;
    confirmations.set(e.pattern, [...(confirmations.get(e.pattern) ?? []), Date.parse(e.ts)]);
  }
  const times = new Map<string, number[]>();
  for (const s of suggestions) for (const p of s.patterns) times.set(p, [...(times.get(p) ?? []), Date.parse(s.ts)]);
  const rows: EffectivenessRow[] = [];
  for (const [pattern, ts] of times) {
    ts.sort((a, b) => a - b);
    const conf = confirmations.get(pattern) ?? [];
    let confirmed = 0;
    ts.forEach((t, i) => {
      const until = i + 1 < ts.length ? Math.min(ts[i + 1]!, t + windowDays * DAY_MS) : t + windowDays * DAY_MS;
      if (conf.some((c) => c >= t && c < until)) confirmed++;
    });
    rows.push({ pattern, suggested: ts.length, confirmed, rate: round4(confirmed / ts.length) });
  }
  return rows.sort((a, b) => b.suggested - a.suggested || (a.pattern < b.pattern ? -1 : 1));
}
