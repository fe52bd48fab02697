import type { Config } from '../lib/config.js';
import type { ClaimCounts } from './claims.js';
import { newCount, type Counted } from './counted.js';
import { learnerOf } from './learners/index.js';
import { mergeParts, toPlainPart, type PlainPart } from './parts.js';
import { forEachGroupCount } from './patterns.js';
import type { RecordTable } from './record-table.js';
import { countedClaims } from './window-claims.js';

// A claim measured again over the sessions that started after a moment (a rule's promotion: what
// happened once it was given at session start), by the learner's own measure: the same counts and
// claims as the analysis, over fewer sessions. One walk serves every moment: sessions are grouped
// by the latest moment before their start, and the groups merged from the newest back (the merge
// of disjoint sessions' counts equals one count over them all: analyzer/parts.ts).

export type SinceConfig = Pick<Config, 'halfLifeDays' | 'chainDetail' | 'fixWindowCalls'>;

/** Per session index, the time of its first record in the table (Infinity: none). */
export function sessionStarts(t: RecordTable): Float64Array {
  const out = new Float64Array(t.sessions.length).fill(Number.POSITIVE_INFINITY);
  for (let i = 0; i < t.length; i++) {
    const s = t.streamSession[t.stream[i]!]!;
    if (t.ts[i]! < out[s]!) out[s] = t.ts[i]!;
  }
  return out;
}

/**
 * The counts of the sessions (of `project`'s records: an index into t.projects; undefined: every
 * record) that started after each moment of `sinces`, up to `nowMs`: moment -> counts. A session
 * that started before a moment is left out of that moment's counts whole (it was not given what
 * was promoted during it). `starts`: sessionStarts(t), when the caller has it; `keep`: the
 * sessions to count (all when absent).
 */
export function countsSince(t: RecordTable, nowMs: number, config: SinceConfig, project: number | undefined, sinces: readonly number[], starts: Float64Array = sessionStarts(t), keep?: (session: number) => boolean): Map<number, Counted> {
  const moments = [...new Set(sinces)].filter((m) => m < nowMs).sort((a, b) => a - b);
  const out = new Map<number, Counted>();
  if (moments.length === 0 || t.length === 0) return out;
  // Each session in the group of the latest moment before its start (-1: before them all).
  const groupOf = new Int32Array(t.sessions.length).fill(-1);
  for (let s = 0; s < groupOf.length; s++) {
    // A session left out (`keep`: not one the claim was given in) counts in no moment.
    if (keep !== undefined && !keep(s)) continue;
    const start = starts[s]!;
    let lo = 0;
    let hi = moments.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (moments[mid]! < start) lo = mid + 1;
      else hi = mid;
    }
    groupOf[s] = lo - 1;
  }
  // Days from the table's first record on (a moment long before it would size every count by its days).
  let first = Number.POSITIVE_INFINITY;
  for (let i = 0; i < t.length; i++) if (t.ts[i]! < first) first = t.ts[i]!;
  const windowStartMs = Math.max(moments[0]!, first - 1);
  if (!(windowStartMs < nowMs)) return out;
  const parts = new Map<number, PlainPart>();
  let day0 = 0;
  let nDays = 0;
  forEachGroupCount(t, { nowMs, windowStartMs, halfLifeDays: config.halfLifeDays, chainDetail: config.chainDetail, fixWindowCalls: config.fixWindowCalls, project, groupOf }, (g, c) => {
    day0 = c.day0;
    nDays = c.days.length;
    parts.set(g, toPlainPart(c));
  });
  let after: PlainPart | undefined;
  for (let j = moments.length - 1; j >= 0; j--) {
    const own = parts.get(j);
    const list = [own, after].filter((p): p is PlainPart => p !== undefined);
    if (list.length === 0) continue;
    const merged = mergeParts(list, day0, nDays);
    out.set(moments[j]!, merged);
    after = list.length === 1 ? list[0] : toPlainPart(merged);
  }
  return out;
}

/**
 * A claim's counts in these records, as the analysis states them (analyzer/window-claims.ts and
 * the learners): where its pattern never occurred, 0 hits at the opportunities its condition gave
 * (a chain A->B->C: A then B followed by a call; an error-retry: failures of the step followed by
 * a call; a command: the sessions that ran it).
 */
export function claimIn(c: Counted, kind: string, key: string): ClaimCounts | undefined {
  const claimOf = countedClaims(c);
  if (kind === 'chain' || kind === 'error-retry') {
    const found = (kind === 'chain' ? c.chains : c.errorRetries).get(key);
    if (found !== undefined) return claimOf(found);
    const steps = kind === 'chain' ? key.split('->') : [key.replace(/ error-retry$/, '')];
    const ids = steps.map((s) => c.keys.indexOf(s));
    if (ids.slice(0, kind === 'chain' ? 2 : 1).some((i) => i === -1)) return { claim: '', hits: 0, opportunities: 0, prior: 0 };
    // The outcome's own key may never have been seen: its calls are none.
    const zero = newCount(kind, ids.map((i) => (i === -1 ? 0 : i)), 0, 0);
    const counted = claimOf(zero);
    return { ...counted, hits: 0, prior: ids.includes(-1) ? 0 : counted.prior };
  }
  const learner = learnerOf(kind);
  if (learner === undefined) return undefined;
  const found = c.learned.get(key);
  if (found !== undefined) return claimOf(found);
  const zero = newCount(kind, [], 0, 0);
  zero.key = key;
  return { ...learner.claim(zero, c), hits: 0 };
}
