import { words } from '../model/keys.js';

// What two alike keys or actions say differently. Round three kept apart only what differs in a
// value with a digit or after `=` (port 3000 / 8080, node 18 / 22, runner=jest / =vitest); dream
// still merged "indent with tabs" into "indent with spaces", "use pnpm" into "use yarn", "deploy
// to eu-west" into "deploy to us-east": alike sentences whose one different word is the point.
// The rule: a word one of them holds and the other lacks is lost by a merge only when the other
// holds a word of its own in its place (a word swapped: tabs/spaces); a word only added
// ("installing packages" / "installing new packages", `pref:pkg` / `pref:pkg-manager`) says the
// same thing at more length. Words that only link or introduce (articles, prepositions, "use",
// "run", "prefer", "always") are set aside, and a plural is its singular (`managers` is `manager`).

/** Words that say no value: they link or introduce what does. Polarity (never, avoid, not) is not here: contradictions read it. */
const FILLER = new Set([
  'a', 'an', 'the', 'to', 'of', 'for', 'in', 'into', 'on', 'at', 'by', 'with', 'from', 'and', 'or', 'as', 'it', 'its', 'this', 'that', 'these', 'those',
  'each', 'every', 'all', 'when', 'while', 'then', 'is', 'are', 'be', 'please', 'just', 'also', 'always', 'use', 'uses', 'using', 'run', 'runs', 'prefer', 'prefers',
]);

/** A plural's singular, by its last `s` (`tabs` is `tab`, `managers` is `manager`; `class`, `yes` stay). */
export function singular(w: string): string {
  return w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
}

/** The words of a text that can name a value, in order: lower case, singular, without filler. */
export function meaningWords(text: string): string[] {
  return words(text).filter((w) => !FILLER.has(w)).map(singular);
}

/** What each of two word lists holds that the other lacks, as sorted sets. */
export function ownWords(a: readonly string[], b: readonly string[]): [string[], string[]] {
  const sa = new Set(a);
  const sb = new Set(b);
  return [[...sa].filter((w) => !sb.has(w)).sort(), [...sb].filter((w) => !sa.has(w)).sort()];
}

/**
 * The words swapped between two word lists: each one's own words, when each has some (tabs /
 * spaces); undefined when they hold the same words or one only adds to the other. `framed`: only
 * a swap inside shared words counts (`indent-tabs` / `indent-spaces`), not two namings with no
 * word in common (`pkg` / `installer`), which only their values can tell apart.
 */
export function swappedWords(a: readonly string[], b: readonly string[], framed = false): [string[], string[]] | undefined {
  const [oa, ob] = ownWords(a, b);
  if (oa.length === 0 || ob.length === 0) return undefined;
  if (framed && new Set(a).size === oa.length) return undefined;
  return [oa, ob];
}
