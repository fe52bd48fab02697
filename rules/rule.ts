import type { Rule } from '../analyzer/promotion.js';
import { patternStoreKey } from '../analyzer/claims.js';
import { isoToMs } from '../lib/clock.js';

// What a rule is, in one place: the shapes rules.json keeps, and the one key of every kind of
// rule. rules.json holds what was learned and promoted (bye writes it; `observe` adds what a
// person teaches); every view reads it through this folder (rules/read.ts, rules/reach.ts).
// Light: the hooks import it.

/** The format bye writes: one entry per claim and project (and per habit held across projects). */
export const RULES_FORMAT = 2;

/**
 * An observed rule. Format 2: a rule of one project (`scope: 'project'`, `project`) states that
 * project's own evidence; a global one (a habit held in universalProjects projects or more) names
 * the projects it holds in (`projects`), states their evidence together, and is not given where a
 * project's own evidence does not bear it out (`against`). Format 1 (earlier versions) kept one
 * entry per pattern, global ones of a project's command naming their projects.
 */
export type ObservedRule = Rule & {
  scope?: 'global' | 'project';
  project?: string;
  /** Global: the projects whose own evidence holds it. */
  projects?: string[];
  /** Global: projects whose own evidence does not hold it; it is never given there. */
  against?: string[];
  /**
   * How its claim held since it was given (rules/live.ts), as the last bye measured it: absent
   * until an opportunity came.
   */
  live?: LiveFigures;
};

/**
 * A claim measured again over the sessions that started after it was given (`since`, its
 * promoted_at) up to `through` (that bye's time), in the retained records: its hits and
 * opportunities, and its rate shrunk toward the rule's prior as its stated rate is.
 */
export interface LiveFigures {
  since: string;
  through: string;
  hits: number;
  opportunities: number;
  rate: number;
}

/** A rule a person taught (the store's taught and imported instincts): their words, not a measured claim. */
export interface TaughtRule {
  id: string;
  kind: 'taught';
  pattern: string;
  trigger: string;
  action: string;
  promoted_at: string;
  confidence_now: number;
  observations: number;
  sessions: number;
  scope: 'global' | 'project';
  project?: string;
  /** Imported (from a file or another tool, not said by the person here): absent for what was taught. */
  source?: 'taught' | 'imported';
}

export type AnyRule = ObservedRule | TaughtRule;

const whole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
// Strict ISO 8601 (lib/clock.ts isoToMs): Date.parse takes "(any text)2026-11-05" too, and the text is shown.
const instant = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(isoToMs(v));

/** What is wrong with a rule's `live` (hand-edited, another version's), or undefined when it is absent or usable. */
export function liveProblem(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  const o = v as Partial<Record<keyof LiveFigures, unknown>>;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return `"live" must be an object, found ${JSON.stringify(v)?.slice(0, 40)}`;
  if (!instant(o.since) || !instant(o.through)) return '"live" must give "since" and "through" as ISO 8601 times';
  if (!whole(o.hits) || !whole(o.opportunities) || o.hits > o.opportunities) return '"live" must give whole "hits" and "opportunities", hits at most opportunities';
  if (typeof o.rate !== 'number' || !(o.rate >= 0 && o.rate <= 1)) return '"live" must give a "rate" from 0 to 1';
  return undefined;
}

/** A rule's live figures when they can be shown (the views read rules.json leniently), else undefined. */
export function liveOf(r: { live?: unknown }): LiveFigures | undefined {
  return r.live !== undefined && liveProblem(r.live) === undefined ? (r.live as LiveFigures) : undefined;
}

/**
 * A claim bye withdrew on how it held since it was given (rules/live.ts): remembered so that it is
 * not given again in its project (none: anywhere) on the window's evidence alone, until its claim
 * holds in the sessions since (rules/withdrawn.ts).
 */
export interface WithdrawnClaim {
  kind: Rule['kind'];
  pattern: string;
  scope: 'global' | 'project';
  project?: string;
  withdrawn_at: string;
  reason: string;
  /** What its claim since is shrunk toward: the rule's prior when it was withdrawn. */
  prior?: number;
  /** A global claim: the projects it was not given in (rules/live.ts notGivenIn), left out of its measure since. */
  excluded?: string[];
}

export interface RulesDoc {
  rules: ObservedRule[];
  taught: TaughtRule[];
  /** Claims withdrawn on their live figures, still held back (absent: none). */
  withdrawn?: WithdrawnClaim[];
}

export function isTaughtRule(r: unknown): r is TaughtRule {
  const o = r as TaughtRule;
  return typeof o === 'object' && o !== null && o.kind === 'taught' && typeof o.pattern === 'string' && typeof o.confidence_now === 'number' && Number.isFinite(o.confidence_now) && typeof o.observations === 'number';
}

/** The store key of any rule: `seq:`/`retry:`/`cmd:`/... for observed ones, the taught key as it is. */
export function ruleKey(r: AnyRule): string {
  return r.kind === 'taught' ? r.pattern : patternStoreKey(r.kind, r.pattern);
}

/** The project a rule is of, or undefined for a global one. */
export function ruleProject(r: { scope?: string; project?: string }): string | undefined {
  return r.scope === 'project' && typeof r.project === 'string' ? r.project : undefined;
}

/**
 * Which store keys are rules, and since when: key -> promoted_at (the earliest, when a key is a
 * rule in several projects). The one answer to "is this instinct a rule", for every kind.
 */
export function promotedKeysOf(rules: Iterable<AnyRule>): Map<string, string> {
  const m = new Map<string, string>();
  for (const r of rules) {
    const k = ruleKey(r);
    const before = m.get(k);
    if (before === undefined || r.promoted_at < before) m.set(k, r.promoted_at);
  }
  return m;
}
