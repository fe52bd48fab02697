// Issue 30: gc was cubic (21 s at 2,000 instincts, 7 minutes at 5,000, the store locked
// throughout). It now compares only pairs that share a rare word (store/views/candidates.ts); its
// speed is measured in bench/gc.mjs (BENCHMARKS.md). What must not change is which pairs it
// finds: here the candidates are checked against every pair, and gc's and dream's merges and
// contradictions against the quadratic rule they replace, on generated stores.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../lib/config.js';
import { similarPairs, withinScopes } from '../store/views/candidates.js';
import { planDream } from '../store/verbs/dream.js';
import type { Instinct } from '../store/model/model.js';
import { housekeep } from '../store/verbs/housekeep.js';
import { buildIndex, readFreshIndex } from '../store/files/index-file.js';
import { scanFacts, scanInstincts } from '../store/files/scan.js';
import { conflictPairs, conflicts, keySimilarity, mergeLoses, sequenceSimilarity, textSimilarity } from '../store/views/similarity.js';
import { sandbox } from './helpers.js';
import { writeInstinct } from './inloop-helpers.js';

/** A deterministic generator (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

describe('similarPairs finds every pair at the threshold', () => {
  it.each([0.3, 0.5, 0.6, 0.75, 0.9, 1])('threshold %s: a superset of the pairs at it, sorted, each once', (t) => {
    const r = rng(Math.round(t * 100));
    const vocab = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'rare1', 'rare2', 'rare3'];
    for (let round = 0; round < 20; round++) {
      const seqs = Array.from({ length: 60 }, () => Array.from({ length: Math.floor(r() * 7) }, () => (r() < 0.7 ? pick(r, vocab.slice(0, 4)) : pick(r, vocab))));
      const groups = seqs.map(() => pick(r, ['x', 'y']));
      const got = similarPairs(seqs, t, groups);
      const key = (p: readonly number[]) => `${p[0]},${p[1]}`;
      const set = new Set(got.map(key));
      expect(set.size).toBe(got.length);
      expect(got).toEqual([...got].sort((p, q) => p[0] - q[0] || p[1] - q[1]));
      for (let i = 0; i < seqs.length; i++) {
        for (let j = i + 1; j < seqs.length; j++) {
          const sim = Math.round(sequenceSimilarity(seqs[i]!, seqs[j]!) * 1e4) / 1e4;
          if (sim >= t && groups[i] === groups[j]) expect(set.has(`${i},${j}`), `${seqs[i]!.join(' ')} ~ ${seqs[j]!.join(' ')} (${sim})`).toBe(true);
        }
      }
    }
  });

  it('withinScopes pairs a project with itself and with global items, never with another project', () => {
    const xs = [{ scope: 'global' }, { scope: 'project', project: 'p' }, { scope: 'project', project: 'q' }, { scope: 'global' }, { scope: 'project', project: 'p' }];
    const all = (items: number[]) => items.flatMap((_, a) => items.map((_, b) => [a, b] as [number, number]).filter(([x, y]) => x < y));
    expect(withinScopes(xs, all)).toEqual([[0, 1], [0, 2], [0, 3], [0, 4], [1, 3], [1, 4], [2, 3], [3, 4]]);
  });
});

/** A store of taught instincts with many alike keys, values, opposite actions, in 2 projects and global. */
function generated(seed: number, n: number): Instinct[] {
  const r = rng(seed);
  const words = ['test', 'lint', 'build', 'pkg', 'runner', 'format', 'deploy', 'cache'];
  const values = ['pnpm', 'jest', 'vitest', '18', '22', 'tabs'];
  const triggers = ['running tests', 'installing packages', 'running the tests', 'formatting code', 'before a push'];
  const out: Instinct[] = [];
  for (let i = 0; i < n; i++) {
    const scope = r() < 0.3 ? 'global' : 'project';
    const project = scope === 'project' ? pick(r, ['aaaaaaaaaaaa', 'bbbbbbbbbbbb']) : undefined;
    const name = Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(r, words)).join('-');
    const v = pick(r, values);
    out.push({
      id: `x${String(i).padStart(3, '0')}`,
      pattern: `pref:${name}=${v}`,
      category: 'preference',
      domain: 'workflow',
      trigger: pick(r, triggers),
      action: `${pick(r, ['always use', 'never use', 'use', 'avoid'])} ${v}${r() < 0.3 ? ' here' : ''}`,
      explain: '',
      scope,
      ...(project ? { project } : {}),
      projects: project ? [project] : [],
      source: 'taught',
      confidence: Math.round((0.35 + r() * 0.6) * 100) / 100,
      observations: 1 + Math.floor(r() * 5),
      level: 'seedling',
      state: 'active',
      sessions: 1,
      session_ids: ['s0'],
      first_seen: '2026-11-20T10:00:00.000Z',
      last_seen: `2026-11-${String(15 + Math.floor(r() * 6)).padStart(2, '0')}T10:00:00.000Z`,
      created: '2026-11-20T10:00:00.000Z',
      confirmed: 0,
      contradicted: 0,
      corrected: 0,
      suggested: 0,
      inactive: 0,
      aliases: [],
      extra: {},
      evidence: [],
      body: '',
    } as Instinct);
  }
  return out;
}

