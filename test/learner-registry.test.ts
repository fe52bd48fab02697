import { describe, expect, it, vi } from 'vitest';
import type { ClaimCounts } from '../analyzer/claims.js';
import type { Counted, PatternCount } from '../analyzer/counted.js';
import { patternSessions } from '../analyzer/counted.js';
import { validStep } from '../analyzer/key-tokens.js';
import type { Learner, LearnerModule, LearnWalk } from '../analyzer/learners/learner.js';

// A new learner is one file and one line in the list (analyzer/learners/index.ts): this test
// writes a fourth one here (the file) and adds it to the list (the line, through vi.mock), and
// everything else finds it: the analysis scores and tracks its claims, bye promotes them, the
// delivery test orders them, the rules file and the SessionStart context say them, the store
// knows its prefix and category and writes its instinct's words. Nothing else is changed.

/** The fourth learner: the Bash command a session of this project starts with. */
const OPENER_KIND = 'opener' as const;
const SESSIONS = 'opener.sessions';

function openersLearner(): Learner {
  let session = -1;
  let first: { ts: number; i: number; key: number } | undefined;
  const flush = (w: LearnWalk) => {
    if (first !== undefined) {
      w.add(SESSIONS, 1);
      w.hit(OPENER_KIND, `opener:${w.keys[first.key]}`, first.i, session);
    }
    first = undefined;
  };
  return {
    kind: OPENER_KIND,
    prefix: 'opener',
    category: 'opener',
    stream(w, a, b, s) {
      if (s !== session) {
        first = undefined;
        session = s;
      }
      const bash = w.t.tools.indexOf('Bash');
      for (let k = a; k < b; k++) {
        const i = w.order[k]!;
        if (w.t.tool[i] !== bash || w.t.detail[i] === -1) continue;
        if (first === undefined || w.t.ts[i]! < first.ts) first = { ts: w.t.ts[i]!, i, key: w.keyOf[i]! };
        break;
      }
    },
    endSession(w) {
      flush(w);
      session = -1;
    },
    claim(p: PatternCount, c: Counted): ClaimCounts {
      const hits = patternSessions(p);
      return { claim: `sessions here start with ${p.key.slice('opener:'.length)}`, hits, opportunities: Math.max(hits, c.totals.get(SESSIONS) ?? 0), prior: 0.2 };
    },
    lift(p: PatternCount, c: Counted): number {
      const opps = Math.max(patternSessions(p), c.totals.get(SESSIONS) ?? 0);
      return opps === 0 ? 0 : patternSessions(p) / opps / 0.2;
    },
  };
}

const OPENERS = {
  kind: OPENER_KIND,
  prefix: 'opener',
  category: 'opener',
  title: 'How sessions start',
  words: {
    tokens: (key: string) => {
      const step = key.replace(/^opener:/, '');
      return key.startsWith('opener:') && validStep(step) ? [step] : undefined;
    },
    claim: (t: string[]) => `sessions here start with ${t[0]}`,
    seed: (t: string[], n: number) => `Opener: ${t[0]} (${n}x)`,
    counts: (h: number, o: number) => `${h} of ${o} sessions`,
  },
  text: { domain: () => 'workflow', trigger: () => 'a session starts', action: (t: string[]) => `run ${t[0]} first` },
  minLift: () => 0,
  rank: 1.5,
  perProject: true,
  source: 'observed',
  make: () => openersLearner(),
} as const satisfies LearnerModule<typeof OPENER_KIND, 'opener'>;

// The one line.
vi.mock('../analyzer/learners/index.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../analyzer/learners/index.js')>();
  const LEARNERS = [...real.LEARNERS, OPENERS];
  const byKind = new Map(LEARNERS.map((m) => [m.kind, m.make({ fixWindowCalls: 10 })]));
  return {
    ...real,
    LEARNERS,
    makeLearners: (o: { fixWindowCalls: number }) => LEARNERS.map((m) => m.make(o)),
    learnerOf: (kind: string) => byKind.get(kind as never),
    learnerByPrefix: (prefix: string) => [...byKind.values()].find((l) => l.prefix === prefix),
    learnerModule: (kind: string) => LEARNERS.find((m) => m.kind === kind),
  };
});

