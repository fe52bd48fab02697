import { chmodSync, lstatSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { DAY_MS, utcDay } from '../lib/clock.js';
import { readOnlyReason } from '../lib/clock-guard.js';
import type { Config } from '../lib/config.js';
import { assertDataHome, dataHomeNames, ensurePrivateDir, layout } from '../lib/data-home.js';
import { acquireLock, type LockInfo } from '../lib/lock.js';
import { loadObservationFile } from './observation-cache.js';
import { analyzeWindowFiles, type WindowFile } from './parts-cache.js';
import { TableBuilder, type RecordTable } from './record-table.js';
import type { Analysis } from './analyze.js';
import { renderDailySummary, type DayEvents } from './daily-summary.js';
import { analyzeProjects, type ProjectAnalyses } from './projects.js';
import type { ScoredPattern } from './score.js';
import { writeObserved, type ArchivedInstinct } from '../store/observed.js';
import { scopePatterns } from '../store/scope.js';
import { pruneInjections } from '../store/turn-feedback.js';

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
  files: { read: number; cached: number; appended: number; parsed: number };
  /** Shards of sessions (analyzer/parts-cache.ts) whose counts were reused from the cache, and those counted. */
  shards: { reused: number; counted: number };
  recordsInWindow: number;
  sessionsInWindow: number;
  /** Lines skipped: malformed, after now, and records of a tool call recorded twice in a file (one of each pair kept). */
  skipped: { malformed: number; future: number; duplicates: number };
  tracked: ScoredPattern[];
  written: string[];
  unchanged: string[];
  archived: ArchivedInstinct[];
  /** Hand-edited instinct files, kept in archive/ (these paths) before being rewritten or archived. */
  keptUserEdits: string[];
  /** New patterns left for a later run: at most maxNewInstinctsPerRun new instinct files a run. */
  deferred: string[];
  pruned: { observations: string[]; archive: string[] };
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

/** Leftovers of a run killed between writing a temporary file and renaming it. */
function removeTempFiles(dirs: string[]): void {
  for (const dir of dirs) for (const f of listDir(dir)) if (f.endsWith('.tmp')) rmSync(join(dir, f), { force: true });
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

/**
 * Prunes observation files past retention (and their caches) and lists the window's files (and
 * later days', to count the future), in day order. A read-only run prunes nothing.
 */
function windowFiles(home: string, nowMs: number, config: Config, report: AnalysisReport): WindowFile[] {
  const writes = !report.readOnly;
  const obsDir = layout.observations(home);
  const cacheDir = layout.cache(home);
  const firstDay = utcDay(nowMs - config.windowDays * DAY_MS);
  const pruneBefore = utcDay(nowMs - config.retentionDays * DAY_MS);
  const days = new Set<string>();
  const out: WindowFile[] = [];
  for (const f of listDir(obsDir)) {
    const m = OBSERVATION_FILE.exec(f);
    if (!m) continue;
    const day = m[1]!;
    if (day < pruneBefore) {
      if (!writes) continue;
      rmSync(join(obsDir, f), { force: true });
      rmSync(join(cacheDir, `${day}.bin`), { force: true });
      report.pruned.observations.push(f);
      continue;
    }
    days.add(day);
    if (day >= firstDay) out.push({ day, path: join(obsDir, f), cachePath: join(cacheDir, `${day}.bin`) });
  }
  if (writes) {
    for (const f of listDir(cacheDir)) {
      if (f.endsWith('.bin') && !days.has(f.slice(0, -4))) rmSync(join(cacheDir, f), { force: true });
    }
    pruneHookState(home, config.retentionDays);
    pruneInjections(home, pruneBefore, Date.now());
  }
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
  const files = windowFiles(home, nowMs, config, report);
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
}

export function emptyReport(now: Date, config: Config, readOnlyReason: string | undefined): AnalysisReport {
  const nowMs = now.getTime();
  return {
    status: 'done',
    readOnly: readOnlyReason !== undefined,
    ...(readOnlyReason !== undefined ? { readOnlyReason } : {}),
    now: now.toISOString(),
    windowStart: new Date(nowMs - config.windowDays * DAY_MS).toISOString(),
    files: { read: 0, cached: 0, appended: 0, parsed: 0 },
    shards: { reused: 0, counted: 0 },
    recordsInWindow: 0,
    sessionsInWindow: 0,
    skipped: { malformed: 0, future: 0, duplicates: 0 },
    tracked: [],
    written: [],
    unchanged: [],
    archived: [],
    keptUserEdits: [],
    deferred: [],
    pruned: { observations: [], archive: [] },
  };
}

/** Reads the window and runs the core; fills the report's counts. Writes only the cache, and not when read-only. */
function readAndAnalyze(home: string, nowMs: number, config: Config, report: AnalysisReport, keepAnalysis: boolean | undefined, deadline: Deadline, partsFromBytes: number, budgetRecords?: number): ProjectAnalyses {
  const files = windowFiles(home, nowMs, config, report);
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
  const a = pa.all;
  report.recordsInWindow = a.recordsInWindow;
  report.sessionsInWindow = a.sessionsInWindow;
  report.skipped.future = a.future;
  // The patterns that are (or would be) instinct files: tracked in the whole window or in a project.
  report.tracked = scopePatterns(pa, config).map((s) => s.p);
  if (keepAnalysis) {
    report.analysis = a;
    report.projects = pa;
  }
  return pa;
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
    readAndAnalyze(home, nowMs, config, report, opts.keepAnalysis, deadline, partsFrom, opts.budgetRecords);
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
    removeTempFiles([home, instDir, archDir, cacheDir, layout.state(home)]);
    const pa = readAndAnalyze(home, nowMs, config, report, opts.keepAnalysis, deadline, partsFrom, opts.budgetRecords);
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
        rmSync(join(archDir, f), { force: true });
        report.pruned.archive.push(f);
      } else {
        push(events.archived, utcDay(at), m[1]!);
      }
    }
    for (const [id, created] of keep) push(events.created, created.slice(0, 10), id);
    writeFileAtomic(layout.dailySummary(home), renderDailySummary(a, events));
    writeFileAtomic(
      layout.lastAnalysis(home),
      JSON.stringify({ now: nowIso, ranAt: new Date().toISOString(), recordsInWindow: a.recordsInWindow, tracked: a.tracked.length }) + '\n',
      { skipIfSame: false },
    );
    return report;
  } finally {
    lock.release();
  }
}
