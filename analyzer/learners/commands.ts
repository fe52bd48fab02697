import type { ClaimCounts } from '../claims.js';
import type { Counted, PatternCount } from '../counted.js';
import { patternSessions } from '../counted.js';
import { isInspection, namesNoCommand, PURPOSES, purposeOf, type Purpose } from './command-purposes.js';
import { validDetail, whole } from '../key-tokens.js';
import { plural } from '../../lib/plural.js';
import type { Learner, LearnerModule, LearnWalk, PatternDetails } from './learner.js';

// The project's commands: per session, the Bash commands that ran and those that succeeded, by
// purpose (test, build, lint, ... from learners/command-purposes.ts; anything else that is not an
// inspection command is `other`). A pattern `cmd:<purpose>=<detail>` claims: `<detail>` runs here,
// and succeeds. Its opportunities are the sessions that ran `<detail>`; its hits, those in which it
// succeeded. Two commands may share a purpose (unit and end-to-end tests): each is its own claim.
// A placeholder (`local-script`) or an interpreter alone (`python3`) is no command (NOT_A_COMMAND
// in learners/command-purposes.ts). The prior is learned from the user's own history
// (commandPrior): how often a command that ran in a session succeeded there, over every command
// counted, so that a command seen in one session is stated at what such commands usually do.

export const COMMAND_KIND = 'command' as const;

const RUNS = 'cmd.runs:';
const FAILS = 'cmd.fails:';
/** Sessions in which a command ran (any outcome): its claim's opportunities. */
const RAN_IN = 'cmd.ranIn:';
/** Over every command: sessions that ran it, and those in which it succeeded (the learned prior). */
const ALL_RAN = 'cmd.all.ran';
const ALL_OK = 'cmd.all.ok';

/** `cmd:<purpose>=<detail>` as its parts, or undefined. */
export function commandParts(key: string): { purpose: Purpose; detail: string } | undefined {
  const m = /^cmd:([a-z]+)=(.+)$/.exec(key);
  if (m === null || !([...PURPOSES, 'other'] as string[]).includes(m[1]!)) return undefined;
  return { purpose: m[1] as Purpose, detail: m[2]! };
}

const PHRASE: Record<Purpose, string> = { test: 'tests', build: 'builds', lint: 'linting', format: 'formatting', typecheck: 'type checks', run: 'running it', install: 'installing', other: '' };

export function commandClaimText(purpose: Purpose, detail: string): string {
  return purpose === 'other' ? `\`${detail}\` is run here, and succeeds` : `${PHRASE[purpose]} here: \`${detail}\`, which succeeds`;
}

class SessionState {
  session = -1;
  /** Detail id -> its successful records. */
  succeeded = new Map<number, number[]>();
  runs = new Map<number, number>();
  fails = new Map<number, number>();

  /** Emptied for the next session, its collections kept (the Stop hook walks thousands of sessions). */
  reset(session: number): void {
    this.session = session;
    this.succeeded.clear();
    this.runs.clear();
    this.fails.clear();
  }
}

export function commandsLearner(): Learner {
  const st = new SessionState();
  // Per detail id of the current table: its purpose (null when it is an inspection command), and
  // its pattern's key and totals' names, made once.
  let table: unknown;
  let purposeCache: (Purpose | null | undefined)[] = [];
  let keyCache: string[] = [];
  const purposeFor = (w: LearnWalk, d: number): Purpose | null => {
    if (table !== w.t) {
      table = w.t;
      purposeCache = [];
      keyCache = [];
    }
    let p = purposeCache[d];
    if (p === undefined) {
      const detail = w.t.details[d]!;
      p = purposeCache[d] = namesNoCommand(detail) ? null : (purposeOf(detail) ?? (isInspection(detail) ? null : 'other'));
      keyCache[d] = `cmd:${p}=${detail}`;
    }
    return p;
  };
  return {
    kind: COMMAND_KIND,
    prefix: 'cmd',
    category: 'command',
    stream(w: LearnWalk, a: number, b: number, session: number) {
      if (st.session !== session) st.reset(session);
      const { t, order } = w;
      const bash = t.tools.indexOf('Bash');
      if (bash === -1) return;
      for (let k = a; k < b; k++) {
        const i = order[k]!;
        if (t.tool[i] !== bash) continue;
        const d = t.detail[i]!;
        if (d === -1) continue;
        const purpose = purposeFor(w, d);
        if (purpose === null) continue;
        st.runs.set(d, (st.runs.get(d) ?? 0) + 1);
        if (t.ok[i] === 1) {
          const list = st.succeeded.get(d);
          if (list === undefined) st.succeeded.set(d, [i]);
          else list.push(i);
        } else st.fails.set(d, (st.fails.get(d) ?? 0) + 1);
      }
    },
    endSession(w: LearnWalk, session: number) {
      if (st.session === session) {
        // Every successful run is an occurrence (the seed's observations); the claim counts sessions.
        for (const [d, runs] of st.succeeded) {
          const key = keyCache[d]!;
          for (const i of runs) w.hit(COMMAND_KIND, key, i, session);
        }
        for (const [d, n] of st.runs) {
          w.add(RUNS + w.t.details[d], n);
          w.add(RAN_IN + w.t.details[d], 1);
          w.add(ALL_RAN, 1);
          if (st.succeeded.has(d)) w.add(ALL_OK, 1);
        }
        for (const [d, n] of st.fails) w.add(FAILS + w.t.details[d], n);
      }
      st.reset(-1);
    },
    claim(p: PatternCount, c: Counted): ClaimCounts {
      const parts = commandParts(p.key)!;
      const hits = patternSessions(p);
      return { claim: commandClaimText(parts.purpose, parts.detail), hits, opportunities: Math.max(hits, c.totals.get(RAN_IN + parts.detail) ?? 0), prior: commandPrior(c) };
    },
    scoreGroup: (p: PatternCount) => `cmd:${commandParts(p.key)?.purpose ?? ''}`,
    details(p: PatternCount, c: Counted): PatternDetails | undefined {
      // Another command of the same purpose that ran at least twice and never succeeded here.
      const parts = commandParts(p.key);
      if (parts === undefined || parts.purpose === 'other') return undefined;
      let best: PatternDetails | undefined;
      for (const x of neverSucceeded(c).get(parts.purpose) ?? []) {
        if (x.instead_of !== parts.detail && (best === undefined || x.instead_fails! > best.instead_fails!)) best = x;
      }
      return best;
    },
    lift(p: PatternCount, c: Counted): number {
      const parts = commandParts(p.key)!;
      const hits = patternSessions(p);
      const opps = Math.max(hits, c.totals.get(RAN_IN + parts.detail) ?? 0);
      return opps === 0 ? 0 : hits / opps / commandPrior(c);
    },
  };
}


