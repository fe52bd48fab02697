// The analyzer's fast paths against the straightforward computation, on generated data that has
// what makes them hard: records late and out of order, sessions across midnight and across the
// window's start, subagents, Bash details, several projects and records with none.
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze } from '../analyzer/analyze.js';
import { analyzeProjects } from '../analyzer/projects.js';
import type { PlainRecord } from '../analyzer/record-table.js';
import { projectTable } from '../analyzer/table-select.js';
import { tableFromRecords } from '../analyzer/table-builder.js';
import { runAnalysis } from '../runs/run.js';
import { loadConfig, type Config } from '../lib/config.js';
import { rng, tempDir } from './helpers.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-08T19:00:00Z');
// The defaults, with this file's values over them (a key added later has its default, not undefined).
const config: Config = {
  ...loadConfig('/nonexistent-homunculus-home', {}, undefined, { defaultsOnly: true }).config,
  windowDays: 7, minConfidence: 0.5, maxConfidence: 0.95, promoteAt: 0.9, minObservations: 5, minSessions: 2,
  maxInstincts: 30, archivePruneDays: 30, retentionDays: 30, demoteBelow: 0.25, forcedEvalEvery: 5, chainDetail: true, halfLifeDays: 7,
  saturateAt: 0.5, minLift: 4, minRetryLift: 3, keepRuleSessionShare: 0.5, effectMinOpportunities: 20, effectMinChange: 0.05,
  ratePriorWeight: 5, minRate: 0.5, maxSessionRules: 8, maxSessionChars: 2000,
};

const TOOLS = ['Grep', 'Read', 'Edit', 'Bash', 'Glob', 'Write', 'TodoWrite'];
const DETAILS = ['npm test', 'git status', 'ls', undefined];
const PROJECTS = ['a1b2c3d4e5f6', '0123456789ab', 'fedcba987654', undefined];

/** Sessions of habits and noise over the window and a day past each of its ends, in file order (not time order). */
export function generatedRecords(seed: number, sessions = 120): PlainRecord[] {
  const rand = rng(seed);
  const out: PlainRecord[] = [];
  const habits = [['Grep', 'Read', 'Edit'], ['Edit', 'Bash', 'Bash'], ['Read', 'Edit', 'Bash']];
  for (let s = 0; s < sessions; s++) {
    // From a day before the window's start to an hour past now (the future is counted apart).
    let ts = NOW - 8 * DAY + Math.floor(rand() * 8 * DAY) + 3_600_000;
    let project = PROJECTS[Math.floor(rand() * PROJECTS.length)];
    const n = 5 + Math.floor(rand() * 80);
    for (let i = 0; i < n; i++) {
      const habit = habits[Math.floor(rand() * habits.length)]!;
      const tools = rand() < 0.6 ? habit : [TOOLS[Math.floor(rand() * TOOLS.length)]!];
      if (rand() < 0.01) project = PROJECTS[Math.floor(rand() * PROJECTS.length)]; // a session that moves to another folder
      for (const tool of tools) {
        ts += 1000 + Math.floor(rand() * 1_800_000); // some sessions run past midnight
        const agentId = rand() < 0.1 ? 'sub1' : undefined;
        const detail = tool === 'Bash' ? DETAILS[Math.floor(rand() * DETAILS.length)] : undefined;
        out.push({ ts, tool, ok: rand() > 0.15, session: `s${s}`, agentId, detail, project });
      }
    }
  }
  // Files hold records in arrival order: mostly by time, some late (imported, or a slow hook).
  out.sort((a, b) => a.ts - b.ts);
  for (let i = 0; i < out.length / 20; i++) {
    const a = Math.floor(rand() * out.length);
    const b = Math.min(out.length - 1, a + Math.floor(rand() * 200));
    [out[a], out[b]] = [out[b]!, out[a]!];
  }
  return out;
}

