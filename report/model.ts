import { whyNotDelivered, worthDelivering } from '../analyzer/deliver.js';
import { kindInfo, safeSteps } from '../analyzer/kinds.js';
import type { Rule } from '../analyzer/promotion.js';
import { ruleFacts } from '../analyzer/promotion.js';
import type { RecordTable } from '../analyzer/record-table.js';
import { claimSentence } from '../analyzer/rules-file.js';
import { streamsInWindow } from '../analyzer/streams.js';
import { sessionsOfStreams } from '../analyzer/sessions.js';
import type { RuleEffect } from '../analyzer/effectiveness.js';
import type { WindowFigures } from '../analyzer/window-figures.js';
import { DAY_MS, utcDay } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import type { Reaching } from '../rules/reach.js';
import { liveOf, type LiveFigures, type ObservedRule } from '../rules/rule.js';
import { acrossWords } from '../analyzer/rules-file.js';
import { deliverable } from '../exports/session-context.js';
import { analyzerKey, storeKey } from '../store/model/keys.js';
import { round4 } from '../store/model/lifecycle.js';
import type { FactView, InstinctView, Stats } from '../store/views/query.js';
import type { NothingHere } from '../store/views/nothing-here.js';
import { observedForecast, ruleForecast, type Forecast } from './forecast.js';
import { observedSource } from '../store/model/model.js';

// What the report shows, computed from the store's views, rules.json, the project registry and
// the records (the analyzer's table, read through its cache). Pure: everything in, plain data out.
// What was learned and what reaches Claude come first, each as its claim with the rate at which
// it held (the one percentage shown beside a claim; the seed's confidence is a score that ranks).

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

/** A claim's figures, when it was measured: its rate (the shrunk share it held), of what. */
export interface Measured {
  rate: number | null;
  hits: number | null;
  opportunities: number | null;
}

export interface InstinctRow extends Measured {
  id: string;
  pattern: string;
  /** What it says: an observed one's claim with its rate ("After Grep then Read, Edit comes next (84%; ...)"), a taught one's trigger and action. */
  text: string;
  category: string;
  source: string;
  level: string;
  state: string;
  /** `global`, or the project's name (its id beside it only where two names collide). */
  scope: string;
  /** The seed's confidence: a score that ranks, not a probability. */
  score: number;
  observations: number;
  sessions: number;
  last_seen: string;
  promoted: boolean;
  /** It may reach Claude (the one delivery test; taught ones always). */
  delivered: boolean;
  forecast: Forecast;
}

export interface RuleRow extends Measured {
  /** The store key: `seq:Grep->Read->Edit`, a taught `pref:pkg=pnpm`. */
  key: string;
  kind: Rule['kind'] | 'taught';
  /** The line Claude is given, without its key. */
  text: string;
  scope: string;
  promoted_at: string;
  last_seen: string | null;
  observations: number;
  sessions: number;
  /** Given at session start: it passes the delivery test (a taught one always does). */
  delivered: boolean;
  /** Why it is held back, when it is. */
  held?: string;
  /** How its claim held since it was given, as bye stored it on the rule (rules/live.ts); null before any opportunity, and for a taught rule. */
  live: LiveFigures | null;
  forecast: Forecast;
}

export interface ProjectRow {
  id: string;
  /** Its folder's name; the id beside it where two share a name; the id alone when none is known. */
  label: string;
  calls: number;
  instincts: number;
  rules: number;
}

