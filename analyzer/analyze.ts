import { DAY_MS, utcDay } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import type { RecordTable } from './record-table.js';
import { countPatterns } from './patterns.js';
import { finishCounted, type Counted, type PatternCount } from './counted.js';
import { byStrength, scoreKind, type ScoredPattern } from './score.js';
import { foldPatterns } from './folding.js';
import { countedClaims } from './window-claims.js';
import { learnerOf } from './learners/index.js';
import { isTracked, keepTracked } from './tracked.js';

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
  /**
   * Every pattern seen in the window (rotations folded into another included): those at or above
   * minConfidence or tracked first, strongest first, then the rest in no particular order.
   */
  patterns: ScoredPattern[];
  /** Those tracked (analyzer/tracked.ts), at most maxInstincts (keepTracked). */
  tracked: ScoredPattern[];
  days: DaySummary[];
  /**
   * How many times the chain prefix `A->B` was followed by a call: a chain's opportunities in these
   * records, also where the chain itself never occurred (a project's evidence against a habit of
   * others). Computed when first asked (bye asks; the Stop hook never does).
   */
  prefixOpportunities?: (prefix: string) => number;
}

const TOP = 3;

/** Per day of the window, the n patterns with most occurrences that day (ties: by key), without sorting them all. */
function topByDay(counts: Iterable<PatternCount>, nDays: number, skip: ReadonlySet<string>, n: number): [string, number][][] {
  const tops = Array.from({ length: nDays }, () => [] as [string, number][]);
  const before = (v: number, key: string, x: [string, number]) => v > x[1] || (v === x[1] && key < x[0]);
  for (const c of counts) {
    if (skip.has(c.key)) continue;
    for (let d = 0; d < nDays; d++) {
      const v = c.perDay[d]!;
      const t = tops[d]!;
      if (v === 0 || (t.length === n && !before(v, c.key, t[n - 1]!))) continue;
      let i = t.length;
      while (i > 0 && before(v, c.key, t[i - 1]!)) i--;
      t.splice(i, 0, [c.key, v]);
      if (t.length > n) t.pop();
    }
  }
  return tops;
}

/**
 * The pure core: records and a clock in, scored patterns and a day-by-day rollup out. With
 * `project` (an index into t.projects), the records of that project alone; with `windowStartMs`,
 * a window other than the last windowDays (a sparse project's active days: analyzer/active-window.ts).
 */
export function analyze(t: RecordTable, nowMs: number, config: Config, project?: number, windowStartMs: number = nowMs - config.windowDays * DAY_MS): Analysis {
  return analysisOf(countPatterns(t, { nowMs, windowStartMs, halfLifeDays: config.halfLifeDays, chainDetail: config.chainDetail, fixWindowCalls: config.fixWindowCalls, project }), nowMs, config, windowStartMs);
}

const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** Scores counts (of one pass, or parts merged: the result is the same) into an analysis. */
export function analysisOf(counted: Counted, nowMs: number, config: Config, windowStartMs: number = nowMs - config.windowDays * DAY_MS): Analysis {
  finishCounted(counted, nowMs, config.halfLifeDays);
  const claimOf = countedClaims(counted);
  const all = scoreKind(counted.chains.values(), counted, config, claimOf).concat(scoreKind(counted.errorRetries.values(), counted, config, claimOf));
  // Each learner's patterns are scored against those that answer the same question (its score
  // group, or its kind): frequency is relative within a group.
  const byKind = new Map<string, PatternCount[]>();
  for (const p of counted.learned.values()) {
    const group = learnerOf(p.kind)?.scoreGroup?.(p) ?? p.kind;
    const list = byKind.get(group);
    if (list === undefined) byKind.set(group, [p]);
    else list.push(p);
  }
  for (const list of byKind.values()) all.push(...scoreKind(list, counted, config, claimOf));
  foldPatterns(all, (key) => counted.chains.get(key)!.steps, counted.keys.length);
  // Only the patterns that can be instincts or rules need an order by strength; the long tail of
  // rare ones is put in key order (cheaper, and the same whether the window was counted in one
  // pass or in parts).
  const isStrong = (p: ScoredPattern) => p.confidence >= config.minConfidence || isTracked(p, config);
  const strong = all.filter(isStrong).sort(byStrength);
  const patterns = strong.concat(all.filter((p) => !isStrong(p)).sort(byKey));
  const folded = new Set<string>();
  for (const p of all) if (p.foldedInto !== undefined) folded.add(p.key);
  const tracked = keepTracked(strong.filter((p) => isTracked(p, config)), config.maxInstincts, (p) => p, config);
  const topChains = topByDay(counted.chains.values(), counted.days.length, folded, TOP);
  const topRetries = topByDay(counted.errorRetries.values(), counted.days.length, folded, TOP);
  const days = counted.days.map((d, i) => ({
    day: utcDay((counted.day0 + i) * DAY_MS),
    sessions: d.sessions,
    calls: d.calls,
    failures: d.failures,
    topChains: topChains[i]!,
    errorRetries: topRetries[i]!,
  }));
  let prefixes: Map<string, number> | undefined;
  const prefixOpportunities = (prefix: string): number => {
    if (prefixes === undefined) {
      prefixes = new Map();
      for (const p of counted.chains.values()) {
        const k = `${counted.keys[p.steps[0]!]}->${counted.keys[p.steps[1]!]}`;
        prefixes.set(k, (prefixes.get(k) ?? 0) + p.n);
      }
    }
    return prefixes.get(prefix) ?? 0;
  };
  const out: Analysis = { nowMs, windowStartMs, recordsInWindow: counted.calls, future: counted.future, sessionsInWindow: counted.sessionsInWindow, activeDays: counted.activeDays, patterns, tracked, days };
  return withPrefixes(out, prefixOpportunities);
}

/** Gives an analysis its prefix opportunities, as a method: not data (an analysis compared or copied as data leaves it out). */
export function withPrefixes(a: Analysis, prefixOpportunities: (prefix: string) => number): Analysis {
  Object.defineProperty(a, 'prefixOpportunities', { value: prefixOpportunities, enumerable: false, writable: true, configurable: true });
  return a;
}
