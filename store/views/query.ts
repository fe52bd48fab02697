import type { Config } from '../../lib/config.js';
import { CATEGORIES } from '../model/keys.js';
import type { StoreEvent } from '../files/events.js';
import type { IndexedFact, IndexedInstinct } from '../files/index-read.js';
import { effective, levelOf, LEVEL_RANK, round4, stateOf } from '../model/lifecycle.js';
import type { Level, Scope, Source, State } from '../model/model.js';
import { LEVELS, PROJECT_ID, observedSource } from '../model/model.js';
import { haystack, matches, parseQuery } from './search.js';
import { trendsOver, type Trend } from './trend.js';
import { worthDelivering } from '../../analyzer/deliver.js';
import { PER_PROJECT_CATEGORIES } from '../../analyzer/kinds.js';
import { ruleFacts } from '../../analyzer/promotion.js';
import { overriddenKey, reachingByKey, taughtPurposes, type Reaching, type Where } from '../../rules/reach.js';
import { claimSentence } from '../../analyzer/rules-file.js';
import { analyzerKey } from '../model/keys.js';
import { isTaughtRule, liveOf, type LiveFigures, type ObservedRule, type RulesDoc } from '../../rules/rule.js';

// Reading the store: views (confidence and level as of `now`), filters, search, suggestions,
// statistics and trends. Pure over records, events and `now`.

export interface ReadCtx {
  config: Config;
  nowMs: number;
  /** The current project's id, or null outside any project. */
  project: string | null;
  /** rules.json, as read once for these views (rules/read.ts). */
  rules: RulesDoc;
  names: ReadonlyMap<string, string>;
  /** The rules reaching each project (null: outside any), by store key: filled as views ask (rulesOf). */
  reach?: Map<string | null, Map<string, Reaching>>;
  /** The commands taught for each project, by purpose (rules/reach.ts taughtPurposes): filled as views ask. */
  taught?: Map<string | null, Map<string, string>>;
}

/** The commands a person taught that reach `project`, by purpose: they win over observed ones there. */
function taughtOf(ctx: ReadCtx, project: string | null): Map<string, string> {
  ctx.taught ??= new Map();
  let m = ctx.taught.get(project);
  if (m === undefined) ctx.taught.set(project, (m = taughtPurposes([...rulesOf(ctx, project).values()].map((r) => r.rule).filter(isTaughtRule))));
  return m;
}

/** The rules that reach a session of `project`, by store key (rules/reach.ts), computed once per project. */
export function rulesOf(ctx: ReadCtx, project: string | null): Map<string, Reaching> {
  ctx.reach ??= new Map();
  let m = ctx.reach.get(project);
  if (m === undefined) ctx.reach.set(project, (m = reachingByKey(ctx.rules, project)));
  return m;
}

export interface InstinctView {
  id: string;
  pattern: string;
  category: string;
  domain: string;
  trigger: string;
  action: string;
  explain: string;
  scope: Scope;
  project?: string;
  project_name?: string;
  projects: string[];
  source: Source;
  /** As of now: taught and imported ones decayed on read. */
  confidence: number;
  stored_confidence: number;
  observations: number;
  level: Level;
  state: State;
  sessions: number;
  first_seen: string;
  last_seen: string;
  created: string;
  confirmed: number;
  contradicted: number;
  corrected: number;
  suggested: number;
  inactive: number;
  promoted: boolean;
  /** Observed, with a correction or contradiction still weighing on it: bye does not promote it. */
  blocked: boolean;
  /**
   * Whether it may reach Claude, an export or a suggestion: an observed pattern passes the one
   * delivery test (analyzer/deliver.ts); a taught or imported one always (a person said it).
   */
  deliverable: boolean;
  /**
   * The rule with its key that reaches this instinct's project (a global instinct: the current
   * project): what it states is the one truth of the claim, so an observed instinct's claim
   * figures (rate, hits, opportunities, sessions) are the rule's. `where`: this project's own
   * evidence, the user's other projects', or taught; `projects`: across how many.
   */
  rule?: { where: Where; projects?: number };
  /** Observed: the taught key that wins over it where it applies (a command taught for the same purpose): it is not given there. */
  overridden?: string;
  /** Observed: its claim, as last measured (see Instinct), or as its rule states it. */
  claim?: string;
  hits?: number;
  opportunities?: number;
  rate?: number;
  /** Observed and a rule here: how its claim held since it was given, as bye stored it on the rule (rules/live.ts). */
  live?: LiveFigures;
  score?: number;
  adjustment?: number;
  evolved_to?: string;
  imported_from?: string;
}

