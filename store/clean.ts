import type { InstinctView } from './query.js';
import { conflictPairs, conflicts, keyPairs, keySimilarity, mergeLoses } from './similarity.js';
import { observedSource } from './model.js';

// Reports for keeping the store clean (pure): duplicate pairs and contradictions. Nothing is
// changed here; gc merges taught duplicates and down-weights contradictions.

export interface DuplicatePair {
  a: string;
  b: string;
  a_pattern: string;
  b_pattern: string;
  similarity: number;
}

export function findDuplicates(views: readonly InstinctView[], threshold: number): DuplicatePair[] {
  const out: DuplicatePair[] = [];
  for (const [i, j] of keyPairs(views.map((v) => v.pattern), threshold)) {
    const s = keySimilarity(views[i]!.pattern, views[j]!.pattern);
    if (s >= threshold && !mergeLoses(views[i]!, views[j]!)) out.push({ a: views[i]!.id, b: views[j]!.id, a_pattern: views[i]!.pattern, b_pattern: views[j]!.pattern, similarity: s });
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
  for (const [i, j] of conflictPairs(xs, threshold)) {
    if (conflicts(xs[i]!, xs[j]!, threshold)) out.push({ a: xs[i]!.id, b: xs[j]!.id, a_action: xs[i]!.action, b_action: xs[j]!.action });
  }
  return out;
}
