// Ids name files and are typed by hand (`homunculus get chain-grep-read-edit`): at most
// MAX_ID_LENGTH characters. A longer one keeps its first words, cut at a dash where one is near,
// then a short hash of the whole, so that two long names that share a start stay apart.

export const MAX_ID_LENGTH = 60;
/** `-` and 8 hex digits of hash. */
const HASH_PART = 9;

/** `base` ([a-z0-9-]) cut to fit MAX_ID_LENGTH with `-<hash8>` after it. */
export function cappedId(base: string, hash8: string): string {
  const room = MAX_ID_LENGTH - HASH_PART;
  let head = base.slice(0, room);
  // Cut at the last dash when that keeps most of the room: whole words read better than a stub.
  const dash = head.lastIndexOf('-');
  if (base.length > room && base[room] !== '-' && dash >= room * 0.6) head = head.slice(0, dash);
  head = head.replace(/^-+|-+$/g, '');
  return head ? `${head}-${hash8}` : hash8;
}
