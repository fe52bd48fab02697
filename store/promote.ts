import type { ProjectAnalyses } from '../analyzer/projects.js';
import type { RuleDecision } from '../analyzer/promotion.js';
import type { ScoredPattern } from '../analyzer/score.js';
import type { Config } from '../lib/config.js';
import type { ScopedRule } from '../exports/delivery.js';
import { PER_PROJECT_KINDS } from '../analyzer/kinds.js';
import { commandParts } from '../analyzer/learners/commands.js';
import { isTaughtRule, type TaughtRule } from '../exports/taught-rules.js';
import { readIfFile } from './io.js';
import { layout } from '../lib/data-home.js';
import { storeKey } from './keys.js';
import { clamp, effective, levelOf, round4 } from './lifecycle.js';
import type { Instinct } from './model.js';
import { scanInstincts } from './scan.js';
import { promotionPatterns, scopePatterns, type ObservedPattern } from './scope.js';
import { observedSource } from './model.js';

// What the store adds to bye: the patterns it weighs (each project's own score, feedback
// adjustments applied), the observed patterns whose correction or contradiction still blocks
// their promotion, the scope a new rule takes, and the taught rules.

const akey = (p: { kind: string; key: string }) => `${p.kind}:${p.key}`;

export interface PromotionInput {
  patterns: ScoredPattern[];
  /** Analyzer keys (`chain:A->B->C`) bye must not promote now. */
  blocked: Set<string>;
  scoped: Map<string, ObservedPattern>;
  instincts: Instinct[];
  /** Instinct files that are there but do not read: id -> what is wrong. */
  unreadable: Map<string, string>;
  /** Analyzer keys of observed commands a taught one of the same purpose contradicts -> the taught key (it wins). */
  overridden: Map<string, string>;
}

/**
 * The observed commands a person's word contradicts: a taught (or imported) `cmd:<purpose>=<X>`
 * that reaches the project of an observed `cmd:<purpose>=<Y>`, Y another command. The taught one
 * wins; the observed one is not promoted, its rule is archived, and bye reports it.
 */
export function overriddenCommands(patterns: readonly ScoredPattern[], scoped: ReadonlyMap<string, ObservedPattern>, instincts: readonly Instinct[]): Map<string, string> {
  const taught = instincts.flatMap((x) => {
    if (observedSource(x) || x.state === 'archived') return [];
    const c = commandParts(x.pattern);
    return c === undefined ? [] : [{ ...c, key: x.pattern, project: x.scope === 'project' ? x.project : undefined }];
  });
  const out = new Map<string, string>();
  if (taught.length === 0) return out;
  for (const p of patterns) {
    if (p.kind !== 'command') continue;
    const c = commandParts(p.key);
    if (c === undefined) continue;
    const projects = scoped.get(akey(p))?.projects ?? [];
    const t = taught.find((t) => t.purpose === c.purpose && t.detail !== c.detail && (t.project === undefined || projects.includes(t.project)));
    if (t !== undefined) out.set(akey(p), t.key);
  }
  return out;
}

export function promotionInput(home: string, pa: ProjectAnalyses, config: Config): PromotionInput {
  const scopedList = scopePatterns(pa, config);
  const scoped = new Map(scopedList.map((s) => [akey(s.p), s]));
  const entries = scanInstincts(home);
  const instincts = entries.filter((e) => e.value).map((e) => e.value!);
  const unreadable = new Map(entries.filter((e) => !e.value).map((e) => [e.file.slice(0, -3), e.problem ?? 'it does not read']));
  const adjustments = new Map<string, number>();
  for (const x of instincts) if (observedSource(x) && x.adjustment !== undefined) adjustments.set(x.pattern, x.adjustment);
  const blocked = new Set<string>();
  const patterns = promotionPatterns(pa, scopedList).map((p) => {
    const adj = adjustments.get(storeKey(p.kind, p.key));
    if (adj === undefined) return p;
    // A correction or contradiction blocks promotion (below); a confirmation lifts the score.
    if (adj < 0) {
      blocked.add(akey(p));
      return p;
    }
    return { ...p, confidence: clamp(p.confidence + adj, config) };
  });
  return { patterns, blocked, scoped, instincts, unreadable, overridden: overriddenCommands(patterns, scoped, instincts) };
}

/**
 * Drops promotions of blocked patterns and of patterns no instinct tracks (a project's command or
 * fix: none tracked in a project), gives each new rule the scope of its pattern, and widens a
 * project's rule to global once its pattern holds in universalProjects projects (never narrows:
 * a rule delivered everywhere stays so).
 */
