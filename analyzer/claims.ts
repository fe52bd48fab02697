import type { Counted, PatternCount } from './patterns.js';
import { learnerOf } from './learners/index.js';

// What a pattern predicts, and how often that held. The seed's confidence (frequency x
// consistency x recency, analyzer/score.ts) ranks patterns against each other; it is not a
// probability. A claim is: where its condition holds and a call follows (an opportunity), this is
// what follows (a hit). Its rate is the shrunk estimate of how often it will hold: a few
// opportunities say little, so the observed share is pulled toward what would be expected without
// the pattern (the prior), the more the fewer the opportunities. 2 of 2 is not 100%.

export interface ClaimCounts {
  /** The claim in plain words, built from the pattern's tokens only. */
  claim: string;
  hits: number;
  opportunities: number;
  /** What the claim's outcome would be expected to be without it (the prior's mean). */
  prior: number;
}

export type RateConfig = { ratePriorWeight: number };

/**
 * (hits + w * prior) / (opportunities + w): the mean of a Beta(w * prior, w * (1 - prior)) prior
 * updated with the counts. w (ratePriorWeight) is how many opportunities the prior is worth.
 */
export function shrunkRate(hits: number, opportunities: number, prior: number, weight: number): number {
  if (!(opportunities >= 0) || !(hits >= 0) || hits > opportunities) return 0;
  const p = Math.min(1, Math.max(0, Number.isFinite(prior) ? prior : 0));
  const w = Math.max(0, weight);
  if (opportunities + w === 0) return p;
  return (hits + w * p) / (opportunities + w);
}

/** How a step is named in a sentence: `Bash(npm test)` is the command `npm test`. */
export function stepWords(step: string): string {
  const m = /^Bash\((.+)\)$/.exec(step);
  return m ? `\`${m[1]}\`` : step;
}

export function chainClaimText(steps: readonly string[]): string {
  return `after ${stepWords(steps[0]!)} then ${stepWords(steps[1]!)}, ${stepWords(steps[2]!)} comes next`;
}

export function retryClaimText(step: string): string {
  return `after ${stepWords(step)} fails, it is run again next`;
}

/**
 * Per chain prefix (the first two steps' key ids), how many times it was followed by a call: a
 * chain A->B->C's opportunities are all the chains A->B->X together.
 */
function prefixTotals(c: Counted): Map<number, number> {
  const K = c.keys.length;
  const out = new Map<number, number>();
  for (const p of c.chains.values()) {
    const id = p.steps[0]! * K + p.steps[1]!;
    out.set(id, (out.get(id) ?? 0) + p.n);
  }
  return out;
}

/**
 * The claims of a window's chains and error-retries, from its counts alone (no second walk):
 * - a chain A->B->C: after A then B, C comes next. Opportunities: A then B followed by a call.
 *   Prior: the share of the window's calls that are C.
 * - an error-retry of X: after X fails, X comes next. Opportunities: failures of X followed by a
 *   call. Prior: how often X follows a success of X (the same baseline as its lift).
 */
export function countedClaims(c: Counted): (p: PatternCount) => ClaimCounts {
  const totals = prefixTotals(c);
  const K = c.keys.length;
  const { calls, failedThenAny, okThenAny, okThenSame } = c.keyStats;
  return (p) => {
    if (p.kind !== 'chain' && p.kind !== 'error-retry') return learnerOf(p.kind)!.claim(p, c);
    if (p.kind === 'chain') {
      const steps = p.steps.map((s) => c.keys[s]!);
      return {
        claim: chainClaimText(steps),
        hits: p.n,
        opportunities: totals.get(p.steps[0]! * K + p.steps[1]!) ?? p.n,
        prior: c.calls > 0 ? calls[p.steps[2]!]! / c.calls : 0,
      };
    }
    const k = p.steps[0]!;
    return {
      claim: retryClaimText(c.keys[k]!),
      hits: p.n,
      opportunities: Math.max(p.n, failedThenAny[k]!),
      prior: (okThenSame[k]! + 1) / (okThenAny[k]! + 2),
    };
  };
}

/**
 * The store's key of an analyzer pattern: `seq:Grep->Read->Edit` for a chain, `retry:Bash` for
 * `Bash error-retry`; the learners' keys are store keys already (`fix:...`, `cmd:...`).
 */
export function patternStoreKey(kind: string, key: string): string {
  return kind === 'chain' ? `seq:${key}` : kind === 'error-retry' ? `retry:${key.replace(/ error-retry$/, '')}` : key;
}
