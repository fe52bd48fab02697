import { DAY_MS } from '../lib/clock.js';

// What counting a window yields: each pattern's counts, the tools' own frequencies (for lift) and
// the per-day rollup, with decay sums that do not depend on the order they are added in. The
// shape the walk (analyzer/patterns.ts) and every learner (analyzer/learners/) fill, and scoring,
// claims and the parts cache read.

/** A count's kind: a PatternKind (analyzer/pattern-kind.ts), `chain` or `error-retry` for those counted here. */
type CountKind = string;

export interface PatternCount {
  kind: CountKind;
  key: string;
  /** Key ids of the steps (see Counted.keys): three for a chain, one for an error-retry. */
  steps: number[];
  n: number;
  /** Occurrences in each session that shows the pattern (streams are walked session by session)... */
  perSession: number[];
  /** ...or, for patterns merged from parts, the same as a histogram (see sessionHistogram below). */
  sessions: number[];
  /** The session perSession's last entry belongs to. */
  lastSession: number;
  /** Set by finishCounted from decayByDay: sum of the occurrences' decay weights. */
  decaySum: number;
  first: number;
  last: number;
  /** Occurrences per day of the window (index 0 = Counted.day0). */
  perDay: Int32Array;
  /** Per day, the occurrences' weights as whole numbers (see dayWeight): sums that do not depend on the order they are added in. */
  decayByDay: Float64Array;
  /**
   * Chains: occurrences whose preceding record does not continue the cycle A->B->C->A... (for
   * A->B->C, a preceding C would make it the continuation of C->A->B). Error-retries: n.
   */
  starts: number;
  /** Chains: occurrences in which a failed call is followed by the same call (an error-retry). */
  retries: number;
}

/** Per key id, over the window's records. */
export interface KeyStats {
  calls: Int32Array;
  /** Failures followed by another record in their stream... */
  failedThenAny: Int32Array;
  /** ...successes followed by another record... */
  okThenAny: Int32Array;
  /** ...and successes followed by a record with the same key. */
  okThenSame: Int32Array;
}

export interface DayCount {
  calls: number;
  failures: number;
  /** Sessions with a record that day. */
  sessions: number;
  lastSession: number;
}

export interface Counted {
  chains: Map<string, PatternCount>;
  errorRetries: Map<string, PatternCount>;
  /** The learners' patterns (analyzer/learners/), by their store key (`fix:...`, `cmd:...`). */
  learned: Map<string, PatternCount>;
  /** The learners' named totals (their opportunities and base rates): sums, like every count here. */
  totals: Map<string, number>;
  sessionsInWindow: number;
  /** Records in the window (N of the lift). */
  calls: number;
  /** Records after now. */
  future: number;
  /** Mean decay weight of the window's records (set by finishCounted). */
  decayMean: number;
  /** Days of the window with at least one record. */
  activeDays: number;
  /** Key id -> key (`Read`, `Bash(npm test)`). */
  keys: string[];
  keyStats: KeyStats;
  /** The UTC day number (ms / DAY_MS) of days[0]: the day holding the window's start. */
  day0: number;
  days: DayCount[];
  /** Per day, the records' weights as whole numbers (see dayWeight): a typed array, as the hot loop adds doubles to it. */
  dayDecay: Float64Array;
}

// Decay sums that do not depend on the order of addition, so that a window counted in parts
// (sessions cached apart, see analyzer/parts.ts) sums to exactly what one pass over it sums: each
// record's weight relative to the end of its UTC day is a whole number of 2^-31ths (exact in a
// double: a day's sum stays below 2^53 up to 4M records), and the per-day sums are scaled to `now`
// only at the end, day by day in order.
const SCALE = 2 ** 31;

/**
 * A record's weight relative to the end of its UTC day, in 2^-31ths (dayEndMs: that end,
 * (floor(ts / DAY_MS) + 1) * DAY_MS; rate: ln 2 / half-life in ms). Times are whole milliseconds,
 * so the difference is exact however the day's end was computed.
 */
export function dayWeight(ts: number, dayEndMs: number, rate: number): number {
  return Math.round(Math.exp(rate * (ts - dayEndMs)) * SCALE);
}

