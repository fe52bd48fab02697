import type { Config } from '../../lib/config.js';
import type { ClaimCounts } from '../claims.js';
import type { Counted, PatternCount } from '../counted.js';
import type { RecordTable } from '../record-table.js';

// What a learner is: one kind of knowledge, counted from the window's records into patterns that
// each make a claim (analyzer/claims.ts). Chains and error-retries are counted in the analyzer's
// own walk (analyzer/patterns.ts, one pass for speed); every other learner is a file of its own
// here and one line in the list (analyzer/learners/index.ts). Its file says everything the rest of
// homunculus needs of it (a LearnerModule): the kinds table, the delivery test's order, the store's
// prefixes, categories, sources and words read it from the list. Only features about one kind's
// meaning import that learner's helpers (a taught command wins over an observed one; the turn
// feedback on a fix's step or a stopped call).

/** What a learner sees of one group of sessions while it is counted. */
export interface LearnWalk {
  readonly t: RecordTable;
  /** Record index -> key id (`Read`, `Bash(npm test)`), and the keys. */
  readonly keyOf: Int32Array;
  readonly keys: readonly string[];
  /** Record indices in stream order (see streamsInWindow). */
  readonly order: Int32Array;
  /** The group's counts: a learner adds its patterns with hit() and its opportunities with add(). */
  readonly c0: Counted;
  /** An occurrence (a hit) of the pattern `key` of `kind`, at record i (its time, day and decay weight). */
  hit(kind: string, key: string, i: number, session: number): void;
  /** Adds n to a named total of the group (opportunities and base rates; summed across parts). */
  add(total: string, n: number): void;
}

export interface Learner {
  /** The analyzer's kind of its patterns (each kind is scored against its own). */
  kind: string;
  /** The store key prefix of its patterns: its keys are `<prefix>:<body>`. */
  prefix: string;
  /** The store's category of its instincts. */
  category: string;
  /** One stream's in-window records, order[a..b), in time order. */
  stream(w: LearnWalk, a: number, b: number, session: number): void;
  /** Called after the last stream of each session (per-session learners flush here). */
  endSession?(w: LearnWalk, session: number): void;
  /** The claim one of its patterns makes, from the merged counts. */
  claim(p: PatternCount, c: Counted): ClaimCounts;
  /** How many times likelier its claim holds than its prior (the delivery test's specificity). */
  lift(p: PatternCount, c: Counted): number;
  /**
   * The patterns a pattern's seed score (frequency) is measured against: those that answer the
   * same question (a purpose's commands; the steps after one command's failures). Default: the kind.
   */
  scoreGroup?(p: PatternCount): string;
  /** What the pattern's line may add beside its claim (whole numbers and checked tokens only). */
  details?(p: PatternCount, c: Counted): PatternDetails | undefined;
}

/**
 * A claim's extra facts, for its line: a command that keeps failing beside the one claimed
 * (`instead_of`, failed `instead_fails` of `instead_runs`); the sessions whose first run of a
 * fixed command failed (`first_fails` of `first_runs`).
 */
export interface PatternDetails {
  instead_of?: string;
  instead_fails?: number;
  instead_runs?: number;
  first_fails?: number;
  first_runs?: number;
}

/** What the delivery test reads of the configuration (analyzer/deliver.ts). */
export type DeliveryConfig = Pick<Config, 'minLift' | 'minRetryLift' | 'minRate' | 'minSessions'>;

/** The lift a claim of each learner's kind must reach to be worth delivering. */
export type MinLift = (c: DeliveryConfig) => number;

/** The words of a kind of claim, from its key's checked tokens only (analyzer/kinds.ts reads them for every kind). */
export interface KindWords {
  /** The key's tokens (steps; a command's purpose and detail), or undefined when any is invalid. */
  tokens(key: string): string[] | undefined;
  /** The claim in plain words. */
  claim(tokens: string[]): string;
  /** The seed's line's words (after `- **[95%, 30x seen]** `). */
  seed(tokens: string[], n: number): string;
  /** The counts beside the rate: "38 of 45 times in 4 sessions". */
  counts(hits: number, opportunities: number, sessions: number): string;
  /** Words before the claim, from checked details. */
  lead?(tokens: string[], d: PatternDetails | undefined): string;
  /** Words after the counts, from checked details. */
  tail?(tokens: string[], d: PatternDetails | undefined): string;
}

/** The generated words of an observed instinct (store/model/text.ts), from the key's checked tokens. */
export interface KindText {
  domain(tokens: string[]): string;
  trigger(tokens: string[]): string;
  action(tokens: string[]): string;
}

export interface LearnerOptions {
  fixWindowCalls: number;
}

/**
 * A learner as the rest of homunculus sees it: one object in its file, one line in the list
 * (learners/index.ts). Its keys are `<prefix>:<body>`, store keys already.
 */
export interface LearnerModule<K extends string = string, C extends string = string> {
  kind: K;
  /** The store key prefix of its patterns, and the store's category of its instincts. */
  prefix: string;
  category: C;
  /** Its category's heading where rules are grouped (SKILL.md): "Project commands". */
  title: string;
  words: KindWords;
  text: KindText;
  /** The delivery test's lift floor for its claims, and its place in the order (analyzer/deliver.ts: lower first; chains and retries are 3 and 4). */
  minLift: MinLift;
  /**
   * The sessions of evidence its claims need to be given (default: minSessions). A project's
   * command that succeeded in the one session that ran it is a fact worth saying, stated as such
   * ("1 of 1 session that ran it"), its rate drawn toward what commands usually do.
   */
  minSessions?: (c: DeliveryConfig) => number;
  rank: number;
  /** Its knowledge belongs to the project it was learned in: held in several, it still reaches only those projects' sessions. */
  perProject: boolean;
  /** Its instincts' source: the user's word (`user_correction`, the calls they stopped) or `observed`. */
  source: 'observed' | 'user_correction';
  /** A counting instance (stateful while a window is walked). */
  make(o: LearnerOptions): Learner;
}

/** The body of a store key `<prefix>:<body>`. */
export const bodyOf = (key: string) => key.slice(key.indexOf(':') + 1);