/**
 * What a command that ran in a session usually does there, learned from the counts themselves:
 * the sessions in which a command succeeded, of the sessions that ran it, over every command
 * (Laplace's rule: one success and one failure added, so that a first session is not certain).
 */
export function commandPrior(c: Counted): number {
  return ((c.totals.get(ALL_OK) ?? 0) + 1) / ((c.totals.get(ALL_RAN) ?? 0) + 2);
}

const failing = new WeakMap<Counted, Map<string, PatternDetails[]>>();

/** Per purpose, the commands that ran twice or more in the window and never succeeded (computed once per counts). */
function neverSucceeded(c: Counted): Map<string, PatternDetails[]> {
  let out = failing.get(c);
  if (out !== undefined) return out;
  out = new Map();
  for (const [name, runs] of c.totals) {
    if (!name.startsWith(RUNS) || runs < 2) continue;
    const detail = name.slice(RUNS.length);
    const fails = c.totals.get(FAILS + detail) ?? 0;
    const purpose = purposeOf(detail);
    if (fails !== runs || purpose === undefined) continue;
    out.set(purpose, [...(out.get(purpose) ?? []), { instead_of: detail, instead_fails: fails, instead_runs: runs }]);
  }
  failing.set(c, out);
  return out;
}

/** How often a command ran and failed in the window (for "not `npm test` (failed 4 of 4)"). */
export function commandRuns(detail: string, c: Counted): { runs: number; fails: number } {
  return { runs: c.totals.get(RUNS + detail) ?? 0, fails: c.totals.get(FAILS + detail) ?? 0 };
}

/** The commands learner as the rest of homunculus sees it (learners/learner.ts). */
export const COMMANDS = {
  kind: COMMAND_KIND,
  prefix: 'cmd',
  category: 'command',
  title: 'Project commands',
  words: {
    tokens: (key: string) => {
      const c = commandParts(key);
      // A placeholder or an interpreter alone is never a command to run, whoever wrote the key.
      return c !== undefined && validDetail(c.detail) && !namesNoCommand(c.detail) ? [c.purpose, c.detail] : undefined;
    },
    claim: (t: string[]) => commandClaimText(t[0] as Purpose, t[1]!),
    seed: (t: string[], n: number) => `Project command (${t[0]}): ${t[1]} (succeeded ${n}x)`,
    counts: (h: number, o: number) => `${h} of ${plural(o, 'session')} that ran it`,
    tail: (_t: string[], d: PatternDetails | undefined) =>
      typeof d?.instead_of === 'string' && validDetail(d.instead_of) && whole(d.instead_fails) && whole(d.instead_runs) ? `; not \`${d.instead_of}\` (failed ${d.instead_fails} of ${d.instead_runs})` : '',
  },
  text: {
    domain: (t: string[]) => (t[0] === 'test' ? 'testing' : 'workflow'),
    trigger: (t: string[]) => (t[0] === 'other' ? `running ${t[1]}` : `running the ${t[0]}`),
    action: (t: string[]) => `use ${t[1]}`,
  },
  minLift: () => 0,
  minSessions: () => 1,
  rank: 2,
  perProject: true,
  source: 'observed',
  make: () => commandsLearner(),
} as const satisfies LearnerModule<typeof COMMAND_KIND, 'command'>;

