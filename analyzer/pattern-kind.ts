import type { LearnerKind } from './learners/index.js';

// The kinds of pattern: chains and error-retries (counted in analyzer/patterns.ts's walk), and the
// kind of each learner in analyzer/learners/ (from their list). Apart from the counts
// (analyzer/counted.ts, which the learners fill), so that the learners' list is not in a circle.

export type PatternKind = 'chain' | 'error-retry' | LearnerKind;
