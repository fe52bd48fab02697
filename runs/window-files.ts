import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DAY_MS, utcDay } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import { layout } from '../lib/data-home.js';
import type { RecordTable } from '../analyzer/record-table.js';
import { loadObservationFile, type FileState } from './observation-cache.js';

// The data home's observation files: which they are, the window's, their sizes; and the tables
// of a run of the parts cache (runs/parts-cache.ts), each file read at most once (from its cache
// of records where that holds), its state kept for the index, its table kept while wanted.

export interface WindowFile {
  day: string;
  path: string;
  cachePath: string;
}

export interface WindowCounts {
  cached: number;
  appended: number;
  parsed: number;
  malformed: number;
  /** Records dropped as a repeat of a tool-use id within their file. */
  duplicates: number;
  reused: number;
  counted: number;
}

export class WindowTables {
  /** Each file read, by day: its state (for the index)... */
  readonly states = new Map<string, FileState>();
  /** ...and its table, while it is kept. */
  readonly tables = new Map<string, RecordTable>();

  constructor(
    private readonly writes: boolean,
    private readonly counts: WindowCounts,
    private readonly check: (where: string) => void,
  ) {}

  /** The file's table: read (and its cache brought up to date with `writes`) the first time, then kept until let go. */
  load(f: WindowFile): RecordTable {
    let t = this.tables.get(f.day);
    if (t === undefined) {
      const r = loadObservationFile(f.path, f.cachePath, { writeCache: this.writes });
      this.counts[r.source]++;
      this.states.set(f.day, r.state);
      this.tables.set(f.day, (t = r.table));
      this.check(`reading ${f.day}.jsonl`);
    }
    return t;
  }
}

export const OBSERVATION_FILE = /^(\d{4}-\d{2}-\d{2})\.jsonl$/;

export function listDir(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}

function fileSize(path: string): number {
  try {
    return lstatSync(path).size;
  } catch {
    return 0;
  }
}

/** Every observation file of the data home, in day order. */
export function observationFiles(home: string): WindowFile[] {
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
export function windowFiles(home: string, nowMs: number, config: Config): WindowFile[] {
  const firstDay = utcDay(nowMs - config.windowDays * DAY_MS);
  return observationFiles(home).filter((f) => f.day >= firstDay);
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

export const bytesOf = (files: readonly WindowFile[]) => files.reduce((n, f) => n + fileSize(f.path), 0);