describe('per-project analysis', () => {
  it.each([1, 2, 3])('filtering the whole table equals analysing a copy of the project\'s records (seed %d)', (seed) => {
    const t = tableFromRecords(generatedRecords(seed));
    const pa = analyzeProjects(t, NOW, config);
    expect(pa.projects.size).toBe(3);
    for (const name of pa.projects.keys()) {
      // analyzeProjects then folds rotations across scopes (test/fold-scopes.test.ts); the filter itself is compared here.
      const copy = analyze(projectTable(t, t.projects.indexOf(name)), NOW, config);
      expect(analyze(t, NOW, config, t.projects.indexOf(name))).toEqual(copy);
    }
    expect(pa.all).toEqual(analyze(t, NOW, config));
  });
});

describe('chain counting', () => {
  it('gives the same result with many keys (a Map of chains) as with few (a flat table)', () => {
    const records = generatedRecords(6);
    const few = analyze(tableFromRecords(records), NOW, config);
    // 80 more tools, used only before the window: every key counts in K, no result may change.
    const old = Array.from({ length: 80 }, (_, i) => ({ ts: NOW - 30 * DAY + i, tool: `Tool${i}`, ok: true, session: 'old' }));
    const many = analyze(tableFromRecords([...old, ...records]), NOW, config);
    expect(many).toEqual(few);
  });
});

/** A record as the observe hook writes it (the canonical line the fast reader matches). */
function canonicalLine(r: PlainRecord, k: number): string {
  const o: Record<string, unknown> = { v: 1, ts: new Date(r.ts).toISOString(), tool: r.tool, ok: r.ok, ms: 5, prev: null, prev2: null, session: r.session, project: r.project ?? null, event: r.ok ? 'PostToolUse' : 'PostToolUseFailure', id: `toolu_${k}` };
  if (r.detail !== undefined) o['detail'] = r.detail;
  if (r.agentId !== undefined) Object.assign(o, { agent: 'Explore', agentId: r.agentId });
  return JSON.stringify(o);
}

function appendRecords(obs: string, records: readonly PlainRecord[], from: number): void {
  const byDay = new Map<string, string[]>();
  records.forEach((r, i) => {
    const day = new Date(r.ts).toISOString().slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), canonicalLine(r, from + i)]);
  });
  for (const [day, lines] of byDay) appendFileSync(join(obs, `${day}.jsonl`), `${lines.join('\n')}\n`);
}

/** partsFromBytes 0: counted in parts and cached; Infinity: the straightforward pass over the whole window. */
function run(home: string, partsFromBytes = 0) {
  const report = runAnalysis({ home, now: new Date(NOW), config: loadConfig(home, {}).config, keepAnalysis: true, partsFromBytes });
  return { report, results: { all: report.analysis, projects: [...report.projects!.projects] } };
}

describe('the cache: incremental runs equal a clean run', () => {
  it.each([4, 5])('records appended in batches, late and out of order, then a cache of another format version (seed %d)', (seed) => {
    // Records up to 4 minutes past now (a little future, counted apart): a run more than 5
    // minutes before the newest record is read-only and writes no cache (test/past-clock.test.ts).
    const records = generatedRecords(seed, 80).filter((r) => r.ts <= NOW + 4 * 60_000);
    expect(records.some((r) => r.ts > NOW)).toBe(true);
    const a = tempDir();
    const obs = join(a, 'observations');
    mkdirSync(obs, { recursive: true });
    // Batches in arrival order: each run finds files that grew (late records land in older days' files too).
    const cuts = [0, 0.4, 0.7, 0.85, 1].map((x) => Math.floor(x * records.length));
    let appended = 0;
    let last: ReturnType<typeof run> | undefined;
    for (let b = 0; b + 1 < cuts.length; b++) {
      appendRecords(obs, records.slice(cuts[b], cuts[b + 1]), cuts[b]!);
      // A second hook's copies of some calls (their tool-use ids again), the last ones late, after a run cached the first.
      appendRecords(obs, records.slice(cuts[b + 1]! - 3, cuts[b + 1]), cuts[b + 1]! - 3);
      if (b > 0) appendRecords(obs, records.slice(cuts[b]! - 2, cuts[b]), cuts[b]! - 2);
      last = run(a);
      appended += last.report.files.appended;
    }
    expect(appended).toBeGreaterThan(0); // the resumed path ran
    expect(last!.report.skipped.duplicates).toBeGreaterThan(0); // and dropped the copies
    const clean = tempDir();
    cpSync(obs, join(clean, 'observations'), { recursive: true });
    const expected = run(clean, Infinity);
    expect(expected.report.files.parsed).toBe(expected.report.files.read);
    expect(last!.results).toEqual(expected.results);
    // A cache written by another version of the format is not read: that file (today's, which a
    // record has just joined) is parsed again.
    const cache = join(a, 'state', 'cache');
    const file = `${new Date(NOW).toISOString().slice(0, 10)}.bin`;
    const bytes = readFileSync(join(cache, file));
    const header = bytes.subarray(0, 64).toString('latin1');
    expect(header).toMatch(/"version":\d+,/);
    bytes.write(header.replace(/"version":\d+,/, '"version":0,'), 0, 'latin1');
    writeFileSync(join(cache, file), bytes);
    appendRecords(obs, [{ ts: NOW - 60_000, tool: 'Read', ok: true, session: 's0' }], records.length);
    const again = run(a);
    expect(again.report.files.parsed).toBe(1);
    expect(again.report.files.cached).toBe(again.report.files.read - 1);
    const clean2 = tempDir();
    cpSync(obs, join(clean2, 'observations'), { recursive: true });
    expect(again.results).toEqual(run(clean2, Infinity).results);
  });
});

