// The held-out benchmark's reading of what was delivered (bench/heldout.mjs): the items of a
// SessionStart context and the rules.json entries behind them, what the context names, and the
// scores of one project and of all of them, over the streams of bench/heldout-score.mjs. No I/O
// here either: test/heldout-score.test.ts runs them on hand-written text.

import { ceilingChains, naiveChains, scoreChains } from './heldout-baselines.mjs';
import { bashDetailOf, episodes, isInspection, PARAMS, SCORERS, scoreKey } from './heldout-score.mjs';

const LEGACY_CHAIN = /^- \*\*\[(\d+)%, \d+x seen\]\*\* Frequent tool chain: (.+) \(seen \d+x\)$/;
const LEGACY_RETRY = /^- \*\*\[(\d+)%, \d+x seen\]\*\* (.+) error-retry pairs detected/;
const LEGACY_ANY = /^- \*\*\[(\d+)%/;
const KEY_AT_END = /`([a-z]+:[^`]+)`\s*$/;

function rulesOf(doc) {
  const list = [];
  for (const field of ['rules', 'taught']) if (Array.isArray(doc?.[field])) list.push(...doc[field].filter((r) => r && typeof r === 'object'));
  return list;
}

/** The store key of a rules.json entry: `key` when it has one, else from today's kind and pattern. */
export function entryKey(r) {
  if (typeof r.key === 'string') return r.key;
  if (typeof r.pattern !== 'string') return undefined;
  if (r.kind === 'chain') return `seq:${r.pattern}`;
  if (r.kind === 'error-retry') return `retry:${r.pattern.replace(/ error-retry$/, '')}`;
  return r.pattern;
}

const reachesProject = (r, project) => r.scope !== 'project' || project === undefined || r.project === project;

/**
 * The items of a SessionStart context: each line that is an item (ends with its store key in
 * backticks, or is a list item), with its key and its stated rate. Prefers the backtick key and
 * rules.json's `rate`; falls back to today's lines (`- **[95%, 12x seen]** Frequent tool chain:
 * A->B->C (seen 12x)`), whose key comes from the pattern and whose figure is `confidence_now`.
 * `project`: the project's id, to pick among entries of the same key (optional).
 */
export function readDelivered(context, rulesDoc, project) {
  const entries = rulesOf(rulesDoc);
  const find = (key) => {
    const same = entries.filter((r) => entryKey(r) === key);
    return same.find((r) => reachesProject(r, project) && r.scope === 'project') ?? same.find((r) => reachesProject(r, project)) ?? same[0];
  };
  const items = [];
  for (const line of (context ?? '').split('\n')) {
    const text = line.trim();
    if (text === '') continue;
    const keyed = KEY_AT_END.exec(text);
    if (keyed) {
      const key = keyed[1];
      const e = find(key);
      const pct = /\((\d+(?:\.\d+)?)%/.exec(text);
      const stated = typeof e?.rate === 'number' ? e.rate : typeof e?.confidence_now === 'number' ? e.confidence_now : pct ? Number(pct[1]) / 100 : undefined;
      items.push({ line: text, key, stated, statedFrom: typeof e?.rate === 'number' ? 'rate' : e ? 'confidence_now' : pct ? 'line' : 'none', format: 'key' });
      continue;
    }
    if (!text.startsWith('- ')) continue; // a header or a note, not an item
    const chain = LEGACY_CHAIN.exec(text);
    const retry = chain ? undefined : LEGACY_RETRY.exec(text);
    const key = chain ? `seq:${chain[2]}` : retry ? `retry:${retry[2]}` : undefined;
    const e = key === undefined ? undefined : find(key);
    const pct = LEGACY_ANY.exec(text);
    const stated = typeof e?.rate === 'number' ? e.rate : typeof e?.confidence_now === 'number' ? e.confidence_now : pct ? Number(pct[1]) / 100 : undefined;
    items.push({ line: text, key, stated, statedFrom: typeof e?.rate === 'number' ? 'rate' : e ? 'confidence_now' : pct ? 'line' : 'none', format: 'legacy' });
  }
  return items;
}

/**
 * What the context names: every backticked string, and every step of every item's key (split on
 * `->` and `=`, with the prefix off). A key `Bash(<d>)` is named when it or `<d>` is; any other
 * key when it is.
 */
export function namedSet(context, items) {
  const named = new Set();
  for (const m of (context ?? '').matchAll(/`([^`\n]+)`/g)) named.add(m[1]);
  for (const it of items) {
    if (typeof it.key !== 'string') continue;
    const body = it.key.slice(it.key.indexOf(':') + 1);
    named.add(body);
    for (const part of body.split(/->|=/)) named.add(part);
  }
  for (const n of [...named]) {
    const d = bashDetailOf(n);
    if (d !== undefined) named.add(d);
  }
  return named;
}

export function names(named, key) {
  const d = bashDetailOf(key);
  return named.has(key) || (d !== undefined && named.has(d));
}

/**
 * Issue 31's recalls, from the later streams and the context alone.
 * command: Bash commands (not inspection ones) that succeed in 2 or more later sessions, named;
 * failure / recovery: recovered episodes whose failing command is named (and one of whose recovery
 * steps is named too); correction: rejected or interrupted calls (a rejected ExitPlanMode is a
 * plan being iterated, not a correction) whose key is named.
 */
