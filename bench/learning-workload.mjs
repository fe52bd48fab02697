// A seeded generator of multi-week workloads for the learning benchmark: one simulated user's
// sessions, day by day, with planted habits among realistic background tool use and noise.
// Pure: (seed, options) -> days of observation lines, in the hook's canonical format.

/** mulberry32: small, fast, good enough for workloads. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rand, xs) => xs[Math.floor(rand() * xs.length)];
function weighted(rand, table) {
  let r = rand() * table.reduce((s, [, w]) => s + w, 0);
  for (const [v, w] of table) if ((r -= w) < 0) return v;
  return table[table.length - 1][0];
}

// Background: what Claude does anyway, as a first-order chain over tools. Generic chains such as
// Read->Read->Read come out of it often; nothing in it is a habit worth a rule.
const BACKGROUND = {
  start: [['Read', 4], ['Grep', 2], ['Glob', 1], ['Bash', 2], ['TodoWrite', 1]],
  Read: [['Read', 35], ['Edit', 20], ['Grep', 10], ['Bash', 15], ['Glob', 5], ['Write', 5], ['TodoWrite', 5], ['Agent', 5]],
  Grep: [['Read', 50], ['Grep', 25], ['Glob', 10], ['Bash', 15]],
  Glob: [['Read', 50], ['Glob', 20], ['Grep', 30]],
  Edit: [['Edit', 25], ['Read', 25], ['Bash', 30], ['Write', 5], ['Grep', 15]],
  Write: [['Bash', 40], ['Read', 30], ['Edit', 30]],
  Bash: [['Bash', 35], ['Read', 30], ['Edit', 20], ['Grep', 15]],
  TodoWrite: [['Read', 40], ['Grep', 30], ['Bash', 30]],
  Agent: [['Read', 50], ['Edit', 30], ['Bash', 20]],
};
const BASH_DETAILS = [['git status', 5], ['git diff', 4], ['ls', 4], ['cat', 2], ['git log', 2], ['npm run', 2], ['find', 1], ['grep', 2], ['mkdir', 1], ['node', 1]];
// Noise: anything at all, uniformly, including rare tools.
const NOISE_TOOLS = ['Read', 'Edit', 'Bash', 'Grep', 'Glob', 'Write', 'TodoWrite', 'WebFetch', 'WebSearch', 'NotebookEdit', 'Agent', 'mcp__github__get_issue', 'mcp__linear__list_issues', 'TaskStop', 'MultiEdit'];

/** A step: [tool, detail?, ok?]. */
const step = (tool, detail, ok = true) => ({ tool, detail, ok });

/**
 * The planted habits. `key` is the pattern as the analyzer names it with command detail; `plain`
 * the same without detail (what a detail-less analyzer would call it).
 */
export const HABITS = {
  steady: { key: 'Grep->Read->Edit', plain: 'Grep->Read->Edit', steps: () => [step('Grep'), step('Read'), step('Edit')] },
  late: { key: 'Glob->Read->Write', plain: 'Glob->Read->Write', steps: () => [step('Glob'), step('Read'), step('Write')] },
  stopping: { key: 'Bash(make build)->Read->Edit', plain: 'Bash->Read->Edit', steps: () => [step('Bash', 'make build'), step('Read'), step('Edit')] },
  weak: { key: 'WebSearch->WebFetch->Edit', plain: 'WebSearch->WebFetch->Edit', steps: () => [step('WebSearch'), step('WebFetch'), step('Edit')] },
  retry: { key: 'Bash(npm test) error-retry', plain: 'Bash error-retry', steps: () => [step('Edit'), step('Bash', 'npm test', false), step('Bash', 'npm test')] },
  burst: { key: 'TodoWrite->Read->TodoWrite', plain: 'TodoWrite->Read->TodoWrite', steps: () => [step('TodoWrite'), step('Read'), step('TodoWrite')] },
};

export const DEFAULTS = {
  days: 21,
  start: '2026-10-01',
  sessionsPerDay: [3, 6],
  shortSessionShare: 0.1, // a question answered with one or two calls: no habit fits in it
  callsPerSession: [25, 70],
  steadyShare: 0.95, // of the sessions that are not short: ~85% of all sessions
  lateStart: 8, // the late habit starts on this day (1-based)...
  lateShare: 0.95,
  stoppingEnd: 6, // ...the stopping habit is last seen on this day
  stoppingShare: 0.95,
  weakShare: 0.78, // ~70% of all sessions, once each
  retryShare: 0.93, // ~84% of all sessions
  burstDay: 2,
  burstTimes: 80,
  subagentShare: 0.3,
  noise: 0,
  burst: true,
};

/** How many times a habit is repeated in one session where it is present. */
const reps = (rand, lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));

function backgroundStep(rand, prev, noise) {
  if (rand() < noise) {
    const tool = pick(rand, NOISE_TOOLS);
    return step(tool, tool === 'Bash' ? weighted(rand, BASH_DETAILS) : undefined, rand() > 0.08);
  }
  const tool = weighted(rand, BACKGROUND[prev] ?? BACKGROUND.start);
  return step(tool, tool === 'Bash' ? weighted(rand, BASH_DETAILS) : undefined, rand() > 0.05);
}

