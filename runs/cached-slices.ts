import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { READ_NOFOLLOW } from '../lib/data-files.js';
import type { RecordTable, TableStrings } from '../analyzer/record-table.js';
import { checkedHeader, columnsAt, COLUMNS, RECORD_BYTES, type FileState, type Header } from './observation-cache.js';

// An observation file's cached records (runs/observation-cache.ts) read a slice at a time.

/** Records read at a time from a cache file read in slices (1.6 MiB of columns). */
const SLICE_RECORDS = 65536;

const sameState = (a: FileState, b: FileState) =>
  a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.offset === b.offset && a.head === b.head && a.tail === b.tail && a.length === b.length && a.lines === b.lines && a.malformed === b.malformed && a.duplicates === b.duplicates;

/** Reads exactly into `into` from pos, or throws: the file was checked to be this long. */
function readExactly(fd: number, into: Uint8Array, pos: number, path: string): void {
  for (let got = 0; got < into.length; ) {
    const n = readSync(fd, into, got, into.length - got, pos + got);
    if (n === 0) throw new Error(`${path} ended at byte ${pos + got}, expected ${into.length - got} more bytes of records (was it truncated while homunculus read it? it is a cache: remove it)`);
    got += n;
  }
}

/**
 * A file's cached records read a slice at a time, so that a large day counted in pieces
 * (runs/parts-cache.ts) joins each piece's records without holding the day's whole table.
 * Opened only when the cache holds exactly the records of `state`, what the run read from the
 * file before (it wrote or checked the cache then); else undefined, and the caller reads the file.
 */
export class CachedSlices implements TableStrings {
  readonly projects: string[];
  readonly streams: string[];
  readonly streamSession: number[];
  readonly sessions: string[];
  readonly tools: string[];
  readonly details: string[];

  private constructor(
    private readonly path: string,
    private readonly ino: bigint,
    private readonly bytes: number,
    private readonly body: number,
    readonly length: number,
    h: Header,
    private readonly sliceRecords: number,
  ) {
    ({ projects: this.projects, streams: this.streams, streamSession: this.streamSession, sessions: this.sessions, tools: this.tools, details: this.details } = h);
  }

  static open(cachePath: string, state: FileState, sliceRecords = SLICE_RECORDS): CachedSlices | undefined {
    let fd: number;
    try {
      fd = openSync(cachePath, READ_NOFOLLOW);
    } catch {
      return undefined;
    }
    try {
      const st = fstatSync(fd, { bigint: true });
      const size = Number(st.size);
      if (!st.isFile() || size < 4) return undefined;
      const len = Buffer.alloc(4);
      readExactly(fd, len, 0, cachePath);
      const hl = len.readUInt32LE(0);
      if (4 + hl > size) return undefined;
      const hb = Buffer.allocUnsafe(hl);
      readExactly(fd, hb, 4, cachePath);
      const h = checkedHeader(hb, size);
      if (h === undefined || !sameState(h, state)) return undefined;
      return new CachedSlices(cachePath, st.ino, size, 4 + hl, h.length, h, Math.max(1, sliceRecords));
    } finally {
      closeSync(fd);
    }
  }

  /**
   * Each slice of the records in order, as a table over this file's strings (its columns are
   * reused for the next slice: copy what you keep). False, with nothing read, when the file is
   * no longer the one opened.
   */
  forEach(each: (slice: RecordTable) => void): boolean {
    let fd: number;
    try {
      fd = openSync(this.path, READ_NOFOLLOW);
    } catch {
      return false;
    }
    try {
      const st = fstatSync(fd, { bigint: true });
      if (st.ino !== this.ino || Number(st.size) !== this.bytes) return false;
      const n = this.length;
      const cap = Math.min(n, this.sliceRecords);
      const ab = new ArrayBuffer(cap * RECORD_BYTES); // columns at 8-byte multiples of cap
      const { body, projects, streams, streamSession, sessions, tools, details } = this;
      for (let a = 0; a < n; a += cap) {
        const m = Math.min(cap, n - a);
        for (const [, , before, width] of COLUMNS) readExactly(fd, new Uint8Array(ab, cap * before, m * width), body + n * before + a * width, this.path);
        each({
          length: m,
          ...columnsAt(ab, 0, cap, m),
          projects,
          streams,
          streamSession,
          sessions,
          tools,
          details,
        });
      }
      return true;
    } finally {
      closeSync(fd);
    }
  }
}
