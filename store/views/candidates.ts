// Which pairs of a store's instincts can be alike at all, found without comparing every pair:
// gc compared each pair of 5,000 instincts' keys once per merge (21 s at 2,000, 7 minutes at
// 5,000, the store locked throughout). Similarity here is Dice on the longest common subsequence
// of two word sequences (store/views/similarity.ts), and a common subsequence is made of shared words:
// two sequences at `threshold` or more share at least threshold*(la+lb)/2 words, hence at least
// threshold*la/(2-threshold) of either one's. Prefix filtering (Chaudhuri et al., 2006; Xiao et
// al., PPJoin, 2008) turns that into an index: order every sequence's words rarest first; two
// sequences that share that many words share one among the first la - ceil(threshold*la/(2-threshold)) + 1
// of each. Only pairs sharing such a word, almost always a rare one, are candidates; the caller
// then checks each with its exact rule. No pair at the threshold is ever missed.

/** Similarities are rounded to 4 decimals before they are compared: a pair just below can round up to it. */
const ROUNDING = 1e-4;

/**
 * Pairs [i, j] (i < j) of `seqs` that may have sequenceSimilarity >= threshold, among those of
 * the same `groups[i]` (a category; absent: one group). Sorted by i, then j. A superset of the
 * pairs at the threshold: check each.
 */
export function similarPairs(seqs: readonly (readonly string[])[], threshold: number, groups?: readonly string[]): [number, number][] {
  const n = seqs.length;
  const group = (i: number) => groups?.[i] ?? '';
  const t = threshold - ROUNDING;
  const out: [number, number][] = [];
  if (t <= 0) {
    // Every pair may reach a threshold this low (two sequences without a shared word score 0).
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (group(i) === group(j)) out.push([i, j]);
    return out;
  }
  // Tokens: a word and its occurrence (`a#2` for the second `a`), so that repeated words count as
  // often as a common subsequence can use them; prefixed by the group, so groups never meet.
  const tokens = seqs.map((ws, i) => {
    const seen = new Map<string, number>();
    return ws.map((w) => {
      const k = (seen.get(w) ?? 0) + 1;
      seen.set(w, k);
      return `${group(i)}\u0000${w}#${k}`;
    });
  });
  const freq = new Map<string, number>();
  for (const ts of tokens) for (const tok of ts) freq.set(tok, (freq.get(tok) ?? 0) + 1);
  const index = new Map<string, number[]>();
  const empty = new Map<string, number[]>();
  const pairs = new Set<number>();
  const found: number[][] = Array.from({ length: n }, () => []);
  for (let j = 0; j < n; j++) {
    const ts = tokens[j]!;
    if (ts.length === 0) {
      // Two empty sequences are alike (1); an empty one and another are not (0).
      const g = group(j);
      const list = empty.get(g) ?? [];
      for (const i of list) found[i]!.push(j);
      list.push(j);
      empty.set(g, list);
      continue;
    }
    const sorted = [...ts].sort((a, b) => freq.get(a)! - freq.get(b)! || (a < b ? -1 : a > b ? 1 : 0));
    const need = Math.max(1, Math.ceil((t * sorted.length) / (2 - t) - 1e-9));
    const prefix = sorted.length - need + 1;
    for (let p = 0; p < prefix; p++) {
      const tok = sorted[p]!;
      const list = index.get(tok);
      if (list) {
        for (const i of list) {
          const key = i * n + j;
          if (pairs.has(key)) continue;
          pairs.add(key);
          found[i]!.push(j);
        }
        list.push(j);
      } else index.set(tok, [j]);
    }
  }
  for (let i = 0; i < n; i++) for (const j of found[i]!.sort((a, b) => a - b)) out.push([i, j]);
  return out;
}

/** Pairs [i, j] (i < j) of items with the same key (undefined: none), sorted by i, then j. */
export function samePairs(keys: readonly (string | undefined)[]): [number, number][] {
  const by = new Map<string, number[]>();
  const found: number[][] = keys.map(() => []);
  keys.forEach((k, j) => {
    if (k === undefined) return;
    const list = by.get(k) ?? [];
    for (const i of list) found[i]!.push(j);
    list.push(j);
    by.set(k, list);
  });
  const out: [number, number][] = [];
  found.forEach((js, i) => {
    for (const j of js) out.push([i, j]);
  });
  return out;
}

/** The union of sorted pair lists, sorted by i, then j, each pair once. */
export function unionPairs(...lists: [number, number][][]): [number, number][] {
  const all = lists.flat().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return all.filter((p, k) => k === 0 || p[0] !== all[k - 1]![0] || p[1] !== all[k - 1]![1]);
}

/**
 * Pairs [i, j] (i < j, sorted) among items where only pairs in one project, or with a global item,
 * can count (a project's instinct never meets another project's): `find` runs on each project's
 * items with the global ones (the indexes given in order) and returns pairs of positions in that
 * list. Pairs of two global items come from every run, once in the result.
 */
export function withinScopes(xs: readonly { scope?: string; project?: string | undefined }[], find: (items: number[]) => [number, number][]): [number, number][] {
  const globals: number[] = [];
  const projects = new Map<string, number[]>();
  xs.forEach((x, i) => {
    if (x.scope === 'global') globals.push(i);
    else {
      const k = x.project ?? '';
      const list = projects.get(k) ?? [];
      list.push(i);
      projects.set(k, list);
    }
  });
  const runs = projects.size === 0 ? [globals] : [...projects.values()].map((own) => mergeSorted(globals, own));
  return unionPairs(...runs.map((items) => find(items).map(([a, b]): [number, number] => [items[a]!, items[b]!])));
}

function mergeSorted(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) out.push(j >= b.length || (i < a.length && a[i]! < b[j]!) ? a[i++]! : b[j++]!);
  return out;
}
