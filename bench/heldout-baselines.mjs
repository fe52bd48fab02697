// The held-out benchmark's baselines (bench/heldout.mjs), measured in the same run as the product:
// the naive chains (the most frequent earlier 3-call chains), the hindsight ceiling (the best later
// chains) and the 5-commands line (the five most-run successful commands of the earlier sessions,
// as one line of text). Pure functions over streams (bench/heldout-score.mjs).

import { bashDetailOf, isCommandKey, PARAMS, SCORERS } from './heldout-score.mjs';

/** Every 3-call chain of the streams, with how often it occurs, in the order first seen. */
export function chainCounts(streams) {
  const m = new Map();
  for (const s of streams) {
    for (let i = 2; i < s.length; i++) {
      const k = `${s[i - 2].key}->${s[i - 1].key}->${s[i].key}`;
      m.set(k, (m.get(k) ?? 0) + 1);
    }
  }
  return m;
}

/** A chain of one key repeated (`Read->Read->Read`): never a baseline. */
export function oneKeyRepeated(chain) {
  const [a, b, c] = chain.split('->');
  return a === b && b === c;
}

const byKey = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Naive baseline: the `n` most frequent chains of the earlier streams that are not one key
 * repeated; among equally frequent ones, the one seen first (chainCounts keeps first-seen order,
 * and the sort is stable). Ties are common (5 chains share third place in one real project, 54 in
 * another): ordered by key instead, the real corpus's naive precision reads 24%, not 22%.
 */
export function naiveChains(earlierStreams, n = PARAMS.baselineSize) {
  return [...chainCounts(earlierStreams)]
    .filter(([k]) => !oneKeyRepeated(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k]) => k);
}

/**
 * Hindsight ceiling: of the chains seen in the later streams (not one key repeated) with at least
 * `minOpportunities` later opportunities, the `n` with the highest later precision.
 */
export function ceilingChains(laterStreams, n = PARAMS.baselineSize, minOpportunities = PARAMS.ceilingMinOpportunities) {
  const prefix = new Map(); // A->B -> how often a call follows
  for (const s of laterStreams) for (let i = 2; i < s.length; i++) {
    const k = `${s[i - 2].key}->${s[i - 1].key}`;
    prefix.set(k, (prefix.get(k) ?? 0) + 1);
  }
  return [...chainCounts(laterStreams)]
    .filter(([k]) => !oneKeyRepeated(k))
    .map(([k, hits]) => ({ k, hits, opp: prefix.get(k.slice(0, k.lastIndexOf('->'))) }))
    .filter((c) => c.opp >= minOpportunities)
    .sort((a, b) => b.hits / b.opp - a.hits / a.opp || b.opp - a.opp || byKey(a.k, b.k))
    .slice(0, n)
    .map((c) => c.k);
}

/** Scores chains as `seq:` claims: {key, hits, opportunities} each. */
export function scoreChains(chains, streams) {
  return chains.map((c) => ({ key: `seq:${c}`, ...SCORERS.seq(c, streams) }));
}

export const LINE_HEAD = 'Commands that run and succeed here:';

/**
 * The 5-commands line: the `n` non-inspection Bash commands with the most successful runs in the
 * earlier streams (ties: in more sessions, then the one seen first), as one line of text with each
 * command in backticks, and its items: each command a `cmd:` claim "runs and succeeds here"
 * (`cmd:any=<detail>`; the cmd: scorer does not read the purpose). No stated rate: the line states
 * none, so it is out of calibration. Empty (no text, no item) when no such command succeeded.
 */
export function fiveCommandsLine(earlierStreams, n = PARAMS.lineSize) {
  const runs = new Map(); // key -> { ok: successful runs, sessions }
  for (const s of earlierStreams) for (const c of s) {
    if (!c.ok || c.tool !== 'Bash' || !isCommandKey(c.key)) continue;
    let x = runs.get(c.key);
    if (!x) runs.set(c.key, (x = { ok: 0, sessions: new Set() }));
    x.ok++;
    x.sessions.add(c.session);
  }
  const details = [...runs]
    .sort((a, b) => b[1].ok - a[1].ok || b[1].sessions.size - a[1].sessions.size)
    .slice(0, n)
    .map(([k]) => bashDetailOf(k));
  if (details.length === 0) return { context: '', items: [] };
  const context = `${LINE_HEAD} ${details.map((d) => `\`${d}\``).join(', ')}`;
  return { context, items: details.map((d) => ({ line: context, key: `cmd:any=${d}`, stated: undefined, statedFrom: 'none', format: 'line' })) };
}