export interface FactView {
  id: string;
  fact: string;
  domain: string;
  scope: Scope;
  project?: string;
  project_name?: string;
  source: Source;
  confidence: number;
  stored_confidence: number;
  observations: number;
  state: State;
  sessions: number;
  first_seen: string;
  last_seen: string;
  confirmed: number;
  contradicted: number;
  corrected: number;
}

export function instinctView(x: IndexedInstinct, ctx: ReadCtx): InstinctView {
  const c = ctx.config;
  const eff = effective(x, ctx.nowMs, c);
  // Whether it is a rule where it applies: its project's (a global instinct: the current project's).
  const where = x.scope === 'project' ? (x.project ?? null) : ctx.project;
  const reaching = rulesOf(ctx, where).get(x.pattern);
  const overridden = observedSource(x) ? overriddenKey(x.pattern, taughtOf(ctx, where)) : undefined;
  const promoted = reaching !== undefined;
  const observedRule = reaching !== undefined && reaching.rule.kind !== 'taught' && observedSource(x) ? (reaching.rule as ObservedRule) : undefined;
  const v: InstinctView = {
    id: x.id,
    pattern: x.pattern,
    category: x.category,
    domain: x.domain,
    trigger: x.trigger,
    action: x.action,
    explain: x.explain,
    scope: x.scope,
    projects: x.projects,
    source: x.source,
    confidence: eff,
    stored_confidence: x.confidence,
    observations: x.observations,
    level: levelOf({ source: x.source, confidence: eff, observations: x.observations, projects: x.projects.length, promoted }, c),
    state: stateOf({ source: x.source, stored: x.confidence, effective: eff, last_seen: x.last_seen, evolved_to: x.evolved_to, archived: x.state === 'archived' }, ctx.nowMs, c),
    sessions: x.sessions,
    first_seen: x.first_seen,
    last_seen: x.last_seen,
    created: x.created,
    confirmed: x.confirmed,
    contradicted: x.contradicted,
    corrected: x.corrected,
    suggested: x.suggested,
    inactive: x.inactive,
    promoted,
    blocked: observedSource(x) && (x.adjustment ?? 0) < 0,
    // An observed claim is given where its rule reaches (rules/reach.ts), and passes the one test
    // with that rule's figures; one that is no rule here (a global instinct another project's rule
    // stands for, a candidate) is not given here, whatever its own figures say.
    deliverable: !observedSource(x) || (overridden === undefined && observedRule !== undefined && worthDelivering(ruleFacts(observedRule), c)),
  };
  if (overridden !== undefined) v.overridden = overridden;
  if (reaching !== undefined) v.rule = { where: reaching.where, ...(reaching.projects !== undefined ? { projects: reaching.projects } : {}) };
  if (x.claim !== undefined) v.claim = x.claim;
  if (x.hits !== undefined) v.hits = x.hits;
  if (x.opportunities !== undefined) v.opportunities = x.opportunities;
  if (x.rate !== undefined) v.rate = x.rate;
  if (observedSource(x) && observedRule === undefined && x.scope === 'global' && v.explain !== '') v.explain = `${v.explain} (counted over your projects together)`;
  if (observedRule !== undefined) {
    // The rule's words and figures: what every view states of this claim (rules/reach.ts).
    const k = analyzerKey(x.pattern);
    const said = k && claimSentence({ ...observedRule, kind: k.kind, pattern: k.key }, reaching!.where === 'across' ? { projects: reaching!.projects } : undefined);
    if (said) v.explain = said;
    if (observedRule.claim !== undefined) v.claim = observedRule.claim;
    for (const k of ['hits', 'opportunities', 'rate'] as const) {
      const n = observedRule[k];
      if (typeof n === 'number') v[k] = n;
      else delete v[k];
    }
    const live = liveOf(observedRule);
    if (live !== undefined) v.live = live;
    v.sessions = observedRule.sessions;
    v.observations = observedRule.observations;
    v.last_seen = observedRule.last_seen > v.last_seen ? observedRule.last_seen : v.last_seen;
  }
  if (x.project !== undefined) {
    v.project = x.project;
    const name = ctx.names.get(x.project);
    if (name !== undefined) v.project_name = name;
  }
  if (x.score !== undefined) v.score = x.score;
  if (x.adjustment !== undefined) v.adjustment = x.adjustment;
  if (x.evolved_to !== undefined) v.evolved_to = x.evolved_to;
  if (x.imported_from !== undefined) v.imported_from = x.imported_from;
  return v;
}

