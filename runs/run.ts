import { chmodSync, readdirSync } from 'node:fs';
import { relative } from 'node:path';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { DAY_MS, utcDay } from '../lib/clock.js';
import { readOnlyReason } from '../lib/clock-guard.js';
import type { Config } from '../lib/config.js';
import { assertDataHome, dataHomeNames, ensurePrivateDir, layout } from '../lib/data-home.js';
import { acquireLock, type LockInfo } from '../lib/lock.js';
import { dayOf, protectedDays } from '../analyzer/active-window.js';
import type { Analysis } from '../analyzer/analyze.js';
import { renderDailySummary, type DayEvents } from '../analyzer/daily-summary.js';
import { mergeCarried } from '../analyzer/history.js';
import { analyzeProjects, type ProjectAnalyses } from '../analyzer/projects.js';
import type { RecordTable } from '../analyzer/record-table.js';
import type { ScoredPattern } from '../analyzer/score.js';
import { TableBuilder } from '../analyzer/table-builder.js';
import { lastAnalysisText, type WindowFigures } from '../analyzer/window-figures.js';
import { seenByProject } from '../analyzer/nearest.js';
import { writeObserved, type ArchivedInstinct } from '../store/promotion/observed.js';
import { scopePatterns } from '../store/promotion/scope.js';
import { recoverStore } from '../store/files/txn.js';
import { readHistory } from './history-file.js';
import { loadObservationFile } from './observation-cache.js';
import { analyzeWindowFiles } from './parts-cache.js';
import { prune, pruneArchive, removeTempFiles } from './retention.js';
import { afterHistory, extendSparseProjects, olderPresence, windowPresence } from './sparse-projects.js';
import { bytesOf, observationFiles, windowFiles, type WindowFile } from './window-files.js';

// The analyzer's edges: read observation files (through the cache), run the pure core over all
// projects together and each on its own, hand the results to the store (the one writer of
// instinct files), write the daily summary atomically, prune what has expired. Which files:
// runs/window-files.ts; what sparse projects reach back for: runs/sparse-projects.ts; what is
// pruned: runs/retention.ts.

export type { ArchivedInstinct };

export interface AnalysisReport {
  status: 'done' | 'locked';
  heldBy?: LockInfo;
  /** Another run held the lock when this one started (bye waits for it). */
  waitedFor?: LockInfo;
  /** True when `now` is far ahead of the real clock or behind the newest record (lib/clock-guard.ts): computed and reported, nothing written. */
  readOnly: boolean;
  readOnlyReason?: string;
  now: string;
  windowStart: string;
  windowDays: number;
  files: { read: number; cached: number; appended: number; parsed: number };
  /** Shards of sessions (runs/parts-cache.ts) whose counts were reused from the cache, and those counted. */
  shards: { reused: number; counted: number };
  recordsInWindow: number;
  sessionsInWindow: number;
  /** Lines skipped: malformed, after now, and records of a tool call recorded twice in a file (one of each pair kept). */
  skipped: { malformed: number; future: number; duplicates: number };
  /** The patterns that are, or would be, instinct files (analyzer/window-figures.ts)... */
  tracked: ScoredPattern[];
  /** ...and how many: the figure every output states. */
  patternsTracked: number;
  written: string[];
  unchanged: string[];
  archived: ArchivedInstinct[];
  /** Hand-edited instinct files, kept in archive/ (these paths) before being rewritten or archived. */
  keptUserEdits: string[];
  /** New patterns left for a later run: at most maxNewInstinctsPerRun new instinct files a run. */
  deferred: string[];
  pruned: { observations: string[]; archive: string[] };
  /** Projects with too few sessions in the calendar window, analysed over their last windowDays active days. */
  extended: { project: string; windowStart: string; sessions: number }[];
  /** Projects given what import-transcripts learned from their history (analyzer/history.ts). */
  carried: string[];
  /** Expired names that are folders (a folder named like an old observation file): left alone, relative to the data home. */
  notPruned?: string[];
  analysis?: Analysis;
  /** With keepAnalysis: each project's analysis beside the whole one. */
  projects?: ProjectAnalyses;
}