/** One session's main stream: background with the day's habits spliced in at random places. */
function sessionSteps(rand, o, day, isBurstSession) {
  const n = reps(rand, o.callsPerSession[0], o.callsPerSession[1]);
  const blocks = [];
  const plant = (habit, times) => {
    for (let i = 0; i < times; i++) blocks.push(HABITS[habit].steps());
  };
  if (rand() < o.steadyShare) plant('steady', reps(rand, 2, 5));
  if (day >= o.lateStart && rand() < o.lateShare) plant('late', reps(rand, 2, 4));
  if (day <= o.stoppingEnd && rand() < o.stoppingShare) plant('stopping', reps(rand, 2, 4));
  if (rand() < o.weakShare) plant('weak', 1);
  if (rand() < o.retryShare) plant('retry', reps(rand, 1, 3));
  if (isBurstSession) {
    // Done back to back: the burst is one long run of the same three calls.
    const burst = [];
    for (let i = 0; i < o.burstTimes; i++) burst.push(...HABITS.burst.steps());
    blocks.push(burst);
  }
  // Back-to-back repetitions of a habit are common: sometimes join two blocks of the same habit.
  const steps = [];
  let prev = 'start';
  const insertAt = new Map();
  for (const b of blocks) {
    const at = Math.floor(rand() * n);
    insertAt.set(at, [...(insertAt.get(at) ?? []), b]);
  }
  for (let i = 0; i < n; i++) {
    for (const b of insertAt.get(i) ?? []) {
      steps.push(...b);
      prev = b[b.length - 1].tool;
    }
    const s = backgroundStep(rand, prev, o.noise);
    steps.push(s);
    prev = s.tool;
  }
  return steps;
}

function subagentSteps(rand, o) {
  const n = reps(rand, 8, 30);
  const steps = [];
  let prev = 'Glob';
  for (let i = 0; i < n; i++) {
    const tool = rand() < o.noise ? pick(rand, NOISE_TOOLS) : weighted(rand, { Glob: [['Grep', 5], ['Read', 5]], Grep: [['Read', 6], ['Grep', 3], ['Glob', 1]], Read: [['Read', 5], ['Grep', 3], ['Glob', 2]] }[prev] ?? [['Read', 1]]);
    steps.push(step(tool, tool === 'Bash' ? 'ls' : undefined));
    prev = tool;
  }
  return steps;
}

const DAY_MS = 86_400_000;
const SLOTS = [9, 11, 13.5, 15.5, 18, 20.5]; // session start hours (UTC)

function line(rec, prev) {
  let s = `{"v":1,"ts":"${new Date(rec.ts).toISOString()}","tool":"${rec.tool}","ok":${rec.ok},"ms":${rec.ms},"prev":${prev[0] ? `"${prev[0]}"` : 'null'},"prev2":${prev[1] ? `"${prev[1]}"` : 'null'},"session":"${rec.session}","project":"${rec.project}","event":"${rec.ok ? 'PostToolUse' : 'PostToolUseFailure'}","id":"${rec.id}"`;
  if (rec.detail) s += `,"detail":"${rec.detail}"`;
  if (rec.agentId) s += `,"agent":"Explore","agentId":"${rec.agentId}"`;
  return `${s}}`;
}

/**
 * The workload: for each day (1-based), the observation lines of that day in time order, and
 * what was planted (per day: the habits' session counts), so that the benchmark can grade.
 */
export function workload(seed, options = {}) {
  const o = { ...DEFAULTS, ...options };
  const rand = rng(seed);
  const startMs = Date.parse(`${o.start}T00:00:00Z`);
  const days = [];
  let nSession = 0;
  const burstAt = { day: o.burstDay, slot: 0 };
  for (let d = 1; d <= o.days; d++) {
    const dayStart = startMs + (d - 1) * DAY_MS;
    const sessions = reps(rand, o.sessionsPerDay[0], o.sessionsPerDay[1]);
    const records = [];
    for (let k = 0; k < sessions; k++) {
      const session = `s${seed}-${String(++nSession).padStart(4, '0')}`;
      let t = dayStart + SLOTS[k] * 3_600_000 + Math.floor(rand() * 600_000);
      const short = rand() < o.shortSessionShare;
      const isBurst = o.burst && d === burstAt.day && k === burstAt.slot;
      const main = short && !isBurst ? Array.from({ length: reps(rand, 1, 2) }, () => backgroundStep(rand, 'start', o.noise)) : sessionSteps(rand, o, d, isBurst);
      const sub = !short && rand() < o.subagentShare ? subagentSteps(rand, o) : [];
      // Interleave: the subagent runs during the middle of the session.
      const subStart = Math.floor(main.length / 3);
      let i = 0;
      let j = 0;
      const streamPrev = { main: [null, null], sub: [null, null] };
      while (i < main.length || j < sub.length) {
        const takeSub = j < sub.length && i >= subStart && (i >= main.length || rand() < 0.5);
        const s = takeSub ? sub[j++] : main[i++];
        t += 5_000 + Math.floor(rand() * 40_000);
        const rec = { ts: t, tool: s.tool, ok: s.ok, ms: 10 + Math.floor(rand() * 2000), session, project: 'a1b2c3d4e5f6', id: `toolu_${session}_${records.length}`, detail: s.detail, agentId: takeSub ? `ag${session.replace(/[^a-z0-9]/gi, '')}` : undefined };
        const prev = takeSub ? streamPrev.sub : streamPrev.main;
        records.push(line(rec, prev));
        prev[1] = prev[0];
        prev[0] = rec.tool;
      }
    }
    days.push({ day: d, date: new Date(dayStart).toISOString().slice(0, 10), lines: records });
  }
  return { options: o, days };
}
