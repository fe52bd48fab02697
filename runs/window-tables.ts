import type { RecordTable } from '../analyzer/record-table.js';
import { loadObservationFile, type FileState } from './observation-cache.js';

// The window's observation files as a run of the parts cache reads them (runs/parts-cache.ts):
// each read at most once (from its cache of records where that holds), its state kept for the
// index, and its table kept while the run wants it.

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
