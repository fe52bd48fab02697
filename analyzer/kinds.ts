import { chainClaimText, retryClaimText } from './claims.js';
import { times, validStep } from './key-tokens.js';
import { LEARNERS } from './learners/index.js';
import type { PatternKind } from './pattern-kind.js';
import type { KindWords } from './learners/learner.js';

// Every kind of pattern in one table: how its key is checked and split into tokens, its store key
// and category, and its words (the seed's line in generated-rules.md, the claim, the counts). The
// words are rebuilt from checked tokens only, so nothing but tool names and command words reaches
// a rules file or Claude's context. Chains and error-retries are here; each learner's entry comes
// from its own file (analyzer/learners/, through their list).

export { validStep };

export interface KindInfo extends KindWords {
  /** The store key's prefix and category. */
  prefix: string;
  category: string;
  /** The analyzer key -> the store key. */
  storeKey(key: string): string;
}

export const KINDS: Record<PatternKind, KindInfo> = {
  chain: {
    prefix: 'seq',
    category: 'sequence',
    tokens: (key) => {
      const steps = key.split('->');
      return steps.length === 3 && steps.every(validStep) ? steps : undefined;
    },
    storeKey: (key) => `seq:${key}`,
    claim: (t) => chainClaimText(t),
    seed: (t, n) => `Frequent tool chain: ${t.join('->')} (seen ${n}x)`,
    counts: times,
  },
  'error-retry': {
    prefix: 'retry',
    category: 'error_retry',
    tokens: (key) => {
      const step = key.replace(/ error-retry$/, '');
      return key.endsWith(' error-retry') && validStep(step) ? [step] : undefined;
    },
    storeKey: (key) => `retry:${key.replace(/ error-retry$/, '')}`,
    claim: (t) => retryClaimText(t[0]!),
    seed: (t, n) => `${t[0]} error-retry pairs detected (${n}x). Consider pre-validation.`,
    counts: times,
  },
  ...(Object.fromEntries(LEARNERS.map((m) => [m.kind, { prefix: m.prefix, category: m.category, storeKey: (key: string) => key, ...m.words }])) as Record<(typeof LEARNERS)[number]['kind'], KindInfo>),
};

export function kindInfo(kind: unknown): KindInfo | undefined {
  return typeof kind === 'string' && Object.hasOwn(KINDS, kind) ? KINDS[kind as PatternKind] : undefined;
}

/** The pattern's tokens if every one is valid, else undefined (its rule or line is not written). */
export function safeSteps(rule: { kind: PatternKind; pattern: string }): string[] | undefined {
  const info = kindInfo(rule.kind);
  return info === undefined || typeof rule.pattern !== 'string' ? undefined : info.tokens(rule.pattern);
}

/** The analyzer's kind and key of a store key, for every kind it learns. */
export function kindOfStoreKey(storeKey: string): { kind: PatternKind; key: string } | undefined {
  if (storeKey.startsWith('seq:')) return { kind: 'chain', key: storeKey.slice(4) };
  if (storeKey.startsWith('retry:')) return { kind: 'error-retry', key: `${storeKey.slice(6)} error-retry` };
  for (const m of LEARNERS) if (storeKey.startsWith(`${m.prefix}:`)) return { kind: m.kind, key: storeKey };
  return undefined;
}

/**
 * Kinds whose knowledge belongs to the project it was learned in (its commands, how its failures
 * were fixed): one held in two or more projects is kept once (global, with its projects listed)
 * but reaches only those projects' sessions, never every project's.
 */
export const PER_PROJECT_KINDS: ReadonlySet<string> = new Set(LEARNERS.filter((m) => m.perProject).map((m) => m.kind));
export const PER_PROJECT_CATEGORIES: ReadonlySet<string> = new Set(LEARNERS.filter((m) => m.perProject).map((m) => m.category));
