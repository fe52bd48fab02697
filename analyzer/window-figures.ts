import { isoToMs } from '../lib/clock.js';
import { plural } from '../lib/plural.js';
import { NEAREST, type NearClaim, type ProjectSeen } from './nearest.js';
import type { PatternKind } from './pattern-kind.js';
import { kindInfo } from './kinds.js';

// The figures an analysis states about its window, kept in one shape so that every output says
// the same numbers: analyze and bye (their own run), daily-summary.md (written by that run), and
// status, stats and the report (the last run's, from state/last-analysis.json).
// - tool calls: the records in the window (after windowStart, up to now), each call once;
// - sessions: as analyzer/sessions.ts defines them, over those records;
// - patterns tracked: the patterns that are, or would be, instinct files: tracked (analyzer/
//   tracked.ts isTracked: a habit at minConfidence, a claim also when it passes the delivery test) in the whole window or in a project, each
//   once, as store/promotion/scope.ts scopePatterns takes them (at most maxInstincts). Not the whole
//   window's own list (daily-summary.md said 2 where analyze said 30: a habit of one project is
//   tracked there and not across everything), nor the instinct files (maxNewInstinctsPerRun
//   leaves some for later; taught ones are not patterns).

export interface WindowFigures {
  /** The analysis's now and the start of its window (ISO). */
  now: string;
  windowStart: string;
  windowDays: number;
  recordsInWindow: number;
  sessionsInWindow: number;
  patternsTracked: number;
  /**
   * Projects whose patterns came from the history import-transcripts learned (their window holds
   * too little of their own: analyzer/history.ts): patterns tracked beside few or no records.
   */
  carriedProjects?: number;
  /** What the analysis saw of each project it analysed: its numbers and its nearest claims (analyzer/nearest.ts). */
  projects?: Record<string, ProjectSeen>;
}

/** The sentence every text output uses: "74 tool calls in 8 sessions; 11 patterns tracked". */
export function figuresSentence(f: Pick<WindowFigures, 'recordsInWindow' | 'sessionsInWindow' | 'patternsTracked' | 'carriedProjects'>): string {
  const carried = f.carriedProjects ? ` (with the history import learned for ${plural(f.carriedProjects, 'project')})` : '';
  return `${plural(f.recordsInWindow, 'tool call')} in ${plural(f.sessionsInWindow, 'session')}; ${plural(f.patternsTracked, 'pattern')} tracked${carried}`;
}

/** "the last analysis (as of 2026-10-20 12:00Z, over its 14-day window): 74 tool calls in 8 sessions; 11 patterns tracked" */
export function lastAnalysisSentence(f: WindowFigures): string {
  return `Last analysis (as of ${f.now.slice(0, 16).replace('T', ' ')}Z, over its ${f.windowDays}-day window): ${figuresSentence(f)}.`;
}

/** state/last-analysis.json's text: the figures, and when the run really happened (doctor says it). */
export function lastAnalysisText(f: WindowFigures, ranAt: string): string {
  return `${JSON.stringify({ ...f, ranAt })}\n`;
}

const KEYS = ['recordsInWindow', 'sessionsInWindow', 'patternsTracked', 'windowDays'] as const;

/** The figures in last-analysis.json's text; null when it holds none (not JSON, or written by an earlier version without them). */
export function parseLastAnalysis(text: string): WindowFigures | null {
  let v: Record<string, unknown>;
  try {
    v = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  // Strict ISO 8601 (Date.parse takes "(any text)2026-11-05" too), and counts a run can reach: the figures are printed.
  const iso = (x: unknown) => typeof x === 'string' && !Number.isNaN(isoToMs(x));
  if (!iso(v['now']) || !iso(v['windowStart'])) return null;
  for (const k of KEYS) if (!count(v[k]) || (v[k] as number) >= 1e12) return null;
  if ((v['windowDays'] as number) < 1) return null;
  const projects = parseProjects(v['projects']);
  return { now: v['now'] as string, windowStart: v['windowStart'] as string, windowDays: v['windowDays'] as number, recordsInWindow: v['recordsInWindow'] as number, sessionsInWindow: v['sessionsInWindow'] as number, patternsTracked: v['patternsTracked'] as number, ...(typeof v['carriedProjects'] === 'number' && v['carriedProjects'] > 0 ? { carriedProjects: v['carriedProjects'] } : {}), ...(projects ? { projects } : {}) };
}

const PROJECT_ID = /^[0-9a-f]{12}$/;
const count = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;
const share = (x: unknown): x is number => typeof x === 'number' && x >= 0 && x <= 1;

/** The per-project part, each entry checked (the file is data: a hand-edited or damaged entry is left out). */
function parseProjects(v: unknown): Record<string, ProjectSeen> | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  const out: Record<string, ProjectSeen> = {};
  for (const [id, e] of Object.entries(v as Record<string, unknown>)) {
    if (!PROJECT_ID.test(id) || typeof e !== 'object' || e === null) continue;
    const { sessions, calls, nearest } = e as Record<string, unknown>;
    if (!count(sessions) || !count(calls) || !Array.isArray(nearest)) continue;
    out[id] = { sessions, calls, nearest: nearest.slice(0, NEAREST).flatMap((c) => parseNear(c) ?? []) };
  }
  return out;
}

function parseNear(c: unknown): NearClaim | undefined {
  if (typeof c !== 'object' || c === null) return undefined;
  const x = c as Record<string, unknown>;
  if (kindInfo(x['kind']) === undefined || typeof x['pattern'] !== 'string' || x['pattern'].length > 400) return undefined;
  if (!share(x['rate']) || !count(x['hits']) || !count(x['opportunities']) || !count(x['sessions']) || !share(x['applies']) || !count(x['observations']) || typeof x['lift'] !== 'number' || !Number.isFinite(x['lift'])) return undefined;
  const details = typeof x['details'] === 'object' && x['details'] !== null && !Array.isArray(x['details']) ? { details: x['details'] as NearClaim['details'] } : {};
  return { kind: x['kind'] as PatternKind, pattern: x['pattern'], rate: x['rate'], hits: x['hits'], opportunities: x['opportunities'], sessions: x['sessions'], lift: x['lift'], applies: x['applies'], observations: x['observations'], ...details };
}
