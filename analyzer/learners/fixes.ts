import { stepWords, type ClaimCounts } from '../claims.js';
import type { Counted, PatternCount } from '../counted.js';
import { times, validStep, whole } from '../key-tokens.js';
import { bodyOf, type Learner, type LearnerModule, type LearnWalk, type PatternDetails } from './learner.js';

// Fixes: what was run between a command's failure and its success. In one stream, an episode of
// a Bash command F is its first failure since its last success together with its next success,
// when that comes within fixWindowCalls calls; the Bash commands run in between (other than F)
// are its recovery. A fix pattern `fix:F->S` claims: after F fails, S is run before F succeeds.
// Its opportunities are F's recovered episodes; its hits, those whose recovery ran S.

export const FIX_KIND = 'fix' as const;

/** Totals this learner keeps (summed across parts). */
const EPISODES = 'fix.episodes:';
const STEPS = 'fix.steps';
const RECOVERED = 'fix.recovered';
const FIRST_RUN = 'fix.firstRun:';
const FIRST_FAIL = 'fix.firstFail:';

/** `fix:F->S` as its two steps (each `Bash(<detail>)`), or undefined. */
export function fixSteps(key: string): [string, string] | undefined {
  const m = /^fix:(Bash\([^()]+\))->(Bash\([^()]+\))$/.exec(key);
  return m ? [m[1]!, m[2]!] : undefined;
}

export function fixClaimText(failed: string, step: string): string {
  return `after ${stepWords(failed)} fails, ${stepWords(step)} is run before it passes`;
}

/** Per learner instance: the streams' open failures and each session's first runs. */
class FixState {
  /** Key id -> the time of its first run in the session, and whether that run failed (by time, not stream order: a session's streams come in any order). */
  firstSeen = new Map<number, { ts: number; failed: boolean }>();
  session = -1;
}

export function fixesLearner(windowCalls: () => number): Learner {
  const st = new FixState();
  // Pattern keys and totals' names, made once per key pair and key of the current table.
  let keys: readonly string[] | undefined;
  const pairKey = new Map<number, string>();
  const episodesName = new Map<number, string>();
  const open = new Map<number, number>(); // key id -> position of its first failure since its last success
  const steps = new Set<number>();
  return {
    kind: FIX_KIND,
    prefix: 'fix',
    category: 'fix_pattern',
    stream(w: LearnWalk, a: number, b: number, session: number) {
      if (st.session !== session) {
        st.firstSeen.clear();
        st.session = session;
      }
      const { t, keyOf, order } = w;
      if (keys !== w.keys) {
        keys = w.keys;
        pairKey.clear();
        episodesName.clear();
      }
      const bash = t.tools.indexOf('Bash');
      if (bash === -1) return;
      const window = windowCalls();
      open.clear();
      for (let k = a; k < b; k++) {
        const i = order[k]!;
        if (t.tool[i] !== bash || t.detail[i] === -1) continue;
        const f = keyOf[i]!;
        const ok = t.ok[i] === 1;
        const ts = t.ts[i]!;
        const first = st.firstSeen.get(f);
        if (first === undefined || ts < first.ts) st.firstSeen.set(f, { ts, failed: !ok });
        else if (ts === first.ts && !ok) first.failed = true;
        if (!ok) {
          if (!open.has(f)) open.set(f, k);
          continue;
        }
        const at = open.get(f);
        open.delete(f);
        if (at === undefined || k - at > window) continue;
        steps.clear();
        for (let j = at + 1; j < k; j++) {
          const r = order[j]!;
          if (t.tool[r] === bash && t.detail[r] !== -1 && keyOf[r] !== f) steps.add(keyOf[r]!);
        }
        let name = episodesName.get(f);
        if (name === undefined) episodesName.set(f, (name = EPISODES + keys[f]));
        w.add(name, 1);
        w.add(RECOVERED, 1);
        w.add(STEPS, k - at - 1);
        for (const s of steps) {
          const id = f * keys.length + s;
          let key = pairKey.get(id);
          if (key === undefined) pairKey.set(id, (key = `fix:${keys[f]}->${keys[s]}`));
          w.hit(FIX_KIND, key, i, session);
        }
      }
    },
    endSession(w: LearnWalk) {
      for (const [f, first] of st.firstSeen) {
        w.add(FIRST_RUN + w.keys[f], 1);
        if (first.failed) w.add(FIRST_FAIL + w.keys[f], 1);
      }
      st.firstSeen.clear();
      st.session = -1;
    },
    claim(p: PatternCount, c: Counted): ClaimCounts {
      const [failed, step] = fixSteps(p.key) ?? ['', ''];
      return { claim: fixClaimText(failed, step), hits: p.n, opportunities: Math.max(p.n, c.totals.get(EPISODES + failed) ?? 0), prior: fixPrior(step, c) };
    },
    scoreGroup: (p: PatternCount) => `fix:${fixSteps(p.key)?.[0] ?? ''}`,
    details(p: PatternCount, c: Counted): PatternDetails | undefined {
      const failed = fixSteps(p.key)?.[0];
      if (failed === undefined) return undefined;
      const r = firstRuns(failed, c);
      return r.sessions === 0 ? undefined : { first_fails: r.failedFirst, first_runs: r.sessions };
    },
    lift(p: PatternCount, c: Counted): number {
      const [failed, step] = fixSteps(p.key) ?? ['', ''];
      const opps = Math.max(p.n, c.totals.get(EPISODES + failed) ?? 0);
      return opps === 0 ? 0 : p.n / opps / Math.max(fixPrior(step, c), 1e-9);
    },
  };
}

