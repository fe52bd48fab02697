import { forEachLearnedHit, recordKeys } from '../analyzer/patterns.js';
import type { Rule } from '../analyzer/promotion.js';
import type { RecordTable } from '../analyzer/record-table.js';
import { streamsInWindow } from '../analyzer/streams.js';
import type { RuleEffect } from '../analyzer/effectiveness.js';
import { DAY_MS, utcDay } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import type { StoreEvent } from '../store/events.js';
import { analyzerKey, storeKey } from '../store/keys.js';
import { round4 } from '../store/lifecycle.js';
import type { FactView, InstinctView, Stats } from '../store/query.js';
import { observedForecast, ruleForecast, type Forecast } from './forecast.js';

// What the report shows, computed from the store's views, its event log, rules.json and the
// records (the analyzer's table, read through its cache). Pure: everything in, plain data out.

export interface DayRow {
  day: string;
  calls: number;
  failures: number;
}

export interface ToolRow {
  tool: string;
  calls: number;
  failures: number;
}

export interface EdgeRow {
  from: string;
  to: string;
  count: number;
}

export interface RetryRow {
  name: string;
  /** Failures followed by another call in the same stream... */
  failures: number;
  /** ...and of those, the ones followed by the same call again. */
  retried: number;
  rate: number;
}

export interface HistoryPoint {
  ts: string;
  confidence: number;
}

export interface InstinctRow {
  id: string;
  pattern: string;
  trigger: string;
  action: string;
  category: string;
  source: string;
  level: string;
  state: string;
  scope: string;
  confidence: number;
  observations: number;
  sessions: number;
  last_seen: string;
  promoted: boolean;
  history: HistoryPoint[];
  /** Occurrences per day of `days` (observed patterns of every learner; empty for the rest). */
  perDay: number[];
  forecast: Forecast;
}

export interface RuleRow {
  pattern: string;
  kind: Rule['kind'];
  promoted_at: string;
  confidence_now: number;
  last_seen: string;
  observations: number;
  sessions: number;
  forecast: Forecast;
}

export interface ReportData {
  now: string;
  project: string | null;
  lastAnalysis: { now: string; windowStart: string; recordsInWindow: number } | null;
  stats: Stats;
  projects: { id: string; name: string | null; instincts: number }[];
  /** The days the records cover, oldest first, ending at now's day. */
  days: string[];
  records: number;
  sessions: number;
  perDay: DayRow[];
  perTool: ToolRow[];
  edges: EdgeRow[];
  retryByTool: RetryRow[];
  retryByCommand: RetryRow[];
  instincts: InstinctRow[];
  rules: RuleRow[];
  facts: { id: string; fact: string; confidence: number; scope: string }[];
  effects: RuleEffect[] | null;
}

export interface ReportInput {
  nowMs: number;
  project: string | null;
  config: Config;
  table: RecordTable;
  views: readonly InstinctView[];
  facts: readonly FactView[];
  stats: Stats;
  projects: { id: string; name: string | null; instincts: number }[];
  events: readonly StoreEvent[];
  rules: readonly Rule[];
  lastAnalysis: { now: string; recordsInWindow: number } | null;
  effects: RuleEffect[] | null;
  /** The first day the records may cover (retention). */
  firstDay: string;
  /** At most this many edges in the graph. */
  maxEdges?: number;
}

const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

function dayList(first: string, last: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); utcDay(t) <= last; t += DAY_MS) out.push(utcDay(t));
  return out;
}

function retryRows(names: readonly string[], failed: Int32Array, retried: Int32Array): RetryRow[] {
  return names
    .flatMap((name, i) => (failed[i]! > 0 ? [{ name, failures: failed[i]!, retried: retried[i]!, rate: round4(retried[i]! / failed[i]!) }] : []))
    .sort((a, b) => b.failures - a.failures || byName(a, b));
}

