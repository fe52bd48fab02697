import { PER_PROJECT_KINDS } from '../analyzer/kinds.js';
import { commandParts } from '../analyzer/learners/commands.js';
import { purposeOf } from '../analyzer/learners/command-purposes.js';
import { isTaughtRule, ruleKey, ruleProject, type AnyRule, type ObservedRule, type RulesDoc, type TaughtRule } from './rule.js';

// Which rules reach a session of a project, and on whose evidence: the one answer every consumer
// (the SessionStart hook, the prompt router, exports and inject, suggest, status, list, stats, the
// report, the MCP server) gives. A rule of this project states this project's own evidence
// (`here`). A habit held in other projects reaches a project with no rule of its own for it, and
// whose own evidence does not contradict it, labelled as what it is (`across`, in how many of the
// user's projects). A project's commands and fixes are that project's: they reach no other. What a
// person taught reaches its scope, and a taught command wins over an observed one of the same
// purpose in that scope (and only there).

/**
 * Whose evidence a rule states where it is given: this project's own (`here`), the user's other
 * projects' (`across`: a habit held in several), sessions that named no project (`sessions`:
 * records of an earlier version, or of a session without a folder, whose projects are unknown),
 * or a person's word (`taught`).
 */
export type Where = 'here' | 'across' | 'sessions' | 'taught';

export interface Reaching {
  rule: AnyRule;
  /** Its store key. */
  key: string;
  where: Where;
  /** `across`: the projects whose evidence it states together (undefined: an earlier version's rule, which did not say). */
  projects?: number;
}

/** Whether a taught rule reaches a session of `project` (null: a session outside any project). */
export function taughtReaches(t: Pick<TaughtRule, 'scope' | 'project'>, project: string | null): boolean {
  return t.scope !== 'project' || (project !== null && t.project === project);
}

/**
 * How an observed rule reaches a session of `project`, or undefined when it does not; `own` is
 * the set of keys the project has rules of its own for.
 */
function observedReach(r: ObservedRule, project: string | null, own: ReadonlySet<string>): Omit<Reaching, 'rule' | 'key'> | undefined {
  const of = ruleProject(r);
  if (of !== undefined) return project !== null && of === project ? { where: 'here' } : undefined;
  if (r.scope === 'project') return undefined; // a project's rule that names no project reaches none
  const listed = Array.isArray(r.projects) ? r.projects.filter((p): p is string => typeof p === 'string') : undefined;
  if (PER_PROJECT_KINDS.has(r.kind)) {
    // Without a list of projects: the rule of the sessions that record none (rules/plan.ts), given there only.
    if (listed === undefined) return project === null ? { where: 'sessions' } : undefined;
    // An earlier version kept a project's command held in several projects once, naming them.
    if (project === null || !listed.includes(project)) return undefined;
    return listed.length === 1 ? { where: 'here' } : { where: 'across', projects: listed.length };
  }
  if (project !== null && (own.has(ruleKey(r)) || (Array.isArray(r.against) && r.against.includes(project)))) return undefined;
  return listed !== undefined ? { where: 'across', projects: listed.length } : { where: 'sessions' };
}

/**
 * The taught commands of the rules that reach a project, by purpose: an observed command of the
 * same purpose and another detail is not given there (the person's word wins). A command taught
 * for the project outweighs one taught for every project.
 */
export function taughtPurposes(taught: readonly TaughtRule[]): Map<string, string> {
  const out = new Map<string, string>();
  // What a file or another tool brought in (imported) does not override what was seen here.
  for (const t of [...taught].filter((t) => t.source !== 'imported').sort((a, b) => (a.scope === 'project' ? 1 : 0) - (b.scope === 'project' ? 1 : 0))) {
    const c = commandParts(t.pattern);
    if (c !== undefined) out.set(c.purpose, c.detail);
  }
  return out;
}

/**
 * The taught key that overrides the observed claim `key`, or undefined: a command of a taught
 * purpose other than the taught one, or a claim of any kind whose steps run such a command (a chain
 * `Read->Edit->Bash(npm test)`, a fix, a retry of it): the person's word wins over all of them.
 */
export function overriddenKey(key: string, taught: ReadonlyMap<string, string>): string | undefined {
  if (taught.size === 0) return undefined;
  const c = commandParts(key);
  const details = c !== undefined ? [c.detail] : [...key.matchAll(/Bash\(([^()]+)\)/g)].map((m) => m[1]!);
  for (const d of details) {
    const purpose = c !== undefined ? c.purpose : purposeOf(d);
    if (purpose === undefined) continue;
    const wins = taught.get(purpose);
    if (wins !== undefined && wins !== d) return `cmd:${purpose}=${wins}`;
  }
  return undefined;
}

/** The taught key that overrides an observed command rule (same purpose, another command), or undefined. */
export function overriddenBy(r: AnyRule, taught: ReadonlyMap<string, string>): string | undefined {
  return r.kind === 'taught' ? undefined : overriddenKey(ruleKey(r), taught);
}

/**
 * What reaches a session of `project` (a 12-hex id; null outside any project): taught rules of
 * its scope, then observed ones, each with where its evidence is from. Order: as rules.json keeps
 * them (a consumer orders what it shows: analyzer/deliver.ts).
 */
export function rulesFor(doc: RulesDoc, project: string | null): Reaching[] {
  const taught = doc.taught.filter((t) => isTaughtRule(t) && taughtReaches(t, project));
  const purposes = taughtPurposes(taught);
  const own = new Set<string>();
  if (project !== null) for (const r of doc.rules) if (ruleProject(r) === project) own.add(ruleKey(r));
  const out: Reaching[] = taught.map((t) => ({ rule: t, key: t.pattern, where: 'taught' as const }));
  for (const r of doc.rules) {
    const reach = observedReach(r, project, own);
    if (reach === undefined || overriddenBy(r, purposes) !== undefined) continue;
    out.push({ rule: r, key: ruleKey(r), ...reach });
  }
  return out;
}

/** Whether an observed rule is given in a session of `project` (null: one that records none), as rulesFor decides it (taught overrides aside). */
export function observedReaches(r: ObservedRule, project: string | null, doc: { rules: readonly ObservedRule[] }): boolean {
  const own = new Set<string>();
  if (project !== null) for (const x of doc.rules) if (ruleProject(x) === project) own.add(ruleKey(x));
  return observedReach(r, project, own) !== undefined;
}

/** Every rule of rules.json (views over all projects), each where it is from: a project's own, or across projects. */
export function allRules(doc: RulesDoc): Reaching[] {
  const out: Reaching[] = doc.taught.map((t) => ({ rule: t, key: t.pattern, where: 'taught' as const }));
  for (const r of doc.rules) {
    const listed = Array.isArray(r.projects) ? r.projects.length : undefined;
    const where: Where = ruleProject(r) !== undefined || listed === 1 ? 'here' : listed !== undefined ? 'across' : 'sessions';
    out.push({ rule: r, key: ruleKey(r), where, ...(where === 'across' ? { projects: listed } : {}) });
  }
  return out;
}

/** Store key -> the rule that reaches `project` with that key (the first: taught before observed). */
export function reachingByKey(doc: RulesDoc, project: string | null): Map<string, Reaching> {
  const out = new Map<string, Reaching>();
  for (const r of rulesFor(doc, project)) if (!out.has(r.key)) out.set(r.key, r);
  return out;
}
