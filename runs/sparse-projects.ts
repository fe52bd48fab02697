import { DAY_MS, utcDay } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import { activeWindowStart, dayOf, lastActiveDays } from '../analyzer/active-window.js';
import { analyze, type Analysis } from '../analyzer/analyze.js';
import { foldAcrossScopes } from '../analyzer/folding.js';
import type { ProjectAnalyses } from '../analyzer/projects.js';
import type { HistoryState } from '../analyzer/history.js';
import { TableBuilder } from '../analyzer/table-builder.js';
import { cachedProjects, loadObservationFile } from './observation-cache.js';
import type { WindowFile } from './window-files.js';

// A project with few sessions in the calendar window reaches back over its last active days
// (analyzer/active-window.ts): which projects have records on which days, and the analyses of
// those that reach back. Retention keeps the days such windows hold (runs/retention.ts).

/**
 * Which projects have records on each day before the window, from each file's cache header (a
 * file whose cache is missing or stale is read once, and its cache written unless read-only).
 * A file that cannot be read (not a regular file) counts as no project's.
 */
export function olderPresence(files: readonly WindowFile[], writes: boolean): Map<number, Set<string>> {
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
export function windowPresence(pa: ProjectAnalyses): Map<number, Set<string>> {
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
 * Each project with fewer than minSessions sessions in the calendar window is analysed again over
 * its last windowDays active days (analyzer/active-window.ts), from the day files it has records
 * in; rotations are then folded across scopes again. Returns the projects reached back for.
 */
export function extendSparseProjects(files: readonly WindowFile[], presence: ReadonlyMap<number, ReadonlySet<string>>, pa: ProjectAnalyses, nowMs: number, config: Config, writes: boolean): { project: string; windowStart: string; sessions: number }[] {
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

/**
 * A project with history (state/history.json, learned by import) is measured, from its own
 * records, only after the history's last record: what the history holds is carried and added to
 * that (analyzer/history.ts mergeCarried), never counted twice. A project whose window reaches
 * back into its history is analysed again from that record on (or has no analysis of its own
 * when nothing came after). Returns the projects analysed again.
 */
export function afterHistory(files: readonly WindowFile[], pa: ProjectAnalyses, history: HistoryState, nowMs: number, config: Config, writes: boolean): string[] {
  const out: string[] = [];
  const changed: Analysis[] = [];
  for (const [id, carried] of Object.entries(history.projects)) {
    const a = pa.projects.get(id);
    const last = Date.parse(carried.lastRecord);
    if (a === undefined || !(last > a.windowStartMs)) continue;
    const builder = new TableBuilder();
    const firstDay = utcDay(last);
    for (const f of files) if (f.day >= firstDay) builder.addTable(loadObservationFile(f.path, f.cachePath, { writeCache: writes }).table);
    const t = builder.build();
    const index = t.projects.indexOf(id);
    const after = index === -1 ? undefined : analyze(t, nowMs, config, index, last);
    if (after === undefined || after.sessionsInWindow === 0) pa.projects.delete(id);
    else {
      pa.projects.set(id, after);
      changed.push(after);
    }
    out.push(id);
  }
  if (changed.length > 0) foldAcrossScopes(pa.all, changed, config);
  return out;
}