export interface ReportData {
  now: string;
  project: string | null;
  /** The project's label, with --project. */
  projectLabel: string | null;
  /** The last analysis's figures (analyzer/window-figures.ts): what analyze said, over its window. */
  lastAnalysis: WindowFigures | null;
  /** With a project given nothing of its own: what the last analysis saw of it, and the claims nearest to being given. */
  nothingHere: NothingHere | null;
  stats: Stats;
  projects: ProjectRow[];
  /** The days the records cover, oldest first, ending at now's day. */
  days: string[];
  records: number;
  sessions: number;
  perDay: DayRow[];
  perTool: ToolRow[];
  edges: EdgeRow[];
  retryByTool: RetryRow[];
  retryByCommand: RetryRow[];
  /** Delivered first, then by rate (observed) or score (taught), then by sessions. */
  instincts: InstinctRow[];
  /** The rules in rules.json, in the order Claude is given them; those held back after. */
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
  /** Every project known (the registry and the store's), with its instincts. */
  projects: { id: string; name: string | null; instincts: number }[];
  /** Project id -> label (store/files/projects.ts projectNames). */
  names: ReadonlyMap<string, string>;
  /** rules.json's rules that reach the project (all of them without one), as the SessionStart hook reads them (rules/reach.ts). */
  rules: readonly Reaching[];
  lastAnalysis: WindowFigures | null;
  /** With a project given nothing of its own: why (store/views/nothing-here.ts, as `status` says it). */
  nothingHere?: NothingHere | null;
  effects: RuleEffect[] | null;
  /** The first day the records may cover (retention). */
  firstDay: string;
  /** At most this many edges. */
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

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** An observed pattern's claim in words with its rate, or undefined when it was never measured. */
function claimOf(kind: Rule['kind'], pattern: string, m: { rate?: number | undefined; hits?: number | undefined; opportunities?: number | undefined; sessions: number; details?: Rule['details'] }, across?: { projects?: number | undefined }): string | undefined {
  return claimSentence({ kind, pattern, rate: m.rate, hits: m.hits, opportunities: m.opportunities, sessions: m.sessions, ...(m.details ? { details: m.details } : {}) } as Rule, across);
}

/** An observed rule or instinct whose claim was never measured: its seed's words, no percentage. */
function seedText(kind: Rule['kind'], pattern: string, observations: number): string {
  const steps = safeSteps({ kind, pattern });
  return steps ? kindInfo(kind)!.seed(steps, observations) : pattern;
}

function scopeLabel(x: { scope?: string | undefined; project?: string | undefined }, names: ReadonlyMap<string, string>): string {
  return x.scope === 'project' && x.project ? (names.get(x.project) ?? x.project) : 'global';
}

function ruleRow(reaching: Reaching, config: Config, names: ReadonlyMap<string, string>): RuleRow {
  const r = reaching.rule;
  const across = reaching.where === 'across' ? { projects: reaching.projects } : undefined;
  const base = { scope: across !== undefined ? acrossWords(across) : reaching.where === 'sessions' ? 'sessions with no project recorded' : scopeLabel(r, names), promoted_at: r.promoted_at, observations: r.observations, sessions: r.sessions };
  if (r.kind === 'taught') {
    return { key: r.pattern, kind: 'taught', text: `When ${r.trigger.replace(/^when\s+/i, '')}: ${r.action}`, ...base, last_seen: null, rate: null, hits: null, opportunities: null, delivered: true, live: null, forecast: { at: null, basis: 'taught: archived only when you or the evidence contradict it' } };
  }
  const o = r as ObservedRule;
  const why = whyNotDelivered(ruleFacts(o), config);
  return {
    key: storeKey(o.kind, o.pattern),
    kind: o.kind,
    text: claimOf(o.kind, o.pattern, o, across) ?? seedText(o.kind, o.pattern, o.observations),
    ...base,
    last_seen: o.last_seen,
    rate: num(o.rate),
    hits: num(o.hits),
    opportunities: num(o.opportunities),
    delivered: why === undefined,
    ...(why !== undefined ? { held: why } : {}),
    live: liveOf(o) ?? null,
    forecast: ruleForecast(o, config),
  };
}

function instinctRow(v: InstinctView, rules: ReadonlyMap<string, Reaching>, config: Config): InstinctRow {
  const k = observedSource(v) ? analyzerKey(v.pattern) : undefined;
  const claim = k ? claimOf(k.kind, k.key, v, v.rule?.where === 'across' ? { projects: v.rule.projects } : undefined) : undefined;
  const taught = v.trigger || v.action ? `When ${v.trigger.replace(/^when\s+/i, '')}: ${v.action}` : v.pattern;
  const rule = rules.get(v.pattern)?.rule;
  const forecast: Forecast =
    rule && rule.kind !== 'taught' ? ruleForecast(rule as ObservedRule, config) : observedSource(v) ? observedForecast(v.last_seen, config) : { at: null, basis: `${v.source}: never archived automatically (it decays to a score of ${config.taughtFloor} at most)` };
  return {
    id: v.id,
    pattern: v.pattern,
    text: claim ?? (k ? seedText(k.kind, k.key, v.observations) : taught),
    category: v.category,
    source: v.source,
    level: v.level,
    state: v.state,
    scope: v.scope === 'global' ? 'global' : (v.project_name ?? v.project ?? ''),
    score: round4(v.confidence),
    rate: num(v.rate),
    hits: num(v.hits),
    opportunities: num(v.opportunities),
    observations: v.observations,
    sessions: v.sessions,
    last_seen: v.last_seen,
    promoted: v.promoted,
    delivered: v.deliverable,
    forecast,
  };
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
  const projectCalls = new Int32Array(t.projects.length);
  const { order, starts, inWindow } = streamsInWindow(t, startMs, nowMs);
  for (let k = 0; k < inWindow; k++) {
    const i = order[k]!;
    const d = perDay[dayOf(t.ts[i]!)]!;
    d.calls++;
    toolCalls[t.tool[i]!]!++;
    if (t.project[i]! >= 0) projectCalls[t.project[i]!]!++;
    if (t.ok[i] !== 1) {
      d.failures++;
      toolFailures[t.tool[i]!]!++;
    }
  }
  const perTool = t.tools
    .map((tool, i) => ({ tool, calls: toolCalls[i]!, failures: toolFailures[i]! }))
    .filter((r) => r.calls > 0)
    .sort((a, b) => b.calls - a.calls || (a.tool < b.tool ? -1 : 1));

  // Transitions and error-retries: one walk along the streams, counted by id in typed arrays.
  const nTools = t.tools.length;
  const pairs = new Int32Array(nTools * nTools);
  const toolFailed = new Int32Array(nTools);
  const toolRetried = new Int32Array(nTools);
  const cmdFailed = new Int32Array(t.details.length);
  const cmdRetried = new Int32Array(t.details.length);
  const bash = t.tools.indexOf('Bash');
  for (let s = 0; s < t.streams.length; s++) {
    const a = starts[s]!;
    const b = starts[s + 1]!;
    for (let k = a + 1; k < b; k++) {
      const prev = order[k - 1]!;
      const cur = order[k]!;
      const pt = t.tool[prev]!;
      pairs[pt * nTools + t.tool[cur]!]!++;
      if (t.ok[prev] !== 1) {
        const same = pt === t.tool[cur];
        toolFailed[pt]!++;
        if (same) toolRetried[pt]!++;
        const d = t.detail[prev]!;
        if (pt === bash && d !== -1) {
          cmdFailed[d]!++;
          if (same && t.detail[cur] === d) cmdRetried[d]!++;
        }
      }
    }
  }
  const seen: EdgeRow[] = [];
  for (let p = 0; p < pairs.length; p++) if (pairs[p]! > 0) seen.push({ from: t.tools[Math.floor(p / nTools)]!, to: t.tools[p % nTools]!, count: pairs[p]! });
  const edges = seen
    .sort((x, y) => y.count - x.count || (x.from + '\u0000' + x.to < y.from + '\u0000' + y.to ? -1 : 1))
    .slice(0, input.maxEdges ?? 12);

  // Rules in the order the SessionStart hook gives them; those the delivery test holds back after.
  const given = deliverable(input.rules, config);
  const rules = [...given, ...input.rules.filter((r) => !given.includes(r))].map((r) => ruleRow(r, config, input.names));
  const ruleOf = new Map<string, Reaching>();
  for (const r of input.rules) if (!ruleOf.has(r.key)) ruleOf.set(r.key, r);
  const instincts = input.views
    .map((v) => instinctRow(v, ruleOf, config))
    .sort((a, b) => Number(b.delivered) - Number(a.delivered) || (b.rate ?? b.score) - (a.rate ?? a.score) || b.sessions - a.sessions || (a.id < b.id ? -1 : 1));

  const rulesOf = new Map<string, number>();
  for (const { rule: r } of input.rules) if (r.scope === 'project' && r.project) rulesOf.set(r.project, (rulesOf.get(r.project) ?? 0) + 1);
  const callsOf = new Map(t.projects.map((p, i) => [p, projectCalls[i]!]));
  const projects = input.projects
    .map((p) => ({ id: p.id, label: input.names.get(p.id) ?? p.name ?? p.id, calls: callsOf.get(p.id) ?? 0, instincts: p.instincts, rules: rulesOf.get(p.id) ?? 0 }))
    .sort((a, b) => b.calls - a.calls || b.instincts - a.instincts || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));

  return {
    now: new Date(nowMs).toISOString(),
    project: input.project,
    projectLabel: input.project === null ? null : (input.names.get(input.project) ?? input.project),
    lastAnalysis: input.lastAnalysis,
    nothingHere: input.nothingHere ?? null,
    stats: input.stats,
    projects,
    days,
    records: inWindow,
    sessions: sessionsOfStreams(t, starts),
    perDay,
    perTool,
    edges,
    retryByTool: retryRows(t.tools, toolFailed, toolRetried),
    retryByCommand: retryRows(t.details, cmdFailed, cmdRetried),
    instincts,
    rules,
    facts: input.facts.map((f) => ({ id: f.id, fact: f.fact, confidence: round4(f.confidence), scope: f.scope === 'global' ? 'global' : (f.project_name ?? f.project ?? '') })),
    effects: input.effects,
  };
}
