import type { RecordTable } from './record-table.js';
import { streamsInWindow } from './streams.js';
import { DAY_MS } from '../lib/clock.js';
import { dayWeight, emptyCounted, newCount, windowDays, type Counted, type PatternCount } from './counted.js';
import type { PatternKind } from './pattern-kind.js';
import { makeLearners, type Learner } from './learners/index.js';
import type { LearnWalk } from './learners/learner.js';

// Counts 3-tool chains and error-retry pairs along each stream, the tools' own frequencies (for
// lift), and the per-day rollup, in one pass, with the learners (analyzer/learners/) walking the
// same streams. Everything per record is counted by numeric id; what it yields is analyzer/counted.ts.

/**
 * The key a record takes in a pattern: its tool, or `Bash(<detail>)` when chainDetail is on.
 * Keys are made once per distinct tool and detail, never per record.
 */
export function recordKeys(t: RecordTable, chainDetail: boolean): { keyOf: Int32Array; keys: string[] } {
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

function bump(c: PatternCount, session: number, ts: number, weight: number, dayIndex: number): void {
  c.n++;
  if (c.lastSession !== session) {
    c.perSession.push(1);
    c.lastSession = session;
  } else {
    c.perSession[c.perSession.length - 1]!++;
  }
  c.decayByDay[dayIndex]! += weight;
  if (ts < c.first) c.first = ts;
  if (ts > c.last) c.last = ts;
  c.perDay[dayIndex]!++;
}

/**
 * Stream indices grouped by session (stable), so that each session's streams are walked together;
 * with `groupOf` (per session), the sessions of each group together, groups in ascending order,
 * and the sessions of group -1 left out.
 */
function streamsBySession(t: RecordTable, groupOf?: Int32Array): Int32Array {
  const nSessions = t.sessions.length;
  const at = new Int32Array(nSessions + 1);
  for (const s of t.streamSession) at[s + 1]!++;
  for (let s = 0; s < nSessions; s++) at[s + 1]! += at[s]!;
  const out = new Int32Array(t.streams.length);
  t.streamSession.forEach((session, stream) => (out[at[session]!++] = stream));
  if (groupOf === undefined) return out;
  const kept = out.filter((stream) => groupOf[t.streamSession[stream]!]! !== -1);
  // A stable sort: sessions stay together, and in their order, within a group.
  return Int32Array.from([...kept].sort((a, b) => groupOf[t.streamSession[a]!]! - groupOf[t.streamSession[b]!]!));
}

export interface CountOptions {
  nowMs: number;
  windowStartMs: number;
  halfLifeDays: number;
  chainDetail: boolean;
  /** Only this project's records (an index into t.projects). */
  project?: number | undefined;
  /** Per session index: the group its records are counted in, -1 to leave them out. */
  groupOf?: Int32Array | undefined;
  /** The fixes learner's episode length (analyzer/learners/fixes.ts); default 10. */
  fixWindowCalls?: number | undefined;
}

/** What the learners see of the group being counted (analyzer/learners/learner.ts). */
class GroupLearnWalk implements LearnWalk {
  c0!: Counted;
  constructor(
    readonly t: RecordTable,
    readonly keyOf: Int32Array,
    readonly keys: readonly string[],
    readonly order: Int32Array,
    private readonly dayStartMs: number,
    private readonly nDays: number,
    private readonly rate: number,
  ) {}

  hit(kind: string, key: string, i: number, session: number): void {
    const ts = this.t.ts[i]!;
    let c = this.c0.learned.get(key);
    if (c === undefined) {
      c = newCount(kind as PatternKind, [], ts, this.nDays);
      c.key = key;
      this.c0.learned.set(key, c);
    }
    const dayIndex = Math.floor((ts - this.dayStartMs) / DAY_MS);
    bump(c, session, ts, dayWeight(ts, this.dayStartMs + (dayIndex + 1) * DAY_MS, this.rate), dayIndex);
    c.starts++;
  }

  add(total: string, n: number): void {
    this.c0.totals.set(total, (this.c0.totals.get(total) ?? 0) + n);
  }
}

/**
 * The walk of one group's streams: its counters, and the per-record loop in a method of its own
 * (a small function V8 optimises soon after a short-lived process starts, where a loop inside a
 * long one waited for on-stack replacement).
 */
class GroupWalk {
  c0!: Counted;
  private chainIds = new Map<number, PatternCount>();
  private chainList: PatternCount[] = [];
  private retryOf: (PatternCount | undefined)[] = [];
  private readonly dense: boolean;
  private readonly chainSlot: Int32Array;

  constructor(
    private readonly t: RecordTable,
    private readonly keyOf: Int32Array,
    private readonly order: Int32Array,
    private readonly K: number,
    private readonly dayStartMs: number,
    private readonly nDays: number,
    private readonly rate: number,
  ) {
    // With few keys (the usual case: a few dozen tools and commands) a chain is found by indexing a
    // flat table of K^3 slots instead of hashing its id; the Map takes over when that is too big.
    this.dense = K * K * K <= 1 << 18;
    this.chainSlot = this.dense ? new Int32Array(K * K * K).fill(-1) : new Int32Array(0);
  }

  open(c0: Counted): void {
    this.c0 = c0;
    this.chainIds = new Map();
    this.chainList = [];
    this.retryOf = new Array(this.K);
  }

  /** The group's patterns named and filed; its slots in the flat chain table freed for the next group. */
  close(keys: readonly string[]): Counted {
    const { c0, K } = this;
    for (const c of this.chainList) {
      c.key = `${keys[c.steps[0]!]}->${keys[c.steps[1]!]}->${keys[c.steps[2]!]}`;
      c0.chains.set(c.key, c);
      if (this.dense) this.chainSlot[(c.steps[0]! * K + c.steps[1]!) * K + c.steps[2]!] = -1;
    }
    for (const c of this.retryOf) {
      if (c === undefined) continue;
      c.key = `${keys[c.steps[0]!]} error-retry`;
      c.starts = c.n;
      c0.errorRetries.set(c.key, c);
    }
    c0.activeDays = c0.days.filter((d) => d.calls > 0).length;
    return c0;
  }

  /** One stream's in-window records: order[a..b), in time order. */
  walk(a: number, b: number, session: number): void {
    const { order, keyOf, K, dayStartMs, nDays, rate, dense, chainSlot, chainIds, chainList, retryOf, c0 } = this;
    const { ts: tsOf, ok: okOf } = this.t;
    const { days, dayDecay } = c0;
    const { calls: keyCalls, failedThenAny, okThenAny, okThenSame } = c0.keyStats;
    let calls = 0;
    for (let k = a; k < b; k++) {
      const i = order[k]!;
      const ts = tsOf[i]!;
      const dayIndex = Math.floor((ts - dayStartMs) / DAY_MS);
      const day = days[dayIndex]!;
      day.calls++;
      if (day.lastSession !== session) {
        day.sessions++;
        day.lastSession = session;
      }
      if (okOf[i] !== 1) day.failures++;
      const ki = keyOf[i]!;
      keyCalls[ki]!++;
      calls++;
      const weight = dayWeight(ts, dayStartMs + (dayIndex + 1) * DAY_MS, rate);
      dayDecay[dayIndex]! += weight;
      if (k === a) continue;
      const p = order[k - 1]!;
      const kp = keyOf[p]!;
      const retried = okOf[p] !== 1 && kp === ki;
      if (okOf[p] !== 1) {
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
      c.decayByDay[dayIndex]! += weight;
      if (ts < c.first) c.first = ts;
      if (ts > c.last) c.last = ts;
      c.perDay[dayIndex]!++;
      if (k - a < 3 || keyOf[order[k - 3]!] !== ki) c.starts++;
      if (retried || (okOf[i1] !== 1 && k1 === kp)) c.retries++;
    }
    c0.calls += calls;
  }
}

/** Counts over the whole window (or one project's records): one group. */
export function countPatterns(t: RecordTable, opts: CountOptions): Counted {
  const { day0, nDays } = windowDays(opts.windowStartMs, opts.nowMs);
  let all: Counted | undefined;
  forEachGroupCount(t, { ...opts, groupOf: undefined }, (_, c) => (all = c));
  return all ?? emptyCounted(recordKeys(t, opts.chainDetail).keys, day0, nDays);
}

/**
 * Counts each group of sessions apart (group 0 when no groupOf). The sums of the groups, merged
 * by mergeParts (analyzer/parts.ts), equal the count of them all together: sessions are disjoint,
 * and every sum is of whole numbers. Decay sums are left per day: finishCounted turns them into
 * weights at now. Each group's counts are handed to `emit` as soon as its last session is walked
 * (groups in ascending order, then those with records after now only), so that a caller that
 * turns them into something smaller holds one group's counts at a time, not all.
 */
export function forEachGroupCount(t: RecordTable, opts: CountOptions, emit: (group: number, c: Counted) => void): void {
  const { nowMs, windowStartMs, project, groupOf } = opts;
  const { keyOf, keys } = recordKeys(t, opts.chainDetail);
  const K = keys.length;
  const { day0, nDays } = windowDays(windowStartMs, nowMs);
  const dayStartMs = day0 * DAY_MS;
  const { order, starts, future } = streamsInWindow(t, windowStartMs, nowMs, project, groupOf);
  // Records after now, by group (the walk sees the window's records only).
  const futureOf = new Map<number, number>();
  if (future > 0) {
    if (groupOf === undefined) futureOf.set(0, future);
    else {
      const { ts: tsOf } = t;
      for (let i = 0; i < t.length; i++) {
        if (tsOf[i]! <= nowMs || (project !== undefined && t.project[i] !== project)) continue;
        const g = groupOf[t.streamSession[t.stream[i]!]!]!;
        if (g !== -1) futureOf.set(g, (futureOf.get(g) ?? 0) + 1);
      }
    }
  }
  const done = (g: number, c: Counted) => {
    c.future += futureOf.get(g) ?? 0;
    futureOf.delete(g);
    emit(g, c);
  };
  const rate = Math.LN2 / (opts.halfLifeDays * DAY_MS);
  const w = new GroupWalk(t, keyOf, order, K, dayStartMs, nDays, rate);
  const lw = new GroupLearnWalk(t, keyOf, keys, order, dayStartMs, nDays, rate);
  const learners: Learner[] = makeLearners({ fixWindowCalls: opts.fixWindowCalls ?? 10 });
  const endSession = (session: number) => {
    for (const l of learners) l.endSession?.(lw, session);
  };
  const bySession = streamsBySession(t, groupOf);
  let group = Number.NaN;
  let lastSession = -1;
  for (let si = 0; si < bySession.length; si++) {
    const s = bySession[si]!;
    const a = starts[s]!;
    const b = starts[s + 1]!;
    if (a === b) continue;
    const session = t.streamSession[s]!;
    const g = groupOf === undefined ? 0 : groupOf[session]!;
    if (g !== group) {
      if (!Number.isNaN(group)) {
        endSession(lastSession);
        done(group, w.close(keys));
      }
      group = g;
      w.open(emptyCounted(keys, day0, nDays));
      lw.c0 = w.c0;
      lastSession = -1;
    }
    if (session !== lastSession) {
      if (lastSession !== -1) endSession(lastSession);
      // A session: a session id with a record in the window (analyzer/sessions.ts); its streams are walked together.
      w.c0.sessionsInWindow++;
      lastSession = session;
    }
    w.walk(a, b, session);
    for (const l of learners) l.stream(lw, a, b, session);
  }
  if (!Number.isNaN(group)) {
    endSession(lastSession);
    done(group, w.close(keys));
  }
  // Groups with records after now only.
  for (const [g, n] of futureOf) {
    const c = emptyCounted(keys, day0, nDays);
    c.future = n;
    emit(g, c);
  }
}
