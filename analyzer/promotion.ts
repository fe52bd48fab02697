import type { Config } from '../lib/config.js';
import { decay, ageDays } from '../lib/temporal-decay.js';
import { isoToMs } from '../lib/clock.js';
import { INVALID_TOOL } from '../lib/tokens.js';
import { SLUG, slugFor } from './instinct-file.js';
import { kindInfo, KINDS, safeSteps } from './kinds.js';
import type { ScoredPattern } from './score.js';
import type { PatternKind } from './pattern-kind.js';
import { patternStoreKey } from './claims.js';
import { whyNotDelivered, worthDelivering, type DeliveryFacts } from './deliver.js';
import { appliesOf, isClaimKind, patternFacts } from './tracked.js';
import type { PatternDetails } from './learners/learner.js';

/** A promoted rule, as kept in rules.json. */
export interface Rule {
  id: string;
  /** The analyzer's kind (analyzer/kinds.ts). */
  kind: PatternKind;
  pattern: string;
  promoted_at: string;
  /** A habit's confidence (its score), a claim's rate, when it was promoted. */
  confidence_at_promotion: number;
  /** The pattern's confidence (a claim's: its rate) in the last run that saw new observations of it... */
  last_confidence: number;
  /** ...and the time of its newest observation then. */
  last_seen: string;
  observations: number;
  sessions: number;
  /** Effective confidence at the latest consolidation. */
  confidence_now: number;
  /**
   * The claim (analyzer/claims.ts), as last measured: its store key, what it predicts, its hits
   * and opportunities, its shrunk rate and lift. Absent in a rules.json of an earlier version
   * until bye measures it again; a rule without a rate is not delivered.
   */
  key?: string;
  claim?: string;
  hits?: number;
  opportunities?: number;
  rate?: number;
  /** What the rate is shrunk toward (analyzer/claims.ts): how often the outcome comes without the pattern. */
  prior?: number;
  /** How often it applies: the share of the project's sessions that gave it an opportunity (analyzer/deliver.ts expectedValue). */
  applies?: number;
  lift?: number;
  /** The project's folder name, for people (the id stays in `project`). */
  project_name?: string;
  /** A project's rule: the days its project worked since its pattern was last seen (counted up to `aged_through`): what it ages by. */
  unseen_days?: number;
  aged_through?: string;
  /** What the claim's line adds (a command failing beside the one claimed; first runs that fail). */
  details?: PatternDetails;
}

/** The fields of a rule the delivery test reads (analyzer/deliver.ts). */
export function ruleFacts(r: Pick<Rule, 'kind' | 'pattern' | 'rate' | 'lift' | 'sessions' | 'applies'> & { observations?: number }): DeliveryFacts {
  return { key: patternStoreKey(r.kind, r.pattern), rate: r.rate, lift: r.lift, sessions: r.sessions, applies: r.applies, observations: r.observations };
}

export { patternFacts };

/** A scored pattern's claim, as a rule keeps it. */
function claimFields(p: ScoredPattern): Pick<Rule, 'key' | 'claim' | 'hits' | 'opportunities' | 'rate' | 'prior' | 'applies' | 'lift' | 'details'> {
  return { key: patternStoreKey(p.kind, p.key), claim: p.claim, hits: p.hits, opportunities: p.opportunities, rate: round(p.rate), ...(typeof p.prior === 'number' ? { prior: round(p.prior) } : {}), applies: round(appliesOf(p)), lift: Math.round(p.lift * 100) / 100, ...(p.details ? { details: p.details } : {}) };
}

/** A project's id, as the observer writes it (12 hex digits of its folder's hash). */
const PROJECT = /^[0-9a-f]{12}$/;

function show(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}

/**
 * What is wrong with one entry of rules.json (hand-edited, or from another version), or
 * undefined when it is a usable rule. A rule missing a number would decay to NaN and print
 * `NaN%` into generated-rules.md; its id names an archive file, so it must be a slug.
 */
