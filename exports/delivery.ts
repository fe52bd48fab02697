import { readDataFile } from '../lib/data-files.js';
import { layout } from '../lib/data-home.js';
import type { Rule } from '../analyzer/promotion.js';
import { storeKey } from '../store/keys.js';
import { keysLoadedIn } from './injected.js';
import { isTaughtRule, type TaughtRule } from './taught-rules.js';

/** A rule as rules.json keeps it: project-scoped rules name their project (absent: global). */
export type ScopedRule = Rule & { scope?: 'global' | 'project'; project?: string };
export type DeliveredRule = ScopedRule | TaughtRule;

/**
 * Whether a rule reaches a session of `project` (a 12-hex id, or null when the session has none):
 * global rules everywhere, a project's rules only in that project.
 */
export function reaches(r: { scope?: string; project?: string }, project: string | null | undefined): boolean {
  return r.scope !== 'project' || (typeof r.project === 'string' && r.project === project);
}

/**
 * The promoted rules for the hooks that show them (session start, prompt router): whatever entries
 * of rules.json can be shown, observed (`rules`) and taught (`taught`), the global ones and those
 * of `project` (all of them when `project` is undefined), most confident first; nothing when
 * there is no usable rules.json. Lenient on purpose: a hook must never fail Claude over a damaged
 * file (bye reports it). JSON only: the hooks never load the store's YAML.
 */
export function readRulesForDelivery(home: string, project?: string | null, opts: { cwd?: unknown } = {}): DeliveredRule[] {
  let doc: { rules?: unknown; taught?: unknown } | null;
  try {
    doc = JSON.parse(readDataFile(layout.rulesJson(home)).toString('utf8')) as { rules?: unknown; taught?: unknown } | null;
  } catch {
    return []; // no rules yet
  }
  const listed = doc?.rules;
  const taught = doc?.taught;
  const out: DeliveredRule[] = [];
  // Entries that cannot be shown (null, no pattern, NaN) are skipped again by ruleLine.
  if (Array.isArray(listed)) {
    for (const r of listed) {
      if (typeof r === 'object' && r !== null && typeof (r as Rule).confidence_now === 'number' && Number.isFinite((r as Rule).confidence_now)) out.push(r as ScopedRule);
    }
  }
  if (Array.isArray(taught)) for (const r of taught) if (isTaughtRule(r)) out.push(r);
  // A rule already in a CLAUDE.md block this session loads (inject, export --out, graduate) is not given twice.
  const loaded = opts.cwd === undefined ? new Set<string>() : keysLoadedIn(home, typeof opts.cwd === 'string' && opts.cwd.length > 0 ? opts.cwd : undefined);
  return out.filter((r) => (project === undefined || reaches(r, project)) && !(loaded.size > 0 && loaded.has(deliveryKey(r)))).sort((a, b) => b.confidence_now - a.confidence_now);
}

/** The store key of a delivered rule: `seq:`/`retry:` for observed ones, the taught key as it is. */
export function deliveryKey(r: DeliveredRule): string {
  return r.kind === 'taught' ? r.pattern : storeKey(r.kind, r.pattern);
}