export function scopeDecisions(decisions: RuleDecision[], input: PromotionInput, config: Config): { decisions: RuleDecision[]; blocked: string[]; overridden: { pattern: string; taught: string }[] } {
  const blocked: string[] = [];
  const overridden: { pattern: string; taught: string }[] = [];
  const out: RuleDecision[] = [];
  for (let d of decisions) {
    const k = `${d.rule.kind}:${d.rule.pattern}`;
    const taught = input.overridden.get(k);
    if (taught !== undefined && d.change !== 'archived') {
      overridden.push({ pattern: d.rule.pattern, taught });
      if (d.change === 'promoted') continue;
      // A rule already given: the person's word wins, so it goes.
      d = { ...d, change: 'archived', reason: `the taught ${taught} says otherwise` };
    }
    if (d.change === 'promoted' && input.blocked.has(k)) {
      blocked.push(d.rule.pattern);
      continue;
    }
    const s = input.scoped.get(k);
    // A rule is first an instinct (tracked somewhere); a project's command or fix, tracked in a
    // project (held only over all projects' records together, it would reach no session).
    if (d.change === 'promoted' && (s === undefined || (PER_PROJECT_KINDS.has(d.rule.kind) && s.projects.length === 0))) continue;
    const rule = d.rule as ScopedRule;
    if (d.change === 'promoted') {
      if (s?.scope === 'project' && s.project) Object.assign(rule, { scope: 'project', project: s.project });
      else rule.scope = 'global';
    } else if (rule.scope === 'project' && s && s.projects.length >= config.universalProjects) {
      rule.scope = 'global';
      delete rule.project;
    }
    // A project's command or fix held in several projects reaches those projects only: they are listed.
    if (rule.scope === 'global' && PER_PROJECT_KINDS.has(rule.kind)) rule.projects = [...new Set([...(rule.projects ?? []), ...(s?.projects ?? [])])].sort();
    // One that no project holds (an earlier version promoted it over all projects' records together) reaches no session.
    if (d.change !== 'archived' && rule.scope === 'global' && PER_PROJECT_KINDS.has(rule.kind) && (rule.projects ?? []).length === 0) {
      d = { ...d, rule, change: 'archived', reason: 'no project holds it: a project\'s command or fix held only over several projects\' records together reaches no session' };
    }
    out.push(d);
  }
  return { decisions: out, blocked, overridden };
}

export function readTaughtRules(home: string): TaughtRule[] {
  const bytes = readIfFile(layout.rulesJson(home));
  if (bytes === undefined) return [];
  try {
    const v = JSON.parse(bytes.toString('utf8')) as { taught?: unknown };
    return Array.isArray(v?.taught) ? v.taught.filter(isTaughtRule) : [];
  } catch {
    return [];
  }
}

export interface TaughtDecisions {
  rules: TaughtRule[];
  promoted: TaughtRule[];
  archived: { rule: TaughtRule; reason: string }[];
  /** Rules kept as they were because their instinct file is there but does not read (a hand edit to fix). */
  held: { rule: TaughtRule; reason: string }[];
}

/**
 * Taught and imported instincts become rules at level `rule` (ruleObservations at
 * ruleConfidence) with minSessions (2) or more sessions of evidence; a taught rule whose instinct
 * is gone, or whose confidence decayed under demoteBelow, is archived.
 */
export function decideTaught(previous: readonly TaughtRule[], instincts: readonly Instinct[], nowMs: number, config: Config, unreadable: ReadonlyMap<string, string> = new Map()): TaughtDecisions {
  const nowIso = new Date(nowMs).toISOString();
  const byPattern = new Map(instincts.filter((x) => !observedSource(x)).map((x) => [x.pattern, x]));
  const out: TaughtDecisions = { rules: [], promoted: [], archived: [], held: [] };
  const seen = new Set<string>();
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  for (const old of previous) {
    seen.add(old.pattern);
    const x = byPattern.get(old.pattern);
    if (x === undefined) {
      const problem = unreadable.get(old.id);
      // A file that is there but does not read (saved with a YAML slip) is the user's to fix: the rule stays.
      if (problem !== undefined) {
        out.rules.push(old);
        out.held.push({ rule: old, reason: `instincts/${old.id}.md does not read (${problem}): kept as it was until the file is fixed` });
      } else out.archived.push({ rule: old, reason: 'its taught instinct was removed' });
      continue;
    }
    const eff = effective(x, nowMs, config);
    const rule: TaughtRule = { ...toRule(x, old.promoted_at), confidence_now: round4(eff) };
    if (eff < config.demoteBelow) out.archived.push({ rule, reason: `confidence ${pct(eff)} fell below demoteBelow ${pct(config.demoteBelow)}` });
    else out.rules.push(rule);
  }
  for (const x of byPattern.values()) {
    if (seen.has(x.pattern)) continue;
    const eff = effective(x, nowMs, config);
    const level = levelOf({ source: x.source, confidence: eff, observations: x.observations, projects: x.projects.length, promoted: false }, config);
    if ((level === 'rule' || level === 'universal') && eff >= config.ruleConfidence && x.observations >= config.ruleObservations && x.sessions >= config.minSessions) {
      const rule = { ...toRule(x, nowIso), confidence_now: round4(eff) };
      out.rules.push(rule);
      out.promoted.push(rule);
    }
  }
  out.rules.sort((a, b) => b.confidence_now - a.confidence_now || (a.pattern < b.pattern ? -1 : 1));
  return out;
}

function toRule(x: Instinct, promotedAt: string): TaughtRule {
  return {
    id: x.id,
    kind: 'taught',
    pattern: x.pattern,
    trigger: x.trigger,
    action: x.action,
    promoted_at: promotedAt,
    confidence_now: x.confidence,
    observations: x.observations,
    sessions: x.sessions,
    scope: x.scope,
    ...(x.project !== undefined ? { project: x.project } : {}),
  };
}

/** Store key -> promoted_at of every rule, for the instincts' promoted_at. */
export function promotedMap(rules: readonly ScopedRule[], taught: readonly TaughtRule[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const r of rules) m.set(storeKey(r.kind, r.pattern), r.promoted_at);
  for (const t of taught) m.set(t.pattern, t.promoted_at);
  return m;
}
