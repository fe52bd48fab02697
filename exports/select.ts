import type { InstinctView } from '../store/query.js';
import { filterViews } from '../store/query.js';
import type { ExportRule } from './formats.js';
import { claimSentence } from '../analyzer/rules-file.js';
import { analyzerKey, PREFIXES } from '../store/keys.js';
import { observedSource } from '../store/model.js';
import { whenClause } from '../lib/safe-text.js';

// Which instincts the exports carry, and how each becomes an ExportRule. Pure over the store's
// views: rule-level (rule, universal) and approved instincts, never archived ones, filtered by
// scope, project and category like `list`.

export interface ExportFilter {
  /** current (this project and global; default), all, global, or a project id. */
  scope?: string;
  /** A project id, or a project's name: only that project's rules (and no global ones). */
  project?: string;
  /** A category (sequence, error_retry, preference, fix_pattern, combo, command, correction) or its key prefix (seq, retry, ...). */
  category?: string;
}

export const CATEGORY_OF_PREFIX: Record<string, string> = PREFIXES;

/**
 * What the exports carry: an observed pattern when it is a rule where it applies (rules/reach.ts:
 * what the SessionStart hook gives, with the same figures), a taught or imported one at rule
 * level or approved; never archived, never what the one delivery test rejects.
 */
export function isExportable(v: Pick<InstinctView, 'level' | 'state' | 'deliverable' | 'promoted' | 'source'>): boolean {
  if (v.state === 'archived' || !v.deliverable) return false;
  if (observedSource(v)) return v.promoted;
  return v.level === 'rule' || v.level === 'universal' || v.state === 'approved';
}

/** The rule's words: `When <trigger>: <action>`, or the key when the instinct has neither. */
export function ruleText(v: Pick<InstinctView, 'trigger' | 'action' | 'pattern'>): string {
  const trigger = v.trigger.trim();
  const action = v.action.trim();
  if (trigger && action) return `When ${whenClause(trigger)}: ${action}`;
  return action || trigger || v.pattern;
}

/** An observed instinct's claim with its rate, rebuilt from its key's tokens; undefined for a taught one or one never measured. */
function observedClaim(v: InstinctView): string | undefined {
  const k = observedSource(v) ? analyzerKey(v.pattern) : undefined;
  return k && claimSentence({ kind: k.kind, pattern: k.key, rate: v.rate, hits: v.hits, opportunities: v.opportunities, sessions: v.sessions }, v.rule?.where === 'across' || (v.rule === undefined && v.scope === 'global') ? { projects: v.rule?.projects ?? (v.projects.length || undefined) } : undefined);
}

export function toExportRule(v: InstinctView): ExportRule {
  const claim = observedClaim(v);
  return {
    key: v.pattern,
    category: v.category,
    domain: v.domain,
    scope: v.scope,
    ...(v.scope === 'project' && v.project ? { project: v.project } : {}),
    confidence: v.confidence,
    observations: v.observations,
    ...(claim !== undefined && v.rate !== undefined ? { rate: v.rate } : {}),
    text: claim ?? ruleText(v),
    // An observed rule's claim states its figures; its instinct's explanation (the window's counts) would state others.
    ...(v.explain && claim === undefined ? { explain: v.explain } : {}),
  };
}

/** Resolves --project (an id, or a name from the projects registry) to an id; undefined when unknown. */
export function projectIdOf(ref: string, names: ReadonlyMap<string, string>): string | undefined {
  if (/^[0-9a-f]{12}$/.test(ref)) return ref;
  for (const [id, name] of names) if (name === ref) return id;
  return undefined;
}

export function normalizeCategory(c: string | undefined): string | undefined {
  if (c === undefined || c === '') return undefined;
  return CATEGORY_OF_PREFIX[c] ?? c;
}

/**
 * The views the exports carry, for the filter, most confident first. `all` takes every level and
 * state, never what the delivery test rejects: no export carries a pattern Claude is not given.
 */
export function selectViews(views: readonly InstinctView[], f: ExportFilter, current: string | null, opts: { all?: boolean } = {}): InstinctView[] {
  const category = normalizeCategory(f.category);
  const scope = f.project ?? f.scope ?? 'current';
  return filterViews(views, { scope, ...(category ? { category } : {}) }, current).filter((v) => (opts.all ? v.deliverable : isExportable(v)));
}

export function selectRules(views: readonly InstinctView[], f: ExportFilter, current: string | null): ExportRule[] {
  return selectViews(views, f, current).map(toExportRule);
}
