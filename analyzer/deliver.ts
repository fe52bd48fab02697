import type { Config } from '../lib/config.js';
import { plural } from '../lib/plural.js';
import { LEARNERS } from './learners/index.js';
import type { DeliveryConfig, LearnerModule } from './learners/learner.js';

// The one test of whether a learned pattern is worth Claude's context, and the order and budget
// in which what passes is given. Pure, and low in the tree, so that bye, the SessionStart hook,
// the prompt router, every export, suggest, status, evolve, graduate and the report all ask the
// same question. A consumer may add conditions of its own; none delivers what this rejects.
// Taught instincts do not come through here: a person said them.

/** What the test looks at, wherever the pattern is kept (an analysis, an instinct file, rules.json). */
export interface DeliveryFacts {
  /** The store key: `seq:A->B->C`, `retry:X`, `fix:F->S`, `cmd:test=npm test`, `ask:X`. */
  key: string;
  /** The claim's shrunk rate (analyzer/claims.ts); undefined when it was never measured. */
  rate?: number | undefined;
  lift?: number | undefined;
  sessions: number;
  /**
   * How often it applies: the share of its project's sessions that gave it an opportunity (ran
   * the command, showed the steps), 0-1; undefined when never measured (an earlier version's rule).
   */
  applies?: number | undefined;
  /** How many times it was seen (a command's successful runs): at equal value, the more central first. */
  observations?: number | undefined;
  /** The pattern only restates another one (analyzer/folding.ts). */
  foldedInto?: string | undefined;
}

export type { DeliveryConfig };

/**
 * Per key prefix: the lift a pattern must reach to say more than its tools' own frequencies, and
 * where it comes in the order (lower first: what Claude cannot know from its own habits first,
 * generic tool chains last). Each learner's line comes from its own file (analyzer/learners/:
 * corrections 0, fixes 1, commands 2).
 */
export const KINDS: Record<string, { minLift: (c: DeliveryConfig) => number; rank: number; minSessions?: (c: DeliveryConfig) => number }> = {
  ...Object.fromEntries((LEARNERS as readonly LearnerModule[]).map((m) => [m.prefix, { minLift: m.minLift, rank: m.rank, ...(m.minSessions ? { minSessions: m.minSessions } : {}) }])),
  retry: { minLift: (c) => c.minRetryLift, rank: 3 },
  seq: { minLift: (c) => c.minLift, rank: 4 },
};

function prefixOf(key: string): string {
  const i = key.indexOf(':');
  return i === -1 ? '' : key.slice(0, i);
}

/** The lift a pattern of this store key's kind must reach (config.minLift for a kind not in KINDS). */
export function minLiftOf(key: string, c: DeliveryConfig): number {
  return KINDS[prefixOf(key)]?.minLift(c) ?? c.minLift;
}

/** A chain whose three steps are one key (`seq:Read->Read->Read`) says only that the key is common. */
export function oneStepRepeated(key: string): boolean {
  if (!key.startsWith('seq:')) return false;
  const steps = key.slice(4).split('->');
  return steps.length === 3 && steps[0] === steps[1] && steps[1] === steps[2];
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** Why a pattern is not worth delivering, or undefined when it is. */
export function whyNotDelivered(x: DeliveryFacts, c: DeliveryConfig): string | undefined {
  const kind = KINDS[prefixOf(x.key)];
  if (kind === undefined) return `${JSON.stringify(prefixOf(x.key))} is not a kind of claim homunculus measures`;
  if (x.foldedInto !== undefined) return `it restates ${x.foldedInto}`;
  if (oneStepRepeated(x.key)) return 'one step repeated says only that the step is common';
  const minLift = kind.minLift(c);
  if (minLift > 0 && !(typeof x.lift === 'number' && x.lift >= minLift)) return `lift ${typeof x.lift === 'number' ? x.lift.toFixed(1) : 'unknown'} is under ${minLift}: its steps are common anyway`;
  if (!(typeof x.rate === 'number' && x.rate >= 0 && x.rate <= 1)) return 'its rate was never measured';
  if (x.rate < c.minRate) return `its rate is ${pct(x.rate)}, under minRate ${pct(c.minRate)}`;
  const minSessions = kind.minSessions?.(c) ?? c.minSessions;
  if (!(x.sessions >= minSessions)) return `seen in ${plural(x.sessions, 'session')}, under minSessions ${minSessions}`;
  return undefined;
}

export function worthDelivering(x: DeliveryFacts, c: DeliveryConfig): boolean {
  return whyNotDelivered(x, c) === undefined;
}

/**
 * The generic claims of their kind: a chain of tools alone (no command in it), and a command of no
 * known purpose (`git add`, `rm`): at equal value, after those that name what the project is for.
 */
function generic(key: string): boolean {
  return (key.startsWith('seq:') && !key.includes('(')) || key.startsWith('cmd:other=');
}

/** A claim's expected value in a session: how often it applies times how often it then holds. */
export function expectedValue(x: DeliveryFacts): number {
  const applies = typeof x.applies === 'number' && x.applies >= 0 && x.applies <= 1 ? x.applies : 0.5;
  return applies * (typeof x.rate === 'number' ? x.rate : 0);
}

const rankOf = (x: DeliveryFacts) => (KINDS[prefixOf(x.key)]?.rank ?? 9) * 2 + (generic(x.key) ? 1 : 0);

/**
 * Most useful first: by expected value (how often it applies x its rate), then by kind (KINDS'
 * rank: what Claude cannot know from its own habits first, a chain naming a command before one of
 * tools alone), then by rate, by the sessions it was seen in, by key. Deterministic.
 */
export function byUsefulness(a: DeliveryFacts, b: DeliveryFacts): number {
  const ev = Math.round((expectedValue(b) - expectedValue(a)) * 1e6);
  return ev || rankOf(a) - rankOf(b) || (b.rate ?? 0) - (a.rate ?? 0) || b.sessions - a.sessions || (b.observations ?? 0) - (a.observations ?? 0) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/**
 * The order within a budget where one kind never crowds out the rest: the best of each kind first
 * (in byUsefulness order among them), then every other by byUsefulness.
 */
export function fairOrder<T>(items: readonly T[], factsOf: (t: T) => DeliveryFacts): T[] {
  const sorted = [...items].sort((a, b) => byUsefulness(factsOf(a), factsOf(b)));
  const firsts: T[] = [];
  const seen = new Set<string>();
  for (const t of sorted) {
    const k = prefixOf(factsOf(t).key);
    if (seen.has(k)) continue;
    seen.add(k);
    firsts.push(t);
  }
  return [...firsts, ...sorted.filter((t) => !firsts.includes(t))];
}

/**
 * The lines that fit the budget, in the order given: at most maxItems, and the text (head
 * included, one newline before each line) at most maxChars. A line that does not fit is skipped,
 * and a shorter one after it may still fit.
 */
export function withinBudget(head: string, lines: readonly string[], maxItems: number, maxChars: number): string[] {
  const out: string[] = [];
  let size = head.length;
  for (const line of lines) {
    if (out.length >= maxItems) break;
    if (size + 1 + line.length > maxChars) continue;
    out.push(line);
    size += 1 + line.length;
  }
  return out;
}
