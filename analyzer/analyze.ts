import { DAY_MS, utcDay } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import type { RecordTable } from './record-table.js';
import { countPatterns } from './patterns.js';
import { byStrength, scoreKind, type ScoredPattern } from './score.js';
import { foldPatterns } from './folding.js';
import { streamsInWindow } from './streams.js';

export interface DaySummary {
  day: string;
  sessions: number;
  calls: number;
  failures: number;
  topChains: [string, number][];
  errorRetries: [string, number][];
}

export interface Analysis {
  nowMs: number;
  windowStartMs: number;
  recordsInWindow: number;
  future: number;
  sessionsInWindow: number;
  activeDays: number;
  /** Every pattern seen in the window, strongest first (rotations folded into another included). */
  patterns: ScoredPattern[];
  /** Those at or above minConfidence and not folded, at most maxInstincts. */
  tracked: ScoredPattern[];
  days: DaySummary[];
}

const TOP = 3;

function top(m: Map<string, number>, n: number): [string, number][] {
  return [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, n);
}

/** The pure core: records and a clock in, scored patterns and a day-by-day rollup out. */
export function analyze(t: RecordTable, nowMs: number, config: Config): Analysis {
  const windowStartMs = nowMs - config.windowDays * DAY_MS;
  const { order, starts, inWindow, future } = streamsInWindow(t, windowStartMs, nowMs);
  const counted = countPatterns(t, order, starts, { nowMs, windowStartMs, halfLifeDays: config.halfLifeDays, chainDetail: config.chainDetail });
  const patterns = [...scoreKind(counted.chains.values(), counted, config), ...scoreKind(counted.errorRetries.values(), counted, config)];
  foldPatterns(patterns);
  patterns.sort(byStrength);
  const folded = new Set(patterns.flatMap((p) => (p.foldedInto === undefined ? [] : [p.key])));
  const tracked = patterns.filter((p) => p.foldedInto === undefined && p.confidence >= config.minConfidence).slice(0, config.maxInstincts);
  const day0 = Math.floor(windowStartMs / DAY_MS) * DAY_MS;
  const days = counted.days.map((d, i) => ({
    day: utcDay(day0 + i * DAY_MS),
    sessions: d.sessions.size,
    calls: d.calls,
    failures: d.failures,
    topChains: top(new Map([...d.chains].filter(([k]) => !folded.has(k))), TOP),
    errorRetries: top(d.errorRetries, TOP),
  }));
  return { nowMs, windowStartMs, recordsInWindow: inWindow, future, sessionsInWindow: counted.sessionsInWindow, activeDays: counted.activeDays, patterns, tracked, days };
}
