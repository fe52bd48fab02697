import { isoToMs } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import { shrunkRate } from '../analyzer/claims.js';
import { whyNotDelivered } from '../analyzer/deliver.js';
import { PER_PROJECT_KINDS } from '../analyzer/kinds.js';
import { activeRules, consolidate, holds, type AgeDays, type RuleChange, type RuleDecision } from '../analyzer/promotion.js';
import type { ScoredPattern } from '../analyzer/score.js';
import { patternFacts } from '../analyzer/tracked.js';
import { judgeLive, priorOf } from './live.js';
import { ruleProject, type LiveFigures, type ObservedRule, type WithdrawnClaim } from './rule.js';
import { Withdrawals } from './withdrawn.js';

// bye's plan for the observed rules, pure: each project's rules from that project's own evidence
// (analyzer/promotion.ts consolidate, once per project), then the habits held across projects,
// derived from the projects' rules. A project's rule states that project's counts and nobody
// else's; a project whose sessions brought nothing new keeps its rules as they are (a rule fades
// when its project's sessions no longer bear it out, not while the project is idle); a command a
// person taught wins in the projects it reaches, and only there. Nothing is written here.

/** The analyzer's key of a pattern (`chain:A->B->C`)... */
const pkey = (p: { kind: string; key: string }) => `${p.kind}:${p.key}`;
/** ...and of a rule (its `key` field is the store key: `seq:A->B->C`). */
const akey = (r: { kind: string; pattern: string }) => `${r.kind}:${r.pattern}`;

