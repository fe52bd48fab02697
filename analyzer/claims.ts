
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
 * The store's key of an analyzer pattern: `seq:Grep->Read->Edit` for a chain, `retry:Bash` for
 * `Bash error-retry`; the learners' keys are store keys already (`fix:...`, `cmd:...`).
 */
export function patternStoreKey(kind: string, key: string): string {
  return kind === 'chain' ? `seq:${key}` : kind === 'error-retry' ? `retry:${key.replace(/ error-retry$/, '')}` : key;
}
