import type { Config } from '../lib/config.js';
import { plural } from '../lib/plural.js';
import { claimIn, countsSince, sessionStarts, type SinceConfig } from '../analyzer/claims-since.js';
import { shrunkRate } from '../analyzer/claims.js';
import { below } from '../analyzer/promotion.js';
import type { RecordTable } from '../analyzer/record-table.js';
import { PER_PROJECT_KINDS } from '../analyzer/kinds.js';
import { observedReaches } from './reach.js';
import { ruleProject, type LiveFigures, type ObservedRule, type WithdrawnClaim } from './rule.js';

// Live calibration, pure: how each delivered claim held since it was given. Its claim measured
// again, by the learner's own measure (analyzer/claims-since.ts), over the sessions of its project
// (a global rule: the sessions of every project it is given in, and those with no project) that started after its promotion, in the retained records; its
// rate shrunk toward the rule's own prior, as its stated rate is. bye stores the figures on the
// rule in rules.json (every view reads them there), and withdraws a claim whose live rate, on
// enough opportunities (liveMinOpportunities), falls under minRate.

const round = (x: number) => Math.round(x * 1e4) / 1e4;
const pct = (x: number) => `${Math.round(x * 100)}%`;

/** Who a rule is for its live figures: its claim and the project it is of (none: global). */
export const liveKey = (r: Pick<ObservedRule, 'kind' | 'pattern' | 'scope' | 'project'>): string => `${r.kind}:${r.pattern}\u0000${ruleProject(r) ?? ''}`;

/** What a rule's rate is shrunk toward: its own prior, else recovered from its rate and counts; undefined when neither says. */
export function priorOf(r: Pick<ObservedRule, 'prior' | 'rate' | 'hits' | 'opportunities'>, weight: number): number | undefined {
  if (typeof r.prior === 'number') return r.prior;
  if (typeof r.rate !== 'number' || typeof r.hits !== 'number' || typeof r.opportunities !== 'number' || weight <= 0) return undefined;
  return Math.min(1, Math.max(0, (r.rate * (r.opportunities + weight) - r.hits) / weight));
}

/** A claim to measure since a moment: a rule since its promotion (or a withdrawn claim since its withdrawal). */
export type LiveSubject = Pick<ObservedRule, 'kind' | 'pattern' | 'scope' | 'project' | 'prior' | 'rate' | 'hits' | 'opportunities'> & {
  since: string;
  /** A global claim: whether it is given in a session of a project (null: one that records none); absent: in every session. */
  givenIn?: (project: string | null) => boolean;
};

/** The projects a global rule is not given in: its holders have their own rule, and those against it none (rules/reach.ts). */
export const notGivenIn = (r: Pick<ObservedRule, 'projects' | 'against'>): string[] => [...new Set([...(r.projects ?? []), ...(r.against ?? [])])].sort();

/** Where a withdrawn global claim would be given again: not in the projects it was not given in, and a project's kind of claim only where no project is recorded. */
export const withdrawnGivenIn = (w: Pick<WithdrawnClaim, 'kind' | 'excluded'>) => (project: string | null): boolean =>
  PER_PROJECT_KINDS.has(w.kind) ? project === null : project === null || !(w.excluded ?? []).includes(project);

export type LiveConfig = SinceConfig & Pick<Config, 'ratePriorWeight'>;

/**
 * Each subject's figures since its moment, in the same order; undefined where no opportunity came
 * (or its project has no record here). One walk of the records per project (and one over all of
 * them for global rules), whatever the number of moments.
 */
