import { emptyCounted, newCount, type Counted, type PatternCount, addHistograms, sessionHistogram } from './counted.js';
import type { PatternKind } from './pattern-kind.js';

// A window counted in parts: the counts of disjoint sets of sessions, merged. Every sum in a
// Counted is of whole numbers (decay included, see counted.ts), so the merge equals one count
// over all of them, whatever the parts and their order. Parts are what the analysis cache keeps
// (runs/parts-cache.ts), in the plain form below (absolute UTC day numbers, keys by name),
// and are merged from that form: no object per pattern and part, chains found by number.

type PlainPattern = [steps: number[], n: number, first: number, last: number, starts: number, retries: number, sessions: number[], days: number[]];

/** A part as JSON: days as [day number, calls, failures, sessions, decay], patterns with their non-empty days as flat [day, n, decay] triples. */
export interface PlainPart {
  keys: string[];
  sessions: number;
  calls: number;
  future: number;
  keyStats: [number[], number[], number[], number[]];
  days: number[];
  chains: PlainPattern[];
  retries: PlainPattern[];
  /** The learners' patterns (by store key) and totals (analyzer/learners/). */
  learned: [key: string, kind: PatternKind, ...rest: PlainPattern][];
  totals: [name: string, n: number][];
}

function plainPattern(p: PatternCount, day0: number): PlainPattern {
  const days: number[] = [];
  for (let d = 0; d < p.perDay.length; d++) if (p.perDay[d] !== 0) days.push(day0 + d, p.perDay[d]!, p.decayByDay[d]!);
  return [p.steps, p.n, p.first, p.last, p.starts, p.retries, p.perSession.length > 0 ? sessionHistogram(p.perSession) : p.sessions, days];
}

export function toPlainPart(c: Counted): PlainPart {
  const days: number[] = [];
  c.days.forEach((d, i) => {
    if (d.calls !== 0) days.push(c.day0 + i, d.calls, d.failures, d.sessions, c.dayDecay[i]!);
  });
  return {
    keys: c.keys,
    sessions: c.sessionsInWindow,
    calls: c.calls,
    future: c.future,
    keyStats: [Array.from(c.keyStats.calls), Array.from(c.keyStats.failedThenAny), Array.from(c.keyStats.okThenAny), Array.from(c.keyStats.okThenSame)],
    days,
    chains: [...c.chains.values()].map((p) => plainPattern(p, c.day0)),
    retries: [...c.errorRetries.values()].map((p) => plainPattern(p, c.day0)),
    learned: [...c.learned.values()].map((p) => [p.key, p.kind as PatternKind, ...plainPattern(p, c.day0)]),
    totals: [...c.totals],
  };
}

/**
 * A part held as its JSON, beside the two fields read before it is merged: a fraction of the
 * memory of its arrays (a large cold run holds every shard it counted until the end), and the
 * text its cache file is written from. Parsed again when merged: the same numbers (a part read
 * from a shard file has been through JSON too).
 */
export interface PackedPart {
  keys: string[];
  calls: number;
  json: string;
}

export type AnyPart = PlainPart | PackedPart;

export const packPart = (p: PlainPart): PackedPart => ({ keys: p.keys, calls: p.calls, json: JSON.stringify(p) });

const isPacked = (p: AnyPart): p is PackedPart => 'json' in p;

/** A part's JSON (as written to a cache file). */
export const partJson = (p: AnyPart): string => (isPacked(p) ? p.json : JSON.stringify(p));

/** The parts together, with days numbered from day0 (days outside [day0, day0 + nDays) are dropped). A packed part is parsed when its turn comes, and let go after. */
export function mergeParts(parts: readonly AnyPart[], day0: number, nDays: number): Counted {
  const keys: string[] = [];
  const ids = new Map<string, number>();
  const maps = parts.map((p) =>
    p.keys.map((k) => {
      let i = ids.get(k);
      if (i === undefined) {
        i = keys.length;
        keys.push(k);
        ids.set(k, i);
      }
      return i;
    }),
  );
  const K = keys.length;
  const out = emptyCounted(keys, day0, nDays);
  const dense = K * K * K <= 1 << 18;
  const slot = dense ? new Int32Array(K * K * K).fill(-1) : new Int32Array(0);
  const byId = new Map<number, number>();
  const chains: PatternCount[] = [];
  const retries: (PatternCount | undefined)[] = new Array(K);
  const add = (c: PatternCount, x: PlainPattern) => {
    c.n += x[1];
    if (x[2] < c.first) c.first = x[2];
    if (x[3] > c.last) c.last = x[3];
    c.starts += x[4];
    c.retries += x[5];
    c.sessions = c.sessions.length === 0 ? x[6].slice() : addHistograms(c.sessions, x[6]);
    const days = x[7];
    for (let k = 0; k < days.length; k += 3) {
      const j = days[k]! - day0;
      if (j < 0 || j >= nDays) continue;
      c.perDay[j]! += days[k + 1]!;
      c.decayByDay[j]! += days[k + 2]!;
    }
  };
  parts.forEach((any, pi) => {
    const part = isPacked(any) ? (JSON.parse(any.json) as PlainPart) : any;
    const map = maps[pi]!;
    out.sessionsInWindow += part.sessions;
    out.calls += part.calls;
    out.future += part.future;
    for (let i = 0; i < part.days.length; i += 5) {
      const j = part.days[i]! - day0;
      const o = out.days[j];
      if (o === undefined) continue;
      out.dayDecay[j]! += part.days[i + 4]!;
      o.calls += part.days[i + 1]!;
      o.failures += part.days[i + 2]!;
      o.sessions += part.days[i + 3]!;
    }
    const [calls, failedThenAny, okThenAny, okThenSame] = part.keyStats;
    const t = out.keyStats;
    for (let k = 0; k < map.length; k++) {
      const g = map[k]!;
      t.calls[g]! += calls[k]!;
      t.failedThenAny[g]! += failedThenAny[k]!;
      t.okThenAny[g]! += okThenAny[k]!;
      t.okThenSame[g]! += okThenSame[k]!;
    }
    for (const x of part.chains) {
      const a = map[x[0][0]!]!;
      const b = map[x[0][1]!]!;
      const c = map[x[0][2]!]!;
      const id = (a * K + b) * K + c;
      let at = dense ? slot[id]! : byId.get(id) ?? -1;
      if (at === -1) {
        at = chains.length;
        chains.push(newCount('chain', [a, b, c], x[2], nDays));
        if (dense) slot[id] = at;
        else byId.set(id, at);
      }
      add(chains[at]!, x);
    }
    for (const x of part.retries) {
      const k = map[x[0][0]!]!;
      add((retries[k] ??= newCount('error-retry', [k], x[2], nDays)), x);
    }
    for (const [key, kind, ...x] of part.learned ?? []) {
      let c = out.learned.get(key);
      if (c === undefined) {
        c = newCount(kind, [], x[2], nDays);
        c.key = key;
        out.learned.set(key, c);
      }
      add(c, x as PlainPattern);
    }
    for (const [name, n] of part.totals ?? []) out.totals.set(name, (out.totals.get(name) ?? 0) + n);
  });
  for (const c of chains) {
    c.key = `${keys[c.steps[0]!]}->${keys[c.steps[1]!]}->${keys[c.steps[2]!]}`;
    out.chains.set(c.key, c);
  }
  for (const c of retries) {
    if (c === undefined) continue;
    c.key = `${keys[c.steps[0]!]} error-retry`;
    out.errorRetries.set(c.key, c);
  }
  out.activeDays = out.days.filter((d) => d.calls > 0).length;
  return out;
}
