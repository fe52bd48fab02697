import { DAY_MS } from '../../lib/clock.js';
import type { StoreEvent } from '../files/events.js';
import { round4 } from '../model/lifecycle.js';

// What every output means by a trend (`trending`, `status`, the MCP tool): how an instinct's
// confidence moved between two points in time, the start of the period (now - days) and now,
// each read from the event log as the sum of the instinct's deltas up to that point. An instinct
// that did not exist at the start (no event before it, or archived by then: its sum was 0) has no
// first point: it is `new`, and the event that created it is not a change (an analysis creating
// an instinct at 0.95 is not "↑ +0.95"); its `change` is what moved it after its creation.
// Events `gc` folded into one ("compacted: ...") stand for what came before them, at any date.

export type Trend = '↑' | '↓' | '→' | 'new';

export interface TrendOf {
  trend: Trend;
  /** Confidence now minus confidence at the start; for a new one, the moves after its creation. */
  change: number;
}

/** Moves smaller than this are no trend (rounding of the event log's four places). */
const STILL = 0.005;

export function arrowOf(change: number): Trend {
  return change > STILL ? '↑' : change < -STILL ? '↓' : '→';
}

const NONE: TrendOf = { trend: '→', change: 0 };

const folded = (e: StoreEvent) => e.reason.startsWith('compacted');

/** Each id's trend from `sinceMs` to now (ids without an event in the period: none moved, and absent). */
export function trendsSince(events: readonly StoreEvent[], sinceMs: number): Map<string, TrendOf> {
  const before = new Map<string, number>();
  const during = new Map<string, StoreEvent[]>();
  for (const e of events) {
    if (folded(e) || Date.parse(e.ts) < sinceMs) before.set(e.id, (before.get(e.id) ?? 0) + e.delta);
    else {
      const list = during.get(e.id);
      if (list === undefined) during.set(e.id, [e]);
      else list.push(e);
    }
  }
  const out = new Map<string, TrendOf>();
  for (const [id, list] of during) {
    const start = round4(before.get(id) ?? 0);
    if (start !== 0) {
      const change = round4(list.reduce((s, e) => s + e.delta, 0));
      out.set(id, { trend: arrowOf(change), change });
      continue;
    }
    // Created (or created again) in the period: the moves after its (last) creation, in time order.
    let sum = 0;
    let change = 0;
    let created = false;
    for (const e of [...list].sort((a, b) => Date.parse(a.ts) - Date.parse(b.ts))) {
      const from = sum;
      sum = round4(sum + e.delta);
      if (from === 0 && sum !== 0) {
        created = true;
        change = 0;
      } else change = round4(change + e.delta);
    }
    out.set(id, created && sum !== 0 ? { trend: 'new', change } : { trend: arrowOf(round4(sum)), change: round4(sum) });
  }
  return out;
}

/** The trends over the last `days` before `nowMs`. */
export function trendsOver(events: readonly StoreEvent[], nowMs: number, days: number): { get(id: string): TrendOf } {
  const m = trendsSince(events, nowMs - days * DAY_MS);
  return { get: (id) => m.get(id) ?? NONE };
}
