import { stepWords, type ClaimCounts } from '../claims.js';
import type { Counted, PatternCount } from '../counted.js';
import { INTERRUPTED, REJECTED } from '../record-table.js';
import { patternSessions } from '../counted.js';
import { isTestStep, validStep } from '../key-tokens.js';
import { plural } from '../../lib/plural.js';
import type { Learner, LearnerModule, LearnWalk } from './learner.js';

// Corrections: calls the user stopped, by declining them at the permission prompt or by
// interrupting them (the record's `ok` column: INTERRUPTED, REJECTED). A pattern `ask:<key>`
// (`ask:Bash(git push)`, `ask:Write`) claims: in a session of this project that makes the call,
// the user stops it. Its opportunities are the sessions that made the call; its hits, those in
// which the user stopped it at least once. Its prior is the project's base rate: the share of
// (session, key) pairs with a stop, so a lift says the user stops this call more than others.
// A declined plan (ExitPlanMode) is how plan mode iterates, not a correction.

export const CORRECTION_KIND = 'correction' as const;

/** Totals this learner keeps (summed across parts). */
const RAN = 'ask.ran:';
const PAIRS = 'ask.pairs';
const STOPPED_PAIRS = 'ask.stoppedPairs';

/** Calls whose refusal is part of the tool's own flow, not a correction. */
const NOT_CORRECTIONS = new Set(['ExitPlanMode']);

/** `ask:<key>` -> its key (`Bash(git push)`). */
export const correctedStep = (key: string) => key.slice('ask:'.length);

export function correctionClaimText(step: string): string {
  return `the user stops ${stepWords(step)} here: ask first`;
}

export function correctionsLearner(): Learner {
  let session = -1;
  // Per key id of the current table: 1 + the session it last ran in (one compare a record on
  // the Stop hook's path), and whether it is left out; the session's keys, and its stopped records.
  let keys: readonly string[] | undefined;
  let ranIn = new Int32Array(0);
  let excluded = new Uint8Array(0);
  const ran: number[] = [];
  const stopped = new Map<number, number[]>();
  const reset = (s: number) => {
    ran.length = 0;
    stopped.clear();
    session = s;
  };
  return {
    kind: CORRECTION_KIND,
    prefix: 'ask',
    category: 'correction',
    stream(w: LearnWalk, a: number, b: number, s: number) {
      if (keys !== w.keys) {
        keys = w.keys;
        ranIn = new Int32Array(keys.length);
        excluded = Uint8Array.from(keys, (k) => (NOT_CORRECTIONS.has(k) ? 1 : 0));
        reset(s);
      } else if (session !== s) reset(s);
      const { t, keyOf, order } = w;
      const okOf = t.ok;
      for (let k = a; k < b; k++) {
        const i = order[k]!;
        const key = keyOf[i]!;
        if (excluded[key] === 1) continue;
        if (ranIn[key] !== s + 1) {
          ranIn[key] = s + 1;
          ran.push(key);
        }
        const ok = okOf[i]!;
        if (ok === INTERRUPTED || ok === REJECTED) {
          const list = stopped.get(key);
          if (list === undefined) stopped.set(key, [i]);
          else list.push(i);
        }
      }
    },
    endSession(w: LearnWalk, s: number) {
      if (session === s) {
        for (const key of ran) {
          w.add(RAN + w.keys[key], 1);
          w.add(PAIRS, 1);
        }
        for (const [key, stops] of stopped) {
          w.add(STOPPED_PAIRS, 1);
          const pattern = `ask:${w.keys[key]}`;
          for (const i of stops) w.hit(CORRECTION_KIND, pattern, i, s);
        }
      }
      reset(-1);
    },
    claim(p: PatternCount, c: Counted): ClaimCounts {
      const step = correctedStep(p.key);
      const hits = patternSessions(p);
      return { claim: correctionClaimText(step), hits, opportunities: Math.max(hits, c.totals.get(RAN + step) ?? 0), prior: correctionPrior(c) };
    },
    lift(p: PatternCount, c: Counted): number {
      const hits = patternSessions(p);
      const opps = Math.max(hits, c.totals.get(RAN + correctedStep(p.key)) ?? 0);
      return opps === 0 ? 0 : hits / opps / correctionPrior(c);
    },
  };
}


/** The project's base rate: the share of (session, key) pairs in which the user stopped the call (at least one pair's worth). */
function correctionPrior(c: Counted): number {
  const pairs = c.totals.get(PAIRS) ?? 0;
  return pairs === 0 ? 1 : Math.max(c.totals.get(STOPPED_PAIRS) ?? 0, 1) / pairs;
}

/** The corrections learner as the rest of homunculus sees it (learners/learner.ts). */
export const CORRECTIONS = {
  kind: CORRECTION_KIND,
  prefix: 'ask',
  category: 'correction',
  title: 'Calls the user stopped',
  words: {
    tokens: (key: string) => {
      const step = key.replace(/^ask:/, '');
      return key.startsWith('ask:') && validStep(step) ? [step] : undefined;
    },
    claim: (t: string[]) => correctionClaimText(t[0]!),
    seed: (t: string[], n: number) => `Correction: the user stopped ${t[0]} (${n}x)`,
    counts: (h: number, o: number) => `stopped in ${h} of the ${plural(o, 'session')} that made the call`,
  },
  text: {
    domain: (t: string[]) => (t.some(isTestStep) ? 'testing' : 'workflow'),
    trigger: (t: string[]) => `about to run ${t[0]}`,
    action: () => 'ask the user first: they stopped it before',
  },
  minLift: (c) => c.minRetryLift,
  rank: 0,
  perProject: false,
  // The calls the user stopped are the user's word, though the analyzer learned them.
  source: 'user_correction',
  make: () => correctionsLearner(),
} as const satisfies LearnerModule<typeof CORRECTION_KIND, 'correction'>;

