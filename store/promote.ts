import type { ProjectAnalyses } from '../analyzer/projects.js';
import type { ScoredPattern } from '../analyzer/score.js';
import type { Config } from '../lib/config.js';
import { commandParts } from '../analyzer/learners/commands.js';
import type { PlanInput, ProjectEvidence } from '../rules/plan.js';
import type { TaughtRule } from '../rules/rule.js';
import { storeKey } from './keys.js';
import { clamp, effective, levelOf, round4 } from './lifecycle.js';
import type { Instinct } from './model.js';
import { scanInstincts } from './scan.js';
import { scopePatterns } from './scope.js';
import { observedSource } from './model.js';
import { projectNames } from './projects.js';

// What the store adds to bye's plan (rules/plan.ts): each project's own patterns (feedback
// adjustments applied), what each project tracks (a rule is first an instinct), the observed
// patterns whose correction or contradiction still blocks their promotion, the commands a person
// taught that win in the projects they reach, and the taught rules.

const akey = (p: { kind: string; key: string }) => `${p.kind}:${p.key}`;

export interface PromotionInput {
  plan: PlanInput;
  instincts: Instinct[];
  /** Instinct files that are there but do not read: id -> what is wrong. */
  unreadable: Map<string, string>;
}

/**
 * The commands a person taught, each with the project it is taught for (undefined: every
 * project). Imported ones (read from a file or another tool) do not override what was observed.
 */
function taughtCommands(instincts: readonly Instinct[]): { purpose: string; detail: string; key: string; project: string | undefined }[] {
  return instincts.flatMap((x) => {
    if (x.source !== 'taught' || x.state === 'archived') return [];
    const c = commandParts(x.pattern);
    return c === undefined ? [] : [{ ...c, key: x.pattern, project: x.scope === 'project' ? x.project : undefined }];
  });
}

/**
 * The observed commands a person's word contradicts in `project`: a taught
 * `cmd:<purpose>=<X>` that reaches the project (taught there, or for every project) over an
 * observed `cmd:<purpose>=<Y>` of it, Y another command. The taught one wins there, and only there.
 */
export function overriddenCommands(patterns: readonly ScoredPattern[], project: string, instincts: readonly Instinct[]): Map<string, string> {
  const out = new Map<string, string>();
  const taught = taughtCommands(instincts).filter((t) => t.project === undefined || t.project === project);
  if (taught.length === 0) return out;
  for (const p of patterns) {
    if (p.kind !== 'command') continue;
    const c = commandParts(p.key);
    if (c === undefined) continue;
    // A taught command for this project outweighs one taught for every project.
    const t = taught.find((t) => t.purpose === c.purpose && t.project === project) ?? taught.find((t) => t.purpose === c.purpose);
    if (t !== undefined && t.detail !== c.detail) out.set(akey(p), t.key);
  }
  return out;
}

export function promotionInput(home: string, pa: ProjectAnalyses, config: Config): PromotionInput {
  const entries = scanInstincts(home);
  const instincts = entries.filter((e) => e.value).map((e) => e.value!);
  const unreadable = new Map(entries.filter((e) => !e.value).map((e) => [e.file.slice(0, -3), e.problem ?? 'it does not read']));
  const adjustments = new Map<string, number>();
  for (const x of instincts) if (observedSource(x) && x.adjustment !== undefined) adjustments.set(x.pattern, x.adjustment);
  const blocked = new Set<string>();
  // What each project tracks: the instincts the analysis keeps (scoped, within the store's caps).
  const tracked = new Map<string, Set<string>>();
  for (const s of scopePatterns(pa, config)) {
    for (const id of s.scope === 'project' && s.project ? [s.project] : s.projects) {
      let set = tracked.get(id);
      if (set === undefined) tracked.set(id, (set = new Set()));
      set.add(akey(s.p));
    }
  }
  const adjust = (p: ScoredPattern): ScoredPattern => {
    const adj = adjustments.get(storeKey(p.kind, p.key));
    if (adj === undefined) return p;
    // A correction or contradiction blocks promotion (rules/plan.ts); a confirmation lifts the score.
    if (adj < 0) {
      blocked.add(akey(p));
      return p;
    }
    return { ...p, confidence: clamp(p.confidence + adj, config) };
  };
  const projects = new Map<string, ProjectEvidence>();
  for (const [id, a] of pa.projects) {
    const patterns = a.patterns.map(adjust);
    projects.set(id, { patterns, tracked: tracked.get(id) ?? new Set(), active: a.sessionsInWindow > 0, overridden: overriddenCommands(patterns, id, instincts) });
  }
  return { plan: { projects, all: pa.all.patterns, blocked, names: projectNames(home) }, instincts, unreadable };
}

export interface TaughtDecisions {
  rules: TaughtRule[];
  promoted: TaughtRule[];
  archived: { rule: TaughtRule; reason: string }[];
  /** Rules kept as they were because their instinct file is there but does not read (a hand edit to fix). */
  held: { rule: TaughtRule; reason: string }[];
}

/**
 * What a person taught becomes a rule at once (it reaches the sessions of its scope ahead of
 * anything learned) until they or the evidence contradict it: its confidence under demoteBelow (a
 * contradiction, a correction, weeks unconfirmed) archives the rule. Imported instincts (read
 * from a file or another tool, not said by the person here) become rules at level `rule`
 * (ruleObservations at ruleConfidence) with minSessions (2) or more sessions of evidence.
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
    if (x.state === 'archived' || eff < config.demoteBelow) continue;
    const level = levelOf({ source: x.source, confidence: eff, observations: x.observations, projects: x.projects.length, promoted: false }, config);
    const proven = (level === 'rule' || level === 'universal') && eff >= config.ruleConfidence && x.observations >= config.ruleObservations && x.sessions >= config.minSessions;
    if (x.source === 'taught' || proven) {
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