export function factView(x: IndexedFact, ctx: ReadCtx): FactView {
  const eff = effective({ source: observedSource(x) ? 'taught' : x.source, confidence: x.confidence, last_seen: x.last_seen }, ctx.nowMs, ctx.config);
  const v: FactView = {
    id: x.id,
    fact: x.text,
    domain: x.domain,
    scope: x.scope,
    source: x.source,
    confidence: eff,
    stored_confidence: x.confidence,
    observations: x.observations,
    state: stateOf({ source: 'taught', stored: x.confidence, effective: eff, last_seen: x.last_seen }, ctx.nowMs, ctx.config),
    sessions: x.sessions,
    first_seen: x.first_seen,
    last_seen: x.last_seen,
    confirmed: x.confirmed,
    contradicted: x.contradicted,
    corrected: x.corrected,
  };
  if (x.project !== undefined) {
    v.project = x.project;
    const name = ctx.names.get(x.project);
    if (name !== undefined) v.project_name = name;
  }
  return v;
}

/**
 * In reach of the current project: global ones and the project's own; an observed command or fix
 * held in several projects (global) only in those projects.
 */
export function inReach(x: { scope: Scope; project?: string; source?: string; category?: string; projects?: readonly string[] }, project: string | null): boolean {
  if (x.scope !== 'global') return project !== null && x.project === project;
  if (observedSource(x) && x.category !== undefined && PER_PROJECT_CATEGORIES.has(x.category)) return project !== null && (x.projects ?? []).includes(project);
  return true;
}

export const byConfidence = (a: { confidence: number; id: string }, b: { confidence: number; id: string }) => b.confidence - a.confidence || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export interface ListFilter {
  /** 'current' (default: the project's and global), 'all', 'global', or a project id. */
  scope?: string;
  domain?: string;
  source?: Source;
  category?: string;
  level?: Level;
  minLevel?: Level;
  state?: State;
}

/** The scopes a list or export takes besides a project id. */
export const LIST_SCOPES = ['current', 'all', 'global'] as const;

/** A scope a list takes: current, all, global or a project id. */
export function knownScope(scope: string): boolean {
  return (LIST_SCOPES as readonly string[]).includes(scope) || PROJECT_ID.test(scope);
}

export function filterViews(views: readonly InstinctView[], f: ListFilter, project: string | null): InstinctView[] {
  return views
    .filter((v) => {
      const scope = f.scope ?? 'current';
      if (scope === 'current' && !inReach(v, project)) return false;
      if (scope === 'global' && v.scope !== 'global') return false;
      if (scope !== 'current' && scope !== 'all' && scope !== 'global' && v.project !== scope) return false;
      if (f.domain && v.domain !== f.domain) return false;
      if (f.source && v.source !== f.source) return false;
      if (f.category && v.category !== f.category && !v.pattern.startsWith(`${f.category}:`)) return false;
      if (f.level && v.level !== f.level) return false;
      if (f.minLevel && LEVEL_RANK[v.level] < LEVEL_RANK[f.minLevel]) return false;
      if (f.state && v.state !== f.state) return false;
      return true;
    })
    .sort(byConfidence);
}

export function searchViews(views: readonly InstinctView[], query: string, limit: number): InstinctView[] {
  const q = parseQuery(query);
  return views
    .filter((v) => matches(q, haystack([v.id, v.pattern, v.explain, v.trigger, v.action, v.domain, v.category, v.scope, v.source, v.level, v.state, v.project_name, v.project])))
    .sort(byConfidence)
    .slice(0, limit);
}

export function searchFacts(facts: readonly FactView[], query: string, limit: number): FactView[] {
  const q = parseQuery(query);
  return facts.filter((f) => matches(q, haystack([f.id, f.fact, f.domain, f.scope, f.source, f.project_name, f.project]))).sort(byConfidence).slice(0, limit);
}

/** suggest: mature and above, passing the delivery test, in reach of the project, most confident first. */
export function suggestViews(views: readonly InstinctView[], project: string | null, limit: number): InstinctView[] {
  return views.filter((v) => v.deliverable && inReach(v, project) && LEVEL_RANK[v.level] >= LEVEL_RANK.mature && v.state !== 'evolved' && v.state !== 'archived').sort(byConfidence).slice(0, limit);
}

export function compact(v: InstinctView): { pattern: string; confidence: number; rate?: number; level: Level } {
  return { pattern: v.pattern, confidence: round4(v.confidence), ...(v.rate !== undefined && observedSource(v) ? { rate: v.rate } : {}), level: v.level };
}

export interface Stats {
  total: number;
  levels: Record<Level, number>;
  sources: Record<Source, number>;
  categories: Record<string, number>;
  scopes: { global: number; project: number };
  states: Record<string, number>;
  facts: number;
  projects: number;
  rules: number;
  events: number;
  problems: number;
}

export { knownProjects } from './known-projects.js';

