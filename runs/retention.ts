import { lstatSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DAY_MS, utcDay } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import { pruneDataFile } from '../lib/data-files.js';
import { layout } from '../lib/data-home.js';
import { dayOf } from '../analyzer/active-window.js';
import { pruneInjections } from '../store/delivery/turn-feedback.js';
import { listDir, type WindowFile } from './window-files.js';

// What an analysis that writes removes (runs/run.ts): temporary files a killed run left,
// observation files and caches past retention, the hooks' state, injection logs, and archived
// instincts past archivePruneDays. Regular files only: anything else at such a name is named in
// the report, and left alone.

/** The report's fields retention fills (AnalysisReport's of the same names). */
export interface PruneReport {
  pruned: { observations: string[]; archive: string[] };
  notPruned?: string[];
}

const ARCHIVE_FILE = /^([a-z0-9-]+)--(\d{8}T\d{6}Z)\.md$/;

/** Leftovers of a run killed between writing a temporary file and renaming it; returns what is not a file (left alone). */
export function removeTempFiles(dirs: string[]): string[] {
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

function stampMs(s: string): number {
  return Date.parse(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`);
}

/**
 * Retention: observation files older than retentionDays are deleted with their caches, except
 * those inside a recently used project's active window (analyzer/active-window.ts); caches with
 * no file, hook state and injection logs past retention go too. Only a run that writes prunes.
 */
export function prune(home: string, files: readonly WindowFile[], keep: ReadonlySet<number>, nowMs: number, config: Config, report: PruneReport): void {
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
 * Archived instincts past archivePruneDays are removed; returns, by day, the ids archived on the
 * days kept (for the daily summary).
 */
export function pruneArchive(home: string, nowMs: number, config: Config, report: PruneReport): Map<string, string[]> {
  const archDir = layout.archive(home);
  const archived = new Map<string, string[]>();
  for (const f of listDir(archDir)) {
    const m = ARCHIVE_FILE.exec(f);
    if (!m) continue;
    const at = stampMs(m[2]!);
    if (nowMs - at > config.archivePruneDays * DAY_MS) {
      if (pruneDataFile(join(archDir, f))) report.pruned.archive.push(f);
      else (report.notPruned ??= []).push(relative(home, join(archDir, f)));
    } else {
      archived.set(utcDay(at), [...(archived.get(utcDay(at)) ?? []), m[1]!]);
    }
  }
  return archived;
}
