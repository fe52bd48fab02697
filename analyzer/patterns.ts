import type { RecordTable } from './record-table.js';
import { DAY_MS } from '../lib/clock.js';
import { decayWeigher } from '../lib/temporal-decay.js';

// Counts 3-tool chains and error-retry pairs along each stream, and the per-day rollup.

export type PatternKind = 'chain' | 'error-retry';

export interface PatternCount {
  kind: PatternKind;
  key: string;
  n: number;
  sessions: Set<number>;
  decaySum: number;
  first: number;
  last: number;
  /** The session last added to `sessions`: streams are walked one at a time, so most additions repeat it. */
  lastSession?: number;
  /** Occurrences per day of the window (index 0 = the day holding the window's start). */
  perDay?: Int32Array;
}

export interface DayCount {
  calls: number;
  failures: number;
  sessions: Set<number>;
  lastSession: number;
  chains: Map<string, number>;
  errorRetries: Map<string, number>;
}

export interface Counted {
  chains: Map<string, PatternCount>;
  errorRetries: Map<string, PatternCount>;
  sessionsInWindow: number;
  days: DayCount[]; // index 0 = the UTC day holding the window's start
}

/** The key a record takes in a chain: its tool, or `Bash(<detail>)` when chainDetail is on. */
function recordKeys(t: RecordTable, chainDetail: boolean): { keyOf: Int32Array; keys: string[] } {
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
  const keyOf = new Int32Array(t.length);
  const bash = t.tools.indexOf('Bash');
  for (let i = 0; i < t.length; i++) {
    const tool = t.tool[i]!;
    const d = t.detail[i]!;
    keyOf[i] = chainDetail && tool === bash && d !== -1 ? id(`Bash(${t.details[d]})`) : id(t.tools[tool]!);
  }
  return { keyOf, keys };
}

function bump(map: Map<string, PatternCount>, kind: PatternKind, key: string, session: number, ts: number, weight: number): void {
  let p = map.get(key);
  if (p === undefined) {
    p = { kind, key, n: 0, sessions: new Set(), decaySum: 0, first: ts, last: ts };
    map.set(key, p);
  }
  p.n++;
  p.sessions.add(session);
  p.decaySum += weight;
  if (ts < p.first) p.first = ts;
  if (ts > p.last) p.last = ts;
}

export function countPatterns(
  t: RecordTable,
  order: Int32Array,
  starts: Int32Array,
  opts: { nowMs: number; windowStartMs: number; halfLifeDays: number; chainDetail: boolean },
): Counted {
  const { keyOf, keys } = recordKeys(t, opts.chainDetail);
  const K = keys.length;
  const day0 = Math.floor(opts.windowStartMs / DAY_MS) * DAY_MS;
  const nDays = Math.floor(opts.nowMs / DAY_MS) - Math.floor(opts.windowStartMs / DAY_MS) + 1;
  const days: DayCount[] = Array.from({ length: nDays }, () => ({ calls: 0, failures: 0, sessions: new Set(), lastSession: -1, chains: new Map(), errorRetries: new Map() }));
  // Chains are counted by numeric id first (no string building per occurrence), named at the end.
  const chainIds = new Map<number, PatternCount>();
  const errorRetries = new Map<string, PatternCount>();
  const sessions = new Set<number>();
  const nStreams = t.streams.length;
  const weigh = decayWeigher(opts.nowMs, opts.halfLifeDays);
  for (let s = 0; s < nStreams; s++) {
    const a = starts[s]!;
    const b = starts[s + 1]!;
    if (a === b) continue;
    const session = t.streamSession[s]!;
    sessions.add(session);
    for (let k = a; k < b; k++) {
      const i = order[k]!;
      const ts = t.ts[i]!;
      const dayIndex = Math.floor((ts - day0) / DAY_MS);
      const day = days[dayIndex]!;
      day.calls++;
      if (day.lastSession !== session) {
        day.sessions.add(session);
        day.lastSession = session;
      }
      if (t.ok[i] === 0) day.failures++;
      if (k === a) continue;
      const weight = weigh(ts);
      const p = order[k - 1]!;
      if (t.ok[p] === 0 && t.tool[p] === t.tool[i]) {
        const key = `${t.tools[t.tool[i]!]} error-retry`;
        bump(errorRetries, 'error-retry', key, session, ts, weight);
        day.errorRetries.set(key, (day.errorRetries.get(key) ?? 0) + 1);
      }
      if (k - a < 2) continue;
      const id = (keyOf[order[k - 2]!]! * K + keyOf[p]!) * K + keyOf[i]!;
      let c = chainIds.get(id);
      if (c === undefined) {
        c = { kind: 'chain', key: '', n: 0, sessions: new Set(), decaySum: 0, first: ts, last: ts, perDay: new Int32Array(nDays) };
        chainIds.set(id, c);
      }
      c.n++;
      if (c.lastSession !== session) {
        c.sessions.add(session);
        c.lastSession = session;
      }
      c.decaySum += weight;
      if (ts < c.first) c.first = ts;
      if (ts > c.last) c.last = ts;
      c.perDay![dayIndex]!++;
    }
  }
  const nameOf = (id: number) => {
    const c3 = id % K;
    const c2 = Math.floor(id / K) % K;
    const c1 = Math.floor(id / K / K);
    return `${keys[c1]}->${keys[c2]}->${keys[c3]}`;
  };
  const chains = new Map<string, PatternCount>();
  for (const [id, c] of chainIds) {
    c.key = nameOf(id);
    chains.set(c.key, c);
  }
  for (const c of chains.values()) {
    c.perDay!.forEach((n, d) => {
      if (n > 0) days[d]!.chains.set(c.key, n);
    });
  }
  return { chains, errorRetries, sessionsInWindow: sessions.size, days };
}