describe('the cache of parts: runs that reuse shards equal a clean run', () => {
  const HOUR = 3_600_000;
  function runAt(home: string, nowMs: number, over: Partial<Config> = {}, partsFromBytes = 0, budgetRecords?: number) {
    const report = runAnalysis({ home, now: new Date(nowMs), config: { ...loadConfig(home, {}).config, ...over }, keepAnalysis: true, partsFromBytes, budgetRecords });
    return { report, results: { all: report.analysis, projects: [...report.projects!.projects] } };
  }
  function cleanAt(obs: string, nowMs: number, over: Partial<Config> = {}) {
    const clean = tempDir();
    cpSync(obs, join(clean, 'observations'), { recursive: true });
    return runAt(clean, nowMs, over, Infinity); // the straightforward pass, no parts
  }

  // Seed 8 with a budget of 300 records: shards counted in many batches, file tables read again.
  it.each([[7, undefined], [8, 300]])('a clock that moves on across midnights and the window\'s start, records arriving late (seed %d, budget %s)', (seed, budget) => {
    const records = generatedRecords(seed, 150);
    const home = tempDir();
    const obs = join(home, 'observations');
    mkdirSync(obs, { recursive: true });
    let given = 0;
    let reused = 0;
    // Every 5 hours from two days before NOW: each run sees the records up to half an hour past
    // its clock (a little future), appended in arrival order (late ones land in older days' files).
    for (let now = NOW - 48 * HOUR; now <= NOW + HOUR; now += 5 * HOUR) {
      const upTo = records.findIndex((r, i) => i >= given && r.ts > now + HOUR / 2);
      const next = upTo === -1 ? records.length : upTo;
      if (next > given) appendRecords(obs, records.slice(given, next), given);
      // A second hook's late copies of the last calls given before (their tool-use ids again).
      if (given > 0) appendRecords(obs, records.slice(Math.max(0, given - 2), given), Math.max(0, given - 2));
      given = next;
      const warm = runAt(home, now, {}, 0, budget);
      reused += warm.report.shards.reused;
      expect(warm.results, new Date(now).toISOString()).toEqual(cleanAt(obs, now).results);
    }
    expect(reused).toBeGreaterThan(0); // shards were reused, not all counted again
    // Shards by the hour on the newest day and on the day the window starts in only: the hours of
    // the days between were folded into their day.
    const index = JSON.parse(readFileSync(join(home, 'state', 'cache', 'parts.json'), 'utf8')) as { shards: Record<string, unknown> };
    const keys = Object.keys(index.shards).sort();
    const newest = readdirSync(obs).sort().pop()!.slice(0, 10);
    const first = new Date(NOW + HOUR - 7 * DAY).toISOString().slice(0, 10);
    expect(keys.filter((k) => k.startsWith(newest) && k.length > 10).length).toBeGreaterThan(0);
    expect(keys.filter((k) => k.startsWith(first) && k.length > 10).length).toBeGreaterThan(0);
    for (const k of keys) expect(k.length === 10 || k.startsWith(newest) || k.startsWith(first), k).toBe(true);
    // Another half-life: every part is counted again, and still equal.
    const other = runAt(home, NOW + HOUR, { halfLifeDays: 3 });
    expect(other.report.shards.reused).toBe(0);
    expect(other.results).toEqual(cleanAt(obs, NOW + HOUR, { halfLifeDays: 3 }).results);
  });

  it('the window\'s start moving on by minutes counts again only the first day\'s hour shards whose records it passes', () => {
    const home = tempDir();
    const obs = join(home, 'observations');
    mkdirSync(obs, { recursive: true });
    const start = NOW - 7 * DAY; // 2026-11-01T19:00, in the window's first day
    const firstDay = Date.UTC(2026, 10, 1);
    const habit = (session: string, at: number, project?: string): PlainRecord[] =>
      ['Grep', 'Read', 'Edit', 'Grep', 'Read', 'Edit'].map((tool, i) => ({ ts: at + i * 60_000, tool, ok: i !== 3, session, project }));
    // The first day: a session before the window's start, one across it (18:57 to 19:02), two after it; then later days.
    appendRecords(obs, [...habit('before', firstDay + 2 * HOUR), ...habit('across', start - 3 * 60_000), ...habit('evening', firstDay + 21 * HOUR, 'a1b2c3d4e5f6'), ...habit('night', firstDay + 23 * HOUR), ...habit('later', NOW - 2 * DAY), ...habit('today', NOW - HOUR, 'a1b2c3d4e5f6')], 0);
    const at = (nowMs: number, counted: number) => {
      const r = runAt(home, nowMs);
      expect(r.report.shards.counted, new Date(nowMs).toISOString()).toBe(counted);
      expect(r.results, new Date(nowMs).toISOString()).toEqual(cleanAt(obs, nowMs).results);
      return r;
    };
    at(NOW, 6);
    const index = JSON.parse(readFileSync(join(home, 'state', 'cache', 'parts.json'), 'utf8')) as { shards: Record<string, unknown> };
    expect(Object.keys(index.shards).filter((k) => k.startsWith('2026-11-01')).sort()).toEqual(['2026-11-01T02', '2026-11-01T18', '2026-11-01T21', '2026-11-01T23']);
    at(NOW, 0);
    // The base (written by that second run) merges the first day's shards the start has passed or
    // is an hour or more from, not the one it is about to pass, which is read on its own.
    const base = JSON.parse(readFileSync(join(home, 'state', 'cache', 'parts-base.json'), 'utf8')) as { members: Record<string, string> };
    expect(Object.keys(base.members).filter((k) => k.startsWith('2026-11-01')).sort()).toEqual(['2026-11-01T02', '2026-11-01T21', '2026-11-01T23']);
    at(NOW + 30_000, 0); // the start at 19:00:30 passes no record
    at(NOW + 90_000, 1); // 19:01:30 passes one of the session across it
    at(NOW + 3 * HOUR, 2); // 22:00 passes the evening's records and the last of the session across
    at(NOW + 3 * HOUR, 0);
    // Nothing that was counted before the start is counted again however far it moves.
    expect(runAt(home, NOW + 4 * HOUR + 30 * 60_000).report.shards.counted).toBe(1); // the night's session
  });

  it('a shard read back from its file keeps its records without a project: the one project beside them is still analysed alone', () => {
    const home = tempDir();
    const obs = join(home, 'observations');
    mkdirSync(obs, { recursive: true });
    const habit = (session: string, from: number, tools: string[], project?: string): PlainRecord[] => tools.map((tool, i) => ({ ts: from + i * 60_000, tool, ok: true, session, project }));
    // Two days back, sessions without a project and a habit of their own; today, the project's sessions.
    const before = [0, 1, 2].flatMap((k) => habit(`n${k}`, NOW - 2 * DAY + k * HOUR, ['Glob', 'Write', 'Bash', 'Glob', 'Write', 'Bash']));
    const today = [0, 1].flatMap((k) => habit(`p${k}`, NOW - 4 * HOUR + k * HOUR, ['Grep', 'Read', 'Edit', 'Grep', 'Read', 'Edit'], 'a1b2c3d4e5f6'));
    appendRecords(obs, [...before, ...today], 0);
    runAt(home, NOW);
    appendRecords(obs, habit('p2', NOW - 30 * 60_000, ['Grep', 'Read', 'Edit'], 'a1b2c3d4e5f6'), 100);
    const warm = runAt(home, NOW);
    expect(warm.report.shards.reused).toBeGreaterThan(0); // the older day's shard, from its file
    const clean = cleanAt(obs, NOW);
    expect(clean.results.projects.map(([name]) => name)).toEqual(['a1b2c3d4e5f6']);
    expect(clean.results.projects[0]![1]).not.toEqual(clean.results.all); // not the whole window's analysis
    expect(warm.results).toEqual(clean.results);
  });

  it('a shard larger than the budget is counted in pieces of its sessions, merged into the same counts (a project alone in its pieces, records without one in another)', () => {
    const home = tempDir();
    const obs = join(home, 'observations');
    mkdirSync(obs, { recursive: true });
    const at = NOW - 2 * DAY;
    const habit = (session: string, from: number, project?: string): PlainRecord[] =>
      ['Grep', 'Read', 'Edit', 'Grep', 'Read', 'Edit'].map((tool, i) => ({ ts: from + i * 60_000, tool, ok: i !== 4, session, project }));
    // One day's shard of three sessions, 6 records each: with a budget of 8, one piece a session.
    appendRecords(obs, [...habit('p1', at, 'a1b2c3d4e5f6'), ...habit('p2', at + HOUR, 'a1b2c3d4e5f6'), ...habit('n1', at + 2 * HOUR), ...habit('now', NOW - HOUR, '0123456789ab')], 0);
    const r = runAt(home, NOW, {}, 0, 8);
    expect(r.report.shards.counted).toBe(2); // the day's shard and the newest hour's, not the pieces
    const clean = cleanAt(obs, NOW);
    expect(r.results).toEqual(clean.results);
    // The project's own records only (not the piece without a project's), and reused as counted.
    expect(r.report.projects!.projects.get('a1b2c3d4e5f6')!.recordsInWindow).toBe(12);
    const again = runAt(home, NOW, {}, 0, 8);
    expect(again.report.shards).toEqual({ reused: 2, counted: 0 });
    expect(again.results).toEqual(clean.results);
    // A late record of the last piece's session, in today's file: the index knows the session's
    // shard (every piece's sessions), which is counted again, not a second home for it.
    appendRecords(obs, [{ ts: NOW - HOUR / 2, tool: 'Bash', ok: true, session: 'n1', detail: 'ls' }], 100);
    const late = runAt(home, NOW, {}, 0, 8);
    expect(late.report.shards).toEqual({ reused: 1, counted: 1 });
    expect(late.results).toEqual(cleanAt(obs, NOW).results);
    // Sessions of one project only, in pieces: its part is the shard's whole part, as counted whole.
    const one = tempDir();
    mkdirSync(join(one, 'observations'));
    appendRecords(join(one, 'observations'), [...habit('p1', at, 'a1b2c3d4e5f6'), ...habit('p2', at + HOUR, 'a1b2c3d4e5f6'), ...habit('now', NOW - HOUR, '0123456789ab')], 0);
    runAt(one, NOW, {}, 0, 8);
    const shard = JSON.parse(readFileSync(join(one, 'state', 'cache', `parts-${new Date(at).toISOString().slice(0, 10)}.json`), 'utf8')) as { projects: Record<string, unknown> };
    expect(shard.projects).toEqual({ a1b2c3d4e5f6: 'all' });
  });

  it('a shard reused as it was, then counted again when a late record of one of its sessions lands in an older file', () => {
    const home = tempDir();
    const obs = join(home, 'observations');
    mkdirSync(obs, { recursive: true });
    const day = (d: number, h: number) => NOW - d * DAY + h * HOUR;
    const habit = (session: string, at: number, project?: string): PlainRecord[] =>
      ['Grep', 'Read', 'Edit', 'Grep', 'Read', 'Edit'].map((tool, i) => ({ ts: at + i * 60_000, tool, ok: true, session, project }));
    appendRecords(obs, [...habit('old', day(3, -10), 'a1b2c3d4e5f6'), ...habit('mid', day(2, -10), '0123456789ab'), ...habit('new', day(0, -2))], 0);
    const first = runAt(home, NOW);
    expect(first.report.shards.counted).toBe(3);
    const second = runAt(home, NOW);
    expect(second.report.shards).toEqual({ reused: 3, counted: 0 });
    expect(second.results).toEqual(first.results);
    // A late record of session `old`, in the file of the day after its own: its shard is counted again.
    appendRecords(obs, [{ ts: day(2, -1), tool: 'Bash', ok: false, session: 'old', detail: 'npm test', project: 'a1b2c3d4e5f6' }], 100);
    const third = runAt(home, NOW);
    expect(third.report.shards).toEqual({ reused: 2, counted: 1 });
    expect(third.results).toEqual(cleanAt(obs, NOW).results);
    // The index of another format version: everything counted again, the same result.
    const index = join(home, 'state', 'cache', 'parts.json');
    writeFileSync(index, readFileSync(index, 'utf8').replace(/"version":\d+/, '"version":0'));
    const fourth = runAt(home, NOW);
    expect(fourth.report.shards).toEqual({ reused: 0, counted: 3 });
    expect(fourth.results).toEqual(third.results);
    // The shards reused are read as one merged part, the base: not written by a run that counted
    // everything, but by the next; it merges the days' shards and the newest day's hour shards.
    const cache = join(home, 'state', 'cache');
    expect(existsSync(join(cache, 'parts-base.json'))).toBe(false);
    expect(runAt(home, NOW).report.shards).toEqual({ reused: 3, counted: 0 });
    const base = JSON.parse(readFileSync(join(cache, 'parts-base.json'), 'utf8')) as { members: Record<string, string> };
    const hour = new Date(day(0, -2)).toISOString().slice(0, 13);
    expect(Object.keys(base.members).sort()).toEqual([new Date(day(3, -10)).toISOString().slice(0, 10), new Date(day(2, -10)).toISOString().slice(0, 10), hour]);
    // Without the base, a shard file of another generation than the index names (a run killed
    // between the two) is counted again.
    rmSync(join(cache, 'parts-base.json'));
    const shard = readdirSync(cache).find((f) => /^parts-\d{4}-\d{2}-\d{2}\.json$/.test(f))!;
    writeFileSync(join(cache, shard), readFileSync(join(cache, shard), 'utf8').replace(/"gen":"[^"]*"/, '"gen":"other"'));
    const fifth = runAt(home, NOW);
    expect(fifth.report.shards).toEqual({ reused: 2, counted: 1 });
    expect(fifth.results).toEqual(third.results);
    // A base of other members than the shards reused: not read, the shards read one by one.
    writeFileSync(join(cache, 'parts-base.json'), readFileSync(join(cache, 'parts-base.json'), 'utf8').replace(/"members":\{"[^"]*"/, '"members":{"1999-01-01"'));
    const sixth = runAt(home, NOW);
    expect(sixth.report.shards).toEqual({ reused: 3, counted: 0 });
    expect(sixth.results).toEqual(third.results);
    // The run above wrote a new base of the three; a record of the session in the hour shard: that
    // shard counted again, the base not used (it merges that shard), the two others read one by
    // one; the next base leaves the hour out, and the next run reads it beside the hour's file.
    expect(Object.keys((JSON.parse(readFileSync(join(cache, 'parts-base.json'), 'utf8')) as { members: Record<string, string> }).members)).toContain(hour);
    appendRecords(obs, habit('new', day(0, -2) + 600_000), 200);
    expect(runAt(home, NOW).report.shards).toEqual({ reused: 2, counted: 1 });
    const rebuilt = JSON.parse(readFileSync(join(cache, 'parts-base.json'), 'utf8')) as { members: Record<string, string> };
    expect(Object.keys(rebuilt.members)).not.toContain(hour);
    const again = runAt(home, NOW);
    expect(again.report.shards).toEqual({ reused: 3, counted: 0 });
    expect(again.results).toEqual(cleanAt(obs, NOW).results);
  });
});
