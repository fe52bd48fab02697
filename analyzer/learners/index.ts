import { commandsLearner } from './commands.js';
import { correctionsLearner } from './corrections.js';
import { fixesLearner } from './fixes.js';
import type { Learner } from './learner.js';

// The learners beside chains and error-retries (counted in analyzer/patterns.ts's own walk). A new
// learner is one file in this folder and one line here.

export interface LearnerOptions {
  fixWindowCalls: number;
}

export function makeLearners(o: LearnerOptions): Learner[] {
  return [
    fixesLearner(() => o.fixWindowCalls),
    commandsLearner(),
    correctionsLearner(),
  ];
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

export type { Learner };
