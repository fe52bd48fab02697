import { samePairs, similarPairs, unionPairs, withinScopes } from './candidates.js';
import { words } from '../model/keys.js';
import { observedSource } from '../model/model.js';
import { meaningWords, swappedWords } from './word-swaps.js';

// Deterministic, order-respecting similarity, and contradictions between taught instincts.
// Keys are compared as word sequences: the longest common subsequence over both lengths (Dice on
// the LCS), so `seq:A->B->C` and `seq:C->B->A` differ (0.33) while `seq:a->b` and `seq:a -> b`
// are the same (1). Different categories never match.

/**
 * A text's result reused across the pairs of one pass (gc and dream compare each text with many
 * others). Bounded: cleared past 50,000 texts (the MCP server runs for a whole session).
 */
function memo<T>(fn: (s: string) => T): (s: string) => T {
  const cache = new Map<string, T>();
  return (s) => {
    const hit = cache.get(s);
    if (hit !== undefined || cache.has(s)) return hit as T;
    if (cache.size >= 50_000) cache.clear();
    const v = fn(s);
    cache.set(s, v);
    return v;
  };
}

/** words(), shared: callers only read the array. */
const wordsOf = memo(words);

/** Words of a key without its prefix. */
const keyWords = memo((key: string): readonly string[] => {
  const i = key.indexOf(':');
  return words(i === -1 ? key : key.slice(i + 1));
});

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
  return Math.round(sequenceSimilarity(wordsOf(a), wordsOf(b)) * 1e4) / 1e4;
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
  const wa = wordsOf(a.action);
  const wb = wordsOf(b.action);
  const core = (ws: readonly string[]) => ws.filter((w) => !POLARITY.has(w));
  if (sequenceSimilarity(core(wa), core(wb)) < threshold) return false;
  return opposed(wa, wb);
}

// ---- values: what a merge must never lose

/** A key's body split at its joints (`->`, `+`, `,`): `combo:a=1,b=2` has two settings. */
function keyParts(key: string): string[] {
  const i = key.indexOf(':');
  return (i === -1 ? key : key.slice(i + 1)).toLowerCase().split(/->|\+|,/);
}

/**
 * The values a key or a text names: what follows `=` (`pref:test-runner=jest`, `runner=jest`),
 * and every word with a digit in it (a number, a version, a port: `18`, `v22`, `3000`,
 * `python3`). Two keys or texts whose values differ say different things however alike their
 * other words are: "api server: port 3000" is not "web server: port 8080".
 */
export function valuesOf(text: string, isKey = false): Set<string> {
  const out = new Set<string>();
  const parts = isKey ? keyParts(text) : [text.toLowerCase()];
  for (const part of parts) {
    if (isKey) {
      const eq = part.indexOf('=');
      if (eq !== -1) out.add(`=${part.slice(eq + 1).trim()}`);
    } else {
      for (const m of part.matchAll(/=\s*([^\s,;]+)/g)) out.add(`=${m[1]!}`);
    }
    for (const w of words(part)) if (/\d/.test(w)) out.add(w);
  }
  return out;
}

const keyValues = memo((k: string) => [...valuesOf(k, true)].sort().join('\u0000'));
const textValues = memo((t: string) => [...valuesOf(t)].sort().join('\u0000'));

/** Whether two keys (isKey) or two texts name different values: then they are never one instinct or fact. */
export function valuesDiffer(a: string, b: string, isKey = false): boolean {
  return isKey ? keyValues(a) !== keyValues(b) : textValues(a) !== textValues(b);
}

/** What an instinct says, for comparing two: its trigger and action. */
function saidOf(x: { trigger: string; action: string }): string {
  return `${x.trigger} ${x.action}`;
}

/** A key's words but its values (what follows `=`), as store/views/word-swaps.ts compares them. */
const keyNameWords = memo((key: string): readonly string[] => keyParts(key).flatMap((p) => {
  const eq = p.indexOf('=');
  return meaningWords(eq === -1 ? p : p.slice(0, eq));
}));
const actionWords = memo(meaningWords);

type Said = { pattern: string; trigger: string; action: string; source?: string | undefined };

/** What a merge of two alike instincts would lose, and where: each one's own words (values without their `=`). */
export interface Lost {
  in: 'value' | 'key' | 'action';
  words: [string[], string[]];
}

function valueWords(a: string, b: string, isKey: boolean): [string[], string[]] {
  const own = (x: Set<string>, y: Set<string>) => [...new Set([...x].filter((v) => !y.has(v)).map((v) => v.replace(/^=/, '')))].sort();
  const va = valuesOf(a, isKey);
  const vb = valuesOf(b, isKey);
  return [own(va, vb), own(vb, va)];
}

/**
 * What a merge of two alike instincts would lose (undefined: nothing): their keys or their
 * trigger and action name different values (teaching `pref:test-runner=jest` after
 * `pref:test-runner=vitest` is a change of mind, not a second sighting of vitest), or a word of
 * one stands where the other has its own (store/views/word-swaps.ts): in their keys' names, within
 * words they share (`pref:indent-tabs` / `pref:indent-spaces`), or in their actions when both are
 * the user's words (`use pnpm` / `use yarn`; an observed instinct's action is its key in words).
 */
export function mergeLost(a: Said, b: Said): Lost | undefined {
  if (valuesDiffer(a.pattern, b.pattern, true)) return { in: 'value', words: valueWords(a.pattern, b.pattern, true) };
  if (valuesDiffer(saidOf(a), saidOf(b))) return { in: 'value', words: valueWords(saidOf(a), saidOf(b), false) };
  const k = swappedWords(keyNameWords(a.pattern), keyNameWords(b.pattern), true);
  if (k) return { in: 'key', words: k };
  if (observedSource(a) || observedSource(b)) return undefined;
  const w = swappedWords(actionWords(a.action), actionWords(b.action));
  return w ? { in: 'action', words: w } : undefined;
}

