import { DAY_MS } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import { decay } from '../lib/temporal-decay.js';
import { activeWindowStart, dayOf, lastActiveDays } from './active-window.js';
import { analyze, withPrefixes, type Analysis } from './analyze.js';
import { isClaimKind, isTracked, keepTracked, type TrackConfig } from './tracked.js';
import { shrunkRate } from './claims.js';
import { minLiftOf } from './deliver.js';
import { patternStoreKey } from './claims.js';
import { foldAcrossScopes } from './folding.js';
import type { ProjectAnalyses } from './projects.js';
import type { RecordTable } from './record-table.js';
import { byStrength, type ScoredPattern } from './score.js';

// Learning from history a user already has (import-transcripts): each project is analysed once
// over its own span (its last windowDays active days, ending at its last record), with the same
// scoring, claims and delivery test as any analysis. What it tracks is carried: kept in
// state/history.json as of the import, and given to every later analysis of a project that has
// too little evidence of its own, its confidence decayed on calendar time from the import. So old
// history is neither lost at the next run for being old, nor kept for ever: it fades as an unseen
// rule does, unless the habit comes back. Pure: records, `now` and the carried state in, out.

export interface CarriedProject {
  /** When the history was learned (decay counts from here), and its last record. */
  importedAt: string;
  lastRecord: string;
  sessions: number;
  /** The project's tracked patterns then, last seen at the import. */
  patterns: ScoredPattern[];
  /**
   * How many times each chain prefix `A->B` that any project's history tracks a chain of was
   * followed by a call here: this project's evidence against a habit of others (rules/plan.ts).
   */
  prefixes?: Record<string, number>;
}

export interface HistoryState {
  version: 1;
  projects: Record<string, CarriedProject>;
}

export const emptyHistory = (): HistoryState => ({ version: 1, projects: {} });

/**
 * Each project's habits in the history's own span: the analysis of its last windowDays active
 * days ending a minute after its last record, its tracked patterns carried as seen at
 * `importedAtMs`. Records without a project are left out (nothing to deliver them to).
 */
export function learnHistory(t: RecordTable, importedAtMs: number, config: Config): Map<string, { carried: CarriedProject; analysis: Analysis }> {
  const last = new Map<number, number>();
  const days = new Map<number, Set<number>>();
  for (let i = 0; i < t.length; i++) {
    const p = t.project[i]!;
    if (p === -1) continue;
    const ts = t.ts[i]!;
    if (ts > importedAtMs) continue;
    if (ts > (last.get(p) ?? -Infinity)) last.set(p, ts);
    let set = days.get(p);
    if (set === undefined) days.set(p, (set = new Set()));
    set.add(dayOf(ts));
  }
  const out = new Map<string, { carried: CarriedProject; analysis: Analysis }>();
  for (const [p, lastTs] of [...last].sort((a, b) => (t.projects[a[0]]! < t.projects[b[0]]! ? -1 : 1))) {
    const nowMs = lastTs + 60_000;
    const start = activeWindowStart(days.get(p)!, config.windowDays, nowMs, nowMs - config.windowDays * DAY_MS) ?? nowMs - config.windowDays * DAY_MS;
    const analysis = analyze(t, nowMs, config, p, start);
    // What is tracked, and every claim that held at least once (a command that succeeded in one
    // session): the sessions after the import add to it (mergeCarried), so that one session of
    // history and one of the project's own make two.
    const tracked = new Set(analysis.tracked);
    const claims = analysis.patterns.filter((x) => !tracked.has(x) && isClaimKind(x.kind) && x.specific && x.hits > 0 && x.foldedInto === undefined);
    const patterns = [...analysis.tracked, ...claims].map((x) => ({ ...x, lastSeen: importedAtMs }));
    out.set(t.projects[p]!, {
      analysis,
      carried: { importedAt: new Date(importedAtMs).toISOString(), lastRecord: new Date(lastTs).toISOString(), sessions: analysis.sessionsInWindow, patterns },
    });
  }
  // Each project's opportunities for the prefixes of every project's tracked chains.
  const wanted = new Set<string>();
  for (const { analysis } of out.values()) for (const x of analysis.tracked) if (x.kind === 'chain') wanted.add(x.key.split('->').slice(0, 2).join('->'));
  for (const { analysis, carried } of out.values()) {
    if (analysis.prefixOpportunities === undefined) continue;
    const prefixes: Record<string, number> = {};
    for (const k of wanted) {
      const n = analysis.prefixOpportunities(k);
      if (n > 0) prefixes[k] = n;
    }
    if (Object.keys(prefixes).length > 0) carried.prefixes = prefixes;
  }
  return out;
}

/** The active days a project's carried window spans (for what import says). */
export function historyDays(days: Iterable<number>, config: Pick<Config, 'windowDays'>, todayDay: number): number {
  return lastActiveDays(days, config.windowDays, todayDay).length;
}

/**
 * One pattern's evidence from history and from the sessions after it, together: the counts add
 * (the live analysis holds only records after the history's last one: runs/run.ts), the rate is
 * measured again over both, and it was last seen when the sessions last showed it. Evidence
 * learned from history is not forgotten because new evidence arrives.
 */
