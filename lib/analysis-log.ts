import { lstatSync, renameSync } from 'node:fs';
import { appendLine } from './append-line.js';
import { readDataFile } from './data-files.js';
import { layout } from './data-home.js';

// analysis.log in the data home: one JSON line per analysis, consolidation (dream) and promotion,
// with what it read, what it changed, what it skipped and why, and its errors. Kept under
// ROTATE_BYTES: past that, the file moves to analysis.log.1 (replacing the older one).

export const ROTATE_BYTES = 10 * 1024 * 1024;

export interface AnalysisEvent {
  ts: string;
  /** analysis, dream, promotion, turn-feedback, skip. */
  kind: string;
  duration_ms?: number;
  [k: string]: unknown;
}

export function appendAnalysisEvent(home: string, e: AnalysisEvent, rotateBytes = ROTATE_BYTES): void {
  const path = layout.analysisLog(home);
  try {
    const st = lstatSync(path);
    if (st.isFile() && st.size >= rotateBytes) renameSync(path, `${path}.1`);
  } catch {
    // no log yet
  }
  appendLine(path, JSON.stringify(e));
}

/** The events at or after `sinceMs`, oldest first (the rotated file's too); torn lines skipped. */
export function readAnalysisLog(home: string, sinceMs = Number.NEGATIVE_INFINITY): AnalysisEvent[] {
  const out: AnalysisEvent[] = [];
  for (const path of [`${layout.analysisLog(home)}.1`, layout.analysisLog(home)]) {
    let text: string;
    try {
      text = readDataFile(path).toString('utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n')) {
      if (!line) continue;
      try {
        const e = JSON.parse(line) as AnalysisEvent;
        if (typeof e?.ts === 'string' && typeof e.kind === 'string' && Date.parse(e.ts) >= sinceMs) out.push(e);
      } catch {
        // torn line
      }
    }
  }
  return out;
}
