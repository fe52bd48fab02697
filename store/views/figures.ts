// The one percentage of an instinct, as every view prints it. An observed pattern's claim has a
// rate (how often it held, shrunk on few cases: a probability, the same figure the SessionStart
// context states); anything else (a taught or imported instinct, a pattern never measured) has
// only its score (frequency x consistency x recency, or a taught instinct's confidence), which
// ranks and is called a score, never printed bare beside a rate.

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** `63%` for a claim's rate; `score 30%` for anything else. */
export function figure(v: { rate?: number | undefined; confidence: number }): string {
  return typeof v.rate === 'number' && v.rate >= 0 && v.rate <= 1 ? pct(v.rate) : `score ${pct(v.confidence)}`;
}

/** A score, called so: `score 95%`. */
export function scoreText(confidence: number): string {
  return `score ${pct(confidence)}`;
}

/** A rate column's cell (`63%`, or `-` when there is none) and a score column's (`95%`, under a "score" heading). */
export function rateCell(rate: number | undefined): string {
  return typeof rate === 'number' && rate >= 0 && rate <= 1 ? pct(rate) : '-';
}

export function scoreCell(confidence: number): string {
  return pct(confidence);
}

/**
 * A rule's live column (rules/live.ts): how often its claim held since it was given, as counts
 * (`3 of 4`), or `-` before any opportunity (and for what is no rule).
 */
export function liveCell(live: { hits: number; opportunities: number } | undefined): string {
  return live === undefined ? '-' : `${live.hits} of ${live.opportunities}`;
}

