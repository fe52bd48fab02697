import type { Config } from '../lib/config.js';
import { plural } from '../lib/plural.js';
import { oneStepRepeated, whyNotDelivered, expectedValue } from './deliver.js';
import { patternStoreKey } from './claims.js';
import type { PatternKind } from './pattern-kind.js';
import { claimSentence } from './rules-file.js';
import type { ProjectAnalyses } from './projects.js';
import type { ScoredPattern } from './score.js';
import { patternFacts } from './tracked.js';

// Why nothing is given here: what a project's last analysis saw, in numbers, and the claims that
// came nearest to being given, each with what it lacks ("`pnpm test` succeeded in 1 session":
// seen in 1 session, under minSessions 2). Kept with the analysis's figures (state/last-analysis.json)
// and read by `status` and the report, so that both say the same. Pure.

/** A claim the analysis measured here, with the facts the delivery test reads. */
export interface NearClaim {
  kind: PatternKind;
  pattern: string;
  rate: number;
  hits: number;
  opportunities: number;
  sessions: number;
  lift: number;
  applies: number;
  observations: number;
  details?: ScoredPattern['details'];
}

/** What the last analysis saw of one project. */
export interface ProjectSeen {
  sessions: number;
  calls: number;
  /** The claims nearest to being given, most valuable first (at most NEAREST). */
  nearest: NearClaim[];
}

export const NEAREST = 3;

const round = (x: number) => Math.round(x * 10_000) / 10_000;

/**
 * A project's measured claims that say more than how common their steps are (not folded into
 * another, not one step repeated, held at least once), most valuable first: those the delivery test passes come
 * first (the next /bye gives them), then the rest by expected value.
 */
export function nearestClaims(patterns: readonly ScoredPattern[], config: Config, n = NEAREST): NearClaim[] {
  const candidates = patterns.filter((p) => p.specific && p.foldedInto === undefined && p.hits > 0 && typeof p.rate === 'number' && !oneStepRepeated(patternFacts(p).key));
  const passes = (p: ScoredPattern) => whyNotDelivered(patternFacts(p), config) === undefined;
  return candidates
    .map((p) => ({ p, pass: passes(p), ev: expectedValue(patternFacts(p)) }))
    .sort((a, b) => Number(b.pass) - Number(a.pass) || b.ev - a.ev || b.p.sessions - a.p.sessions || (a.p.key < b.p.key ? -1 : a.p.key > b.p.key ? 1 : 0))
    .slice(0, n)
    .map(({ p }) => ({
      kind: p.kind,
      pattern: p.key,
      rate: round(p.rate),
      hits: p.hits,
      opportunities: p.opportunities,
      sessions: p.sessions,
      lift: Math.round(p.lift * 100) / 100,
      applies: round(patternFacts(p).applies ?? 0),
      observations: p.observations,
      ...(p.details ? { details: p.details } : {}),
    }));
}

/** What an analysis saw of each of its projects, as state/last-analysis.json keeps it. */
export function seenByProject(pa: Pick<ProjectAnalyses, 'projects'>, config: Config): Record<string, ProjectSeen> {
  const out: Record<string, ProjectSeen> = {};
  for (const [id, a] of [...pa.projects].sort((x, y) => (x[0] < y[0] ? -1 : 1))) out[id] = { sessions: a.sessionsInWindow, calls: a.recordsInWindow, nearest: nearestClaims(a.patterns, config) };
  return out;
}

/** One candidate in words: its claim at its rate, and what it lacks (or that the next /bye gives it). */
export function nearLine(c: NearClaim, config: Config, heldBack?: (kind: string, pattern: string) => string | undefined): string | undefined {
  const sentence = claimSentence({ kind: c.kind, pattern: c.pattern, rate: c.rate, hits: c.hits, opportunities: c.opportunities, sessions: c.sessions, ...(c.details ? { details: c.details } : {}) });
  if (sentence === undefined) return undefined;
  const why = whyNotDelivered({ key: patternStoreKey(c.kind, c.pattern), rate: c.rate, lift: c.lift, sessions: c.sessions, applies: c.applies, observations: c.observations }, config);
  const back = why === undefined ? heldBack?.(c.kind, c.pattern) : undefined;
  return `${sentence}: ${why !== undefined ? why : back !== undefined ? back : 'it passes the delivery test, and the next /bye gives it'}`;
}

/** A project's numbers and its nearest claims in words, for a project that is given nothing. */
export function whyNothingHere(seen: ProjectSeen | undefined, windowDays: number, config: Config, heldBack?: (kind: string, pattern: string) => string | undefined): { seen: string; nearest: string[] } {
  const nearest = (seen?.nearest ?? []).flatMap((c) => nearLine(c, config, heldBack) ?? []);
  if (seen === undefined || seen.sessions === 0) {
    const none = `The last analysis saw no session of this project in its ${windowDays}-day window`;
    return nearest.length
      ? { seen: `${none}; from the history import-transcripts learned, nearest to being given:`, nearest }
      : { seen: `${none}: homunculus learns here once the hooks record its tool calls (or import-transcripts brings its history).`, nearest: [] };
  }
  const lead = `The last analysis saw ${plural(seen.sessions, 'session')} and ${plural(seen.calls, 'tool call')} of this project`;
  return nearest.length ? { seen: `${lead}; nearest to being given:`, nearest } : { seen: `${lead}, and no claim of its own that held there yet (a command that succeeds, a fix after a failure, a chain with a command in it).`, nearest: [] };
}