export function stamp(iso: string): string {
  return iso.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

/**
 * Prunes observation files past retention and reads the window (and later days, to count the
 * future). A read-only run prunes nothing and writes no cache.
 */
/** An analysis past its maxAnalysisSeconds: thrown before anything but the cache is written. */
export class AnalysisTimeout extends Error {
  override name = 'AnalysisTimeout';
}

/** A point in performance.now() time; undefined: no limit (read-only peeks). */
type Deadline = { at: number; seconds: number } | undefined;

function checkDeadline(deadline: Deadline, where: string): void {
  if (deadline !== undefined && performance.now() >= deadline.at) {
    throw new AnalysisTimeout(`the analysis stopped after maxAnalysisSeconds (${deadline.seconds} s) while ${where}; nothing was written (raise maxAnalysisSeconds, or shorten windowDays)`);
  }
}

/** The window's records in one table. */
function loadWindow(home: string, nowMs: number, config: Config, report: AnalysisReport): RecordTable {
  const files = windowFiles(home, nowMs, config);
  return loadFiles(files, bytesOf(files), report);
}

/** The files' records in one table; bytes: their size, to size the table (lines are ~150-250 bytes), so the join rarely has to grow. */
function loadFiles(files: readonly WindowFile[], bytes: number, report: AnalysisReport, deadline?: Deadline): RecordTable {
  const builder = new TableBuilder(Math.max(1024, Math.ceil(bytes / 200)));
  for (const f of files) {
    const r = loadObservationFile(f.path, f.cachePath, { writeCache: !report.readOnly });
    report.files.read++;
    report.files[r.source]++;
    report.skipped.malformed += r.counts.malformed;
    report.skipped.duplicates += r.counts.duplicates;
    builder.addTable(r.table); // joined at once, so each file's columns can be freed
    checkDeadline(deadline, `reading ${f.day}.jsonl`);
  }
  return builder.build();
}

export interface AnalysisOptions {
  home: string;
  now: Date;
  config: Config;
  keepAnalysis?: boolean;
  /** The real clock, for the future-clock guard (tests may pin it). */
  realNowMs?: number;
  /** The caller (bye) already holds the analysis lock. */
  lockHeld?: boolean;
  /** The caller (the Stop hook) has already refused a data home whose folders lead out of it (assertDataHome). */
  homeChecked?: boolean;
  /** Windows of at least these many bytes are counted in parts (runs/parts-cache.ts); default: config.partsFromMiB. */
  partsFromBytes?: number;
  /** Records held at once while counting parts (tests set it small to count in many batches). */
  budgetRecords?: number;
  /** Prune nothing (import's own run: it says first what the next analysis's retention will remove). */
  noPrune?: boolean;
  /**
   * bye's plan, made from this run's analyses before anything is written: it returns which store
   * keys are rules (key -> promoted_at), so that the instinct files are written once, marked.
   */
  plan?: (pa: ProjectAnalyses) => ReadonlyMap<string, string>;
}

export function emptyReport(now: Date, config: Config, readOnlyReason: string | undefined): AnalysisReport {
  const nowMs = now.getTime();
  return {
    status: 'done',
    readOnly: readOnlyReason !== undefined,
    ...(readOnlyReason !== undefined ? { readOnlyReason } : {}),
    now: now.toISOString(),
    windowStart: new Date(nowMs - config.windowDays * DAY_MS).toISOString(),
    windowDays: config.windowDays,
    files: { read: 0, cached: 0, appended: 0, parsed: 0 },
    shards: { reused: 0, counted: 0 },
    recordsInWindow: 0,
    sessionsInWindow: 0,
    skipped: { malformed: 0, future: 0, duplicates: 0 },
    tracked: [],
    patternsTracked: 0,
    written: [],
    unchanged: [],
    archived: [],
    keptUserEdits: [],
    deferred: [],
    pruned: { observations: [], archive: [] },
    extended: [],
    carried: [],
  };
}

/** Reads the window and runs the core; fills the report's counts. Writes only the cache, and not when read-only. */
function readAndAnalyze(home: string, nowMs: number, config: Config, report: AnalysisReport, keepAnalysis: boolean | undefined, deadline: Deadline, partsFromBytes: number, budgetRecords?: number, noPrune = false): ProjectAnalyses {
  const everyFile = observationFiles(home);
  const firstDay = utcDay(nowMs - config.windowDays * DAY_MS);
  const files = everyFile.filter((f) => f.day >= firstDay);
  const older = everyFile.filter((f) => f.day < firstDay);
  let pa: ProjectAnalyses;
  const bytes = bytesOf(files);
  if (bytes < partsFromBytes) {
    // A small window is counted whole: one pass over it costs less than reading and merging parts.
    const table = loadFiles(files, bytes, report, deadline);
    checkDeadline(deadline, 'joining the window');
    pa = analyzeProjects(table, nowMs, config);
    checkDeadline(deadline, 'scoring the patterns');
  } else {
    const counts = { cached: 0, appended: 0, parsed: 0, malformed: 0, duplicates: 0, reused: 0, counted: 0 };
    pa = analyzeWindowFiles(files, layout.cache(home), nowMs, config, !report.readOnly, counts, (where) => checkDeadline(deadline, where), budgetRecords);
    report.files = { read: files.length, cached: counts.cached, appended: counts.appended, parsed: counts.parsed };
    report.skipped.malformed += counts.malformed;
    report.skipped.duplicates += counts.duplicates;
    report.shards = { reused: counts.reused, counted: counts.counted };
  }
  // Sparse projects reach back over their active days; retention keeps what such windows hold.
  const presence = olderPresence(older, !report.readOnly);
  for (const [day, ids] of windowPresence(pa)) presence.set(day, new Set([...(presence.get(day) ?? []), ...ids]));
  report.extended = extendSparseProjects(everyFile, presence, pa, nowMs, config, !report.readOnly);
  // Projects with history (import) add to it what their sessions after it show.
  const history = readHistory(home);
  afterHistory(everyFile, pa, history, nowMs, config, !report.readOnly);
  report.carried = mergeCarried(pa, history, nowMs, config);
  checkDeadline(deadline, 'reaching back for sparse projects');
  if (!report.readOnly && !noPrune) prune(home, everyFile, protectedDays(presence, config.windowDays, dayOf(nowMs - config.retentionDays * DAY_MS), dayOf(nowMs)), nowMs, config, report);
  const a = pa.all;
  report.recordsInWindow = a.recordsInWindow;
  report.sessionsInWindow = a.sessionsInWindow;
  report.skipped.future = a.future;
  // The patterns that are (or would be) instinct files: tracked in the whole window or in a project.
  report.tracked = scopePatterns(pa, config).map((s) => s.p);
  report.patternsTracked = report.tracked.length;
  if (keepAnalysis) {
    report.analysis = a;
    report.projects = pa;
  }
  return pa;
}

/** The figures of a run, as every output states them (analyzer/window-figures.ts). */
export function windowFigures(r: AnalysisReport): WindowFigures {
  return { now: r.now, windowStart: r.windowStart, windowDays: r.windowDays, recordsInWindow: r.recordsInWindow, sessionsInWindow: r.sessionsInWindow, patternsTracked: r.patternsTracked, ...(r.carried.length > 0 ? { carriedProjects: r.carried.length } : {}) };
}

/**
 * The window's records and their analyses, read-only: nothing pruned, no cache written, no lock
 * (for the store's session summary and detect_chains).
 */
export function peekWindow(home: string, now: Date, config: Config): { table: RecordTable; analyses: ProjectAnalyses } {
  const report = emptyReport(now, config, 'peek');
  const table = loadWindow(home, now.getTime(), config, report);
  return { table, analyses: analyzeProjects(table, now.getTime(), config) };
}

/**
 * One analysis: read the window, score, write instincts, archive, daily summary. When `now` is
 * more than 5 minutes ahead of the real clock, or before the data home's newest record, the run
 * is read-only: it computes and reports what it found but takes no lock and deletes, archives
 * and writes nothing (lib/clock-guard.ts).
 */
export function runAnalysis(opts: AnalysisOptions): AnalysisReport {
  const { home, now, config } = opts;
  const nowMs = now.getTime();
  const nowIso = now.toISOString();
  // Real elapsed time, whatever --now says.
  const deadline: Deadline = { at: performance.now() + config.maxAnalysisSeconds * 1000, seconds: config.maxAnalysisSeconds };
  if (!opts.homeChecked) assertDataHome(home);
  const report = emptyReport(now, config, readOnlyReason(home, nowMs, opts.realNowMs));
  const partsFrom = opts.partsFromBytes ?? config.partsFromMiB * 1048576;
  if (report.readOnly) {
    const pa = readAndAnalyze(home, nowMs, config, report, opts.keepAnalysis, deadline, partsFrom, opts.budgetRecords, true);
    opts.plan?.(pa);
    return report;
  }
  ensurePrivateDir(home);
  // Made private when it holds only what homunculus writes: a folder given by mistake (a
  // project, with files of its own) keeps its mode. The files written inside are 0600 either way.
  const names = dataHomeNames();
  if (readdirSync(home).every((f) => names.has(f) || f.endsWith('.tmp'))) {
    try {
      chmodSync(home, 0o700);
    } catch {
      // not ours to change (a shared mount)
    }
  }
  const lock = opts.lockHeld ? { release: () => {} } : acquireLock(layout.lock(home));
  if ('heldBy' in lock) return { ...report, status: 'locked', heldBy: lock.heldBy };
  try {
    const cacheDir = layout.cache(home);
    const instDir = layout.instincts(home);
    const archDir = layout.archive(home);
    ensurePrivateDir(cacheDir);
    // A store change a killed run left is finished or undone before its temporary files could be
    // taken for leftovers (store/files/txn.ts).
    recoverStore(home);
    for (const f of removeTempFiles([home, instDir, archDir, layout.facts(home), cacheDir, layout.state(home)])) (report.notPruned ??= []).push(relative(home, f));
    const pa = readAndAnalyze(home, nowMs, config, report, opts.keepAnalysis, deadline, partsFrom, opts.budgetRecords, opts.noPrune);
    const a = pa.all;
    const promoted = opts.plan?.(pa);
    const w = writeObserved(home, pa, config, nowIso, promoted);
    report.written = w.written;
    report.unchanged = w.unchanged;
    report.archived = w.archived;
    report.keptUserEdits = w.keptUserEdits;
    report.deferred = w.deferred;
    const keep = w.keep;

    // Archive: prune past archivePruneDays; collect what the daily summary reports.
    const events: DayEvents = { created: new Map(), archived: pruneArchive(home, nowMs, config, report) };
    for (const [id, created] of keep) events.created.set(created.slice(0, 10), [...(events.created.get(created.slice(0, 10)) ?? []), id]);
    const figures = windowFigures(report);
    writeFileAtomic(layout.dailySummary(home), renderDailySummary(a, events, figures));
    writeFileAtomic(layout.lastAnalysis(home), lastAnalysisText({ ...figures, projects: seenByProject(pa, config) }, new Date().toISOString()), { skipIfSame: false });
    return report;
  } finally {
    lock.release();
  }
}