/** Whether a merge of these two would lose a user's words (mergeLost): then they are two instincts. */
export function mergeLoses(a: Said, b: Said): boolean {
  return mergeLost(a, b) !== undefined;
}

/** The setting a key names before its `=` (`pref:test-runner`), or undefined for a key without one. */
const settingOf = memo((key: string): string | undefined => {
  const parts = keyParts(key);
  if (parts.length !== 1) return undefined;
  const eq = parts[0]!.indexOf('=');
  if (eq === -1) return undefined;
  return `${key.slice(0, key.indexOf(':') + 1).toLowerCase()}${words(parts[0]!.slice(0, eq)).join(' ')}`;
});

/** A text's words without its values: what stays when only a number or a version changed. */
const plainWords = memo((s: string) => wordsOf(s).filter((w) => !/\d/.test(w)).join(' '));

/**
 * Two instincts that set the same thing to different values: the same setting before `=` in
 * their keys with another value after it (`pref:test-runner=vitest`, `pref:test-runner=jest`),
 * or the same trigger and an action of the same words with different values ("use node 18",
 * "use node 22").
 */
export function valueConflict(a: { pattern: string; trigger: string; action: string }, b: { pattern: string; trigger: string; action: string }): boolean {
  const sa = settingOf(a.pattern);
  if (sa !== undefined && sa === settingOf(b.pattern) && valuesDiffer(a.pattern, b.pattern, true)) return true;
  if (!valuesDiffer(a.action, b.action)) return false;
  // The same words but for the values, trigger and action alike: "api server: port 3000" and
  // "web server: port 8080" are two servers, not one set twice.
  return plainWords(a.action) !== '' && plainWords(a.action) === plainWords(b.action) && plainWords(a.trigger) === plainWords(b.trigger) && !valuesDiffer(a.trigger, b.trigger);
}

/** A contradiction to report: opposite directions (contradicts), or one setting given two values. */
export function conflicts(a: { pattern: string; trigger: string; action: string }, b: { pattern: string; trigger: string; action: string }, threshold: number): boolean {
  return contradicts(a, b, threshold) || valueConflict(a, b);
}

// ---- candidates: the pairs worth checking, without comparing every pair (store/views/candidates.ts)

function categoryPrefix(key: string): string {
  return key.slice(0, key.indexOf(':')).toLowerCase();
}

/**
 * Pairs (i < j) of keys that may have keySimilarity >= threshold, sorted; check each with
 * keySimilarity. With `groups`, only pairs of the same group (a scope) are looked for.
 */
export function keyPairs(patterns: readonly string[], threshold: number, groups?: readonly string[]): [number, number][] {
  return similarPairs(patterns.map(keyWords), threshold, patterns.map((p, i) => `${categoryPrefix(p)}\u0000${groups?.[i] ?? ''}`));
}

/** Pairs (i < j) of texts that may have textSimilarity >= threshold (within `groups`), sorted; check each. */
export function textPairs(texts: readonly string[], threshold: number, groups?: readonly string[]): [number, number][] {
  return similarPairs(texts.map(wordsOf), threshold, groups);
}

/** What an instinct says, for comparing two as a merge does: its trigger and action. */
function mergeText(x: { trigger: string; action: string }): string {
  return `${x.trigger} ${x.action}`.trim();
}

type Mergeable = { pattern: string; category: string; trigger: string; action: string };

/**
 * How alike two instincts are for a merge (dream, and what `duplicates` keeps apart): their keys'
 * similarity when at `mergeThreshold`, else their trigger and action's when at
 * `duplicateThreshold` (the same category, both with an action), else 0.
 */
export function mergeSimilarity(a: Mergeable, b: Mergeable, c: { mergeThreshold: number; duplicateThreshold: number }): number {
  const k = keySimilarity(a.pattern, b.pattern);
  if (k >= c.mergeThreshold) return k;
  const t = a.category === b.category && a.action !== '' && b.action !== '' ? textSimilarity(mergeText(a), mergeText(b)) : 0;
  return t >= c.duplicateThreshold ? t : 0;
}

/** Pairs (i < j, sorted) that may have mergeSimilarity above 0, within `groups` (a scope); check each. */
export function mergePairs(xs: readonly Mergeable[], c: { mergeThreshold: number; duplicateThreshold: number }, groups: readonly string[]): [number, number][] {
  const keyed = keyPairs(xs.map((x) => x.pattern), c.mergeThreshold, groups);
  const texted = textPairs(xs.map(mergeText), c.duplicateThreshold, xs.map((x, i) => `${x.category}\u0000${groups[i]}`));
  return unionPairs(keyed, texted);
}

/**
 * Pairs (i < j) that may conflict (see conflicts), sorted; check each with conflicts. `scoped`:
 * only pairs in one project or with a global instinct (those a contradiction is reported for).
 */
export function conflictPairs(xs: readonly { pattern: string; trigger: string; action: string; scope?: string; project?: string | undefined }[], threshold: number, scoped = false): [number, number][] {
  if (scoped) return withinScopes(xs, (items) => conflictPairs(items.map((i) => xs[i]!), threshold));
  return unionPairs(
    // contradicts: alike triggers.
    textPairs(xs.map((x) => x.trigger), threshold),
    // valueConflict: one setting, or the same trigger and action words but for the values.
    samePairs(xs.map((x) => settingOf(x.pattern))),
    samePairs(xs.map((x) => (plainWords(x.action) === '' ? undefined : `${plainWords(x.trigger)}\u0000${plainWords(x.action)}`))),
  );
}