const { analyze } = await import('../analyzer/analyze.js');
const { tableFromRecords } = await import('../analyzer/table-builder.js');
const { consolidate, activeRules } = await import('../analyzer/promotion.js');
const { KINDS: DELIVERY, byUsefulness } = await import('../analyzer/deliver.js');
const { kindOfStoreKey, PER_PROJECT_KINDS } = await import('../analyzer/kinds.js');
const { PREFIXES, categoryOf } = await import('../store/model/keys.js');
const { observedAction, observedTrigger } = await import('../store/model/text.js');
const { sessionRulesContext } = await import('../exports/session-context.js');
const { KEY_PREFIXES } = await import('../exports/import-md.js');
const { CATEGORY_OF_PREFIX } = await import('../exports/select.js');
const { stats } = await import('../store/views/query.js');

const NOW = Date.parse('2026-11-08T12:00:00Z');
const MIN = 60_000;
const DAY = 86_400_000;
const config = {
  windowDays: 7, minConfidence: 0.5, maxConfidence: 0.95, promoteAt: 0.9, minObservations: 5, minSessions: 2, maxInstincts: 30, halfLifeDays: 7, chainDetail: true,
  saturateAt: 0.5, minLift: 4, minRetryLift: 3, ratePriorWeight: 5, minRate: 0.5, fixWindowCalls: 10, keepRuleSessionShare: 0.5, demoteBelow: 0.25,
  maxSessionRules: 8, maxSessionChars: 2000,
} as never;

/** Four sessions on four days, each starting with `docker compose up`. */
const records = [0, 1, 2, 3].flatMap((d) =>
  [['Bash', 'docker compose up'], ['Read'], ['Edit'], ['Bash', 'npm test']].map(([tool, detail], i) => ({ ts: NOW - (4 - d) * DAY + i * MIN, tool: tool!, ok: true, session: `s${d}`, detail })),
);

describe('a fourth learner: one file and one line in the list', () => {
  const a = analyze(tableFromRecords(records), NOW, config);
  const p = a.patterns.find((x) => x.key === 'opener:Bash(docker compose up)');

  it('the analysis counts, scores and tracks its claims', () => {
    expect(p).toMatchObject({ kind: 'opener', hits: 4, opportunities: 4, sessions: 4, claim: 'sessions here start with Bash(docker compose up)' });
    expect(a.tracked.map((x) => x.key)).toContain('opener:Bash(docker compose up)');
  });

  it('bye promotes it, the delivery test orders it after fixes and before commands, and the session is told', () => {
    const rules = activeRules(consolidate([], a.patterns, NOW, config as never));
    const rule = rules.find((r) => r.pattern === 'opener:Bash(docker compose up)');
    expect(rule).toMatchObject({ kind: 'opener', key: 'opener:Bash(docker compose up)', hits: 4, opportunities: 4 });
    expect(DELIVERY['opener']?.rank).toBe(1.5);
    // At equal expected value, its place in the order (1.5) before commands (2).
    expect(byUsefulness({ key: 'opener:x', sessions: 2, rate: 0.9, applies: 0.5 }, { key: 'cmd:test=npm test', sessions: 2, rate: 0.9, applies: 0.5 })).toBeLessThan(0);
    const context = sessionRulesContext(rules.map((r) => ({ rule: { ...r, scope: 'project' as const, project: 'aaaaaaaaaaaa' }, key: r.key!, where: 'here' as const })), config as never);
    expect(context?.text).toMatch(/- Sessions here start with Bash\(docker compose up\) \(\d+%; 4 of 4 sessions\) `opener:Bash\(docker compose up\)`/);
  });

  it('the store knows its prefix, category and words, and that it belongs to its project', () => {
    expect(PREFIXES['opener']).toBe('opener');
    expect(categoryOf('opener:Bash(make)')).toBe('opener');
    expect(kindOfStoreKey('opener:Bash(make)')).toEqual({ kind: 'opener', key: 'opener:Bash(make)' });
    expect(PER_PROJECT_KINDS.has('opener')).toBe(true);
    expect(observedTrigger('opener' as never, 'opener:Bash(make)')).toBe('a session starts');
    expect(observedAction('opener' as never, 'opener:Bash(make)')).toBe('run Bash(make) first');
  });

  it('exports read its lines back and select it by category, and stats count its category', () => {
    expect(KEY_PREFIXES['opener']).toBe('opener');
    expect(CATEGORY_OF_PREFIX['opener']).toBe('opener');
    expect(stats([], [], 0, 0, { rules: 0, projects: 0 }).categories).toHaveProperty('opener', 0);
  });
});