export function ruleProblem(r: unknown): string | undefined {
  if (typeof r !== 'object' || r === null || Array.isArray(r)) return `expected a rule object, found ${show(r)}`;
  const o = r as Record<string, unknown>;
  if (typeof o['id'] !== 'string' || !SLUG.test(o['id'])) return `"id" must be a slug like chain-grep-read-edit, found ${show(o['id'])}`;
  if (kindInfo(o['kind']) === undefined) return `"kind" must be one of ${Object.keys(KINDS).map((k) => `"${k}"`).join(', ')}, found ${show(o['kind'])}`;
  if (typeof o['pattern'] !== 'string' || safeSteps({ kind: o['kind'] as PatternKind, pattern: o['pattern'] }) === undefined) return `"pattern" must be a ${o['kind']} of tool names and command words, found ${show(o['pattern'])}`;
  for (const k of ['promoted_at', 'last_seen']) {
    if (typeof o[k] !== 'string' || Number.isNaN(isoToMs(o[k]))) return `"${k}" must be an ISO 8601 time, found ${show(o[k])}`;
  }
  for (const k of ['confidence_at_promotion', 'last_confidence', 'confidence_now']) {
    const v = o[k];
    if (typeof v !== 'number' || !(v >= 0 && v <= 1)) return `"${k}" must be a number from 0 to 1, found ${show(v)}`;
  }
  for (const k of ['observations', 'sessions']) {
    const v = o[k];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) return `"${k}" must be a whole number, 0 or more, found ${show(v)}`;
  }
  // The claim's fields are optional (an earlier version's rules.json has none), and checked when there.
  for (const k of ['hits', 'opportunities']) {
    const v = o[k];
    if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v) || v < 0)) return `"${k}" must be a whole number, 0 or more, found ${show(v)}`;
  }
  if (typeof o['hits'] === 'number' && typeof o['opportunities'] === 'number' && o['hits'] > o['opportunities']) return `"hits" (${o['hits']}) must not exceed "opportunities" (${o['opportunities']})`;
  for (const k of ['rate', 'prior', 'applies']) {
    if (o[k] !== undefined && (typeof o[k] !== 'number' || !(o[k] >= 0 && o[k] <= 1))) return `"${k}" must be a number from 0 to 1, found ${show(o[k])}`;
  }
  if (o['lift'] !== undefined && (typeof o['lift'] !== 'number' || !(o['lift'] >= 0) || !Number.isFinite(o['lift']))) return `"lift" must be a number, 0 or more, found ${show(o['lift'])}`;
  // A project's working days without its pattern (rules/plan.ts agedRule): a whole number a run can reach.
  if (o['unseen_days'] !== undefined && (typeof o['unseen_days'] !== 'number' || !Number.isInteger(o['unseen_days']) || o['unseen_days'] < 0 || o['unseen_days'] > 100_000)) return `"unseen_days" must be a whole number of days, 0 or more, found ${show(o['unseen_days'])}`;
  if (o['aged_through'] !== undefined && (typeof o['aged_through'] !== 'string' || Number.isNaN(isoToMs(o['aged_through'])))) return `"aged_through" must be an ISO 8601 time, found ${show(o['aged_through'])}`;
  for (const k of ['key', 'claim', 'project_name']) {
    if (o[k] !== undefined && typeof o[k] !== 'string') return `"${k}" must be a string, found ${show(o[k])}`;
  }
  if (o['scope'] !== undefined && o['scope'] !== 'global' && o['scope'] !== 'project') return `"scope" must be "global" or "project", found ${show(o['scope'])}`;
  if (o['project'] !== undefined && (typeof o['project'] !== 'string' || !PROJECT.test(o['project']))) return `"project" must be a project id (12 hex digits), found ${show(o['project'])}`;
  if (o['scope'] === 'project' && o['project'] === undefined) return '"scope" is "project" but no "project" is named';
  for (const k of ['projects', 'against']) {
    const v = o[k];
    if (v !== undefined && (!Array.isArray(v) || !v.every((p) => typeof p === 'string' && PROJECT.test(p)))) return `"${k}" must be a list of project ids (12 hex digits), found ${show(v)}`;
  }
  if (o['details'] !== undefined && (typeof o['details'] !== 'object' || o['details'] === null || Array.isArray(o['details']))) return `"details" must be an object, found ${show(o['details'])}`;
  return undefined;
}

