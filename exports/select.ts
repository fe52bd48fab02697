import type { InstinctView } from '../store/views/query.js';
import { filterViews } from '../store/views/query.js';
import type { ExportRule } from './formats.js';
import { claimSentence } from '../analyzer/rules-file.js';
import { analyzerKey, categoryOf, PREFIXES } from '../store/model/keys.js';
import { observedDomain } from '../store/model/text.js';
import { allRules, rulesFor, type Reaching } from '../rules/reach.js';
import { ruleProject, type ObservedRule, type RulesDoc } from '../rules/rule.js';
import { ruleFacts } from '../analyzer/promotion.js';
import { worthDelivering, type DeliveryConfig } from '../analyzer/deliver.js';
import { safeText } from '../lib/safe-text.js';
import { observedSource } from '../store/model/model.js';
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

/**
 * The observed rules the exports carry, from rules.json through the one owner (rules/reach.ts):
 * those that reach the current project's sessions; every rule (`all`); the global ones; or a
 * project's own. Each states its rule's figures, and whose they are: a project's rule among
 * several projects' names its project, a habit of several says in how many.
 */
function observedRules(doc: RulesDoc, f: ExportFilter, current: string | null, names: ReadonlyMap<string, string>, views: readonly InstinctView[], skip: ReadonlySet<string>, config: DeliveryConfig): ExportRule[] {
  const category = normalizeCategory(f.category);
  const scope = f.project ?? f.scope ?? 'current';
  const reaching: Reaching[] =
    scope === 'current' ? rulesFor(doc, current) : scope === 'all' ? allRules(doc) : scope === 'global' ? allRules(doc).filter((r) => ruleProject(r.rule) === undefined) : rulesFor(doc, scope).filter((r) => r.where === 'here');
  const domainOf = new Map(views.map((v) => [v.pattern, v.domain]));
  const out: ExportRule[] = [];
  for (const r of reaching) {
    if (r.rule.kind === 'taught' || skip.has(r.key)) continue;
    const rule = r.rule as ObservedRule;
    if (category !== undefined && categoryOf(r.key) !== category) continue;
    if (!worthDelivering(ruleFacts(rule), config)) continue;
    const project = ruleProject(rule);
    const across = r.where === 'across' ? { projects: r.projects } : undefined;
    const said = claimSentence(rule, across);
    if (said === undefined) continue;
    // Several projects' rules in one file: each names its project.
    const whose = project !== undefined && scope === 'all' ? `${safeText(names.get(project), 80) || project}: ` : '';
    out.push({
      key: r.key,
      category: categoryOf(r.key) ?? 'sequence',
      domain: domainOf.get(r.key) ?? observedDomain(rule.kind, rule.pattern),
      scope: project !== undefined ? 'project' : 'global',
      ...(project !== undefined ? { project } : {}),
      confidence: rule.confidence_now,
      observations: rule.observations,
      ...(typeof rule.rate === 'number' ? { rate: rule.rate } : {}),
      text: `${whose}${said}`,
    });
  }
  return out;
}

/**
 * What the exports carry: the observed rules of rules.json that reach the filter's scope (one
 * owner, one set of figures: rules/reach.ts), and the taught and imported instincts at rule level
 * or approved. Without `doc` (a caller that has none), the views alone.
 */
export function selectRules(views: readonly InstinctView[], f: ExportFilter, current: string | null, rules?: { doc: RulesDoc; names: ReadonlyMap<string, string>; config: DeliveryConfig; skip?: ReadonlySet<string> }): ExportRule[] {
  if (rules === undefined) return selectViews(views, f, current).map(toExportRule);
  const taught = selectViews(views, f, current).filter((v) => !observedSource(v)).map(toExportRule);
  return [...taught, ...observedRules(rules.doc, f, current, rules.names, views, rules.skip ?? new Set(), rules.config)];
}
