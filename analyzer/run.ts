import { chmodSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { DAY_MS, utcDay } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import { ensurePrivateDir, layout } from '../lib/data-home.js';
import { acquireLock, type LockInfo } from '../lib/lock.js';
import { loadObservationFile } from './observation-cache.js';
import { TableBuilder, type RecordTable } from './record-table.js';
import { analyze, type Analysis } from './analyze.js';
import { renderDailySummary, type DayEvents } from './daily-summary.js';
import { metaFor, parseInstinct, renderInstinct, slugFor, type InstinctMeta } from './instinct-file.js';
import type { ScoredPattern } from './score.js';

// The analyzer's edges: read observation files (through the cache), run the pure core, write
// instinct files, the archive and the daily summary atomically, prune what has expired.

const OBSERVATION_FILE = /^(\d{4}-\d{2}-\d{2})\.jsonl$/;
const ARCHIVE_FILE = /^([a-z0-9-]+)--(\d{8}T\d{6}Z)\.md$/;

export interface ArchivedInstinct {
  id: string;
  pattern: string;
  reason: string;
  confidence: number;
}

export interface AnalysisReport {
  status: 'done' | 'locked';
  heldBy?: LockInfo;
  now: string;
  windowStart: string;
  files: { read: number; cached: number; appended: number; parsed: number };
  recordsInWindow: number;
  sessionsInWindow: number;
  skipped: { malformed: number; future: number };
  tracked: ScoredPattern[];
  written: string[];
  unchanged: string[];
  archived: ArchivedInstinct[];
  pruned: { observations: string[]; archive: string[] };
  analysis?: Analysis;
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
  for (const dir of [layout.streams(home), layout.promptCounts(home)]) {
    for (const f of listDir(dir)) {
      const path = join(dir, f);
      try {
        if (statSync(path).mtimeMs < cutoff) rmSync(path, { force: true });
      } catch {
        // raced with a hook: fine
      }
    }
  }
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
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

function whyNotTracked(meta: InstinctMeta, config: Config, patternOf: Map<string, ScoredPattern>): { reason: string; confidence: number } {
  const p = patternOf.get(`${meta.kind}:${meta.pattern}`);
  if (p === undefined) return { reason: `not seen in the ${config.windowDays}-day window`, confidence: 0 };
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  if (p.confidence < config.minConfidence) return { reason: `confidence ${pct(p.confidence)} is below minConfidence ${pct(config.minConfidence)}`, confidence: p.confidence };
  if (p.foldedInto !== undefined) return { reason: `folded into ${p.foldedInto}, which starts the same cycle more often`, confidence: p.confidence };
  return { reason: `not among the ${config.maxInstincts} most confident patterns`, confidence: p.confidence };
}

export function readInstincts(home: string): Map<string, InstinctMeta> {
  const dir = layout.instincts(home);
  const out = new Map<string, InstinctMeta>();
  for (const f of listDir(dir)) {
    if (!f.endsWith('.md')) continue;
    let meta: InstinctMeta | undefined;
    try {
      meta = parseInstinct(readFileSync(join(dir, f), 'utf8'));
    } catch {
      meta = undefined;
    }
    if (meta && `${meta.id}.md` === f) out.set(meta.id, meta);
  }
  return out;
}

/** Prunes observation files past retention and reads the window (and later days, to count the future). */
function loadWindow(home: string, nowMs: number, config: Config, report: AnalysisReport): RecordTable {
  const obsDir = layout.observations(home);
  const cacheDir = layout.cache(home);
  const firstDay = utcDay(nowMs - config.windowDays * DAY_MS);
  const pruneBefore = utcDay(nowMs - config.retentionDays * DAY_MS);
  const days = new Set<string>();
  const files = listDir(obsDir);
  // Sized from the bytes to read (lines are ~150-250 bytes), so the join rarely has to grow.
  const bytes = files.reduce((n, f) => (OBSERVATION_FILE.exec(f)?.[1] ?? '') >= firstDay ? n + fileSize(join(obsDir, f)) : n, 0);
  const builder = new TableBuilder(Math.max(1024, Math.ceil(bytes / 200)));
  for (const f of files) {
    const m = OBSERVATION_FILE.exec(f);
    if (!m) continue;
    const day = m[1]!;
    if (day < pruneBefore) {
      rmSync(join(obsDir, f), { force: true });
      rmSync(join(cacheDir, `${day}.bin`), { force: true });
      report.pruned.observations.push(f);
      continue;
    }
    days.add(day);
    if (day < firstDay) continue;
    const r = loadObservationFile(join(obsDir, f), join(cacheDir, `${day}.bin`));
    report.files.read++;
    report.files[r.source]++;
    report.skipped.malformed += r.counts.malformed;
    builder.addTable(r.table); // joined at once, so each file's columns can be freed
  }
  for (const f of listDir(cacheDir)) {
    if (f.endsWith('.bin') && !days.has(f.slice(0, -4))) rmSync(join(cacheDir, f), { force: true });
  }
  pruneHookState(home, config.retentionDays);
  return builder.build();
}

/** Writes an instinct file per tracked pattern and archives the rest; returns kept id -> created. */
function writeInstincts(home: string, a: Analysis, config: Config, nowIso: string, report: AnalysisReport): Map<string, string> {
  const instDir = layout.instincts(home);
  const archDir = layout.archive(home);
  const existing = readInstincts(home);
  const keep = new Map<string, string>();
  for (const p of a.tracked) {
    let id = slugFor(p.kind, p.key);
    const prev = existing.get(id);
    if (keep.has(id) || (prev && prev.pattern !== p.key)) id = `${id}-${keep.size}`; // never share a file
    const meta = { ...metaFor(p, existing.get(id), nowIso), id };
    keep.set(id, meta.created);
    const changed = writeFileAtomic(join(instDir, `${id}.md`), renderInstinct(meta));
    (changed ? report.written : report.unchanged).push(id);
  }
  // By kind and key, and only when something is archived: a slug per pattern (a hash for every
  // Bash(...) key) was a tenth of a warm Stop hook.
  let patternOf: Map<string, ScoredPattern> | undefined;
  for (const [id, meta] of existing) {
    if (keep.has(id)) continue;
    patternOf ??= new Map(a.patterns.map((p) => [`${p.kind}:${p.key}`, p]));
    const { reason, confidence } = whyNotTracked(meta, config, patternOf);
    const archived: InstinctMeta = { ...meta, state: 'archived', final_confidence: Math.round(confidence * 1e4) / 1e4, archived_at: nowIso, archive_reason: reason };
    writeFileAtomic(join(archDir, `${id}--${stamp(nowIso)}.md`), renderInstinct(archived, [`- Archived: ${nowIso.slice(0, 10)} (${reason})`]));
    rmSync(join(instDir, `${id}.md`), { force: true });
    report.archived.push({ id, pattern: meta.pattern, reason, confidence });
  }
  return keep;
}

export function runAnalysis(opts: { home: string; now: Date; config: Config; keepAnalysis?: boolean }): AnalysisReport {
  const { home, now, config } = opts;
  const nowMs = now.getTime();
  const nowIso = now.toISOString();
  ensurePrivateDir(home);
  try {
    chmodSync(home, 0o700);
  } catch {
    // not ours to change (a shared mount): the files inside are still 0600
  }
  const report: AnalysisReport = {
    status: 'done',
    now: nowIso,
    windowStart: new Date(nowMs - config.windowDays * DAY_MS).toISOString(),
    files: { read: 0, cached: 0, appended: 0, parsed: 0 },
    recordsInWindow: 0,
    sessionsInWindow: 0,
    skipped: { malformed: 0, future: 0 },
    tracked: [],
    written: [],
    unchanged: [],
    archived: [],
    pruned: { observations: [], archive: [] },
  };
  const lock = acquireLock(layout.lock(home));
  if ('heldBy' in lock) return { ...report, status: 'locked', heldBy: lock.heldBy };
  try {
    const cacheDir = layout.cache(home);
    const instDir = layout.instincts(home);
    const archDir = layout.archive(home);
    ensurePrivateDir(cacheDir);
    removeTempFiles([home, instDir, archDir, cacheDir, layout.state(home)]);
    const table = loadWindow(home, nowMs, config, report);

    const a = analyze(table, nowMs, config);
    report.recordsInWindow = a.recordsInWindow;
    report.sessionsInWindow = a.sessionsInWindow;
    report.skipped.future = a.future;
    report.tracked = a.tracked;
    if (opts.keepAnalysis) report.analysis = a;

    const keep = writeInstincts(home, a, config, nowIso, report);

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