const NOW = '2026-11-22T12:00:00.000Z';
const config = loadConfig(sandbox().data, {}).config;

describe('dream plans the merges and contradictions of the quadratic rule', () => {
  /** The rule as it was: every pair compared, the most alike merged, again until none is left. */
  function reference(all: Instinct[]) {
    const xs = [...all].sort((a, b) => (a.id < b.id ? -1 : 1));
    const gone = new Set<string>();
    const conf = new Map<string, number>();
    const eff = (x: Instinct) => conf.get(x.id) ?? x.confidence;
    const said = (x: Instinct) => `${x.trigger} ${x.action}`.trim();
    const merged: { from: string; into: string; similarity: number }[] = [];
    for (;;) {
      const live = xs.filter((x) => !gone.has(x.id));
      let best: { from: Instinct; into: Instinct; sim: number } | undefined;
      for (let i = 0; i < live.length; i++) {
        for (let j = i + 1; j < live.length; j++) {
          const a = live[i]!;
          const b = live[j]!;
          if (a.scope !== b.scope || a.project !== b.project) continue;
          const k = keySimilarity(a.pattern, b.pattern);
          const t = textSimilarity(said(a), said(b));
          const sim = k >= config.mergeThreshold ? k : t >= config.duplicateThreshold ? t : 0;
          if (sim === 0 || mergeLoses(a, b) || conflicts(a, b, config.mergeThreshold)) continue;
          if (best === undefined || sim > best.sim) best = eff(a) > eff(b) || (eff(a) === eff(b) && a.observations >= b.observations) ? { from: b, into: a, sim } : { from: a, into: b, sim };
        }
      }
      if (!best) break;
      merged.push({ from: best.from.id, into: best.into.id, similarity: best.sim });
      gone.add(best.from.id);
      conf.set(best.into.id, Math.max(eff(best.into), eff(best.from)));
    }
    const live = xs.filter((x) => !gone.has(x.id));
    const contradictions: { weaker: string; stronger: string }[] = [];
    for (let i = 0; i < live.length; i++) {
      for (let j = i + 1; j < live.length; j++) {
        const a = live[i]!;
        const b = live[j]!;
        if (!(a.scope === 'global' || b.scope === 'global' || a.project === b.project) || !conflicts(a, b, config.mergeThreshold)) continue;
        const weaker = eff(a) < eff(b) || (eff(a) === eff(b) && a.last_seen <= b.last_seen) ? a : b;
        contradictions.push({ weaker: weaker.id, stronger: weaker === a ? b.id : a.id });
      }
    }
    return { merged, contradictions };
  }

  it.each([1, 2, 3, 4, 5])('store %i', (seed) => {
    const xs = generated(seed, 120);
    const plan = planDream(xs, [], Date.parse(NOW), config);
    expect(plan.removed).toEqual([]);
    const want = reference(xs);
    expect(want.merged.length + want.contradictions.length).toBeGreaterThan(5);
    expect({ merged: plan.merged, contradictions: plan.contradictions }).toEqual(want);
  });

  it('conflictPairs (scoped) holds every conflicting pair of one project or with a global one', () => {
    const xs = generated(9, 150);
    const got = new Set(conflictPairs(xs, config.mergeThreshold, true).map(([i, j]) => `${i},${j}`));
    let n = 0;
    for (let i = 0; i < xs.length; i++) {
      for (let j = i + 1; j < xs.length; j++) {
        const [a, b] = [xs[i]!, xs[j]!];
        if (!(a.scope === 'global' || b.scope === 'global' || a.project === b.project) || !conflicts(a, b, config.mergeThreshold)) continue;
        n++;
        expect(got.has(`${i},${j}`)).toBe(true);
      }
    }
    expect(n).toBeGreaterThan(10);
  });
});

