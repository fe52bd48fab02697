import { readDataFile } from '../lib/data-files.js';
import { layout } from '../lib/data-home.js';
import { parseLastAnalysis, type WindowFigures } from '../analyzer/window-figures.js';

// state/last-analysis.json read back: the last analysis's figures (analyzer/window-figures.ts),
// as status, stats and the report state them. The analysis run writes it (runs/run.ts).

/** The last analysis's figures in the data home, or null (none yet, or unreadable). */
export function readLastAnalysis(home: string): WindowFigures | null {
  try {
    return parseLastAnalysis(readDataFile(layout.lastAnalysis(home)).toString('utf8'));
  } catch {
    return null;
  }
}
