import type { ScoredPattern } from './score.js';
import { isTracked, keepTracked, type TrackConfig } from './tracked.js';

// One habit, one pattern. Two kinds of chains only restate another pattern, and are marked as
// folded into it (foldedInto): they stay in the analysis, so a rule on them is still refreshed,
// but they are neither tracked as instincts nor promoted.
// - Rotations. A habit done back to back, A->B->C A->B->C, also yields B->C->A and C->A->B. Each
//   cycle is kept once, as the member that most often starts it (an occurrence not preceded by
//   the cycle's last step), with its own count.
// - Retries. Edit->Bash(npm test)->Bash(npm test), when most of its occurrences are a failed
//   `npm test` run again, is the `Bash(npm test) error-retry` pattern seen through a chain.

/** Which member starts the cycle most often; ties: more occurrences, then the smaller key. */
function startsFirst(a: ScoredPattern, b: ScoredPattern): number {
  return b.starts - a.starts || b.observations - a.observations || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/** Chains by id (a*K + b)*K + c over their steps' key ids, so that rotations are found without building keys. */
function foldRotations(chains: readonly ScoredPattern[], stepsOf: (key: string) => readonly number[], K: number): void {
  const byId = new Map<number, ScoredPattern>();
  const ids = new Float64Array(chains.length);
  for (let i = 0; i < chains.length; i++) {
    const s = stepsOf(chains[i]!.key);
    ids[i] = (s[0]! * K + s[1]!) * K + s[2]!;
    byId.set(ids[i]!, chains[i]!);
  }
  const done = new Set<ScoredPattern>();
  for (let i = 0; i < chains.length; i++) {
    const p = chains[i]!;
    if (done.has(p)) continue;
    done.add(p);
    // (a, b, c) -> (b, c, a) and (c, a, b), from the id alone.
    const id = ids[i]!;
    const a = Math.floor(id / (K * K));
    const bc = id - a * K * K;
    const q = byId.get(bc * K + a);
    const r = byId.get((bc % K) * K * K + a * K + Math.floor(bc / K));
    // A cycle's members are found together: none of them has been seen before. (No arrays or
    // for-of here: the Stop hook runs this once per chain in a cold process.)
    const other = q !== undefined && q !== p ? q : undefined;
    const third = r !== undefined && r !== p && r !== q ? r : undefined;
    if (other === undefined && third === undefined) continue;
    let head = p;
    if (other !== undefined && startsFirst(other, head) < 0) head = other;
    if (third !== undefined && startsFirst(third, head) < 0) head = third;
    if (other !== undefined) done.add(other);
    if (third !== undefined) done.add(third);
    if (p !== head) p.foldedInto = head.key;
    if (other !== undefined && other !== head) other.foldedInto = head.key;
    if (third !== undefined && third !== head) third.foldedInto = head.key;
  }
}

/** A chain most of whose occurrences hold a failure and its retry is folded into that error-retry. */
function foldRetries(chains: Iterable<ScoredPattern>, retries: Map<string, ScoredPattern>): void {
  for (const p of chains) {
    if (p.foldedInto !== undefined || 2 * p.retries < p.observations) continue;
    const [a, b, c] = p.key.split('->');
    const target = retries.get(`${b === c ? b : a} error-retry`);
    if (target !== undefined) p.foldedInto = target.key;
  }
}

/** stepsOf: a chain's key ids (PatternCount.steps); K: how many keys there are. */
export function foldPatterns(patterns: readonly ScoredPattern[], stepsOf: (key: string) => readonly number[], K: number): void {
  const chains: ScoredPattern[] = [];
  const retries = new Map<string, ScoredPattern>();
  for (const p of patterns) {
    if (p.kind === 'chain') chains.push(p);
    else retries.set(p.key, p);
  }
  foldRotations(chains, stepsOf, K);
  foldRetries(chains, retries);
}

/**
 * One habit, one pattern across scopes. Each project's analysis folds its own rotations, and two
 * projects may keep different members of one cycle (each starts it its own way), which would be
 * two instincts and two rules for one habit. The analysis of everything together decides: in
 * each project, a member of a cycle it folded is folded into that analysis' head when the project
 * saw the head too (else the project's own choice stands), and the head is unfolded. Each
 * project's tracked list is then taken again. Mutates the project analyses (not `all`).
 */
export function foldAcrossScopes(all: { patterns: readonly ScoredPattern[] }, projects: Iterable<{ patterns: ScoredPattern[]; tracked: ScoredPattern[] }>, config: TrackConfig & { maxInstincts: number }): void {
  const headOf = new Map<string, string>();
  for (const p of all.patterns) {
    if (p.kind !== 'chain' || p.foldedInto === undefined || p.foldedInto.endsWith(' error-retry')) continue;
    headOf.set(p.key, p.foldedInto);
    headOf.set(p.foldedInto, p.foldedInto);
  }
  if (headOf.size === 0) return;
  for (const a of projects) {
    if (a === all) continue;
    // Only members of a cycle the analysis of everything folded are looked at.
    const members = a.patterns.filter((p) => headOf.has(p.key));
    const present = new Set(members.map((p) => p.key));
    let changed = false;
    for (const p of members) {
      const head = headOf.get(p.key)!;
      if ((p.foldedInto !== undefined && p.foldedInto.endsWith(' error-retry')) || !present.has(head)) continue;
      const next = head === p.key ? undefined : head;
      if (p.foldedInto !== next) {
        if (next === undefined) delete p.foldedInto;
        else p.foldedInto = next;
        changed = true;
      }
    }
    if (changed) a.tracked = keepTracked(a.patterns.filter((p) => isTracked(p, config)), config.maxInstincts, (p) => p, config);
  }
}
