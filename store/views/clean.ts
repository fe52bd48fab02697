import type { InstinctView } from './query.js';
import { withinScopes } from './candidates.js';
import { conflictPairs, conflicts, keyPairs, keySimilarity, mergeLost, mergePairs, mergeSimilarity, type Lost } from './similarity.js';
import { observedSource } from '../model/model.js';

// Reports for keeping the store clean (pure): duplicate pairs, contradictions, and the alike pairs
// kept apart. Nothing is changed here; gc merges taught duplicates and down-weights contradictions.
// Each compares an instinct only with those of its own project and the global ones (a project's
// instinct never meets another project's): at 5,000 instincts over 20 projects, comparing every
// pair across projects took 14-22 s (bench/duplicates.mjs).

export interface DuplicatePair {
  a: string;
  b: string;
  a_pattern: string;
  b_pattern: string;
  similarity: number;
}

type Scoped = { scope?: string; project?: string | undefined };
const meet = (a: Scoped, b: Scoped) => a.scope === 'global' || b.scope === 'global' || a.project === b.project;

export function findDuplicates(views: readonly InstinctView[], threshold: number): DuplicatePair[] {
  const out: DuplicatePair[] = [];
  for (const [i, j] of withinScopes(views, (items) => keyPairs(items.map((k) => views[k]!.pattern), threshold))) {
    const s = keySimilarity(views[i]!.pattern, views[j]!.pattern);
    if (s >= threshold && mergeLost(views[i]!, views[j]!) === undefined) out.push({ a: views[i]!.id, b: views[j]!.id, a_pattern: views[i]!.pattern, b_pattern: views[j]!.pattern, similarity: s });
  }
  return out.sort((x, y) => y.similarity - x.similarity || (x.a < y.a ? -1 : 1));
}

export interface ContradictionPair {
  a: string;
  b: string;
  a_action: string;
  b_action: string;
}

export function findContradictions(views: readonly InstinctView[], threshold: number): ContradictionPair[] {
  const out: ContradictionPair[] = [];
  const xs = views.filter((v) => !observedSource(v));
  for (const [i, j] of conflictPairs(xs, threshold, true)) {
    if (meet(xs[i]!, xs[j]!) && conflicts(xs[i]!, xs[j]!, threshold)) out.push({ a: xs[i]!.id, b: xs[j]!.id, a_action: xs[i]!.action, b_action: xs[j]!.action });
  }
  return out;
}

/** Two of the user's instincts alike enough to merge that gc and dream keep apart, and what a merge would lose. */
export interface DistinctPair extends DuplicatePair, Lost {}

/**
 * The user's instincts of one scope alike enough for dream to merge (keys at `mergeThreshold`, or
 * trigger and action at `duplicateThreshold`) that stay two because a merge would lose words
 * (store/views/similarity.ts mergeLost: tabs / spaces, pnpm / yarn, port 3000 / 8080), contradictions
 * left out: what `duplicates` says of them instead of nothing.
 */
export function findDistinct(views: readonly InstinctView[], c: { mergeThreshold: number; duplicateThreshold: number }): DistinctPair[] {
  const xs = views.filter((v) => !observedSource(v));
  const scopeOf = (x: InstinctView) => `${x.scope}\u0000${x.project ?? ''}`;
  const out: DistinctPair[] = [];
  for (const [i, j] of mergePairs(xs, c, xs.map(scopeOf))) {
    const a = xs[i]!;
    const b = xs[j]!;
    if (scopeOf(a) !== scopeOf(b)) continue;
    const similarity = mergeSimilarity(a, b, c);
    if (similarity === 0 || conflicts(a, b, c.mergeThreshold)) continue;
    const lost = mergeLost(a, b);
    if (lost) out.push({ a: a.id, b: b.id, a_pattern: a.pattern, b_pattern: b.pattern, similarity, ...lost });
  }
  return out.sort((x, y) => y.similarity - x.similarity || (x.a < y.a ? -1 : x.a > y.a ? 1 : x.b < y.b ? -1 : 1));
}