/**
 * The chance that S is among a recovery's steps by accident: 1 - (1 - q)^L, q being S's share of
 * the window's calls and L the mean number of calls a recovery holds.
 */
function fixPrior(step: string, c: Counted): number {
  const id = c.keys.indexOf(step);
  const q = id === -1 || c.calls === 0 ? 0 : c.keyStats.calls[id]! / c.calls;
  const recovered = c.totals.get(RECOVERED) ?? 0;
  const len = recovered === 0 ? 1 : Math.max(1, (c.totals.get(STEPS) ?? 0) / recovered);
  return 1 - (1 - q) ** len;
}

/** In how many of its sessions F's first run failed, and in how many it ran. */
export function firstRuns(failedKey: string, c: Counted): { failedFirst: number; sessions: number } {
  return { failedFirst: c.totals.get(FIRST_FAIL + failedKey) ?? 0, sessions: c.totals.get(FIRST_RUN + failedKey) ?? 0 };
}

export { bodyOf };

/** The fixes learner as the rest of homunculus sees it (learners/learner.ts). */
export const FIXES = {
  kind: FIX_KIND,
  prefix: 'fix',
  category: 'fix_pattern',
  title: 'Fixes',
  words: {
    tokens: (key: string) => {
      const s = fixSteps(key);
      return s !== undefined && s.every(validStep) ? [...s] : undefined;
    },
    claim: (t: string[]) => fixClaimText(t[0]!, t[1]!),
    seed: (t: string[], n: number) => `Fix: when ${t[0]} fails, ${t[1]} was run before it passed (seen ${n}x)`,
    counts: times,
    // Where the command fails first in most of its sessions, the line says so before the failure happens.
    lead: (t: string[], d: PatternDetails | undefined) =>
      whole(d?.first_fails) && whole(d?.first_runs) && d.first_runs >= 2 && 2 * d.first_fails > d.first_runs ? `Before ${stepWords(t[0]!)} here, run ${stepWords(t[1]!)} (its first run failed in ${d.first_fails} of ${d.first_runs} sessions): ` : '',
  },
  text: {
    domain: () => 'error-handling',
    trigger: (t: string[]) => `${t[0]} fails`,
    action: (t: string[]) => `run ${t[1]} before running it again`,
  },
  minLift: (c) => c.minRetryLift,
  rank: 1,
  perProject: true,
  source: 'observed',
  make: (o) => fixesLearner(() => o.fixWindowCalls),
} as const satisfies LearnerModule<typeof FIX_KIND, 'fix_pattern'>;