export function buildReport(input: ReportInput): ReportData {
  const { table: t, nowMs, config } = input;
  const lastDay = utcDay(nowMs);
  // From the first day holding a record (at most retention back), to now's day.
  let minTs = Infinity;
  for (let i = 0; i < t.length; i++) if (t.ts[i]! < minTs && t.ts[i]! <= nowMs) minTs = t.ts[i]!;
  const firstDay = Number.isFinite(minTs) ? (utcDay(minTs) < input.firstDay ? input.firstDay : utcDay(minTs)) : lastDay;
  const days = dayList(firstDay, lastDay);
  const startMs = Date.parse(`${firstDay}T00:00:00Z`) - 1;
  const dayOf = (ts: number) => Math.floor((ts - startMs - 1) / DAY_MS);

  const perDay = days.map((day) => ({ day, calls: 0, failures: 0 }));
  const toolCalls = new Int32Array(t.tools.length);
  const toolFailures = new Int32Array(t.tools.length);
  const { order, starts, inWindow } = streamsInWindow(t, startMs, nowMs);
  const sessions = new Set<number>();
  for (let k = 0; k < inWindow; k++) {
    const i = order[k]!;
    const d = perDay[dayOf(t.ts[i]!)]!;
    d.calls++;
    toolCalls[t.tool[i]!]!++;
    if (t.ok[i] === 0) {
      d.failures++;
      toolFailures[t.tool[i]!]!++;
    }
  }
  const perTool = t.tools
    .map((tool, i) => ({ tool, calls: toolCalls[i]!, failures: toolFailures[i]! }))
    .filter((r) => r.calls > 0)
    .sort((a, b) => b.calls - a.calls || (a.tool < b.tool ? -1 : 1));

  // Transitions, error-retries and each instinct's occurrences: one walk along the streams.
  const nTools = t.tools.length;
  // Counted by id in typed arrays (a Map or a string per record costs a million-record week ~100 ms).
  const pairs = new Int32Array(nTools * nTools);
  const toolFailed = new Int32Array(nTools);
  const toolRetried = new Int32Array(nTools);
  const cmdFailed = new Int32Array(t.details.length);
  const cmdRetried = new Int32Array(t.details.length);
  const bash = t.tools.indexOf('Bash');
  const { keyOf, keys } = recordKeys(t, config.chainDetail);
  const keyId = new Map(keys.map((k, i) => [k, i]));
  const K = keys.length;
  const observedRows = input.views.filter((v) => v.source === 'observed');
  const occurrences = observedRows.map(() => new Int32Array(days.length));
  const chainOf = new Map<number, number[]>(); // a*K*K + b*K + c -> rows
  const retryOf = new Map<number, number[]>(); // key -> rows
  const learnedOf = new Map<string, number[]>(); // a learner's store key -> rows
  observedRows.forEach((v, row) => {
    const ak = analyzerKey(v.pattern);
    if (ak === undefined) return;
    if (ak.kind === 'chain') {
      const steps = ak.key.split('->').map((s) => keyId.get(s));
      if (steps.length !== 3 || steps.some((s) => s === undefined)) return;
      const [a, b, c] = steps as [number, number, number];
      const code = (a * K + b) * K + c;
      chainOf.set(code, [...(chainOf.get(code) ?? []), row]);
    } else if (ak.kind === 'error-retry') {
      const x = keyId.get(ak.key.replace(/ error-retry$/, ''));
      if (x !== undefined) retryOf.set(x, [...(retryOf.get(x) ?? []), row]);
    } else learnedOf.set(ak.key, [...(learnedOf.get(ak.key) ?? []), row]);
  });
  // The learners' patterns (fixes, commands, ...): their own walk's hits, in the instinct's project.
  if (learnedOf.size > 0) {
    const projectOf = observedRows.map((v) => (v.scope === 'global' ? undefined : v.project));
    forEachLearnedHit(t, { nowMs, windowStartMs: startMs, chainDetail: config.chainDetail, fixWindowCalls: config.fixWindowCalls }, (key, i) => {
      for (const row of learnedOf.get(key) ?? []) {
        const p = projectOf[row];
        if (p === undefined || (t.project[i] !== -1 && t.projects[t.project[i]!] === p)) occurrences[row]![dayOf(t.ts[i]!)]!++;
      }
    });
  }
  for (let s = 0; s < t.streams.length; s++) {
    const a = starts[s]!;
    const b = starts[s + 1]!;
    if (b > a) sessions.add(t.streamSession[s]!);
    for (let k = a + 1; k < b; k++) {
      const prev = order[k - 1]!;
      const cur = order[k]!;
      const pt = t.tool[prev]!;
      pairs[pt * nTools + t.tool[cur]!]!++;
      if (t.ok[prev] === 0) {
        const same = pt === t.tool[cur];
        toolFailed[pt]!++;
        if (same) toolRetried[pt]!++;
        const d = t.detail[prev]!;
        if (pt === bash && d !== -1) {
          cmdFailed[d]!++;
          if (same && t.detail[cur] === d) cmdRetried[d]!++;
        }
        for (const row of retryOf.get(keyOf[prev]!) ?? []) if (keyOf[cur] === keyOf[prev]) occurrences[row]![dayOf(t.ts[prev]!)]!++;
      }
      if (k - a >= 2 && chainOf.size) {
        const code = (keyOf[order[k - 2]!]! * K + keyOf[prev]!) * K + keyOf[cur]!;
        for (const row of chainOf.get(code) ?? []) occurrences[row]![dayOf(t.ts[cur]!)]!++;
      }
    }
  }
  const seen: EdgeRow[] = [];
  for (let p = 0; p < pairs.length; p++) if (pairs[p]! > 0) seen.push({ from: t.tools[Math.floor(p / nTools)]!, to: t.tools[p % nTools]!, count: pairs[p]! });
  const edges = seen
    .sort((x, y) => y.count - x.count || (x.from + '\u0000' + x.to < y.from + '\u0000' + y.to ? -1 : 1))
    .slice(0, input.maxEdges ?? 12);

  // Each id's confidence after each event: the running sum of its deltas.
  const histories = new Map<string, HistoryPoint[]>();
  const totals = new Map<string, number>();
  for (const e of input.events) {
    const total = round4((totals.get(e.id) ?? 0) + e.delta);
    totals.set(e.id, total);
    let h = histories.get(e.id);
    if (h === undefined) histories.set(e.id, (h = []));
    h.push({ ts: e.ts, confidence: total });
  }

  const rowOf = new Map(observedRows.map((v, i) => [v.id, i]));
  const rulesByKey = new Map(input.rules.map((r) => [storeKey(r.kind, r.pattern), r]));
  const instincts: InstinctRow[] = [...input.views]
    .sort((a, b) => b.confidence - a.confidence || b.observations - a.observations || (a.id < b.id ? -1 : 1))
    .map((v) => {
      const row = rowOf.get(v.id);
      const rule = rulesByKey.get(v.pattern);
      const forecast: Forecast = rule ? ruleForecast(rule, config) : v.source === 'observed' ? observedForecast(v.last_seen, config) : { at: null, basis: `${v.source}: never archived automatically (it decays to ${Math.round(config.taughtFloor * 100)}% at most)` };
      return {
        id: v.id,
        pattern: v.pattern,
        trigger: v.trigger,
        action: v.action,
        category: v.category,
        source: v.source,
        level: v.level,
        state: v.state,
        scope: v.scope === 'global' ? 'global' : `project ${v.project_name ?? v.project ?? ''}`,
        confidence: round4(v.confidence),
        observations: v.observations,
        sessions: v.sessions,
        last_seen: v.last_seen,
        promoted: v.promoted,
        history: histories.get(v.id) ?? [],
        perDay: row === undefined ? [] : [...occurrences[row]!],
        forecast,
      };
    });
  const rules: RuleRow[] = input.rules.map((r) => ({
    pattern: r.pattern,
    kind: r.kind,
    promoted_at: r.promoted_at,
    confidence_now: r.confidence_now,
    last_seen: r.last_seen,
    observations: r.observations,
    sessions: r.sessions,
    forecast: ruleForecast(r, config),
  }));
  const la = input.lastAnalysis;
  return {
    now: new Date(nowMs).toISOString(),
    project: input.project,
    lastAnalysis: la ? { now: la.now, windowStart: new Date(Date.parse(la.now) - config.windowDays * DAY_MS).toISOString(), recordsInWindow: la.recordsInWindow } : null,
    stats: input.stats,
    projects: input.projects,
    days,
    records: inWindow,
    sessions: sessions.size,
    perDay,
    perTool,
    edges,
    retryByTool: retryRows(t.tools, toolFailed, toolRetried),
    retryByCommand: retryRows(t.details, cmdFailed, cmdRetried),
    instincts,
    rules,
    facts: input.facts.map((f) => ({ id: f.id, fact: f.fact, confidence: round4(f.confidence), scope: f.scope === 'global' ? 'global' : `project ${f.project_name ?? f.project ?? ''}` })),
    effects: input.effects,
  };
}