describe('gc merges and reports what the quadratic rule did', () => {
  /** gc's rule as it was, on values: the first alike pair in store order merged, again; then each conflicting pair once, the older down-weighted. */
  function reference(all: Instinct[]) {
    const xs = [...all].sort((a, b) => (`${a.id}.md` < `${b.id}.md` ? -1 : 1)).map((x) => ({ ...x }));
    const gone = new Set<string>();
    const merged: { from: string; into: string }[] = [];
    for (;;) {
      const live = xs.filter((x) => !gone.has(x.id));
      let pair: [Instinct, Instinct] | undefined;
      for (let i = 0; i < live.length && !pair; i++) {
        for (let j = i + 1; j < live.length; j++) {
          const [a, b] = [live[i]!, live[j]!];
          if (keySimilarity(a.pattern, b.pattern) >= config.mergeThreshold && a.scope === b.scope && a.project === b.project && !mergeLoses(a, b)) {
            pair = a.confidence >= b.confidence ? [b, a] : [a, b];
            break;
          }
        }
      }
      if (!pair) break;
      const [from, into] = pair;
      into.confidence = Math.max(into.confidence, from.confidence);
      if (from.last_seen > into.last_seen) into.last_seen = from.last_seen;
      gone.add(from.id);
      merged.push({ from: from.id, into: into.id });
    }
    const live = xs.filter((x) => !gone.has(x.id));
    const contradictions: { a: string; b: string }[] = [];
    for (let i = 0; i < live.length; i++) {
      for (let j = i + 1; j < live.length; j++) {
        const [a, b] = [live[i]!, live[j]!];
        if (!conflicts(a, b, config.mergeThreshold) || !(a.scope === 'global' || b.scope === 'global' || a.project === b.project)) continue;
        const older = a.last_seen <= b.last_seen ? a : b;
        const newer = older === a ? b : a;
        if (older.contradicts?.includes(newer.id)) continue;
        older.last_seen = NOW;
        older.contradicts = [...(older.contradicts ?? []), newer.id];
        contradictions.push({ a: older.id, b: newer.id });
      }
    }
    return { merged, contradictions };
  }

  it.each([11, 12, 13])('store %i', (seed) => {
    const s = sandbox();
    const xs = generated(seed, 100);
    for (const x of xs) writeInstinct(s.data, { id: x.id, pattern: x.pattern, trigger: x.trigger, action: x.action, confidence: x.confidence, observations: x.observations, scope: x.scope, ...(x.project ? { project: x.project } : {}), last_seen: x.last_seen! });
    const before = scanInstincts(s.data).map((e) => e.value!);
    const want = reference(before);
    expect(want.merged.length).toBeGreaterThan(3);
    expect(want.contradictions.length).toBeGreaterThan(3);
    const r = housekeep({ home: s.data, config, now: new Date(NOW), project: null });
    expect({ merged: r.merged, contradictions: r.contradictions }).toEqual(want);
    const left = new Set(scanInstincts(join(s.data)).map((e) => e.value!.id));
    for (const m of want.merged) expect(left.has(m.from)).toBe(false);
    // The index written after the change (reading again only the files it wrote) is the one a
    // scan of every file builds, and fresh.
    const index = readFreshIndex(s.data);
    expect(index).toBeDefined();
    const scanned = buildIndex(scanInstincts(s.data, { classify: false }), scanFacts(s.data, { classify: false }));
    expect({ instincts: index!.instincts, stamps: index!.stamps }).toEqual({ instincts: scanned.instincts, stamps: scanned.stamps });
  });
});
