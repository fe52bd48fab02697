import { readDataFile } from '../../lib/data-files.js';
import { layout } from '../../lib/data-home.js';
import type { ProjectSeen } from '../../analyzer/nearest.js';
import { parseLastAnalysis, type WindowFigures } from '../../analyzer/window-figures.js';

// state/last-analysis.json read back: the last analysis's figures (analyzer/window-figures.ts),
// as status, stats and the report state them. The analysis run writes it (runs/run.ts).

/** The last analysis's figures in the data home, or null (none yet, or unreadable). */
export function readLastAnalysis(home: string): WindowFigures | null {
  const f = readFull(home);
  if (f === null) return null;
  const { projects: _projects, ...figures } = f;
  return figures;
}

/** What the last analysis saw of one project (analyzer/nearest.ts), with its window's length; null without an analysis. */
export function readProjectSeen(home: string, project: string): { seen: ProjectSeen | undefined; windowDays: number; now: string } | null {
  const f = readFull(home);
  return f === null ? null : { seen: f.projects?.[project], windowDays: f.windowDays, now: f.now };
}

/** The projects the last analysis saw (their ids), for naming the current project from a terminal. */
export function analysedProjects(home: string): string[] {
  return Object.keys(readFull(home)?.projects ?? {});
}

function readFull(home: string): WindowFigures | null {
  try {
    return parseLastAnalysis(readDataFile(layout.lastAnalysis(home)).toString('utf8'));
  } catch {
    return null;
  }
}
