// The held-out benchmark's Markdown (bench/heldout.mjs): the per-project table, the delivered
// items, the 5-commands lines, and the pooled table with the product and the 5-commands line side
// by side against issue 39's targets. Pure: scores in, text out.

import { PARAMS } from './heldout-score.mjs';

/** Text from transcripts and contexts, safe in a terminal and a Markdown cell. */
// eslint-disable-next-line no-control-regex
export const cell = (t) => String(t).replace(/[\u0000-\u001f\u007f-\u009f|`]/g, '?').slice(0, 120);
const pct = (x) => (x === undefined ? 'n/a' : `${(x * 100).toFixed(0)}%`);
const frac = (a, b) => `${a}/${b}`;
const num = (x, d = 2) => (x === undefined ? 'n/a' : x.toFixed(d));
const signed = (x) => (x === undefined ? 'n/a' : `${x > 0 ? '+' : ''}${x.toFixed(2)}`);
const verdict = (ok) => (ok ? 'met' : '**missed**');
const of = (a, b) => `${a} of ${b} (${pct(b > 0 ? a / b : undefined)})`;
const hitsOf = (list) => frac(list.reduce((a, c) => a + (c.hits ?? 0), 0), list.reduce((a, c) => a + (c.opportunities ?? 0), 0));

/**
 * Issue 39's targets for what the product delivers, on the pooled figures (poolDelivery's result
 * `P`, the 5-commands line's `L`): the text shown and whether it is met.
 */
export const TARGETS = {
  given: { text: '>= 90%', met: (P) => (P.given.share ?? 0) >= 0.9 },
  holdsLater: { text: '>= 60%', met: (P) => (P.holdsLater.share ?? 0) >= 0.6 },
  commandRecall: { text: ">= 70% and >= the line's", met: (P, L) => (P.commandRecall.recall ?? 0) >= 0.7 && (P.commandRecall.recall ?? 0) >= (L.commandRecall.recall ?? 0) },
  failureRecall: { text: '>= 35%', met: (P) => (P.failureRecall.recall ?? 0) >= 0.35 },
  recoveryRecall: { text: '>= 20%', met: (P) => (P.recoveryRecall.recall ?? 0) >= 0.2 },
  precision: { text: '>= 80%', met: (P) => (P.delivered.precision ?? 0) >= 0.8 },
  calibration: { text: '<= 0.10', met: (P) => P.calibration.absolute !== undefined && P.calibration.absolute <= 0.1 },
  chars: { text: 'max <= 2000', met: (P) => P.charsMax <= 2000 },
};

/** The verdict of each target on the pooled figures: { name: true | false }. */
export function targetsMet(pooled) {
  return Object.fromEntries(Object.entries(TARGETS).map(([k, t]) => [k, t.met(pooled.product, pooled.line)]));
}

function perProject(results) {
  const lines = [];
  lines.push('| project | learned / held out | calls learned / later | items | chars | claims scored | hits / opp. | holds later | naive hits / opp. | ceiling hits / opp. | commands named | failures named | recoveries named | corrections named | line: hits / opp. | line: holds later | line: commands named | line: failures named | line: recoveries named |');
  lines.push(`|${'---|'.repeat(19)}`);
  for (const p of results) {
    const r = p.recalls;
    const l = p.line.recalls;
    const yes = (b) => (b ? 'yes' : 'no');
    lines.push(`| ${cell(p.name)} | ${p.learned} / ${p.heldOut} | ${p.learnedCalls} / ${p.laterCalls} | ${p.items} | ${p.chars} | ${p.claims.filter((c) => c.status === 'scored').length} | ${hitsOf(p.claims)} | ${yes(p.holdsLater)} | ${hitsOf(p.naive)} | ${hitsOf(p.ceiling)} | ${frac(r.commands.named, r.commands.total)} | ${frac(r.episodes.failureNamed, r.episodes.total)} | ${frac(r.episodes.recoveryNamed, r.episodes.withRecovery)} | ${frac(r.corrections.named, r.corrections.total)} | ${hitsOf(p.line.claims)} | ${yes(p.line.holdsLater)} | ${frac(l.commands.named, l.commands.total)} | ${frac(l.episodes.failureNamed, l.episodes.total)} | ${frac(l.episodes.recoveryNamed, l.episodes.withRecovery)} |`);
  }
  return lines;
}

function claimsTables(results) {
  const lines = [];
  const claims = results.flatMap((p) => p.claims.map((c) => ({ ...c, project: p.name })));
  if (claims.length > 0) {
    lines.push('', '| project | delivered item (key) | stated | later hits / opp. | held-out rate |', '|---|---|---|---|---|');
    for (const c of claims) lines.push(`| ${cell(c.project)} | ${c.key === undefined ? '(no key)' : `\`${cell(c.key)}\``} | ${c.stated === undefined ? 'n/a' : `${num(c.stated)} (${c.statedFrom})`} | ${c.status === 'scored' ? frac(c.hits, c.opportunities) : c.status} | ${num(c.heldOut)} |`);
  }
  const given = results.filter((p) => p.line.items > 0);
  if (given.length > 0) {
    lines.push('', '| project | the 5-commands line: each command, later sessions where it succeeded / ran |', '|---|---|');
    for (const p of given) lines.push(`| ${cell(p.name)} | ${p.line.claims.map((c) => `${cell(c.key.slice(c.key.indexOf('=') + 1))} ${frac(c.hits, c.opportunities)}`).join('; ')} |`);
  }
  return lines;
}

function pooledTable(pooled) {
  const P = pooled.product;
  const L = pooled.line;
  const E = pooled.earlier;
  const n = pooled.projects;
  const met = targetsMet(pooled);
  const t = (k) => `${TARGETS[k].text}: ${verdict(met[k])}`;
  const row = (figure, product, target, line, earlier = '') => `| ${figure} | ${product} | ${target} | ${line} | ${earlier} |`;
  const cal = (X) => (X.calibration.claims === 0 ? 'n/a (no claim states a rate)' : `over ${X.calibration.claims} claims, ${X.calibration.opportunities} later opp.`);
  return [
    `| pooled over ${n} projects | this build | target | the 5-commands line, same run | what the earlier sessions hold |`,
    '|---|---|---|---|---|',
    row('projects given any item', of(P.given.count, n), t('given'), of(L.given.count, n), `${E.command} of ${n} have a non-inspection command that succeeded`),
    row('projects given an item that holds later (a delivered claim with later hits > 0)', of(P.holdsLater.count, n), t('holdsLater'), of(L.holdsLater.count, n), `${E.holdsLater} of ${n} have a command that succeeded before and succeeds in a later session`),
    row('later project commands named (command recall: non-inspection commands that succeed in 2+ later sessions)', of(P.commandRecall.named, P.commandRecall.total), t('commandRecall'), of(L.commandRecall.named, L.commandRecall.total), `${E.succeededBefore} of ${E.commands} succeeded in an earlier session, ${E.succeededBefore2} in 2+`),
    row(`later failures whose command is named (failure recall, over all ${P.failureRecall.total} episodes, none left out)`, of(P.failureRecall.named, P.failureRecall.total), t('failureRecall'), of(L.failureRecall.named, L.failureRecall.total), `${E.episodesFailedBefore} of ${P.failureRecall.total} failed in an earlier session`),
    row(`recovery recall (failing command and a non-inspection recovery step named, over the ${P.recoveryRecall.total} episodes with such a step; ${P.recoveryRecall.leftOut} without one left out)`, of(P.recoveryRecall.named, P.recoveryRecall.total), t('recoveryRecall'), of(L.recoveryRecall.named, L.recoveryRecall.total)),
    row('pooled precision of what is delivered (later hits / opp. of its claims)', `${pct(P.delivered.precision)} (${P.delivered.hits} of ${P.delivered.opportunities}; ${P.claimsScored} claims scored of ${P.claims} items)`, t('precision'), `${pct(L.delivered.precision)} (${L.delivered.hits} of ${L.delivered.opportunities}; ${L.claimsScored} claims)`),
    row(`pooled calibration error, absolute (sum of opp. x abs(stated - later rate) / sum of opp., claims with >= ${PARAMS.calibrationMinOpportunities} later opp.)`, `${num(P.calibration.absolute)} ${cal(P)}`, t('calibration'), 'n/a (states no rate)'),
    row('the absolute error a perfectly calibrated forecaster shows on the same claims and opportunities (later hits drawn at the stated rates: the noise floor)', `${num(P.calibration.calibratedFloor)} ${cal(P)}`, '', ''),
    row('pooled calibration error, signed (sum of opp. x (stated - later rate) / sum of opp.; negative: under-stated)', `${signed(P.calibration.signed)} ${cal(P)}`, '', 'n/a (states no rate)'),
    row('context characters per project (mean / max)', `${num(P.charsMean, 0)} / ${P.charsMax}`, t('chars'), `${num(L.charsMean, 0)} / ${L.charsMax}`),
    row('items per project (mean / max)', `${num(P.itemsMean, 1)} / ${P.itemsMax}`, '', `${num(L.itemsMean, 1)} / ${L.itemsMax}`),
    row(`delivered claims stated below ${PARAMS.lowRate}`, String(P.belowFloor), 'reported', 'n/a'),
    row('correction recall (rejected or interrupted calls named)', `${of(P.correctionRecall.named, P.correctionRecall.total)}; ${P.correctionRecall.rejected} rejected, ${P.correctionRecall.total - P.correctionRecall.rejected} interrupted`, 'reported', of(L.correctionRecall.named, L.correctionRecall.total)),
    row(`naive baseline (${PARAMS.baselineSize} most frequent earlier chains per project), precision`, `${pct(pooled.naive.precision)} (${pooled.naive.hits} of ${pooled.naive.opportunities})`, '', ''),
    row(`hindsight ceiling (${PARAMS.baselineSize} best later chains per project), precision`, `${pct(pooled.ceiling.precision)} (${pooled.ceiling.hits} of ${pooled.ceiling.opportunities})`, '', ''),
  ];
}

/** The whole Markdown report: header, per-project table, delivered items, 5-commands lines, pooled table. */
export function renderTable(results, pooled, { corpusLabel, qualifying, folders, commit, note }) {
  const lines = [];
  lines.push(`Corpus: ${corpusLabel}: ${folders} project folders, ${qualifying} with ${PARAMS.minSessions} or more sessions (measured).`);
  if (note) lines.push(note);
  lines.push(`Protocol: sessions ordered by start (earliest timestamp); learn from the first max(${PARAMS.minLearned}, round(${PARAMS.learnShare} n)), at most n - 1; import-transcripts --since <first start>, analyze, bye at now = last learned record + ${PARAMS.nowAfterLastMs / 1000} s, fresh data home, neutral cwd; SessionStart hook with the last learned session's cwd. Streams per session and agent; key = tool, or Bash(<detail>).`);
  lines.push(`Scoring: a cmd: claim is an opportunity per later session that ran its command (any outcome), a hit when it succeeded there at least once; seq:, retry:, fix:, ask: as before. An episode: a Bash command's failures (consecutive ones are one) and its first success within ${PARAMS.fixWindowCalls} calls of the first; its recovery steps are the non-inspection Bash commands between. The 5-commands line: the ${PARAMS.lineSize} non-inspection commands with the most successful runs in the earlier sessions, one line of text, each scored as a cmd: claim "runs and succeeds here". Calibration over claims with >= ${PARAMS.calibrationMinOpportunities} later opportunities, weighted by them. Chain baselines: ${PARAMS.baselineSize} chains per project, not one key repeated (ceiling: >= ${PARAMS.ceilingMinOpportunities} later opportunities, best later precision). Corrections: records with stop "interrupt", and tool results of the later transcripts that say the user rejected or interrupted the call (ExitPlanMode left out).`);
  lines.push(`Code measured: ${commit}.`);
  lines.push('');
  lines.push(...perProject(results), ...claimsTables(results), '', ...pooledTable(pooled));
  return lines.join('\n');
}
