import type { ProjectAnalyses } from '../../analyzer/projects.js';
import type { ScoredPattern } from '../../analyzer/score.js';
import type { Analysis } from '../../analyzer/analyze.js';
import type { Config } from '../../lib/config.js';
import type { PlanInput, ProjectEvidence } from '../../rules/plan.js';
import { storeKey } from '../model/keys.js';
import { clamp } from '../model/lifecycle.js';
import type { Instinct } from '../model/model.js';
import { scanInstincts } from '../files/scan.js';
import { scopePatterns } from './scope.js';
import { observedSource } from '../model/model.js';
import { projectNames } from '../files/projects.js';
import { overriddenKey, taughtPurposes, taughtReaches } from '../../rules/reach.js';
import type { TaughtRule } from '../../rules/rule.js';
import { decideTaught } from './taught-decisions.js';
import { adjustmentAfter } from './observed.js';

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
 * The observed patterns a person's word contradicts in `project` (rules/reach.ts overriddenKey): a
 * command of a taught purpose other than the taught one, or a chain, fix or retry running such a
 * command, where a taught command reaches the project (taught there, or for every project) and is
 * a rule (not contradicted away). The taught one wins there, and only there. What was imported
 * (from a file or another tool) overrides nothing.
 */
export function overriddenCommands(patterns: readonly ScoredPattern[], project: string, taught: readonly TaughtRule[]): Map<string, string> {
  const out = new Map<string, string>();
  const purposes = taughtPurposes(taught.filter((t) => taughtReaches(t, project === '' ? null : project)));
  if (purposes.size === 0) return out;
  for (const p of patterns) {
    const k = overriddenKey(storeKey(p.kind, p.key), purposes);
    if (k !== undefined) out.set(akey(p), k);
  }
  return out;
}

export function promotionInput(home: string, pa: ProjectAnalyses, config: Config, nowMs: number): PromotionInput {
  const entries = scanInstincts(home);
  const instincts = entries.filter((e) => e.value).map((e) => e.value!);
  // The taught rules as they stand now (a contradicted one is no rule, and overrides nothing).
  const taughtRules = decideTaught([], instincts, nowMs, config).rules;
  const unreadable = new Map(entries.filter((e) => !e.value).map((e) => [e.file.slice(0, -3), e.problem ?? 'it does not read']));
  const scoped = scopePatterns(pa, config);
  // Feedback adjustments as this run's analysis leaves them (an adjustment outweighed by new evidence is gone).
  const byKey = new Map(scoped.map((s) => [storeKey(s.p.kind, s.p.key), s.p]));
  const adjustments = new Map<string, number>();
  for (const x of instincts) {
    if (!observedSource(x) || x.adjustment === undefined) continue;
    const p = byKey.get(x.pattern);
    const after = p === undefined ? x.adjustment : adjustmentAfter(x, new Date(p.lastSeen).toISOString(), config).adjustment;
    if (after !== undefined) adjustments.set(x.pattern, after);
  }
  const blocked = new Set<string>();
  // What each project tracks: the instincts the analysis keeps (scoped, within the store's caps).
  const tracked = new Map<string, Set<string>>();
  for (const s of scoped) {
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
    projects.set(id, { patterns, tracked: tracked.get(id) ?? new Set(), active: a.sessionsInWindow > 0, overridden: overriddenCommands(patterns, id, taughtRules), activeDays: activeDaysOf(a), ...(a.prefixOpportunities ? { prefixOpportunities: a.prefixOpportunities } : {}) });
  }
  const u = pa.unattributed;
  const unattributed = u === undefined ? undefined : (() => {
    const patterns = u.patterns.map(adjust);
    return { patterns, tracked: new Set(u.tracked.map(akey)), active: u.sessionsInWindow > 0, overridden: overriddenCommands(patterns, '', taughtRules), activeDays: activeDaysOf(u) };
  })();
  return { plan: { projects, all: pa.all.patterns, ...(unattributed !== undefined ? { unattributed } : {}), blocked, names: projectNames(home) }, instincts, unreadable };
}

/** The UTC day numbers with calls in an analysis's window: the days its rules age by (rules/plan.ts). */
const activeDaysOf = (a: Pick<Analysis, 'days'>): number[] => a.days.filter((d) => d.calls > 0).map((d) => Math.floor(Date.parse(`${d.day}T00:00:00Z`) / 86_400_000));

export { decideTaught, type TaughtDecisions } from './taught-decisions.js';
