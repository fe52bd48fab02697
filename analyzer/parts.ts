import type { Counted, PatternCount, PatternKind } from './patterns.js';
import { addHistograms } from './score.js';

// A window counted in parts: the counts of disjoint sets of sessions, merged. Every sum in a
// Counted is of whole numbers (decay included, see patterns.ts), so the merge equals one count
// over all of them, whatever the parts and their order. Parts are what the analysis cache keeps
// (analyzer/parts-cache.ts), in the plain form below: absolute UTC day numbers, keys by name.

function newPattern(kind: PatternKind, key: string, steps: number[], first: number, nDays: number): PatternCount {
  return { kind, key, steps, n: 0, perSession: [], sessions: [], lastSession: -1, decaySum: 0, first, last: first, perDay: new Int32Array(nDays), decayByDay: new Float64Array(nDays), starts: 0, retries: 0 };
}

/** The parts together, with days numbered from day0 (a part's days outside [day0, day0 + nDays) are dropped). */
export function mergeCounted(parts: readonly Counted[], day0: number, nDays: number): Counted {
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
  const out: Counted = {
    chains: new Map(),
    errorRetries: new Map(),
    sessionsInWindow: 0,
    calls: 0,
    future: 0,
    decayMean: 0,
    activeDays: 0,
    keys,
    keyStats: { calls: new Int32Array(K), failedThenAny: new Int32Array(K), okThenAny: new Int32Array(K), okThenSame: new Int32Array(K) },
    day0,
    days: Array.from({ length: nDays }, () => ({ calls: 0, failures: 0, sessions: 0, lastSession: -1, decay: 0 })),
  };
  parts.forEach((part, pi) => {
    const map = maps[pi]!;
    const shift = part.day0 - day0;
    out.sessionsInWindow += part.sessionsInWindow;
    out.calls += part.calls;
    out.future += part.future;
    part.days.forEach((d, i) => {
      const o = out.days[i + shift];
      if (o === undefined) return;
      o.calls += d.calls;
      o.failures += d.failures;
      o.sessions += d.sessions;
      o.decay += d.decay;
    });
    const s = part.keyStats;
    const t = out.keyStats;
    for (let k = 0; k < part.keys.length; k++) {
      const g = map[k]!;
      t.calls[g]! += s.calls[k]!;
      t.failedThenAny[g]! += s.failedThenAny[k]!;
      t.okThenAny[g]! += s.okThenAny[k]!;
      t.okThenSame[g]! += s.okThenSame[k]!;
    }
    const add = (into: Map<string, PatternCount>, p: PatternCount) => {
      let c = into.get(p.key);
      if (c === undefined) into.set(p.key, (c = newPattern(p.kind, p.key, p.steps.map((k) => map[k]!), p.first, nDays)));
      c.n += p.n;
      c.sessions = c.sessions.length === 0 ? p.sessions : addHistograms(c.sessions, p.sessions);
      if (p.first < c.first) c.first = p.first;
      if (p.last > c.last) c.last = p.last;
      for (let d = 0; d < p.perDay.length; d++) {
        const j = d + shift;
        if (j < 0 || j >= nDays) continue;
        c.perDay[j]! += p.perDay[d]!;
        c.decayByDay[j]! += p.decayByDay[d]!;
      }
      c.starts += p.starts;
      c.retries += p.retries;
    };
    for (const p of part.chains.values()) add(out.chains, p);
    for (const p of part.errorRetries.values()) add(out.errorRetries, p);
  });
  out.activeDays = out.days.filter((d) => d.calls > 0).length;
  return out;
}

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
}

function plainPattern(p: PatternCount, day0: number): PlainPattern {
  const days: number[] = [];
  for (let d = 0; d < p.perDay.length; d++) if (p.perDay[d] !== 0) days.push(day0 + d, p.perDay[d]!, p.decayByDay[d]!);
  return [p.steps, p.n, p.first, p.last, p.starts, p.retries, p.sessions, days];
}

export function toPlainPart(c: Counted): PlainPart {
  const days: number[] = [];
  c.days.forEach((d, i) => {
    if (d.calls !== 0) days.push(c.day0 + i, d.calls, d.failures, d.sessions, d.decay);
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
  };
}

/** Back to a Counted whose days span the part's own days (mergeCounted places them in the window). */
export function fromPlainPart(p: PlainPart): Counted {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < p.days.length; i += 5) {
    lo = Math.min(lo, p.days[i]!);
    hi = Math.max(hi, p.days[i]!);
  }
  const day0 = lo === Infinity ? 0 : lo;
  const nDays = lo === Infinity ? 0 : hi - lo + 1;
  const days = Array.from({ length: nDays }, () => ({ calls: 0, failures: 0, sessions: 0, lastSession: -1, decay: 0 }));
  for (let i = 0; i < p.days.length; i += 5) Object.assign(days[p.days[i]! - day0]!, { calls: p.days[i + 1]!, failures: p.days[i + 2]!, sessions: p.days[i + 3]!, decay: p.days[i + 4]! });
  const pattern = (kind: PatternKind, x: PlainPattern): PatternCount => {
    const [steps, n, first, last, starts, retries, sessions, pd] = x;
    const c = newPattern(kind, '', steps, first, nDays);
    Object.assign(c, { n, last, starts, retries, sessions });
    for (let i = 0; i < pd.length; i += 3) {
      c.perDay[pd[i]! - day0] = pd[i + 1]!;
      c.decayByDay[pd[i]! - day0] = pd[i + 2]!;
    }
    c.key = kind === 'chain' ? `${p.keys[steps[0]!]}->${p.keys[steps[1]!]}->${p.keys[steps[2]!]}` : `${p.keys[steps[0]!]} error-retry`;
    return c;
  };
  const [calls, failedThenAny, okThenAny, okThenSame] = p.keyStats;
  return {
    chains: new Map(p.chains.map((x) => pattern('chain', x)).map((c) => [c.key, c])),
    errorRetries: new Map(p.retries.map((x) => pattern('error-retry', x)).map((c) => [c.key, c])),
    sessionsInWindow: p.sessions,
    calls: p.calls,
    future: p.future,
    decayMean: 0,
    activeDays: 0,
    keys: p.keys,
    keyStats: { calls: Int32Array.from(calls), failedThenAny: Int32Array.from(failedThenAny), okThenAny: Int32Array.from(okThenAny), okThenSame: Int32Array.from(okThenSame) },
    day0,
    days,
  };
}