/**
 * Counts of the store: instincts by level, source, category, scope and state; `rules`, the rules
 * of rules.json (taught ones included); `projects`, the projects homunculus knows (knownProjects).
 */
export function stats(views: readonly InstinctView[], facts: readonly FactView[], events: number, problems: number, known: { rules: number; projects: number }): Stats {
  const levels = Object.fromEntries(LEVELS.map((l) => [l, 0])) as Record<Level, number>;
  const sources: Record<Source, number> = { observed: 0, user_correction: 0, taught: 0, imported: 0 };
  const categories: Record<string, number> = Object.fromEntries(CATEGORIES.map((c) => [c, 0]));
  const states: Record<string, number> = { active: 0, approved: 0, decaying: 0, stale: 0, evolved: 0, archived: 0 };
  const scopes = { global: 0, project: 0 };
  for (const v of views) {
    levels[v.level]++;
    sources[v.source]++;
    categories[v.category] = (categories[v.category] ?? 0) + 1;
    states[v.state] = (states[v.state] ?? 0) + 1;
    scopes[v.scope]++;
  }
  return { total: views.length, levels, sources, categories, scopes, states, facts: facts.length, projects: known.projects, rules: known.rules, events, problems };
}

export type { Trend } from './trend.js';

export interface TrendRow {
  id: string;
  pattern: string;
  confidence: number;
  level: Level;
  /** Confidence now minus at the period's start; for a new one, what moved it after its creation (store/views/trend.ts). */
  change: number;
  trend: Trend;
  last_seen: string;
}

const TREND_RANK: Record<Trend, number> = { '↑': 0, new: 1, '↓': 2, '→': 3 };

/**
 * Instincts by their trend over the last `days` (store/views/trend.ts): risen most first, then the new
 * ones (most confident first), then those that fell. With none of them (a store without a log
 * yet, or nothing moved), by last_seen, newest first.
 */
export function trending(views: readonly InstinctView[], events: readonly StoreEvent[], nowMs: number, days: number, limit: number): { basis: 'events' | 'last_seen'; rows: TrendRow[] } {
  const trends = trendsOver(events, nowMs, days);
  const row = (v: InstinctView): TrendRow => ({ id: v.id, pattern: v.pattern, confidence: round4(v.confidence), level: v.level, ...trends.get(v.id), last_seen: v.last_seen });
  const moved = views.map(row).filter((r) => r.trend !== '→');
  if (moved.length === 0) {
    return { basis: 'last_seen', rows: [...views].sort((a, b) => (a.last_seen < b.last_seen ? 1 : a.last_seen > b.last_seen ? -1 : 0) || (a.id < b.id ? -1 : 1)).slice(0, limit).map(row) };
  }
  const order = (a: TrendRow, b: TrendRow) => TREND_RANK[a.trend] - TREND_RANK[b.trend] || (a.trend === 'new' ? b.confidence - a.confidence : b.change - a.change) || (a.id < b.id ? -1 : 1);
  return { basis: 'events', rows: moved.sort(order).slice(0, limit) };
}

export interface HistoryRow extends StoreEvent {
  total: number;
}

export function history(events: readonly StoreEvent[], id: string): HistoryRow[] {
  let total = 0;
  return events.filter((e) => e.id === id).map((e) => ({ ...e, total: (total = round4(total + e.delta)) }));
}

export interface StatusGroup {
  domain: string;
  instincts: { id: string; pattern: string; confidence: number; rate?: number; live?: LiveFigures; level: Level; trend: Trend }[];
}

/** status: in reach of the project and passing the delivery test, grouped by domain (largest group first), each with its trend over `days`. */
export function status(views: readonly InstinctView[], events: readonly StoreEvent[], nowMs: number, days: number, project: string | null): StatusGroup[] {
  const trends = trendsOver(events, nowMs, days);
  const groups = new Map<string, StatusGroup>();
  for (const v of views.filter((x) => x.deliverable && inReach(x, project)).sort(byConfidence)) {
    let g = groups.get(v.domain);
    if (g === undefined) groups.set(v.domain, (g = { domain: v.domain, instincts: [] }));
    g.instincts.push({ id: v.id, pattern: v.pattern, confidence: round4(v.confidence), ...(v.rate !== undefined && observedSource(v) ? { rate: v.rate } : {}), ...(v.live ? { live: v.live } : {}), level: v.level, trend: trends.get(v.id).trend });
  }
  return [...groups.values()].sort((a, b) => b.instincts.length - a.instincts.length || (a.domain < b.domain ? -1 : 1));
}

export { effectiveness, type EffectivenessRow, type Suggestion } from './suggestion-effects.js';
