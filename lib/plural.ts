// Counts in words, one place: "1 fact", "2 facts", "1 entry", "3 entries". Every output that says
// a number of things says it through here, so none says "1 facts".

/** `n` and the noun in the number `n` takes; `many` when the plural is not `one` + "s". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