/** What one project brings to the plan. */
export interface ProjectEvidence {
  /** The project's patterns: its own evidence (feedback adjustments applied). */
  patterns: readonly ScoredPattern[];
  /** Analyzer keys (`chain:A->B->C`) tracked in this project: a rule is first an instinct. */
  tracked: ReadonlySet<string>;
  /** Whether its sessions brought evidence this run (records in the window): an idle project's rules stand as they are. */
  active: boolean;
  /** Analyzer keys of observed commands a taught command reaching this project contradicts -> the taught key. */
  overridden: ReadonlyMap<string, string>;
  /** The UTC day numbers on which the project worked (records in the window): its rules age by these, not by the calendar. */
  activeDays?: readonly number[];
  /** How many times a chain prefix `A->B` was followed by a call in its records (Analysis.prefixOpportunities). */
  prefixOpportunities?: (prefix: string) => number;
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

/**
 * A project's rule, its age brought up to `nowMs`: the days its project worked since the rule's
 * pattern was last seen, counted once each across byes (each bye sees only its window's days).
 */
export function agedRule(r: ObservedRule, activeDays: readonly number[], nowMs: number): ObservedRule {
  const today = dayOf(nowMs);
  const through = r.aged_through !== undefined ? isoToMs(r.aged_through) : Number.NaN;
  const from = Math.max(dayOf(isoToMs(r.last_seen)), Number.isNaN(through) ? -Infinity : dayOf(through));
  let add = 0;
  let last = from;
  for (const d of new Set(activeDays)) {
    if (d > from && d <= today) {
      add++;
      if (d > last) last = d;
    }
  }
  // Counted through the last day with work seen (never a day still to come, nor today before its work: a
  // bye in the morning leaves the day's later work to the next bye).
  const unseen = typeof r.unseen_days === 'number' && Number.isInteger(r.unseen_days) && r.unseen_days >= 0 ? r.unseen_days : 0;
  return { ...r, unseen_days: unseen + add, ...(Number.isFinite(last) ? { aged_through: new Date(last * DAY_MS).toISOString() } : {}) };
}

/** A project's rule ages by its unseen working days (agedRule), never by idle calendar days. */
const byWork: AgeDays = (rule) => (rule as ObservedRule).unseen_days ?? 0;

export interface PlanInput {
  projects: ReadonlyMap<string, ProjectEvidence>;
  /**
   * Every record together (the analysis of all projects and records without one): what an
   * earlier version's global rule, which names no project, is measured against while no project
   * holds it.
   */
  all: readonly ScoredPattern[];
  /**
   * The records that name no project, counted apart (analyzer/projects.ts): their rules are no
   * project's, global ones that name no project, as an earlier version made them all.
   */
  unattributed?: ProjectEvidence;
  /** Analyzer keys whose promotion a correction or contradiction holds back (feedback is per key). */
  blocked: ReadonlySet<string>;
  /** Project id -> its folder's name, for people. */
  names: ReadonlyMap<string, string>;
  /**
   * How each rule of rules.json held since it was given (rules/live.ts liveByRule, by liveKey):
   * stored on the rules kept; a rule whose live rate falls under minRate is withdrawn. Undefined:
   * not measured (the rules keep the figures they have).
   */
  live?: ReadonlyMap<string, LiveFigures>;
  /** The claims withdrawn earlier (rules.json `withdrawn`), with how each held since (by liveKey): rules/withdrawn.ts. */
  withdrawn?: { claims: readonly WithdrawnClaim[]; since: ReadonlyMap<string, LiveFigures> };
}

export interface PlannedChange {
  rule: ObservedRule;
  change: RuleChange;
  reason?: string;
}

export interface RulesPlan {
  /** The observed rules to keep, most confident first. */
  rules: ObservedRule[];
  /** What changed (promoted, refreshed, decaying, archived), in the order decided. */
  changes: PlannedChange[];
  /** Patterns whose promotion feedback holds back. */
  blocked: string[];
  /** Observed commands a taught one contradicts, per project. */
  overridden: { pattern: string; taught: string; project: string; project_name?: string }[];
  /** Claims withdrawn earlier whose promotion waits until they hold since (rules/withdrawn.ts), with why. */
  withheld: { pattern: string; project?: string; project_name?: string; reason: string }[];
  /** The withdrawn claims rules.json keeps. */
  withdrawn: WithdrawnClaim[];
}

export type PlanConfig = Config;

/**
 * The previous rules by the project they are of: rules of a project as they are; an earlier
 * version's global rule of a project's command (naming its projects) becomes each listed
 * project's; an earlier version's global habit becomes the rule of each project that tracks it
 * (so that its history carries), and stays as the global candidate.
 */
function previousByProject(previous: readonly ObservedRule[], input: PlanInput): { byProject: Map<string, ObservedRule[]>; globals: ObservedRule[]; orphans: ObservedRule[] } {
  const byProject = new Map<string, ObservedRule[]>();
  const add = (p: string, r: ObservedRule) => byProject.set(p, [...(byProject.get(p) ?? []), r]);
  const globals: ObservedRule[] = [];
  const orphans: ObservedRule[] = [];
  for (const r of previous) {
    const p = ruleProject(r);
    if (p !== undefined) {
      add(p, r);
      continue;
    }
    if (r.scope === 'project') {
      orphans.push(r);
      continue;
    }
    const formatOne = r.against === undefined;
    if (PER_PROJECT_KINDS.has(r.kind)) {
      const listed = Array.isArray(r.projects) ? r.projects : [];
      // Without a list of projects: the rule of the sessions that record none (made from them,
      // planProject(null)), measured again against them, and standing while they are idle. An
      // earlier version's, pooled over projects it no longer names (an empty list), is no one's.
      if (!Array.isArray(r.projects)) {
        NO_PROJECT.add(r);
        globals.push(r);
      } else if (listed.length === 0) orphans.push(r);
      for (const id of listed) add(id, asProjectRule(r, id, listed.length > 1));
      continue;
    }
    globals.push(r);
    if (formatOne) {
      for (const [id, ev] of input.projects) if (ev.tracked.has(akey(r)) && !(byProject.get(id) ?? []).some((x) => akey(x) === akey(r))) add(id, asProjectRule(r, id));
    }
  }
  return { byProject, globals, orphans };
}

/** A project's kind of rule (a command, a fix) that names no project: the sessions with no project recorded hold it. */
const NO_PROJECT = new WeakSet<ObservedRule>();

/** Rules an earlier version kept once for several projects, their counts those projects' together: their own are to be measured. */
const POOLED = new WeakSet<ObservedRule>();

function asProjectRule(r: ObservedRule, project: string, pooled = false): ObservedRule {
  const out: ObservedRule = { ...r, scope: 'project', project };
  delete out.projects;
  delete out.against;
  delete out.project_name;
  if (pooled) POOLED.add(out);
  return out;
}

/**
 * One project's decisions: consolidate over its own evidence, then what only a project's rule
 * needs (tracked, blocked, taught). `id` null: the records that name no project, whose rules are
 * global ones naming none.
 */
function planProject(id: string | null, given: readonly ObservedRule[], ev: ProjectEvidence | undefined, input: PlanInput, nowMs: number, config: PlanConfig, out: RulesPlan, memory: Withdrawals): RuleDecision[] {
  // An earlier version's rule of several projects states their counts together: it stays a rule
  // of this project only where this project's own evidence holds it, stated with its own counts.
  const pooledOut: RuleDecision[] = [];
  const previous = given.filter((r) => {
    if (!POOLED.has(r)) return true;
    const own = ev?.patterns.find((p) => pkey(p) === akey(r));
    if (own !== undefined && holds(own, config)) return true;
    pooledOut.push({ rule: r, change: 'archived', reason: "an earlier version kept it once for several projects, with their counts together; this project's own records do not hold it" });
    return false;
  });
  // An idle project (no session of it in the window, and none carried): its rules stand.
  if (ev === undefined || (!ev.active && ev.patterns.length === 0)) return [...pooledOut, ...previous.map((rule) => ({ rule, change: 'unchanged' as const }))];
  const aged = previous.map((r) => agedRule(r, ev.activeDays ?? [], nowMs));
  let decisions = consolidate(aged, ev.patterns, nowMs, config, byWork).map((d) =>
    // Seen again: its age starts over from this sighting.
    d.change === 'refreshed' || d.change === 'promoted' ? { ...d, rule: { ...d.rule, unseen_days: 0, aged_through: new Date(dayOf(nowMs) * DAY_MS).toISOString() } } : d,
  );
  if (!ev.active) {
    // Evidence carried from history, nothing new: promotions; the rules it has stand as they are,
    // stating this project's own figures (a pooled rule of an earlier version is measured here).
    const before = new Map(previous.map((r) => [akey(r), r]));
    decisions = decisions.map((d) => {
      const old = before.get(akey(d.rule));
      if (old === undefined) return d;
      return { rule: POOLED.has(old) ? { ...old, ...claimOf(d.rule) } : old, change: 'unchanged' as const };
    });
  }
  const kept: RuleDecision[] = [...pooledOut];
  for (let d of decisions) {
    const k = akey(d.rule);
    const taught = ev.overridden.get(k);
    if (taught !== undefined && d.change !== 'archived') {
      const name = id === null ? undefined : input.names.get(id);
      if (id !== null) out.overridden.push({ pattern: d.rule.pattern, taught, project: id, ...(name !== undefined ? { project_name: name } : {}) });
      if (d.change === 'promoted') continue;
      // A rule already given: the person's word wins here, so it goes (in this project only).
      d = { ...d, change: 'archived', reason: `the taught ${taught} says otherwise in this project` };
    }
    if (d.change === 'promoted' && input.blocked.has(k)) {
      out.blocked.push(d.rule.pattern);
      continue;
    }
    // A rule is first an instinct: tracked in this project.
    if (d.change === 'promoted' && !ev.tracked.has(k)) continue;
    // Withdrawn on how it held since it was given: given again only once it holds since.
    if (d.change === 'promoted' && withheld(d.rule, id, memory, input, out)) continue;
    if (id === null) {
      const rule: ObservedRule = { ...d.rule, scope: 'global' };
      delete rule.project;
      kept.push({ ...d, rule });
      continue;
    }
    const rule: ObservedRule = { ...d.rule, scope: 'project', project: id };
    const name = input.names.get(id);
    if (name !== undefined) rule.project_name = name;
    else delete rule.project_name;
    kept.push({ ...d, rule });
  }
  return kept;
}

const round = (x: number) => Math.round(x * 1e4) / 1e4;

/** A rule's claim figures (as consolidate measured them from the project's own pattern). */
function claimOf(r: ObservedRule): Partial<ObservedRule> {
  const out: Partial<ObservedRule> = { observations: r.observations, sessions: r.sessions };
  for (const k of ['key', 'claim', 'hits', 'opportunities', 'rate', 'prior', 'applies', 'lift', 'details'] as const) if (r[k] !== undefined) (out as Record<string, unknown>)[k] = r[k];
  return out;
}

/**
 * A habit held in universalProjects projects or more, as one global rule: the holders' evidence
 * together (counts summed, the rate shrunk toward their priors' mean), the holders listed, and the
 * projects whose own evidence does not hold it (`against`: it is never given there).
 */
function globalRule(key: string, holders: readonly ObservedRule[], before: ObservedRule | undefined, input: PlanInput, nowIso: string, config: PlanConfig): ObservedRule {
  const sum = (f: (r: ObservedRule) => number | undefined) => holders.reduce((n, r) => n + (f(r) ?? 0), 0);
  const hits = sum((r) => r.hits);
  const opportunities = sum((r) => r.opportunities);
  const weightOf = (r: ObservedRule) => Math.max(1, r.opportunities ?? 0);
  const total = holders.reduce((n, r) => n + weightOf(r), 0);
  const prior = holders.reduce((n, r) => n + (priorOf(r, config.ratePriorWeight) ?? 0) * weightOf(r), 0) / total;
  const lift = holders.reduce((n, r) => n + (r.lift ?? 0) * weightOf(r), 0) / total;
  const first = holders[0]!;
  const projects = holders.map((r) => r.project!).sort();
  const against: string[] = [];
  for (const [id, ev] of input.projects) {
    if (projects.includes(id)) continue;
    const p = ev.patterns.find((x) => pkey(x) === key);
    if (p !== undefined && p.opportunities > 0) {
      if (whyNotDelivered(patternFacts(p), { ...config, minSessions: 0 }) !== undefined) against.push(id);
      continue;
    }
    // A chain the project never (or too rarely to count) completes: its own opportunities say so.
    if (first.kind === 'chain' && ev.prefixOpportunities !== undefined) {
      const steps = first.pattern.split('->');
      const opportunities = ev.prefixOpportunities(`${steps[0]}->${steps[1]}`);
      if (opportunities >= config.ratePriorWeight && shrunkRate(0, opportunities, prior, config.ratePriorWeight) < config.minRate) against.push(id);
    }
  }
  const max = (f: (r: ObservedRule) => number) => Math.max(...holders.map(f));
  const lastSeen = holders.map((r) => r.last_seen).sort().at(-1)!;
  const rule: ObservedRule = {
    id: first.id,
    kind: first.kind,
    pattern: first.pattern,
    promoted_at: before?.promoted_at ?? nowIso,
    confidence_at_promotion: before?.confidence_at_promotion ?? max((r) => r.confidence_now),
    last_confidence: max((r) => r.last_confidence),
    last_seen: lastSeen,
    observations: sum((r) => r.observations),
    sessions: sum((r) => r.sessions),
    confidence_now: max((r) => r.confidence_now),
    ...(first.key !== undefined ? { key: first.key } : {}),
    ...(first.claim !== undefined ? { claim: first.claim } : {}),
    hits,
    opportunities,
    rate: round(shrunkRate(hits, opportunities, prior, config.ratePriorWeight)),
    prior: round(prior),
    applies: round(holders.reduce((n, r) => n + (r.applies ?? 0), 0) / holders.length),
    lift: Math.round(lift * 100) / 100,
    scope: 'global',
    projects,
    against: against.sort(),
  };
  return rule;
}

/**
 * A decision with its rule's live figures (rules/live.ts): a rule kept is withdrawn (archived,
 * with why, and remembered) when how it held since it was given says so. A rule promoted now has none yet.
 */
function withLive(d: RuleDecision, input: PlanInput, config: PlanConfig, memory: Withdrawals): RuleDecision {
  if (d.change === 'archived' || d.change === 'promoted') return d;
  const j = judgeLive(d.rule as ObservedRule, input.live, config);
  if (j.withdraw === undefined) return { ...d, rule: j.rule };
  memory.add(j.rule, j.withdraw);
  return { rule: j.rule, change: 'archived', reason: j.withdraw };
}

/** Whether a promotion (of project `id`; null: global) waits, withdrawn earlier: said in `out.withheld`. */
function withheld(rule: ObservedRule, id: string | null, memory: Withdrawals, input: PlanInput, out: RulesPlan): boolean {
  const reason = memory.holdsBack(rule, id);
  if (reason === undefined) return false;
  const name = id === null ? undefined : input.names.get(id);
  out.withheld.push({ pattern: rule.pattern, ...(id !== null ? { project: id } : {}), ...(name !== undefined ? { project_name: name } : {}), reason });
  return true;
}

/** The plan: each project's rules, then the habits held across projects. */
export function planRules(previous: readonly ObservedRule[], input: PlanInput, nowMs: number, config: PlanConfig): RulesPlan {
  const out: RulesPlan = { rules: [], changes: [], blocked: [], overridden: [], withheld: [], withdrawn: [] };
  const memory = new Withdrawals(input.withdrawn?.claims ?? [], input.withdrawn?.since, nowMs, config);
  const nowIso = new Date(nowMs).toISOString();
  const { byProject, globals, orphans } = previousByProject(previous, input);
  for (const r of orphans) out.changes.push({ rule: r, change: 'archived', reason: "no project holds it: a project's rule must name its project" });
  const ids = [...new Set([...byProject.keys(), ...input.projects.keys()])].sort();
  const active: ObservedRule[] = [];
  for (const id of ids) {
    for (const planned of planProject(id, byProject.get(id) ?? [], input.projects.get(id), input, nowMs, config, out, memory)) {
      const d = withLive(planned, input, config, memory);
      if (d.change !== 'unchanged') out.changes.push({ rule: d.rule, change: d.change, ...(d.reason !== undefined ? { reason: d.reason } : {}) });
      if (d.change !== 'archived') active.push(d.rule);
    }
  }
  // Habits held in universalProjects projects: one global rule each, for the projects with no evidence of their own.
  const holders = new Map<string, ObservedRule[]>();
  for (const r of active) {
    // A habit of tools alone travels; one that runs a command (`Bash(npm test)`) is its projects' own.
    if (PER_PROJECT_KINDS.has(r.kind) || r.pattern.includes('(')) continue;
    holders.set(akey(r), [...(holders.get(akey(r)) ?? []), r]);
  }
  const globalBefore = new Map(globals.map((r) => [akey(r), r]));
  const globalNow: ObservedRule[] = [];
  for (const [k, list] of holders) {
    if (list.length < config.universalProjects) continue;
    const before = globalBefore.get(k);
    const made = globalRule(k, list, before, input, nowIso, config);
    if (before === undefined && withheld(made, null, memory, input, out)) continue;
    const d = before === undefined ? { rule: made, change: 'promoted' as const } : withLive({ rule: made, change: made.last_seen > before.last_seen ? 'refreshed' : 'unchanged' }, input, config, memory);
    if (d.change !== 'unchanged') out.changes.push({ rule: d.rule, change: d.change, ...(d.reason !== undefined ? { reason: d.reason } : {}) });
    if (d.change !== 'archived') globalNow.push(d.rule);
    else globalBefore.delete(k); // withdrawn: its archive says why
  }
  const anyActive = [...input.projects.values()].some((ev) => ev.active);
  if (input.unattributed !== undefined) {
    // The records that name no project: their rules are the global ones that name none.
    const legacy = [...globalBefore.values()].filter((r) => r.against === undefined && !globalNow.some((g) => akey(g) === akey(r)));
    for (const r of legacy) globalBefore.delete(akey(r));
    for (const planned of planProject(null, legacy, input.unattributed, input, nowMs, config, out, memory)) {
      const d = withLive(planned, input, config, memory);
      if (d.change !== 'unchanged') out.changes.push({ rule: d.rule, change: d.change, ...(d.reason !== undefined ? { reason: d.reason } : {}) });
      if (d.change !== 'archived' && !globalNow.some((g) => akey(g) === akey(d.rule))) globalNow.push(d.rule);
    }
  }
  for (const [k, r] of globalBefore) {
    if (globalNow.some((g) => akey(g) === k)) continue;
    const n = holders.get(k)?.length ?? 0;
    // The sessions with no project were not in this window: their rule stands, as an idle project's does.
    if (NO_PROJECT.has(r)) {
      globalNow.push(r);
      continue;
    }
    if (n === 0 && r.against === undefined) {
      // An earlier version's global rule that no project holds: it stands while nothing happens,
      // and is measured against every record together, as it was made, while projects work.
      const d = withLive(anyActive ? consolidate([r], input.all, nowMs, config)[0]! : { rule: r, change: 'unchanged' }, input, config, memory);
      if (d.change !== 'unchanged') out.changes.push({ rule: d.rule, change: d.change, ...(d.reason !== undefined ? { reason: d.reason } : {}) });
      if (d.change !== 'archived') globalNow.push(d.rule);
      continue;
    }
    // An earlier version's global rule that projects hold carries on as their rules (its promotion kept): not an archive.
    if (n > 0 && r.against === undefined) continue;
    out.changes.push({ rule: r, change: 'archived', reason: n === 0 ? 'no project holds it now' : `it holds in ${n === 1 ? 'one project' : `${n} projects`} now, under universalProjects ${config.universalProjects}: ${n === 1 ? "that project's own rule states it there" : 'each project states its own'}` });
  }
  out.withdrawn = memory.list();
  out.rules = activeRules([...active, ...globalNow].map((rule) => ({ rule, change: 'unchanged' as const })));
  return out;
}
