import { fnv1a64Hex } from '../../lib/fnv.js';
import { cappedId, MAX_ID_LENGTH } from '../../lib/short-id.js';
import { legacySlugFor } from '../../analyzer/instinct-file.js';
import { patternStoreKey } from '../../analyzer/claims.js';
import { kindOfStoreKey } from '../../analyzer/kinds.js';
import type { PatternKind } from '../../analyzer/pattern-kind.js';
import { LEARNERS, type LearnerCategory } from '../../analyzer/learners/index.js';

// Pattern keys: a category prefix and a body. The analyzer's keys (`Grep->Read->Edit`,
// `Bash error-retry`) map to `seq:` and `retry:` keys, its learners' keys are store keys already
// (`fix:`, `cmd:`, `ask:`, each learner's prefix: analyzer/learners/); taught keys may use any category.

export type Category = 'sequence' | 'error_retry' | 'preference' | 'combo' | LearnerCategory;

/** Prefix -> category: the seed's and taught kinds', then each learner's. */
export const PREFIXES: Record<string, Category> = { seq: 'sequence', retry: 'error_retry', pref: 'preference', combo: 'combo', ...Object.fromEntries(LEARNERS.map((m) => [m.prefix, m.category])) };
export const CATEGORIES: readonly Category[] = Object.values(PREFIXES);
const PREFIX_OF = Object.fromEntries(Object.entries(PREFIXES).map(([p, c]) => [c, p])) as Record<Category, string>;

export type AnalyzerKind = PatternKind;

export const MAX_KEY_BODY = 200;

/** `seq:Grep->Read->Edit` for the analyzer's chain `Grep->Read->Edit`, `retry:Bash` for `Bash error-retry`. */
export function storeKey(kind: AnalyzerKind, key: string): string {
  return patternStoreKey(kind, key);
}

/** The analyzer's kind and key of a store key, when it is one the analyzer can produce. */
export function analyzerKey(pattern: string): { kind: AnalyzerKind; key: string } | undefined {
  return kindOfStoreKey(pattern);
}

export function categoryOf(pattern: string): Category | undefined {
  const i = pattern.indexOf(':');
  return i === -1 ? undefined : PREFIXES[pattern.slice(0, i).toLowerCase()];
}

export function prefixOf(category: Category): string {
  return PREFIX_OF[category];
}

export class KeyError extends Error {}

/**
 * A key as the store keeps it: a known prefix (lower case), then the body with its whitespace
 * folded (`seq:a -> b` is `seq:a->b`, `pref:pkg = pnpm` is `pref:pkg=pnpm`). Throws KeyError saying what is expected.
 */
export function normalizeKey(raw: string, defaultCategory?: Category): string {
  if (typeof raw !== 'string') throw new KeyError(`a pattern key must be a string like "seq:Grep->Read->Edit" or "pref:pkg=pnpm", found ${typeof raw}`);
  let text = raw.trim();
  const i = text.indexOf(':');
  let prefix = i === -1 ? '' : text.slice(0, i).toLowerCase();
  if (PREFIXES[prefix] === undefined) {
    if (defaultCategory === undefined) {
      throw new KeyError(`a pattern key needs a category prefix (${Object.keys(PREFIXES).map((p) => `${p}:`).join(', ')}), like "seq:Grep->Read->Edit"; found ${JSON.stringify(raw.slice(0, 60))}`);
    }
    prefix = PREFIX_OF[defaultCategory];
  } else {
    text = text.slice(i + 1);
  }
  // eslint-disable-next-line no-control-regex
  const body = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s*(->|\+|=|,)\s*/g, '$1').replace(/\s+/g, ' ').trim();
  if (body.length === 0) throw new KeyError(`the pattern key ${JSON.stringify(raw.slice(0, 60))} has nothing after its prefix`);
  if (body.length > MAX_KEY_BODY) throw new KeyError(`a pattern key must be at most ${MAX_KEY_BODY} characters after its prefix, found ${body.length}`);
  return `${prefix}:${body}`;
}

/** The words of a key or text, lower case, in order: what similarity and search compare. */
export function words(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}_]+/u).filter(Boolean);
}

export const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_ID = 120;

/** Ids name files: [a-z0-9-] only, no leading or doubled dash, at most 120 characters. */
export function validId(id: unknown): id is string {
  return typeof id === 'string' && id.length <= MAX_ID && ID.test(id);
}

function idWords(prefix: string, text: string): string {
  return [prefix, ...words(text)].filter(Boolean).join('-')
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-');
}

/** A file-safe id for a taught key or a fact: readable words, then a short hash of the whole; at most 60 characters. */
export function idFor(prefix: string, text: string): string {
  return cappedId(idWords(prefix, text).replace(/^-+|-+$/g, ''), fnv1a64Hex(text).slice(0, 8));
}

/** The id the first versions gave a taught key or fact (words up to 80 characters, up to 89 in all). */
function legacyIdFor(prefix: string, text: string): string {
  return `${idWords(prefix, text).slice(0, 80).replace(/^-+|-+$/g, '')}-${fnv1a64Hex(text).slice(0, 8)}`;
}

/**
 * Is `ref` an id an earlier version gave the instinct with this key (up to 109 characters, before
 * ids were capped at 60), or one of its `-2`, `-3` variants? An instinct made then keeps its id;
 * one archived and made again gets the short one, and the old id (in notes, scripts, archive/
 * file names) still finds it.
 */
export function isFormerId(ref: string, pattern: string): boolean {
  if (!ID.test(ref) || ref.length <= MAX_ID_LENGTH - 9) return false; // shorter ones are the same in both schemes
  const k = analyzerKey(pattern);
  const former = [legacyIdFor('', pattern), ...(k ? [legacySlugFor(k.kind, k.key)] : [])];
  return former.some((id) => ref === id || (ref.startsWith(`${id}-`) && /^\d+$/.test(ref.slice(id.length + 1))));
}
