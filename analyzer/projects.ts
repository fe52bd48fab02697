import type { Config } from '../lib/config.js';
import { analyze, type Analysis } from './analyze.js';
import { foldAcrossScopes } from './folding.js';
import type { RecordTable } from './record-table.js';

// Each project's sessions on their own, beside the analysis of all of them together: a habit of
// one project is judged against that project's work only, so a small project's habits are not
// drowned by a large one's, and the store can tell a project's pattern from a universal one.

export interface ProjectAnalyses {
  /** Every record together (what the analyzer has always computed). */
  all: Analysis;
  /** Project id -> the analysis of that project's records alone. Records without a project belong to none. */
  projects: Map<string, Analysis>;
  /**
   * The records that name no project (an earlier version wrote none; a session without a
   * folder), alone: their rules are no project's (global). Undefined when there are none, or when
   * they were not counted apart (a window counted in parts that holds projects too).
   */
  unattributed?: Analysis;
}

/** Project indices (into t.projects) with at least one record in (startMs, endMs]. */
function projectsInWindow(t: RecordTable, startMs: number, endMs: number): { ids: Set<number>; unnamed: boolean } {
  const ids = new Set<number>();
  let unnamed = false;
  for (let i = 0; i < t.length; i++) {
    const ts = t.ts[i]!;
    if (ts <= startMs || ts > endMs) continue;
    const p = t.project[i]!;
    if (p === -1) unnamed = true;
    else ids.add(p);
  }
  return { ids, unnamed };
}

/**
 * The pure core once over everything and once per project. When the window holds a single
 * project and nothing without one, its analysis is the same as the whole one and is not computed
 * twice (the common case of a user with one project).
 */
export function analyzeProjects(t: RecordTable, nowMs: number, config: Config): ProjectAnalyses {
  const all = analyze(t, nowMs, config);
  const projects = new Map<string, Analysis>();
  const { ids, unnamed } = projectsInWindow(t, all.windowStartMs, nowMs);
  if (ids.size === 1 && !unnamed) {
    projects.set(t.projects[[...ids][0]!]!, all);
    return { all, projects };
  }
  if (ids.size === 0) return unnamed ? { all, projects, unattributed: all } : { all, projects };
  for (const p of [...ids].sort((a, b) => (t.projects[a]! < t.projects[b]! ? -1 : 1))) {
    // Over the whole table, filtered: copying each project's records out (re-interning every
    // string) was a third of a warm Stop hook on a large week.
    projects.set(t.projects[p]!, analyze(t, nowMs, config, p));
  }
  foldAcrossScopes(all, projects.values(), config);
  return unnamed ? { all, projects, unattributed: analyze(t, nowMs, config, -1) } : { all, projects };
}
