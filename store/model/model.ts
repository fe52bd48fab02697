import type { Category } from './keys.js';

// The store's data model: instincts (a trigger and an action, learned or taught) and facts
// (declarative statements), each a Markdown file with YAML frontmatter.

/**
 * Where an instinct comes from: the analyzer's patterns (`observed`; `user_correction`, the calls
 * the user stopped: analyzer/learners/corrections.ts), a person (`taught`), another store (`imported`).
 */
export type Source = 'observed' | 'user_correction' | 'taught' | 'imported';
export const SOURCES: readonly Source[] = ['observed', 'user_correction', 'taught', 'imported'];

/** Written by the analyzer from the records (it owns them: they decay, archive and come back with the evidence). */
export function observedSource(x: { source?: string | undefined } | undefined | null): boolean {
  return x != null && (x.source === 'observed' || x.source === 'user_correction');
}
export type Scope = 'global' | 'project';
export type Level = 'seedling' | 'mature' | 'rule' | 'universal';
export const LEVELS: readonly Level[] = ['seedling', 'mature', 'rule', 'universal'];
export type State = 'active' | 'approved' | 'decaying' | 'stale' | 'evolved' | 'archived';
export const STATES: readonly State[] = ['active', 'approved', 'decaying', 'stale', 'evolved', 'archived'];
export const DOMAINS = ['workflow', 'tool-preference', 'testing', 'code-style', 'error-handling', 'architecture', 'documentation'] as const;
/** A user tag may stand for a domain too. */
export const DOMAIN = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const PROJECT_ID = /^[0-9a-f]{12}$/;

export interface Feedback {
  confirmed: number;
  contradicted: number;
  corrected: number;
  suggested: number;
  inactive: number;
}

export interface Instinct extends Feedback {
  id: string;
  pattern: string;
  category: Category;
  domain: string;
  trigger: string;
  action: string;
  explain: string;
  scope: Scope;
  /** The project of a project-scoped instinct. */
  project?: string;
  /** Projects it has been seen or taught in (universal from 2). */
  projects: string[];
  source: Source;
  /**
   * Taught and imported: the last reinforced value (decay is computed on read). Observed: the
   * analyzer's score plus any feedback adjustment.
   */
  confidence: number;
  observations: number;
  level: Level;
  state: State;
  sessions: number;
  /** At most 20, the most recent last. */
  session_ids: string[];
  first_seen: string;
  last_seen: string;
  created: string;
  evolved_to?: string;
  imported_from?: string;
  /** Other keys that redirect here (alias). */
  aliases: string[];
  /** Set once a rule: when it was promoted (observed: rules.json; taught: by bye). */
  promoted_at?: string;
  /** Observed only: the analyzer's own score, and feedback kept beside it. */
  score?: number;
  adjustment?: number;
  /** Analyses with new evidence the adjustment still survives. */
  adjustment_runs?: number;
  adjustment_at?: string;
  /** Ids of instincts this one was found to contradict (reported once, down-weighted once). */
  contradicts?: string[];
  /**
   * Observed only: the claim the pattern makes (analyzer/claims.ts), its hits and opportunities in
   * the window, and the shrunk rate at which it holds: what the delivery test reads
   * (analyzer/deliver.ts). Absent in files of an earlier version until the next analysis.
   */
  claim?: string;
  hits?: number;
  opportunities?: number;
  rate?: number;
  /** Observed only: the pattern's lift (also kept in the frontmatter with the analyzer's other statistics). */
  lift?: number;
  /** The analyzer's statistics and anything else in the frontmatter, kept as found. */
  extra: Record<string, unknown>;
  /** `## Evidence` lines, oldest first (without the leading `- `). */
  evidence: string[];
  /** The Markdown body before `## Evidence` (taught files: the user's own text, kept as written). */
  body: string;
  /** Anything after the evidence list, kept as written. */
  tail?: string;
}

export interface Fact extends Feedback {
  id: string;
  /** The statement ("the test database listens on 3306"). */
  text: string;
  domain: string;
  scope: Scope;
  project?: string;
  projects: string[];
  source: Source;
  confidence: number;
  observations: number;
  sessions: number;
  session_ids: string[];
  first_seen: string;
  last_seen: string;
  created: string;
  state: State;
  imported_from?: string;
  extra: Record<string, unknown>;
  evidence: string[];
  body: string;
  tail?: string;
}

export const MAX_SESSION_IDS = 20;
export const MAX_EVIDENCE = 20;
export const MAX_TEXT = 500;
export const MAX_EXPLAIN = 2000;

export function zeroFeedback(): Feedback {
  return { confirmed: 0, contradicted: 0, corrected: 0, suggested: 0, inactive: 0 };
}