/** What a day's whole-number weights are worth at `nowMs`: 0.5^(age of the day's end / halfLife) / 2^31. */
function dayFactors(day0: number, nDays: number, nowMs: number, halfLifeDays: number): Float64Array {
  const rate = Math.LN2 / (halfLifeDays * DAY_MS);
  return Float64Array.from({ length: nDays }, (_, d) => Math.exp(rate * ((day0 + d + 1) * DAY_MS - nowMs)) / SCALE);
}

/** Sets each pattern's decaySum and the window's decayMean from the per-day sums. */
export function finishCounted(c: Counted, nowMs: number, halfLifeDays: number): Counted {
  const f = dayFactors(c.day0, c.days.length, nowMs, halfLifeDays);
  const sum = (byDay: Float64Array) => {
    let s = 0;
    for (let d = 0; d < byDay.length; d++) if (byDay[d] !== 0) s += byDay[d]! * f[d]!;
    return s;
  };
  for (const p of c.chains.values()) p.decaySum = sum(p.decayByDay);
  for (const p of c.errorRetries.values()) p.decaySum = sum(p.decayByDay);
  for (const p of c.learned.values()) p.decaySum = sum(p.decayByDay);
  let total = 0;
  c.dayDecay.forEach((d, i) => (total += d * f[i]!));
  c.decayMean = c.calls === 0 ? 0 : total / c.calls;
  return c;
}

export function newCount(kind: CountKind, steps: number[], ts: number, nDays: number): PatternCount {
  return { kind, key: '', steps, n: 0, perSession: [], sessions: [], lastSession: -1, decaySum: 0, first: ts, last: ts, perDay: new Int32Array(nDays), decayByDay: new Float64Array(nDays), starts: 0, retries: 0 };
}

export function emptyCounted(keys: string[], day0: number, nDays: number): Counted {
  const K = keys.length;
  return {
    chains: new Map(),
    errorRetries: new Map(),
    learned: new Map(),
    totals: new Map(),
    sessionsInWindow: 0,
    calls: 0,
    future: 0,
    decayMean: 0,
    activeDays: 0,
    keys,
    keyStats: { calls: new Int32Array(K), failedThenAny: new Int32Array(K), okThenAny: new Int32Array(K), okThenSame: new Int32Array(K) },
    day0,
    days: Array.from({ length: nDays }, () => ({ calls: 0, failures: 0, sessions: 0, lastSession: -1 })),
    dayDecay: new Float64Array(nDays),
  };
}

/** The window's day numbering: day0 (UTC day number of the window's start) and how many days reach now. */
export function windowDays(windowStartMs: number, nowMs: number): { day0: number; nDays: number } {
  const day0 = Math.floor(windowStartMs / DAY_MS);
  return { day0, nDays: Math.floor(nowMs / DAY_MS) - day0 + 1 };
}

/** Per-session counts as a histogram: [count, sessions with that count, ...], counts ascending. */
export function sessionHistogram(perSession: readonly number[]): number[] {
  if (perSession.length === 1) return [perSession[0]!, 1];
  const sorted = perSession.length <= 64 ? perSession.slice().sort((a, b) => a - b) : Float64Array.from(perSession).sort();
  const out: number[] = [];
  for (let i = 0; i < sorted.length; i++) {
    if (out.length > 0 && out[out.length - 2] === sorted[i]) out[out.length - 1]!++;
    else out.push(sorted[i]!, 1);
  }
  return out;
}

/** Sessions in a histogram. */
export function histogramSessions(h: readonly number[]): number {
  let m = 0;
  for (let i = 1; i < h.length; i += 2) m += h[i]!;
  return m;
}

/** The sessions a pattern was seen in: its per-session counts, or their histogram once merged from parts. */
export function patternSessions(p: PatternCount): number {
  return p.perSession.length > 0 ? p.perSession.length : histogramSessions(p.sessions);
}

/** Two histograms in one (both ascending). */
export function addHistograms(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) out.push(a[i]!, a[i + 1]!), (i += 2);
    else if (i >= a.length || b[j]! < a[i]!) out.push(b[j]!, b[j + 1]!), (j += 2);
    else out.push(a[i]!, a[i + 1]! + b[j + 1]!), (i += 2), (j += 2);
  }
  return out;
}
