import type { RecordTable } from './record-table.js';
import { DAY_MS } from '../lib/clock.js';
import { decayWeigher } from '../lib/temporal-decay.js';

// Counts 3-tool chains and error-retry pairs along each stream, the tools' own frequencies (for
// lift), and the per-day rollup, in one pass. Everything per record is counted by numeric id.

export type PatternKind = 'chain' | 'error-retry';

export interface PatternCount {
  kind: PatternKind;
  key: string;
  /** Key ids of the steps (see Counted.keys): three for a chain, one for an error-retry. */
  steps: number[];
  n: number;
  /** Occurrences in each session that shows the pattern (streams are walked session by session). */
  perSession: number[];
  /** The session perSession's last entry belongs to. */
  lastSession: number;
  decaySum: number;
  first: number;
  last: number;
  /** Occurrences per day of the window (index 0 = the day holding the window's start). */
  perDay: Int32Array;
  /**
   * Chains: occurrences whose preceding record does not continue the cycle A->B->C->A... (for
   * A->B->C, a preceding C would make it the continuation of C->A->B). Error-retries: n.
   */
  starts: number;
  /** Chains: occurrences in which a failed call is followed by the same call (an error-retry). */
  retries: number;
}

/** Per key id, over the window's records. */
export interface KeyStats {
  calls: Int32Array;
  /** Failures followed by another record in their stream... */
  failedThenAny: Int32Array;
  /** ...successes followed by another record... */
  okThenAny: Int32Array;
  /** ...and successes followed by a record with the same key. */
  okThenSame: Int32Array;
}

export interface DayCount {
  calls: number;
  failures: number;
  sessions: Set<number>;
  lastSession: number;
}

export interface Counted {
  chains: Map<string, PatternCount>;
  errorRetries: Map<string, PatternCount>;
  sessionsInWindow: number;
  /** Records in the window (N of the lift). */
  calls: number;
  /** Mean decay weight of the window's records. */
  decayMean: number;
  /** Days of the window with at least one record. */
  activeDays: number;
  /** Key id -> key (`Read`, `Bash(npm test)`). */
  keys: string[];
  keyStats: KeyStats;
  days: DayCount[]; // index 0 = the UTC day holding the window's start
}

/**
 * The key a record takes in a pattern: its tool, or `Bash(<detail>)` when chainDetail is on.
 * Keys are made once per distinct tool and detail, never per record.
 */
export function recordKeys(t: RecordTable, chainDetail: boolean, project?: number): { keyOf: Int32Array; keys: string[] } {
  const keys: string[] = [];
  const ids = new Map<string, number>();
  const id = (k: string) => {
    let i = ids.get(k);
    if (i === undefined) {
      i = keys.length;
      keys.push(k);
      ids.set(k, i);
    }
    return i;
  };
  const detailKey = new Int32Array(t.details.length).fill(-1);
  const keyOf = new Int32Array(t.length);
  const bash = t.tools.indexOf('Bash');
  if (project !== undefined) {
    // One project's records: keys numbered as for a table of those records alone (tools by first
    // appearance, then details), so that every result, orders included, is the same as there.
    const toolKey = new Int32Array(t.tools.length).fill(-1);
    for (let i = 0; i < t.length; i++) {
      if (t.project[i] !== project) continue;
      const tool = t.tool[i]!;
      if (toolKey[tool] === -1) toolKey[tool] = id(t.tools[tool]!);
    }
    for (let i = 0; i < t.length; i++) {
      if (t.project[i] !== project) continue;
      const tool = t.tool[i]!;
      const d = t.detail[i]!;
      if (chainDetail && tool === bash && d !== -1) {
        let k = detailKey[d]!;
        if (k === -1) k = detailKey[d] = id(`Bash(${t.details[d]})`);
        keyOf[i] = k;
      } else {
        keyOf[i] = toolKey[tool]!;
      }
    }
    return { keyOf, keys };
  }
  const toolKey = Int32Array.from(t.tools, (name) => id(name));
  for (let i = 0; i < t.length; i++) {
    const tool = t.tool[i]!;
    const d = t.detail[i]!;
    if (chainDetail && tool === bash && d !== -1) {
      let k = detailKey[d]!;
      if (k === -1) k = detailKey[d] = id(`Bash(${t.details[d]})`);
      keyOf[i] = k;
    } else {
      keyOf[i] = toolKey[tool]!;
    }
  }
  return { keyOf, keys };
}

