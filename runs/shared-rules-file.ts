import { PER_PROJECT_KINDS } from '../analyzer/kinds.js';
import type { ObservedRule, TaughtRule } from '../rules/rule.js';
import { inDataHome } from './rules-file-write.js';

// Which rules go into the rules file. A rules file outside the data home (rulesFile,
// HOMUNCULUS_RULES_FILE: a ~/.claude/CLAUDE.md, a file a dotfiles setup links in, one that every
// session's CLAUDE.md imports) may be loaded by every session of every project, and homunculus
// cannot tell which load it: it holds the global rules only, the ones every session is given
// anyway. A project's rules (its commands and fixes too, held in several projects or not) and
// its folder name never go there; they reach that project's sessions through the SessionStart
// hook, from rules.json. generated-rules.md in the data home, which no session loads, keeps all.

/** A rules file every session may load: one outside the data home. */
export function isSharedRulesFile(home: string, path: string): boolean {
  return !inDataHome(home, path);
}

/**
 * A rule that reaches every session: global, not of a kind that belongs to the projects holding
 * it, and contradicted by no project's own evidence (rules/reach.ts leaves such a habit out there).
 */
export function reachesEverySession(r: { scope?: string; kind?: string; against?: unknown }): boolean {
  return r.scope !== 'project' && !(typeof r.kind === 'string' && PER_PROJECT_KINDS.has(r.kind)) && !(Array.isArray(r.against) && r.against.length > 0);
}

/** The rules the rules file at `path` holds: all of them in the data home, the global ones in a shared file. */
export function rulesForFile<R extends ObservedRule, T extends TaughtRule>(home: string, path: string, rules: readonly R[], taught: readonly T[]): { rules: R[]; taught: T[] } {
  if (!isSharedRulesFile(home, path)) return { rules: [...rules], taught: [...taught] };
  return { rules: rules.filter(reachesEverySession), taught: taught.filter(reachesEverySession) };
}