export function addEvidence(carried: ScoredPattern, live: ScoredPattern, config: Config): ScoredPattern {
  const hits = carried.hits + live.hits;
  const opportunities = carried.opportunities + live.opportunities;
  const weight = (p: ScoredPattern) => Math.max(1, p.opportunities);
  const prior = typeof live.prior === 'number' ? (typeof carried.prior === 'number' ? (carried.prior * weight(carried) + live.prior * weight(live)) / (weight(carried) + weight(live)) : live.prior) : carried.prior;
  const lift = (carried.lift * weight(carried) + live.lift * weight(live)) / (weight(carried) + weight(live));
  const out: ScoredPattern = {
    ...live,
    observations: carried.observations + live.observations,
    sessions: carried.sessions + live.sessions,
    sessionsInWindow: carried.sessionsInWindow + live.sessionsInWindow,
    confidence: Math.max(carried.confidence, live.confidence),
    hits,
    opportunities,
    rate: typeof prior === 'number' ? shrunkRate(hits, opportunities, prior, config.ratePriorWeight) : live.rate,
    lift,
    specific: live.specific && carried.specific && lift >= minLiftOf(patternStoreKey(live.kind, live.key), config),
    firstSeen: Math.min(carried.firstSeen, live.firstSeen),
    lastSeen: Math.max(carried.lastSeen, live.lastSeen),
  };
  if (typeof prior === 'number') out.prior = prior;
  return out;
}

/**
 * Gives each project with history the patterns carried from it, added to what its own sessions
 * after the history show (addEvidence); a carried pattern its sessions have not shown keeps its
 * counts, its score decayed from the import. Each project's tracked list is taken again. Returns
 * the projects given carried patterns. Mutates `pa.projects`.
 */
export function mergeCarried(pa: ProjectAnalyses, history: HistoryState, nowMs: number, config: Config): string[] {
  const merged: string[] = [];
  const changed: Analysis[] = [];
  for (const [id, carried] of Object.entries(history.projects)) {
    const live = pa.projects.get(id);
    const ageDays = Math.max(0, (nowMs - Date.parse(carried.importedAt)) / DAY_MS);
    const factor = decay(ageDays, config.halfLifeDays);
    const byKey = new Map<string, ScoredPattern>((live?.patterns ?? []).map((p) => [`${p.kind}:${p.key}`, p]));
    let any = false;
    for (const c of carried.patterns) {
      const k = `${c.kind}:${c.key}`;
      const mine = byKey.get(k);
      if (mine !== undefined) {
        byKey.set(k, addEvidence({ ...c, sessionsInWindow: carried.sessions }, mine, config));
        any = true;
        continue;
      }
      const confidence = c.confidence * factor;
      if (!carriedTracked({ ...c, confidence }, factor, config)) continue;
      byKey.set(k, { ...c, confidence, recency: c.recency * factor, sessionsInWindow: carried.sessions + (live?.sessionsInWindow ?? 0) });
      any = true;
    }
    if (!any) continue;
    const patterns = [...byKey.values()].sort(byStrength);
    // A chain prefix's opportunities: the history's and the sessions' after it, together.
    const carriedPrefixes = carried.prefixes ?? {};
    const livePrefixes = live?.prefixOpportunities;
    const prefixOpportunities = (prefix: string) => (Object.hasOwn(carriedPrefixes, prefix) ? carriedPrefixes[prefix]! : 0) + (livePrefixes?.(prefix) ?? 0);
    const a: Analysis = withPrefixes(
      live ? { ...live, patterns } : { nowMs, windowStartMs: nowMs - config.windowDays * DAY_MS, recordsInWindow: 0, future: 0, sessionsInWindow: 0, activeDays: 0, patterns, tracked: [], days: [] },
      prefixOpportunities,
    );
    a.tracked = keepTracked(patterns.filter((p) => isTracked(p, config)), config.maxInstincts, (p) => p, config);
    pa.projects.set(id, a);
    changed.push(a);
    merged.push(id);
  }
  if (changed.length > 0) foldAcrossScopes(pa.all, changed, config);
  return merged;
}

/**
 * Whether a carried pattern, its confidence decayed by `factor` since the import, is still
 * tracked: a habit while its decayed score reaches minConfidence; a claim passing the delivery
 * test also for one half-life after the import (it has no new evidence: it fades as habits do).
 */
function carriedTracked(p: ScoredPattern, factor: number, config: TrackConfig): boolean {
  return isTracked(p, config) && (p.confidence >= config.minConfidence || factor >= 0.5);
}

/** Drops projects none of whose carried patterns can be tracked any more (all decayed under minConfidence, no claim among them that passes). */
export function pruneHistory(history: HistoryState, nowMs: number, config: Pick<Config, 'halfLifeDays'> & TrackConfig): HistoryState {
  const projects: Record<string, CarriedProject> = {};
  for (const [id, c] of Object.entries(history.projects)) {
    const factor = decay(Math.max(0, (nowMs - Date.parse(c.importedAt)) / DAY_MS), config.halfLifeDays);
    if (c.patterns.some((p) => carriedTracked({ ...p, confidence: p.confidence * factor }, factor, config))) projects[id] = c;
  }
  return { version: 1, projects };
}