export type RuleChange = 'promoted' | 'refreshed' | 'decaying' | 'archived';

export interface RuleDecision {
  rule: Rule;
  change: RuleChange | 'unchanged';
  reason?: string;
}

const round = (x: number) => Math.round(x * 1e4) / 1e4;

/**
 * The delivery test (specific, reliable, not folded), and for a habit (a chain, an error-retry)
 * the seed's test too: confident and well evidenced. A learner's claim is evidenced by its rate at
 * its opportunities (sessions that built, failures that were recovered), not by how often or on
 * how many days it was seen: a project's build command run once in each of two sessions counts.
 */
export function eligible(p: ScoredPattern, c: Config): boolean {
  return (
    (isClaimKind(p.kind) || (p.confidence >= c.promoteAt && p.observations >= c.minObservations)) &&
    p.specific &&
    worthDelivering(patternFacts(p), c) &&
    !p.key.split(/->| /).includes(INVALID_TOOL)
  );
}

/**
 * The rule holds: a habit still seen in at least keepRuleSessionShare of the window's sessions; a
 * learner's claim, measured again in the window, still passing the delivery test.
 */
export function holds(p: ScoredPattern | undefined, c: Pick<Config, 'keepRuleSessionShare' | 'minLift' | 'minRetryLift' | 'minRate' | 'minSessions'>): boolean {
  if (p === undefined) return false;
  if (isClaimKind(p.kind)) return p.specific && worthDelivering(patternFacts(p), c);
  return p.sessionsInWindow > 0 && p.sessions / p.sessionsInWindow >= c.keepRuleSessionShare;
}

/**
 * The promotion and decay step (pure). A rule keeps its peak confidence (last_confidence) and
 * the time its pattern was last seen (last_seen); its effective confidence is the larger of the
 * pattern's current confidence and the peak decayed with the half-life since last_seen.
 * - While the habit holds (keepRuleSessionShare of the sessions), new observations keep the peak
 *   and move last_seen: the rule keeps its place whatever else becomes more common.
 * - Otherwise new observations move last_seen but carry the peak decayed to that time, so a
 *   stray occurrence changes nothing and only a pattern back above its decayed peak lifts it.
 * - A rule whose habit does not hold and whose effective confidence is under demoteBelow is
 *   archived. Confident, well-evidenced, specific patterns that are not rules yet are promoted.
 */
/**
 * What a rule's confidence is: a habit's score; a claim's rate (a probability, and what promoted
 * it), so that a claim promoted on its rate decays from there as a habit's rule decays from its
 * score, and is not archived the day after it dips under the delivery test.
 */
function strengthOf(p: ScoredPattern): number {
  return isClaimKind(p.kind) ? p.rate : p.confidence;
}

/**
 * How a rule ages between two instants: by default the calendar days between them; a project's
 * rule ages by the days its project worked since it was last seen (rules/plan.ts): idle days take
 * nothing from it.
 */
export type AgeDays = (rule: Rule, fromMs: number, toMs: number) => number;

const calendarDays: AgeDays = (_rule, fromMs, toMs) => ageDays(toMs, fromMs);

/** `x` as a percentage that reads as under `floor`'s: 24.8%, not 25%, under 25%. */
export const below = (x: number, floor: number) => (Math.round(x * 100) >= Math.round(floor * 100) ? `${(Math.floor(x * 1000) / 10).toFixed(1)}%` : `${Math.round(x * 100)}%`);

