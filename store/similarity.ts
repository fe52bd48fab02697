import { words } from './keys.js';

// Deterministic, order-respecting similarity, and contradictions between taught instincts.
// Keys are compared as word sequences: the longest common subsequence over both lengths (Dice on
// the LCS), so `seq:A->B->C` and `seq:C->B->A` differ (0.33) while `seq:a->b` and `seq:a -> b`
// are the same (1). Different categories never match.

/** Words of a key without its prefix. */
function keyWords(key: string): string[] {
  const i = key.indexOf(':');
  return words(i === -1 ? key : key.slice(i + 1));
}

function lcs(a: readonly string[], b: readonly string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = a[i - 1] === b[j - 1] ? diag + 1 : Math.max(row[j]!, row[j - 1]!);
      diag = up;
    }
  }
  return row[b.length]!;
}

export function sequenceSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  return (2 * lcs(a, b)) / (a.length + b.length);
}

/** Similarity of two pattern keys, 0 when their categories differ. */
export function keySimilarity(a: string, b: string): number {
  const pa = a.slice(0, a.indexOf(':')).toLowerCase();
  const pb = b.slice(0, b.indexOf(':')).toLowerCase();
  if (pa !== pb) return 0;
  return Math.round(sequenceSimilarity(keyWords(a), keyWords(b)) * 1e4) / 1e4;
}

export function textSimilarity(a: string, b: string): number {
  return Math.round(sequenceSimilarity(words(a), words(b)) * 1e4) / 1e4;
}

// Words that set an action's direction. Pairs: always/never, use/avoid, skip/ensure; and a
// negation (not, no, never, don't...) against its absence.
const OPPOSITES: [string, string][] = [
  ['always', 'never'],
  ['use', 'avoid'],
  ['prefer', 'avoid'],
  ['skip', 'ensure'],
  ['enable', 'disable'],
  ['add', 'remove'],
];
const NEGATIONS = new Set(['not', 'no', 'never', 'dont', "don't", 'don', 't', 'without', 'avoid', 'stop']);
const POLARITY = new Set([...OPPOSITES.flat(), ...NEGATIONS, 'do', 'to']);

function polarity(ws: readonly string[]): { negated: boolean; markers: Set<string> } {
  const markers = new Set(ws.filter((w) => OPPOSITES.some(([a, b]) => w === a || w === b)));
  return { negated: ws.some((w) => NEGATIONS.has(w)), markers };
}

function opposed(a: readonly string[], b: readonly string[]): boolean {
  const pa = polarity(a);
  const pb = polarity(b);
  for (const [x, y] of OPPOSITES) {
    if ((pa.markers.has(x) && pb.markers.has(y) && !pb.markers.has(x)) || (pa.markers.has(y) && pb.markers.has(x) && !pa.markers.has(x))) return true;
  }
  return pa.negated !== pb.negated;
}

/**
 * Two instincts contradict when their triggers are alike (at least `threshold`) and their
 * actions, once the words that set a direction are set aside, say the same thing in opposite
 * directions (always/never, use/avoid, skip/ensure, a negation against none).
 */
export function contradicts(a: { trigger: string; action: string }, b: { trigger: string; action: string }, threshold: number): boolean {
  if (textSimilarity(a.trigger, b.trigger) < threshold) return false;
  const wa = words(a.action);
  const wb = words(b.action);
  const core = (ws: string[]) => ws.filter((w) => !POLARITY.has(w));
  if (sequenceSimilarity(core(wa), core(wb)) < threshold) return false;
  return opposed(wa, wb);
}