export function liveFigures(t: RecordTable, subjects: readonly LiveSubject[], nowMs: number, config: LiveConfig): (LiveFigures | undefined)[] {
  const out: (LiveFigures | undefined)[] = subjects.map(() => undefined);
  // One walk per project, and one per audience of global claims (the projects each is given in).
  const projectOfSession = new Int32Array(t.sessions.length).fill(-1);
  for (let i = 0; i < t.length; i++) projectOfSession[t.streamSession[t.stream[i]!]!] = t.project[i]!;
  const byAudience = new Map<string, { project: number | undefined; keep?: (s: number) => boolean; idx: number[] }>();
  subjects.forEach((s, i) => {
    const p = ruleProject(s);
    let key: string;
    let entry: { project: number | undefined; keep?: (s: number) => boolean } | undefined;
    if (p !== undefined) {
      key = p;
      if (!byAudience.has(key)) entry = { project: t.projects.indexOf(p) };
    } else {
      // Of the table's projects (index -1: none recorded), those it is given in.
      const given = [-1, ...t.projects.keys()].filter((x) => s.givenIn?.(x === -1 ? null : t.projects[x]!) ?? true);
      key = `\u0000${given.join(',')}`;
      if (!byAudience.has(key)) {
        const allowed = new Set(given);
        entry = { project: undefined, ...(allowed.size === t.projects.length + 1 ? {} : { keep: (session: number) => allowed.has(projectOfSession[session]!) }) };
      }
    }
    if (entry !== undefined) byAudience.set(key, { ...entry, idx: [] });
    byAudience.get(key)!.idx.push(i);
  });
  const starts = sessionStarts(t);
  const through = new Date(nowMs).toISOString();
  for (const { project, keep, idx } of byAudience.values()) {
    if (project === -1) continue;
    const counts = countsSince(t, nowMs, config, project, idx.map((i) => Date.parse(subjects[i]!.since)), starts, keep);
    for (const i of idx) {
      const s = subjects[i]!;
      const c = counts.get(Date.parse(s.since));
      const claim = c === undefined ? undefined : claimIn(c, s.kind, s.pattern);
      if (claim === undefined || claim.opportunities === 0) continue;
      const prior = priorOf(s, config.ratePriorWeight) ?? claim.prior;
      out[i] = { since: s.since, through, hits: claim.hits, opportunities: claim.opportunities, rate: round(shrunkRate(claim.hits, claim.opportunities, prior, config.ratePriorWeight)) };
    }
  }
  return out;
}

/** The live figures of rules by liveKey (what bye hands its plan). */
export function liveByRule(t: RecordTable, rules: readonly ObservedRule[], nowMs: number, config: LiveConfig): Map<string, LiveFigures> {
  const figures = liveFigures(t, rules.map((r) => ({ ...r, since: r.promoted_at, givenIn: (p: string | null) => observedReaches(r, p, { rules }) })), nowMs, config);
  const out = new Map<string, LiveFigures>();
  rules.forEach((r, i) => {
    const f = figures[i];
    if (f !== undefined) out.set(liveKey(r), f);
  });
  return out;
}

/** "held 1 of 4 times", "held in 1 of 4 sessions that ran it": what a claim's opportunities are. */
export function heldWords(kind: string, hits: number, opportunities: number): string {
  return kind === 'command' ? `held in ${hits} of ${plural(opportunities, 'session')} that ran it` : `held ${hits} of ${plural(opportunities, 'time')}`;
}

/** How a claim held since it was given, in a sentence: `held in 3 of 4 sessions that ran it since it was given on 2026-11-03 (live rate 81%)`. */
export function heldSince(kind: string, live: LiveFigures, rate: string = pct(live.rate)): string {
  return `${heldWords(kind, live.hits, live.opportunities)} since it was given on ${live.since.slice(0, 10)} (live rate ${rate})`;
}

export type WithdrawConfig = Pick<Config, 'liveMinOpportunities' | 'minRate'>;

/** Why a claim is withdrawn on its live figures (enough opportunities, its live rate under minRate), or undefined. */
export function withdrawal(kind: string, live: LiveFigures | undefined, config: WithdrawConfig): string | undefined {
  if (live === undefined || live.opportunities < config.liveMinOpportunities || !(live.rate < config.minRate)) return undefined;
  return `${heldSince(kind, live, below(live.rate, config.minRate))}, under minRate ${pct(config.minRate)}`;
}

/**
 * A kept rule with this bye's live figures (`live` undefined: none were measured, the rule as it
 * is), and why it is withdrawn when its figures say so.
 */
export function judgeLive(rule: ObservedRule, live: ReadonlyMap<string, LiveFigures> | undefined, config: WithdrawConfig & Pick<Config, 'ratePriorWeight'>): { rule: ObservedRule; withdraw?: string } {
  if (live === undefined) return { rule };
  const f = live.get(liveKey(rule));
  // Figures of another promotion (the rule was given again since) are not this one's. Their rate
  // is shrunk toward the prior the rule has now (this bye may have measured it again), as its stated rate is.
  const prior = priorOf(rule, config.ratePriorWeight);
  const mine = f !== undefined && f.since === rule.promoted_at ? (prior === undefined ? f : { ...f, rate: round(shrunkRate(f.hits, f.opportunities, prior, config.ratePriorWeight)) }) : undefined;
  const out: ObservedRule = { ...rule };
  if (mine === undefined) delete out.live;
  else out.live = mine;
  const why = withdrawal(rule.kind, mine, config);
  return why === undefined ? { rule: out } : { rule: out, withdraw: why };
}
