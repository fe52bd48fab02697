import type { InstinctView } from '../store/query.js';
import { filterViews } from '../store/query.js';
import type { ExportRule } from './formats.js';

// Which instincts the exports carry, and how each becomes an ExportRule. Pure over the store's
// views: rule-level (rule, universal) and approved instincts, never archived ones, filtered by
// scope, project and category like `list`.

export interface ExportFilter {
  /** current (this project and global; default), all, global, or a project id. */
  scope?: string;
  /** A project id, or a project's name: only that project's rules (and no global ones). */
  project?: string;
  /** A category (sequence, error_retry, preference, fix_pattern, combo) or its key prefix (seq, retry, ...). */
  category?: string;
}

export const CATEGORY_OF_PREFIX: Record<string, string> = { seq: 'sequence', retry: 'error_retry', pref: 'preference', fix: 'fix_pattern', combo: 'combo' };

export function isExportable(v: Pick<InstinctView, 'level' | 'state'>): boolean {
  if (v.state === 'archived') return false;
  return v.level === 'rule' || v.level === 'universal' || v.state === 'approved';
}

/** The rule's words: `When <trigger>: <action>`, or the key when the instinct has neither. */
export function ruleText(v: Pick<InstinctView, 'trigger' | 'action' | 'pattern'>): string {
  const trigger = v.trigger.trim();
  const action = v.action.trim();
  if (trigger && action) return `When ${trigger.replace(/^when\s+/i, '')}: ${action}`;
  return action || trigger || v.pattern;
}

export function toExportRule(v: InstinctView): ExportRule {
  return {
    key: v.pattern,
    category: v.category,
    domain: v.domain,
    scope: v.scope,
    ...(v.scope === 'project' && v.project ? { project: v.project } : {}),
    confidence: v.confidence,
    observations: v.observations,
    text: ruleText(v),
    ...(v.explain ? { explain: v.explain } : {}),
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

/** The views the exports carry, for the filter, most confident first. */
export function selectViews(views: readonly InstinctView[], f: ExportFilter, current: string | null, opts: { all?: boolean } = {}): InstinctView[] {
  const category = normalizeCategory(f.category);
  const scope = f.project ?? f.scope ?? 'current';
  return filterViews(views, { scope, ...(category ? { category } : {}) }, current).filter((v) => opts.all || isExportable(v));
}

export function selectRules(views: readonly InstinctView[], f: ExportFilter, current: string | null): ExportRule[] {
  return selectViews(views, f, current).map(toExportRule);
}
