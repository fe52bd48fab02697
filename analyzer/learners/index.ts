import { COMMANDS } from './commands.js';
import { CORRECTIONS } from './corrections.js';
import { FIXES } from './fixes.js';
import type { Learner, LearnerModule, LearnerOptions } from './learner.js';

// The learners beside chains and error-retries (counted in analyzer/patterns.ts's own walk). A new
// learner is one file in this folder (its counting and a LearnerModule: words, delivery order,
// store prefix) and one line in LEARNERS: the kinds table (analyzer/kinds.ts), the delivery test
// (analyzer/deliver.ts), the store's prefixes and words (store/model/keys.ts, store/model/text.ts) read it here.

export const LEARNERS = [
  FIXES,
  COMMANDS,
  CORRECTIONS,
] as const satisfies readonly LearnerModule[];

export type LearnerKind = (typeof LEARNERS)[number]['kind'];
export type LearnerCategory = (typeof LEARNERS)[number]['category'];
export type { LearnerOptions };

export function makeLearners(o: LearnerOptions): Learner[] {
  return LEARNERS.map((m) => m.make(o));
}

/** The learners by kind, for their claims and lifts (stateless: any options do). */
const BY_KIND = new Map(makeLearners({ fixWindowCalls: 10 }).map((l) => [l.kind, l]));

export function learnerOf(kind: string): Learner | undefined {
  return BY_KIND.get(kind);
}

export function learnerByPrefix(prefix: string): Learner | undefined {
  for (const l of BY_KIND.values()) if (l.prefix === prefix) return l;
  return undefined;
}

/** A learner's module by its kind. */
export function learnerModule(kind: string): LearnerModule | undefined {
  return LEARNERS.find((m) => m.kind === kind);
}

export type { Learner };
