import { readDataFile } from '../lib/data-files.js';
import { layout } from '../lib/data-home.js';
import { cli } from '../lib/invocation.js';
import { plural } from '../lib/plural.js';
import type { Rule } from '../analyzer/promotion.js';
import { storeKey } from '../store/keys.js';
import { PER_PROJECT_KINDS } from '../analyzer/kinds.js';
import { keysLoadedIn } from './injected.js';
import { isTaughtRule, type TaughtRule } from './taught-rules.js';

/** A rule as rules.json keeps it: project-scoped rules name their project (absent: global). */
export type ScopedRule = Rule & { scope?: 'global' | 'project'; project?: string; projects?: string[] };
export type DeliveredRule = ScopedRule | TaughtRule;

/**
 * Whether a rule reaches a session of `project` (a 12-hex id, or null when the session has none):
 * global rules everywhere, a project's rules only in that project.
 */
export function reaches(r: { scope?: string; project?: string; kind?: string; projects?: unknown }, project: string | null | undefined): boolean {
  if (r.scope === 'project') return typeof r.project === 'string' && r.project === project;
  // A project's commands and fixes held in several projects reach those projects only.
  if (r.kind !== undefined && PER_PROJECT_KINDS.has(r.kind)) return Array.isArray(r.projects) && typeof project === 'string' && r.projects.includes(project);
  return true;
}

/** Why rules.json gives no rules, or some of its entries are left out; undefined when it reads whole (or is not there yet). */
export function rulesJsonProblem(home: string): string | undefined {
  let problem: string | undefined;
  readRulesForDelivery(home, undefined, { onProblem: (why) => (problem = why) });
  return problem;
}

/** A confidence and an observation count that can be shown: within [0, 1], and a count of at least 0 that a run can reach. */
function showable(confidence: unknown, observations: unknown): boolean {
  return typeof confidence === 'number' && confidence >= 0 && confidence <= 1 && (observations === undefined || (typeof observations === 'number' && observations >= 0 && observations < 1e12));
}

/**
 * The promoted rules for the hooks that show them (session start, prompt router): whatever entries
 * of rules.json can be shown, observed (`rules`) and taught (`taught`), the global ones and those
 * of `project` (all of them when `project` is undefined), most confident first; nothing when
 * there is no usable rules.json. Lenient on purpose: a hook must never fail Claude over a damaged
 * file (bye reports it, and `onProblem` hears why less was given). JSON only: the hooks never load
 * the store's YAML.
 */
export function readRulesForDelivery(home: string, project?: string | null, opts: { cwd?: unknown; onProblem?: (why: string) => void } = {}): DeliveredRule[] {
  let doc: { rules?: unknown; taught?: unknown } | null;
  try {
    doc = JSON.parse(readDataFile(layout.rulesJson(home)).toString('utf8')) as { rules?: unknown; taught?: unknown } | null;
  } catch (e) {
    // Not there: no rules yet. Anything else is a damaged file: say so where doctor looks.
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') opts.onProblem?.(`rules.json ${code ? `cannot be read (${code})` : `does not parse (${(e as Error).message.split('\n')[0]})`}: no rules were given; move it aside and run ${cli('bye')} to rebuild it`);
    return [];
  }
  const listed = doc?.rules;
  const taught = doc?.taught;
  const out: DeliveredRule[] = [];
  let skipped = 0;
  // Entries that cannot be shown (null, no pattern, a confidence outside [0, 1]) are left out.
  if (Array.isArray(listed)) {
    for (const r of listed) {
      if (typeof r === 'object' && r !== null && showable((r as Rule).confidence_now, (r as Rule).observations)) out.push(r as ScopedRule);
      else skipped++;
    }
  }
  if (Array.isArray(taught)) {
    for (const r of taught) {
      if (isTaughtRule(r) && showable(r.confidence_now, r.observations)) out.push(r);
      else skipped++;
    }
  }
  if (!Array.isArray(listed) && listed !== undefined) opts.onProblem?.(`rules.json has no list of rules ("rules" is not an array): no observed rules were given; move it aside and run ${cli('bye')} to rebuild it`);
  if (skipped > 0) opts.onProblem?.(`rules.json: ${plural(skipped, 'entry', 'entries')} left out (not a rule, or a confidence outside 0-1, or a count out of range); ${cli('bye')} rewrites it from the instincts`);
  // A rule already in a CLAUDE.md block this session loads (inject, export --out, graduate) is not given twice.
  const loaded = opts.cwd === undefined ? new Set<string>() : keysLoadedIn(home, typeof opts.cwd === 'string' && opts.cwd.length > 0 ? opts.cwd : undefined);
  return out.filter((r) => (project === undefined || reaches(r, project)) && !(loaded.size > 0 && loaded.has(deliveryKey(r)))).sort((a, b) => b.confidence_now - a.confidence_now);
}

/** The store key of a delivered rule: `seq:`/`retry:` for observed ones, the taught key as it is. */
export function deliveryKey(r: DeliveredRule): string {
  return r.kind === 'taught' ? r.pattern : storeKey(r.kind, r.pattern);
}