function newCount(kind: PatternKind, steps: number[], ts: number, nDays: number): PatternCount {
  return { kind, key: '', steps, n: 0, perSession: [], lastSession: -1, decaySum: 0, first: ts, last: ts, perDay: new Int32Array(nDays), starts: 0, retries: 0 };
}

function bump(c: PatternCount, session: number, ts: number, weight: number, dayIndex: number): void {
  c.n++;
  if (c.lastSession !== session) {
    c.perSession.push(1);
    c.lastSession = session;
  } else {
    c.perSession[c.perSession.length - 1]!++;
  }
  c.decaySum += weight;
  if (ts < c.first) c.first = ts;
  if (ts > c.last) c.last = ts;
  c.perDay[dayIndex]!++;
}

/** Stream indices grouped by session (stable), so that each session's streams are walked together. */
function streamsBySession(t: RecordTable, project?: number): Int32Array {
  if (project !== undefined) return projectStreamsBySession(t, project);
  const nSessions = t.sessions.length;
  const at = new Int32Array(nSessions + 1);
  for (const s of t.streamSession) at[s + 1]!++;
  for (let s = 0; s < nSessions; s++) at[s + 1]! += at[s]!;
  const out = new Int32Array(t.streams.length);
  t.streamSession.forEach((session, stream) => (out[at[session]!++] = stream));
  return out;
}

/**
 * The same for one project's records, in the order a table of those records alone would number
 * its streams and sessions (first appearance): the walk order fixes the order of floating-point
 * sums (decay) and of the patterns found, which must not depend on the other projects' records.
 */
function projectStreamsBySession(t: RecordTable, project: number): Int32Array {
  const streamRank = new Int32Array(t.streams.length).fill(-1);
  const sessionRank = new Int32Array(t.sessions.length).fill(-1);
  const streams: number[] = [];
  let nSessions = 0;
  for (let i = 0; i < t.length; i++) {
    if (t.project[i] !== project) continue;
    const s = t.stream[i]!;
    if (streamRank[s] !== -1) continue;
    streamRank[s] = streams.length;
    streams.push(s);
    const session = t.streamSession[s]!;
    if (sessionRank[session] === -1) sessionRank[session] = nSessions++;
  }
  const at = new Int32Array(nSessions + 1);
  for (const s of streams) at[sessionRank[t.streamSession[s]!]! + 1]!++;
  for (let k = 0; k < nSessions; k++) at[k + 1]! += at[k]!;
  const out = new Int32Array(streams.length);
  for (const s of streams) out[at[sessionRank[t.streamSession[s]!]!]!++] = s;
  return out;
}

