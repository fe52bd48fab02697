import type { Config } from '../../lib/config.js';
import type { TaughtRule } from '../../rules/rule.js';
import { effective, levelOf, round4 } from '../model/lifecycle.js';
import type { Instinct } from '../model/model.js';
import { observedSource } from '../model/model.js';

// Which taught and imported instincts are rules (rules.json's `taught` list): decided by bye, and
// by every change of the store the moment a person teaches (store/verbs/mutate.ts), so that what they
// taught reaches the sessions of its scope at once.

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
    ...(x.source === 'imported' ? { source: 'imported' as const } : {}),
  };
}
