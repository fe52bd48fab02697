import { writeFileAtomic } from '../lib/atomic-write.js';
import { readDataFile } from '../lib/data-files.js';
import { layout } from '../lib/data-home.js';
import { emptyHistory, type CarriedProject, type HistoryState } from '../analyzer/history.js';
import { kindInfo } from '../analyzer/kinds.js';
import type { ScoredPattern } from '../analyzer/score.js';

// state/history.json: what import-transcripts learned from history (analyzer/history.ts). A
// cache of learning, not data: a damaged or hand-edited file gives what of it still checks.

const num = (v: unknown, lo: number, hi: number) => typeof v === 'number' && Number.isFinite(v) && v >= lo && v <= hi;

/** A carried pattern that can stand: a known kind, a key of valid tokens, numbers in range. */
function usable(p: unknown): p is ScoredPattern {
  const x = p as ScoredPattern;
  return (
    typeof x === 'object' && x !== null && typeof x.key === 'string' && kindInfo(x.kind)?.tokens(x.key) !== undefined &&
    num(x.confidence, 0, 1) && num(x.rate, 0, 1) && num(x.recency, 0, 1) && num(x.observations, 0, 1e12) && num(x.sessions, 0, 1e9) &&
    num(x.hits, 0, 1e12) && num(x.opportunities, 0, 1e12) && num(x.lift, 0, Infinity) && num(x.firstSeen, 0, 8.64e15) && num(x.lastSeen, 0, 8.64e15)
  );
}

export function readHistory(home: string): HistoryState {
  let v: { projects?: Record<string, CarriedProject> };
  try {
    v = JSON.parse(readDataFile(layout.history(home)).toString('utf8')) as typeof v;
  } catch {
    return emptyHistory();
  }
  const out = emptyHistory();
  if (typeof v?.projects !== 'object' || v.projects === null) return out;
  for (const [id, c] of Object.entries(v.projects)) {
    if (!/^[0-9a-f]{12}$/.test(id) || typeof c !== 'object' || c === null || Number.isNaN(Date.parse(c.importedAt)) || !Array.isArray(c.patterns)) continue;
    const prefixes = typeof c.prefixes === 'object' && c.prefixes !== null ? Object.fromEntries(Object.entries(c.prefixes).filter(([k, n]) => k.split('->').length === 2 && k.split('->').every((s) => kindInfo('chain')?.tokens(`${s}->${s}->${s}`) !== undefined) && num(n, 0, 1e12))) : undefined;
    out.projects[id] = { importedAt: c.importedAt, lastRecord: String(c.lastRecord), sessions: Number(c.sessions) || 0, patterns: c.patterns.filter(usable), ...(prefixes && Object.keys(prefixes).length ? { prefixes } : {}) };
  }
  return out;
}

export function writeHistory(home: string, state: HistoryState): void {
  writeFileAtomic(layout.history(home), `${JSON.stringify(state)}\n`);
}
