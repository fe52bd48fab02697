import { chainClaimText, retryClaimText, type ClaimCounts } from './claims.js';
import type { Counted, PatternCount } from './counted.js';
import { learnerOf } from './learners/index.js';

// The claims of a window's patterns, from its counts alone: chains' and error-retries' here,
// every other kind's from its learner (analyzer/learners/). Above the learners, so that they can
// use the claim shapes of analyzer/claims.ts without a circle.

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
