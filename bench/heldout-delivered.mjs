// The held-out benchmark's reading of what was delivered (bench/heldout.mjs): the items of a
// SessionStart context and the rules.json entries behind them, what the context names, and the
// scores of one project and of all of them, over the streams of bench/heldout-score.mjs. No I/O
// here either: test/heldout-score.test.ts runs them on hand-written text.

import { ceilingChains, fiveCommandsLine, naiveChains, scoreChains } from './heldout-baselines.mjs';
import { bashDetailOf, episodes, SCORERS, scoreKey, succeededIn } from './heldout-score.mjs';

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
 * `->` and `=`, with the prefix off; of a `cmd:<purpose>=<detail>` key, the detail alone: the
 * purpose is a word, not a command). A key `Bash(<d>)` is named when it or `<d>` is; any other
 * key when it is.
 */
export function namedSet(context, items) {
  const named = new Set();
  for (const m of (context ?? '').matchAll(/`([^`\n]+)`/g)) named.add(m[1]);
  for (const it of items) {
    if (typeof it.key !== 'string') continue;
    const body = it.key.slice(it.key.indexOf(':') + 1);
    if (it.key.startsWith('cmd:') && body.includes('=')) {
      named.add(body.slice(body.indexOf('=') + 1));
      continue;
    }
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
 * The recalls of issue 31 as issue 39 counts them, from the later streams and what is named.
 * command: non-inspection Bash commands that succeed in 2 or more later sessions, named.
 * failure: episodes (bench/heldout-score.mjs) whose failing command is named, over all episodes.
 * recovery: episodes whose failing command is named and one of whose recovery steps (non-inspection
 * Bash commands) is named, over the episodes that have such a step (`withRecovery`; the others are
 * left out of that denominator and counted). correction: rejected or interrupted calls (a rejected
 * ExitPlanMode is a plan being iterated, not a correction) whose key is named.
 */
export function recalls(laterStreams, named) {
  const commands = [...succeededIn(laterStreams)].filter(([, s]) => s.size >= 2).map(([k]) => k);
  const eps = laterStreams.flatMap((s) => episodes(s));
  const withStep = eps.filter((e) => e.recovery.length > 0);
  const corrections = laterStreams.flatMap((s) => s.filter((c) => c.corrected !== undefined && c.tool !== 'ExitPlanMode'));
  return {
    commands: { total: commands.length, named: commands.filter((k) => names(named, k)).length, keys: commands },
    episodes: {
      total: eps.length,
      withRecovery: withStep.length,
      withoutRecovery: eps.length - withStep.length,
      failureNamed: eps.filter((e) => names(named, e.failed)).length,
      recoveryNamed: withStep.filter((e) => names(named, e.failed) && e.recovery.some((k) => names(named, k))).length,
    },
    corrections: {
      total: corrections.length,
      rejected: corrections.filter((c) => c.corrected === 'rejected').length,
      named: corrections.filter((c) => names(named, c.key)).length,
    },
  };
}

/** A delivered claim holds later when it was scored and held at least once on the later streams (later hits > 0). */
export const holdsLater = (claim) => claim.status === 'scored' && claim.hits > 0;

/**
 * What the earlier sessions hold, whatever is delivered: whether a non-inspection command
 * succeeded in them (`command`), and whether one of those also succeeds in a later session
 * (`holdsLater`: the claim "it runs and succeeds here" would hold later); of the later commands of
 * command recall, how many succeeded in an earlier session and in 2 or more; of the later episodes,
 * how many have a failing command that failed in an earlier session too.
 */
export function earlierHolds(earlier, later) {
  const before = succeededIn(earlier);
  const after = succeededIn(later);
  const commands = [...after].filter(([, s]) => s.size >= 2).map(([k]) => k);
  const failedBefore = new Set(earlier.flatMap((s) => s.filter((c) => c.tool === 'Bash' && !c.ok).map((c) => c.key)));
  return {
    command: before.size > 0,
    holdsLater: [...before.keys()].some((k) => after.has(k)),
    commands: commands.length,
    succeededBefore: commands.filter((k) => before.has(k)).length,
    succeededBefore2: commands.filter((k) => (before.get(k)?.size ?? 0) >= 2).length,
    episodes: later.flatMap((s) => episodes(s)).filter((e) => failedBefore.has(e.failed)).length,
  };
}

/** Scores what one delivery (a context and its items) gives on the later streams: its claims, whether one holds later, the recalls. */
export function scoreDelivery(context, items, later) {
  const claims = items.map((it) => {
    const s = scoreKey(it.key, later);
    return { key: it.key, stated: it.stated, statedFrom: it.statedFrom, ...s, heldOut: s.status === 'scored' && s.opportunities > 0 ? s.hits / s.opportunities : undefined };
  });
  return {
    items: items.length,
    chars: (context ?? '').length,
    claims,
    holdsLater: claims.some(holdsLater),
    recalls: recalls(later, namedSet(context, items)),
  };
}

/**
 * Scores one project: what the SessionStart hook delivered, and in the same way the 5-commands
 * line of its earlier sessions (`line`); the chain baselines; what the earlier sessions hold.
 * `earlier`/`later`: streams (streamsOf).
 * @param {{ context: string, rulesDoc: any, project?: string, earlier: any[], later: any[] }} input
 */
export function scoreProject({ context, rulesDoc, project, earlier, later }) {
  const line = fiveCommandsLine(earlier);
  return {
    ...scoreDelivery(context, readDelivered(context, rulesDoc, project), later),
    line: { context: line.context, ...scoreDelivery(line.context, line.items, later) },
    naive: scoreChains(naiveChains(earlier), later),
    ceiling: scoreChains(ceilingChains(later), later),
    earlierHolds: earlierHolds(earlier, later),
  };
}

export const isClaim = (c) => typeof c.key === 'string' && SCORERS[c.key.slice(0, c.key.indexOf(':'))] !== undefined;
