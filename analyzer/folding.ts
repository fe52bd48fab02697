import type { ScoredPattern } from './score.js';

// One habit, one pattern. Two kinds of chains only restate another pattern, and are marked as
// folded into it (foldedInto): they stay in the analysis, so a rule on them is still refreshed,
// but they are neither tracked as instincts nor promoted.
// - Rotations. A habit done back to back, A->B->C A->B->C, also yields B->C->A and C->A->B. Each
//   cycle is kept once, as the member that most often starts it (an occurrence not preceded by
//   the cycle's last step), with its own count.
// - Retries. Edit->Bash(npm test)->Bash(npm test), when most of its occurrences are a failed
//   `npm test` run again, is the `Bash(npm test) error-retry` pattern seen through a chain.

/** The other two rotations of a chain key (`A->B->C` -> `B->C->A`, `C->A->B`). */
export function rotations(key: string): string[] {
  const s = key.split('->');
  if (s.length !== 3) return [];
  return [`${s[1]}->${s[2]}->${s[0]}`, `${s[2]}->${s[0]}->${s[1]}`];
}

/** Which member starts the cycle most often; ties: more occurrences, then the smaller key. */
function startsFirst(a: ScoredPattern, b: ScoredPattern): number {
  return b.starts - a.starts || b.observations - a.observations || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

function foldRotations(chains: Map<string, ScoredPattern>): void {
  const done = new Set<string>();
  for (const p of chains.values()) {
    if (done.has(p.key)) continue;
    const members = [p, ...rotations(p.key).flatMap((k) => chains.get(k) ?? [])].filter((m, i, all) => all.findIndex((x) => x.key === m.key) === i);
    for (const m of members) done.add(m.key);
    if (members.length < 2) continue;
    const [head, ...rest] = members.sort(startsFirst);
    for (const m of rest) m.foldedInto = head!.key;
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

export function foldPatterns(patterns: readonly ScoredPattern[]): void {
  const chains = new Map<string, ScoredPattern>();
  const retries = new Map<string, ScoredPattern>();
  for (const p of patterns) (p.kind === 'chain' ? chains : retries).set(p.key, p);
  foldRotations(chains);
  foldRetries(chains.values(), retries);
}