export function recalls(laterStreams, named) {
  const sessionsOk = new Map();
  for (const s of laterStreams) for (const c of s) {
    const d = bashDetailOf(c.key);
    if (!c.ok || d === undefined || isInspection(d)) continue;
    let set = sessionsOk.get(c.key);
    if (!set) sessionsOk.set(c.key, (set = new Set()));
    set.add(c.session);
  }
  const commands = [...sessionsOk].filter(([, s]) => s.size >= 2).map(([k]) => k);
  const eps = laterStreams.flatMap((s) => episodes(s));
  const corrections = laterStreams.flatMap((s) => s.filter((c) => c.corrected !== undefined && c.tool !== 'ExitPlanMode'));
  return {
    commands: { total: commands.length, named: commands.filter((k) => names(named, k)).length, keys: commands },
    episodes: {
      total: eps.length,
      withRecovery: eps.filter((e) => e.recovery.length > 0).length,
      failureNamed: eps.filter((e) => names(named, e.failed)).length,
      recoveryNamed: eps.filter((e) => names(named, e.failed) && e.recovery.some((k) => names(named, k))).length,
    },
    corrections: {
      total: corrections.length,
      rejected: corrections.filter((c) => c.corrected === 'rejected').length,
      named: corrections.filter((c) => names(named, c.key)).length,
    },
  };
}

/**
 * Scores one project: the delivered items on the later streams, both baselines, the recalls.
 * `earlier`/`later`: streams (streamsOf).
 */
export function scoreProject({ context, rulesDoc, project, earlier, later }) {
  const items = readDelivered(context, rulesDoc, project);
  const claims = items.map((it) => {
    const s = scoreKey(it.key, later);
    return { key: it.key, stated: it.stated, statedFrom: it.statedFrom, ...s, heldOut: s.status === 'scored' && s.opportunities > 0 ? s.hits / s.opportunities : undefined };
  });
  return {
    items: items.length,
    chars: (context ?? '').length,
    claims,
    naive: scoreChains(naiveChains(earlier), later),
    ceiling: scoreChains(ceilingChains(later), later),
    recalls: recalls(later, namedSet(context, items)),
  };
}

const sum = (xs, f) => xs.reduce((a, x) => a + f(x), 0);
const ratio = (a, b) => (b > 0 ? a / b : undefined);

/** Pools the per-project scores (scoreProject's results, each with `sessions` > 0 learned) over projects. */
export function pool(projects) {
  const claims = projects.flatMap((p) => p.claims);
  const scored = claims.filter((c) => c.status === 'scored');
  const calibrated = scored.filter((c) => c.opportunities >= PARAMS.calibrationMinOpportunities && typeof c.stated === 'number');
  // Claims are items whose key has a scorer (cmd: included); taught items state no claim.
  const stated = claims.filter((c) => typeof c.stated === 'number' && typeof c.key === 'string' && SCORERS[c.key.slice(0, c.key.indexOf(':'))] !== undefined);
  const pooledOf = (list) => ({ hits: sum(list, (c) => c.hits), opportunities: sum(list, (c) => c.opportunities), precision: ratio(sum(list, (c) => c.hits), sum(list, (c) => c.opportunities)) });
  const r = projects.map((p) => p.recalls);
  const cmd = { named: sum(r, (x) => x.commands.named), total: sum(r, (x) => x.commands.total) };
  const ep = { total: sum(r, (x) => x.episodes.total), withRecovery: sum(r, (x) => x.episodes.withRecovery), failureNamed: sum(r, (x) => x.episodes.failureNamed), recoveryNamed: sum(r, (x) => x.episodes.recoveryNamed) };
  const cor = { named: sum(r, (x) => x.corrections.named), total: sum(r, (x) => x.corrections.total), rejected: sum(r, (x) => x.corrections.rejected) };
  return {
    projects: projects.length,
    covered: projects.filter((p) => p.items > 0).length,
    coverage: ratio(projects.filter((p) => p.items > 0).length, projects.length),
    delivered: pooledOf(scored),
    claims: claims.length,
    claimsScored: scored.length,
    notScoredYet: claims.filter((c) => c.status === 'not scored yet').length,
    calibrationError: calibrated.length ? sum(calibrated, (c) => Math.abs(c.stated - c.hits / c.opportunities)) / calibrated.length : undefined,
    calibrationClaims: calibrated.length,
    itemsMean: ratio(sum(projects, (p) => p.items), projects.length),
    itemsMax: Math.max(0, ...projects.map((p) => p.items)),
    charsMean: ratio(sum(projects, (p) => p.chars), projects.length),
    charsMax: Math.max(0, ...projects.map((p) => p.chars)),
    belowFloor: stated.filter((c) => c.stated < PARAMS.lowRate).length,
    naive: pooledOf(projects.flatMap((p) => p.naive)),
    ceiling: pooledOf(projects.flatMap((p) => p.ceiling)),
    commandRecall: { ...cmd, recall: ratio(cmd.named, cmd.total) },
    failureRecall: { named: ep.failureNamed, total: ep.total, recall: ratio(ep.failureNamed, ep.total) },
    recoveryRecall: { named: ep.recoveryNamed, total: ep.total, withRecovery: ep.withRecovery, recall: ratio(ep.recoveryNamed, ep.total) },
    correctionRecall: { ...cor, recall: ratio(cor.named, cor.total) },
  };
}