export function consolidate(previous: readonly Rule[], patterns: readonly ScoredPattern[], nowMs: number, config: Config, age: AgeDays = calendarDays): RuleDecision[] {
  const byKey = new Map(patterns.map((p) => [`${p.kind}:${p.key}`, p]));
  const nowIso = new Date(nowMs).toISOString();
  const decisions: RuleDecision[] = [];
  const seen = new Set<string>();
  for (const old of previous) {
    const k = `${old.kind}:${old.pattern}`;
    seen.add(k);
    const p = byKey.get(k);
    const held = holds(p, config);
    const lastMs = isoToMs(old.last_seen);
    const fresh = p !== undefined && p.lastSeen > lastMs;
    let rule: Rule = { ...old };
    // The claim is measured again whenever the pattern is in the window.
    if (p !== undefined) rule = { ...rule, ...claimFields(p) };
    if (fresh) {
      const carried = held ? old.last_confidence : old.last_confidence * decay(age(old, lastMs, p.lastSeen), config.halfLifeDays);
      rule = { ...rule, last_confidence: round(Math.max(strengthOf(p), carried)), last_seen: new Date(p.lastSeen).toISOString(), observations: p.observations, sessions: p.sessions };
    }
    // A claim that holds stands at its rate as measured now (a rule of an earlier version, which
    // kept a claim's score, is brought to its rate by the first bye that sees the claim hold).
    if (held && isClaimKind(old.kind)) rule = { ...rule, last_confidence: round(strengthOf(p!)) };
    // By the calendar, from its last sighting (a stray one included); by a project's work, none since it was seen now.
    const decayed = rule.last_confidence * decay(fresh && age !== calendarDays ? 0 : age(fresh ? rule : old, isoToMs(rule.last_seen), nowMs), config.halfLifeDays);
    rule.confidence_now = round(Math.max(p === undefined ? 0 : strengthOf(p), decayed));
    if (!held && rule.confidence_now < config.demoteBelow) {
      const pct = (x: number) => `${Math.round(x * 100)}%`;
      const claim = isClaimKind(old.kind);
      const why = claim && p !== undefined ? whyNotDelivered(patternFacts(p), config) : undefined;
      decisions.push({
        rule,
        change: 'archived',
        reason: `effective ${claim ? 'rate' : 'confidence'} ${below(rule.confidence_now, config.demoteBelow)} fell below demoteBelow ${pct(config.demoteBelow)} (last seen ${rule.last_seen.slice(0, 10)} at ${pct(rule.last_confidence)})${why !== undefined ? `; its claim does not pass: ${why}` : ''}`,
      });
    } else if (fresh && (held || rule.confidence_now >= rule.last_confidence)) {
      decisions.push({ rule, change: 'refreshed' });
    } else if (rule.confidence_now < old.confidence_now || rule.confidence_now < rule.last_confidence) {
      decisions.push({ rule, change: 'decaying' });
    } else {
      decisions.push({ rule, change: 'unchanged' });
    }
  }
  for (const p of patterns) {
    if (seen.has(`${p.kind}:${p.key}`) || !eligible(p, config)) continue;
    const c = round(strengthOf(p));
    decisions.push({
      change: 'promoted',
      rule: {
        id: slugFor(p.kind, p.key),
        kind: p.kind,
        pattern: p.key,
        promoted_at: nowIso,
        confidence_at_promotion: c,
        last_confidence: c,
        last_seen: new Date(p.lastSeen).toISOString(),
        observations: p.observations,
        sessions: p.sessions,
        confidence_now: c,
        ...claimFields(p),
      },
    });
  }
  return decisions;
}

/** Rules still listed, most confident first (ties: more observations, then pattern). */
export function activeRules(decisions: readonly RuleDecision[]): Rule[] {
  return decisions
    .filter((d) => d.change !== 'archived')
    .map((d) => d.rule)
    .sort((a, b) => b.confidence_now - a.confidence_now || b.observations - a.observations || (a.pattern < b.pattern ? -1 : a.pattern > b.pattern ? 1 : 0));
}
