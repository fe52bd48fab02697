import { chmodSync, lstatSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { pruneDataFile } from '../lib/data-files.js';
import { DAY_MS, utcDay } from '../lib/clock.js';
import { readOnlyReason } from '../lib/clock-guard.js';
import type { Config } from '../lib/config.js';
import { assertDataHome, dataHomeNames, ensurePrivateDir, layout } from '../lib/data-home.js';
import { acquireLock, type LockInfo } from '../lib/lock.js';
import { cachedProjects, loadObservationFile } from './observation-cache.js';
import { activeWindowStart, dayOf, lastActiveDays, protectedDays } from './active-window.js';
import { analyze } from './analyze.js';
import { foldAcrossScopes } from './folding.js';
import { mergeCarried } from './history.js';
import { readHistory } from './history-file.js';
import { analyzeWindowFiles, type WindowFile } from './parts-cache.js';
import { TableBuilder, type RecordTable } from './record-table.js';
import type { Analysis } from './analyze.js';
import { renderDailySummary, type DayEvents } from './daily-summary.js';
import { lastAnalysisText, type WindowFigures } from './window-figures.js';
import { analyzeProjects, type ProjectAnalyses } from './projects.js';
import type { ScoredPattern } from './score.js';
import { writeObserved, type ArchivedInstinct } from '../store/observed.js';
import { scopePatterns } from '../store/scope.js';
import { pruneInjections } from '../store/turn-feedback.js';
import { recoverStore } from '../store/txn.js';

// The analyzer's edges: read observation files (through the cache), run the pure core over all
// projects together and each on its own, hand the results to the store (the one writer of
// instinct files), write the daily summary atomically, prune what has expired.

const OBSERVATION_FILE = /^(\d{4}-\d{2}-\d{2})\.jsonl$/;
const ARCHIVE_FILE = /^([a-z0-9-]+)--(\d{8}T\d{6}Z)\.md$/;

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
  /** Shards of sessions (analyzer/parts-cache.ts) whose counts were reused from the cache, and those counted. */
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

function listDir(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}

/** Leftovers of a run killed between writing a temporary file and renaming it; returns what is not a file (left alone). */
function removeTempFiles(dirs: string[]): string[] {
  const leftAlone: string[] = [];
  for (const dir of dirs) for (const f of listDir(dir)) if (f.endsWith('.tmp') && !pruneDataFile(join(dir, f))) leftAlone.push(join(dir, f));
  return leftAlone;
}

/**
 * The hooks keep a tiny file per session stream (last two tools) and per session (prompt count).
 * They are state, not data: once untouched for retentionDays (real time: they are about
 * processes, not the data's clock) they are removed, so they do not pile up one per session.
 */
function pruneHookState(home: string, retentionDays: number): void {
  const cutoff = Date.now() - retentionDays * DAY_MS;
  // Session marks too: a mark still open after retentionDays has nothing left to reconcile.
  for (const dir of [layout.streams(home), layout.promptCounts(home), layout.sessions(home)]) {
    for (const f of listDir(dir)) {
      const path = join(dir, f);
      try {
        if (lstatSync(path).mtimeMs < cutoff) rmSync(path, { force: true });
      } catch {
        // raced with a hook: fine
      }
    }
  }
}

function fileSize(path: string): number {
  try {
    return lstatSync(path).size;
  } catch {
    return 0;
  }
}

export function stamp(iso: string): string {
  return iso.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

function stampMs(s: string): number {
  return Date.parse(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`);
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

/** Every observation file of the data home, in day order. */
function observationFiles(home: string): WindowFile[] {
  const obsDir = layout.observations(home);
  const cacheDir = layout.cache(home);
  const out: WindowFile[] = [];
  for (const f of listDir(obsDir)) {
    const m = OBSERVATION_FILE.exec(f);
    if (m) out.push({ day: m[1]!, path: join(obsDir, f), cachePath: join(cacheDir, `${m[1]!}.bin`) });
  }
  return out;
}

/** The window's files (and later days', to count the future), in day order. Nothing is pruned here: see prune. */
function windowFiles(home: string, nowMs: number, config: Config): WindowFile[] {
  const firstDay = utcDay(nowMs - config.windowDays * DAY_MS);
  return observationFiles(home).filter((f) => f.day >= firstDay);
}

/**
 * Which projects have records on each day before the window, from each file's cache header (a
 * file whose cache is missing or stale is read once, and its cache written unless read-only).
 * A file that cannot be read (not a regular file) counts as no project's.
 */
function olderPresence(files: readonly WindowFile[], writes: boolean): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  for (const f of files) {
    let projects = cachedProjects(f.path, f.cachePath);
    if (projects === undefined) {
      try {
        projects = loadObservationFile(f.path, f.cachePath, { writeCache: writes }).table.projects;
      } catch {
        projects = [];
      }
    }
    out.set(dayOf(Date.parse(`${f.day}T00:00:00Z`)), new Set(projects));
  }
  return out;
}

/** The window's days on which each project analysed has records. */
function windowPresence(pa: ProjectAnalyses): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  for (const [id, a] of pa.projects) {
    for (const d of a.days) {
      if (d.calls === 0) continue;
      const day = dayOf(Date.parse(`${d.day}T00:00:00Z`));
      let set = out.get(day);
      if (set === undefined) out.set(day, (set = new Set()));
      set.add(id);
    }
  }
  return out;
}

/**
 * Retention: observation files older than retentionDays are deleted with their caches, except
 * those inside a recently used project's active window (analyzer/active-window.ts); caches with
 * no file, hook state and injection logs past retention go too. Only a run that writes prunes.
 */
function prune(home: string, files: readonly WindowFile[], keep: ReadonlySet<number>, nowMs: number, config: Config, report: AnalysisReport): void {
  const pruneBefore = utcDay(nowMs - config.retentionDays * DAY_MS);
  // Regular files only: anything else at an expired name (a folder) is left alone and named.
  const remove = (path: string): boolean => {
    if (pruneDataFile(path)) return true;
    (report.notPruned ??= []).push(relative(home, path));
    return false;
  };
  const kept = new Set<string>();
  for (const f of files) {
    if (f.day >= pruneBefore || keep.has(dayOf(Date.parse(`${f.day}T00:00:00Z`)))) {
      kept.add(f.day);
      continue;
    }
    if (remove(f.path)) report.pruned.observations.push(`${f.day}.jsonl`);
    remove(f.cachePath);
  }
  const cacheDir = layout.cache(home);
  for (const f of listDir(cacheDir)) {
    if (f.endsWith('.bin') && !kept.has(f.slice(0, -4))) remove(join(cacheDir, f));
  }
  pruneHookState(home, config.retentionDays);
  for (const f of pruneInjections(home, pruneBefore, Date.now())) (report.notPruned ??= []).push(relative(home, f));
}

/**
 * Each project with fewer than minSessions sessions in the calendar window is analysed again over
 * its last windowDays active days (analyzer/active-window.ts), from the day files it has records
 * in; rotations are then folded across scopes again. Returns the projects reached back for.
 */
function extendSparseProjects(files: readonly WindowFile[], presence: ReadonlyMap<number, ReadonlySet<string>>, pa: ProjectAnalyses, nowMs: number, config: Config, writes: boolean): { project: string; windowStart: string; sessions: number }[] {
  const calendarStart = nowMs - config.windowDays * DAY_MS;
  const byDay = new Map(files.map((f) => [dayOf(Date.parse(`${f.day}T00:00:00Z`)), f]));
  const out: { project: string; windowStart: string; sessions: number }[] = [];
  const changed: Analysis[] = [];
  for (const [id, a] of [...pa.projects]) {
    if (a.sessionsInWindow >= config.minSessions) continue;
    const active: number[] = [];
    for (const [day, projects] of presence) if (projects.has(id)) active.push(day);
    const start = activeWindowStart(active, config.windowDays, nowMs, calendarStart);
    if (start === undefined) continue;
    const builder = new TableBuilder();
    for (const day of lastActiveDays(active, config.windowDays, dayOf(nowMs))) {
      const f = byDay.get(day);
      if (f !== undefined) builder.addTable(loadObservationFile(f.path, f.cachePath, { writeCache: writes }).table);
    }
    const t = builder.build();
    const index = t.projects.indexOf(id);
    if (index === -1) continue;
    const extended = analyze(t, nowMs, config, index, start);
    pa.projects.set(id, extended);
    changed.push(extended);
    out.push({ project: id, windowStart: new Date(start + 1).toISOString(), sessions: extended.sessionsInWindow });
  }
  if (changed.length > 0) foldAcrossScopes(pa.all, changed, config);
  return out;
}

/** Bytes of the observation files in the window at nowMs (0 when there are none, or the folder cannot be read: the run says why). */
export function windowBytes(home: string, nowMs: number, config: Config): number {
  const firstDay = utcDay(nowMs - config.windowDays * DAY_MS);
  const obsDir = layout.observations(home);
  try {
    return listDir(obsDir).reduce((n, f) => ((OBSERVATION_FILE.exec(f)?.[1] ?? '') >= firstDay ? n + fileSize(join(obsDir, f)) : n), 0);
  } catch {
    return 0;
  }
}

/** The window's records in one table. */
function loadWindow(home: string, nowMs: number, config: Config, report: AnalysisReport): RecordTable {
  const files = windowFiles(home, nowMs, config);
  return loadFiles(files, bytesOf(files), report);
}

const bytesOf = (files: readonly WindowFile[]) => files.reduce((n, f) => n + fileSize(f.path), 0);

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
  /** Windows of at least these many bytes are counted in parts (analyzer/parts-cache.ts); default: config.partsFromMiB. */
  partsFromBytes?: number;
  /** Records held at once while counting parts (tests set it small to count in many batches). */
  budgetRecords?: number;
  /** Prune nothing (import's own run: it says first what the next analysis's retention will remove). */
  noPrune?: boolean;
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
  // Projects still short of evidence are given what was learned from their history (import).
  report.carried = mergeCarried(pa, readHistory(home), nowMs, config);
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
    readAndAnalyze(home, nowMs, config, report, opts.keepAnalysis, deadline, partsFrom, opts.budgetRecords, true);
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
    // taken for leftovers (store/txn.ts).
    recoverStore(home);
    for (const f of removeTempFiles([home, instDir, archDir, layout.facts(home), cacheDir, layout.state(home)])) (report.notPruned ??= []).push(relative(home, f));
    const pa = readAndAnalyze(home, nowMs, config, report, opts.keepAnalysis, deadline, partsFrom, opts.budgetRecords, opts.noPrune);
    const a = pa.all;
    const w = writeObserved(home, pa, config, nowIso);
    report.written = w.written;
    report.unchanged = w.unchanged;
    report.archived = w.archived;
    report.keptUserEdits = w.keptUserEdits;
    report.deferred = w.deferred;
    const keep = w.keep;

    // Archive: prune past archivePruneDays; collect what the daily summary reports.
    const events: DayEvents = { created: new Map(), archived: new Map() };
    const push = (m: Map<string, string[]>, day: string, id: string) => m.set(day, [...(m.get(day) ?? []), id]);
    for (const f of listDir(archDir)) {
      const m = ARCHIVE_FILE.exec(f);
      if (!m) continue;
      const at = stampMs(m[2]!);
      if (nowMs - at > config.archivePruneDays * DAY_MS) {
        if (pruneDataFile(join(archDir, f))) report.pruned.archive.push(f);
        else (report.notPruned ??= []).push(relative(home, join(archDir, f)));
      } else {
        push(events.archived, utcDay(at), m[1]!);
      }
    }
    for (const [id, created] of keep) push(events.created, created.slice(0, 10), id);
    const figures = windowFigures(report);
    writeFileAtomic(layout.dailySummary(home), renderDailySummary(a, events, figures));
    writeFileAtomic(layout.lastAnalysis(home), lastAnalysisText(figures, new Date().toISOString()), { skipIfSame: false });
    return report;
  } finally {
    lock.release();
  }
}
