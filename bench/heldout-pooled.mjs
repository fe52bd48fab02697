// The held-out benchmark's figures over all projects (bench/heldout.mjs): for the product's
// delivery and the 5-commands line alike, and what the earlier sessions hold. Pure functions over
// scoreProject's results (bench/heldout-delivered.mjs).

import { isClaim } from './heldout-delivered.mjs';
import { PARAMS } from './heldout-score.mjs';

const sum = (xs, f) => xs.reduce((a, x) => a + f(x), 0);
const ratio = (a, b) => (b > 0 ? a / b : undefined);

/**
 * Pooled calibration error over the claims with a stated rate and at least `minOpportunities`
 * later opportunities, weighted by those opportunities: `signed` = sum of opp x (stated - later
 * rate) / sum of opp (negative: stated below what held), `absolute` = sum of opp x |stated - later
 * rate| / sum of opp. Undefined when no claim qualifies.
 */
export function calibration(claims, minOpportunities = PARAMS.calibrationMinOpportunities) {
  const over = claims.filter((c) => c.status === 'scored' && typeof c.stated === 'number' && c.opportunities >= minOpportunities);
  const opp = sum(over, (c) => c.opportunities);
  return {
    signed: ratio(sum(over, (c) => c.stated * c.opportunities - c.hits), opp),
    absolute: ratio(sum(over, (c) => Math.abs(c.stated * c.opportunities - c.hits)), opp),
    // The absolute error a perfectly calibrated forecaster would show on the same claims and
    // opportunities (each claim's later hits drawn at its stated rate): the noise floor of the measure.
    calibratedFloor: ratio(sum(over, (c) => expectedAbsError(c.opportunities, c.stated)), opp),
    claims: over.length,
    opportunities: opp,
  };
}

/** E|X - n p| for X ~ Binomial(n, p): how far a calibrated rate's hits fall from n p by chance alone. */
export function expectedAbsError(n, p) {
  let e = 0;
  let pmf = Math.pow(1 - p, n); // P(X = 0)
  for (let k = 0; k <= n; k++) {
    if (k > 0) pmf = p === 1 ? (k === n ? 1 : 0) : (pmf * (n - k + 1) * p) / (k * (1 - p));
    e += pmf * Math.abs(k - n * p);
  }
  return e;
}

/** Pools deliveries (scoreDelivery's results, one per project) over projects. */
export function poolDelivery(list) {
  const claims = list.flatMap((p) => p.claims);
  const scored = claims.filter((c) => c.status === 'scored');
  const r = list.map((p) => p.recalls);
  const given = list.filter((p) => p.items > 0).length;
  const holding = list.filter((p) => p.holdsLater).length;
  const ep = { total: sum(r, (x) => x.episodes.total), withRecovery: sum(r, (x) => x.episodes.withRecovery), failureNamed: sum(r, (x) => x.episodes.failureNamed), recoveryNamed: sum(r, (x) => x.episodes.recoveryNamed) };
  const cmd = { named: sum(r, (x) => x.commands.named), total: sum(r, (x) => x.commands.total) };
  const cor = { named: sum(r, (x) => x.corrections.named), total: sum(r, (x) => x.corrections.total), rejected: sum(r, (x) => x.corrections.rejected) };
  const hits = sum(scored, (c) => c.hits);
  const opportunities = sum(scored, (c) => c.opportunities);
  return {
    projects: list.length,
    given: { count: given, share: ratio(given, list.length) },
    holdsLater: { count: holding, share: ratio(holding, list.length) },
    delivered: { hits, opportunities, precision: ratio(hits, opportunities) },
    claims: claims.length,
    claimsScored: scored.length,
    calibration: calibration(claims),
    belowFloor: claims.filter((c) => isClaim(c) && typeof c.stated === 'number' && c.stated < PARAMS.lowRate).length,
    itemsMean: ratio(sum(list, (p) => p.items), list.length),
    itemsMax: Math.max(0, ...list.map((p) => p.items)),
    charsMean: ratio(sum(list, (p) => p.chars), list.length),
    charsMax: Math.max(0, ...list.map((p) => p.chars)),
    commandRecall: { ...cmd, recall: ratio(cmd.named, cmd.total) },
    failureRecall: { named: ep.failureNamed, total: ep.total, leftOut: 0, recall: ratio(ep.failureNamed, ep.total) },
    recoveryRecall: { named: ep.recoveryNamed, total: ep.withRecovery, leftOut: ep.total - ep.withRecovery, recall: ratio(ep.recoveryNamed, ep.withRecovery) },
    correctionRecall: { ...cor, recall: ratio(cor.named, cor.total) },
  };
}

/** Pools the per-project scores (scoreProject's results): the product, the 5-commands line, the chain baselines, what the earlier sessions hold. */
export function pool(projects) {
  const chains = (list) => ({ hits: sum(list, (c) => c.hits), opportunities: sum(list, (c) => c.opportunities), precision: ratio(sum(list, (c) => c.hits), sum(list, (c) => c.opportunities)) });
  const e = projects.map((p) => p.earlierHolds);
  return {
    projects: projects.length,
    product: poolDelivery(projects),
    line: poolDelivery(projects.map((p) => p.line)),
    naive: chains(projects.flatMap((p) => p.naive)),
    ceiling: chains(projects.flatMap((p) => p.ceiling)),
    earlier: {
      command: e.filter((x) => x.command).length,
      holdsLater: e.filter((x) => x.holdsLater).length,
      commands: sum(e, (x) => x.commands),
      succeededBefore: sum(e, (x) => x.succeededBefore),
      succeededBefore2: sum(e, (x) => x.succeededBefore2),
      episodesFailedBefore: sum(e, (x) => x.episodes),
    },
  };
}
