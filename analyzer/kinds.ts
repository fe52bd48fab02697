import { DETAIL_PART, TOOL_NAME } from '../lib/tokens.js';
import { chainClaimText, retryClaimText, stepWords } from './claims.js';
import { commandClaimText, commandParts } from './learners/commands.js';
import { fixClaimText, fixSteps } from './learners/fixes.js';
import { correctionClaimText } from './learners/corrections.js';
import type { PatternKind } from './counted.js';
import type { PatternDetails } from './learners/learner.js';
import { plural } from '../lib/plural.js';

// Every kind of pattern in one table: how its key is checked and split into tokens, its store key
// and category, and its words (the seed's line in generated-rules.md, the claim, the counts). The
// words are rebuilt from checked tokens only, so nothing but tool names and command words reaches
// a rules file or Claude's context.

const STEP = /^([A-Za-z0-9_.:-]{1,128})(?:\(([A-Za-z0-9._:+@ -]{1,81})\))?$/;
const DETAIL = /^[A-Za-z0-9._:+@ -]{1,81}$/;

/** One step (`Read`, `Bash(npm test)`) when it is made of valid tokens. */
export function validStep(s: string): boolean {
  const m = STEP.exec(s);
  if (!m || !TOOL_NAME.test(m[1]!)) return false;
  return m[2] === undefined || m[2].split(' ').every((w) => DETAIL_PART.test(w));
}

const validDetail = (d: string) => DETAIL.test(d) && d.split(' ').every((w) => DETAIL_PART.test(w));

export interface KindInfo {
  /** The store key's prefix and category. */
  prefix: string;
  category: string;
  /** The analyzer key's tokens (steps; a command's purpose and detail), or undefined when any is invalid. */
  tokens(key: string): string[] | undefined;
  /** The analyzer key -> the store key. */
  storeKey(key: string): string;
  /** The claim in plain words, from checked tokens. */
  claim(tokens: string[]): string;
  /** The seed's line's words (after `- **[95%, 30x seen]** `), from checked tokens and the count. */
  seed(tokens: string[], n: number): string;
  /** The counts beside the rate: "38 of 45 times in 4 sessions". */
  counts(hits: number, opportunities: number, sessions: number): string;
  /** Words before the claim, from checked details ("Before `npm test` here, run `npm run build`: "). */
  lead?(tokens: string[], d: PatternDetails | undefined): string;
  /** Words after the counts, from checked details ("; not `npm test` (failed 4 of 4)"). */
  tail?(tokens: string[], d: PatternDetails | undefined): string;
}

const whole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 1e9;

const times = (h: number, o: number, s: number) => `${h} of ${plural(o, 'time')} in ${plural(s, 'session')}`;

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
  fix: {
    prefix: 'fix',
    category: 'fix_pattern',
    tokens: (key) => {
      const s = fixSteps(key);
      return s !== undefined && s.every(validStep) ? [...s] : undefined;
    },
    storeKey: (key) => key,
    claim: (t) => fixClaimText(t[0]!, t[1]!),
    seed: (t, n) => `Fix: when ${t[0]} fails, ${t[1]} was run before it passed (seen ${n}x)`,
    counts: times,
    // Where the command fails first in most of its sessions, the line says so before the failure happens.
    lead: (t, d) => (whole(d?.first_fails) && whole(d?.first_runs) && d.first_runs >= 2 && 2 * d.first_fails > d.first_runs ? `Before ${stepWords(t[0]!)} here, run ${stepWords(t[1]!)} (its first run failed in ${d.first_fails} of ${d.first_runs} sessions): ` : ''),
  },
  command: {
    prefix: 'cmd',
    category: 'command',
    tokens: (key) => {
      const c = commandParts(key);
      return c !== undefined && validDetail(c.detail) ? [c.purpose, c.detail] : undefined;
    },
    storeKey: (key) => key,
    claim: (t) => commandClaimText(t[0] as never, t[1]!),
    seed: (t, n) => `Project command (${t[0]}): ${t[1]} (succeeded ${n}x)`,
    counts: (h, o) => `${h} of ${plural(o, 'session')}`,
    tail: (_t, d) => (typeof d?.instead_of === 'string' && validDetail(d.instead_of) && whole(d.instead_fails) && whole(d.instead_runs) ? `; not \`${d.instead_of}\` (failed ${d.instead_fails} of ${d.instead_runs})` : ''),
  },
  correction: {
    prefix: 'ask',
    category: 'correction',
    tokens: (key) => {
      const step = key.replace(/^ask:/, '');
      return key.startsWith('ask:') && validStep(step) ? [step] : undefined;
    },
    storeKey: (key) => key,
    claim: (t) => correctionClaimText(t[0]!),
    seed: (t, n) => `Correction: the user stopped ${t[0]} (${n}x)`,
    counts: (h, o) => `stopped in ${h} of the ${plural(o, 'session')} that made the call`,
  },
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
  for (const kind of ['fix', 'command', 'correction'] as const) if (storeKey.startsWith(`${KINDS[kind].prefix}:`)) return { kind, key: storeKey };
  return undefined;
}

/**
 * Kinds whose knowledge belongs to the project it was learned in (its commands, how its failures
 * were fixed): one held in two or more projects is kept once (global, with its projects listed)
 * but reaches only those projects' sessions, never every project's.
 */
export const PER_PROJECT_KINDS: ReadonlySet<string> = new Set(['command', 'fix']);
export const PER_PROJECT_CATEGORIES: ReadonlySet<string> = new Set(['command', 'fix_pattern']);