export function countPatterns(
  t: RecordTable,
  order: Int32Array,
  starts: Int32Array,
  opts: { nowMs: number; windowStartMs: number; halfLifeDays: number; chainDetail: boolean; project?: number | undefined },
): Counted {
  const { keyOf, keys } = recordKeys(t, opts.chainDetail, opts.project);
  const K = keys.length;
  const day0 = Math.floor(opts.windowStartMs / DAY_MS) * DAY_MS;
  const nDays = Math.floor(opts.nowMs / DAY_MS) - Math.floor(opts.windowStartMs / DAY_MS) + 1;
  const days: DayCount[] = Array.from({ length: nDays }, () => ({ calls: 0, failures: 0, sessions: new Set(), lastSession: -1 }));
  const keyStats: KeyStats = { calls: new Int32Array(K), failedThenAny: new Int32Array(K), okThenAny: new Int32Array(K), okThenSame: new Int32Array(K) };
  // Chains by numeric id (no string building per occurrence), named at the end.
  const chainIds = new Map<number, PatternCount>();
  // With few keys (the usual case: a few dozen tools and commands) a chain is found by indexing a
  // flat table of K^3 slots instead of hashing its id; the Map takes over when that is too big.
  const dense = K * K * K <= 1 << 18;
  const chainSlot = dense ? new Int32Array(K * K * K).fill(-1) : new Int32Array(0);
  const chainList: PatternCount[] = [];
  const retryOf: (PatternCount | undefined)[] = new Array(K);
  const sessions = new Set<number>();
  let calls = 0;
  let decayTotal = 0;
  const weigh = decayWeigher(opts.nowMs, opts.halfLifeDays);
  // Columns and counters in locals: this loop runs once per record, in a process that has just
  // started (the Stop hook), so it is kept flat: no calls but one exp, no allocation but a new
  // pattern's first occurrence.
  const { ts: tsOf, ok: okOf } = t;
  const { calls: keyCalls, failedThenAny, okThenAny, okThenSame } = keyStats;
  const bySession = streamsBySession(t, opts.project);
  for (let si = 0; si < bySession.length; si++) {
    const s = bySession[si]!;
    const a = starts[s]!;
    const b = starts[s + 1]!;
    if (a === b) continue;
    const session = t.streamSession[s]!;
    sessions.add(session);
    for (let k = a; k < b; k++) {
      const i = order[k]!;
      const ts = tsOf[i]!;
      const dayIndex = Math.floor((ts - day0) / DAY_MS);
      const day = days[dayIndex]!;
      day.calls++;
      if (day.lastSession !== session) {
        day.sessions.add(session);
        day.lastSession = session;
      }
      if (okOf[i] === 0) day.failures++;
      const ki = keyOf[i]!;
      keyCalls[ki]!++;
      calls++;
      const weight = weigh(ts);
      decayTotal += weight;
      if (k === a) continue;
      const p = order[k - 1]!;
      const kp = keyOf[p]!;
      const retried = okOf[p] === 0 && kp === ki;
      if (okOf[p] === 0) {
        failedThenAny[kp]!++;
        if (retried) bump((retryOf[ki] ??= newCount('error-retry', [ki], ts, nDays)), session, ts, weight, dayIndex);
      } else {
        okThenAny[kp]!++;
        if (kp === ki) okThenSame[kp]!++;
      }
      if (k - a < 2) continue;
      const i1 = order[k - 2]!;
      const k1 = keyOf[i1]!;
      const id = (k1 * K + kp) * K + ki;
      let c: PatternCount | undefined;
      if (dense) {
        const slot = chainSlot[id]!;
        if (slot === -1) {
          c = newCount('chain', [k1, kp, ki], ts, nDays);
          chainSlot[id] = chainList.length;
          chainList.push(c);
        } else {
          c = chainList[slot]!;
        }
      } else {
        c = chainIds.get(id);
        if (c === undefined) {
          c = newCount('chain', [k1, kp, ki], ts, nDays);
          chainIds.set(id, c);
          chainList.push(c);
        }
      }
      c.n++;
      if (c.lastSession !== session) {
        c.perSession.push(1);
        c.lastSession = session;
      } else {
        c.perSession[c.perSession.length - 1]!++;
      }
      c.decaySum += weight;
      if (ts < c.first) c.first = ts;
      if (ts > c.last) c.last = ts;
      c.perDay[dayIndex]!++;
      if (k - a < 3 || keyOf[order[k - 3]!] !== ki) c.starts++;
      if (retried || (okOf[i1] === 0 && k1 === kp)) c.retries++;
    }
  }
  const chains = new Map<string, PatternCount>();
  for (const c of chainList) {
    c.key = `${keys[c.steps[0]!]}->${keys[c.steps[1]!]}->${keys[c.steps[2]!]}`;
    chains.set(c.key, c);
  }
  const errorRetries = new Map<string, PatternCount>();
  for (const c of retryOf) {
    if (c === undefined) continue;
    c.key = `${keys[c.steps[0]!]} error-retry`;
    c.starts = c.n;
    errorRetries.set(c.key, c);
  }
  return {
    chains,
    errorRetries,
    sessionsInWindow: sessions.size,
    calls,
    decayMean: calls === 0 ? 0 : decayTotal / calls,
    activeDays: days.filter((d) => d.calls > 0).length,
    keys,
    keyStats,
    days,
  };
}
