import { closeSync, fstatSync, lstatSync, openSync, readSync } from 'node:fs';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { READ_NOFOLLOW, readDataFile } from '../lib/data-files.js';
import { DataHomeError } from '../lib/data-home.js';
import { readObservationFile, type ReadCounts } from './observation-file.js';
import type { RecordTable } from '../analyzer/record-table.js';
import { TableBuilder } from '../analyzer/table-builder.js';

// Per-file cache of parsed records, so the Stop hook (which fires after every assistant turn)
// parses only what was appended since the last run. Deleting the cache never changes a result:
// it only makes the next run parse everything again.
//
// A cache entry describes the bytes [0, offset) of one file: its inode, size and mtime in
// nanoseconds when it was written, and the first and the last 4 KiB of those bytes themselves
// (an exact stand-in for a hash of them).
// It is used whole when nothing changed; parsing resumes at the offset only when the file grew
// and its prefix is unchanged (same inode, both edges equal); anything else (a file truncated,
// rewritten in place, even to the same size and within the same clock tick) is parsed again.

// 3: the project column (Int32, index into `projects`) after `detail`.
// 4: the id column (Int32, the tool-use id's hash) after `project`, and the records that repeat
// an id dropped (analyzer/record-table.ts): an older cache holds them, so it is read again.
// 5: details of three words (`npm run build`) are read, not counted as malformed.
// 6: the `ok` column says how the user stopped a call (INTERRUPTED, REJECTED: record-table.ts).
const VERSION = 6;
const EDGE = 4096;
/** ts (8), stream, tool, detail, project, id (4 each), ok (1). */
export const RECORD_BYTES = 29;

type Column = 'ts' | 'stream' | 'tool' | 'detail' | 'project' | 'id' | 'ok';
type ColumnArray = Float64Array | Int32Array | Uint8Array;

/**
 * The columns of a cache file's body, in order, with their element type and the bytes before
 * them per record: column c of a body of n records starts at n * before (and a slice of the
 * records from a at n * before + a * width).
 */
export const COLUMNS: [Column, new (b: ArrayBufferLike, o: number, l: number) => ColumnArray, number, number][] = [
  ['ts', Float64Array, 0, 8],
  ['stream', Int32Array, 8, 4],
  ['tool', Int32Array, 12, 4],
  ['detail', Int32Array, 16, 4],
  ['project', Int32Array, 20, 4],
  ['id', Int32Array, 24, 4],
  ['ok', Uint8Array, 28, 1],
];

/** The columns of m records laid out as COLUMNS for `stride` records from byte `at` of ab. */
export function columnsAt(ab: ArrayBufferLike, at: number, stride: number, m: number): Required<Pick<RecordTable, Column>> {
  const [ts, stream, tool, detail, project, id, ok] = COLUMNS.map(([, make, before]) => new make(ab, at + stride * before, m));
  return { ts: ts as Float64Array, stream: stream as Int32Array, tool: tool as Int32Array, detail: detail as Int32Array, project: project as Int32Array, id: id as Int32Array, ok: ok as Uint8Array };
}

/** What the records were read from: the bytes [0, offset) of the file with this inode, size and mtime, and their edges. */
export interface FileState {
  /** From a bigint stat, as strings: inode numbers and nanosecond times pass 2^53. */
  ino: string;
  /** The file's size when the entry was written, or -1 when it held more than the offset. */
  size: number;
  mtimeNs: string;
  offset: number;
  /** Bytes [0, min(4 KiB, offset)) and [max(0, offset - 4 KiB), offset), base64. */
  head: string;
  tail: string;
  /** Records read from those bytes, and the lines, malformed lines and repeats of a tool-use id among them. */
  length: number;
  lines: number;
  malformed: number;
  duplicates: number;
}

export interface Header extends FileState {
  version: number;
  streams: string[];
  streamSession: number[];
  sessions: string[];
  tools: string[];
  details: string[];
  projects: string[];
}

export interface FileRecords {
  table: RecordTable;
  counts: ReadCounts & { duplicates: number };
  state: FileState;
  /** How the records were obtained: for the summary and the benchmarks. */
  source: 'cached' | 'appended' | 'parsed';
}

/** The cache file's bytes in order: the header, then each column as it is in memory (not copied into one buffer: on a large day that would be tens of MiB more at once). */
function encode(h: Header, t: RecordTable): Buffer[] {
  const json = Buffer.from(JSON.stringify(h));
  const pad = (8 - ((4 + json.length) % 8)) % 8;
  const head = Buffer.alloc(4 + json.length + pad, 0x20);
  head.writeUInt32LE(json.length + pad, 0);
  json.copy(head, 4);
  return [head, ...COLUMNS.map(([name]) => t[name]!).map((col) => Buffer.from(col.buffer, col.byteOffset, col.byteLength))];
}

/** The header of a cache file of fileBytes bytes from its JSON; undefined unless it is this version's and the file holds exactly its records. */
export function checkedHeader(json: Buffer, fileBytes: number): Header | undefined {
  let h: Header;
  try {
    h = JSON.parse(json.toString('utf8')) as Header;
  } catch {
    return undefined;
  }
  return h.version === VERSION && fileBytes === 4 + json.length + h.length * RECORD_BYTES ? h : undefined;
}

function decode(buf: Buffer): { header: Header; table: RecordTable } | undefined {
  if (buf.length < 4) return undefined;
  const hl = buf.readUInt32LE(0);
  if (4 + hl > buf.length) return undefined;
  const h = checkedHeader(buf.subarray(4, 4 + hl), buf.length);
  if (h === undefined) return undefined;
  const n = h.length;
  // The columns are read in place when the body is 8-byte aligned (a file read whole has its own
  // memory, and the header is padded to keep the body aligned); else copied into aligned memory
  // (a small Buffer may sit at any offset of node's shared pool).
  let ab: ArrayBufferLike;
  let at = buf.byteOffset + 4 + hl;
  if (at % 8 === 0) {
    ab = buf.buffer;
  } else {
    const body = new Uint8Array(n * RECORD_BYTES);
    body.set(buf.subarray(4 + hl));
    ab = body.buffer;
    at = 0;
  }
  return {
    header: h,
    table: {
      length: n,
      ...columnsAt(ab, at, n, n),
      projects: h.projects,
      streams: h.streams,
      streamSession: h.streamSession,
      sessions: h.sessions,
      tools: h.tools,
      details: h.details,
    },
  };
}

interface FileKey {
  ino: string;
  size: number;
  mtimeNs: string;
  head: string;
  tail: string;
}

function header(key: FileKey, offset: number, counts: ReadCounts & { duplicates: number }, t: RecordTable): Header {
  return {
    version: VERSION,
    ...key,
    offset,
    lines: counts.lines,
    malformed: counts.malformed,
    duplicates: counts.duplicates,
    length: t.length,
    streams: t.streams,
    streamSession: t.streamSession,
    sessions: t.sessions,
    tools: t.tools,
    details: t.details,
    projects: t.projects,
  };
}

function bytesAt(fd: number, pos: number, len: number): string {
  const buf = Buffer.allocUnsafe(len);
  let got = 0;
  while (got < len) {
    const n = readSync(fd, buf, got, len - got, pos + got);
    if (n === 0) break; // the file is shorter now: the bytes will differ
    got += n;
  }
  return buf.toString('base64', 0, got);
}

/**
 * The first and the last 4 KiB of the file's bytes [0, offset), kept whole rather than hashed:
 * comparing them is exact and costs nothing, where hashing them in JS cost the short-lived Stop
 * hook milliseconds per run (an unoptimised loop) and node:crypto ~15 ms to load.
 */
function edges(fd: number, offset: number): { head: string; tail: string } {
  return { head: bytesAt(fd, 0, Math.min(EDGE, offset)), tail: bytesAt(fd, Math.max(0, offset - EDGE), Math.min(EDGE, offset)) };
}

function openObservationFile(path: string): number {
  let fd: number;
  try {
    fd = openSync(path, READ_NOFOLLOW);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') {
      throw new DataHomeError(`${path} is a symbolic link; homunculus never follows links in its data home: remove it (or replace it with the file)`);
    }
    throw e;
  }
  if (!fstatSync(fd).isFile()) {
    closeSync(fd);
    throw new DataHomeError(`${path} is not a file (a folder?), expected an observation file; move it out of the observations folder`);
  }
  return fd;
}

/**
 * The records of one observation file, from the cache where it is still valid. Without
 * `writeCache` (a read-only run) the cache is used but never written.
 */
export function loadObservationFile(path: string, cachePath: string | undefined, opts: { writeCache?: boolean } = {}): FileRecords {
  const fd = openObservationFile(path);
  try {
    return load(fd, path, cachePath, opts.writeCache !== false);
  } finally {
    closeSync(fd);
  }
}

function load(fd: number, path: string, cachePath: string | undefined, writeCache: boolean): FileRecords {
  const st = fstatSync(fd, { bigint: true });
  let cached: ReturnType<typeof decode>;
  if (cachePath !== undefined) {
    try {
      cached = decode(readDataFile(cachePath));
    } catch {
      cached = undefined;
    }
  }
  let resume = false;
  if (cached && cached.header.ino === String(st.ino)) {
    const h = cached.header;
    const { head, tail } = edges(fd, h.offset);
    if (head === h.head && tail === h.tail) {
      if (h.size === Number(st.size) && h.mtimeNs === String(st.mtimeNs)) {
        const state: FileState = { ino: h.ino, size: h.size, mtimeNs: h.mtimeNs, offset: h.offset, head: h.head, tail: h.tail, length: h.length, lines: h.lines, malformed: h.malformed, duplicates: h.duplicates };
        return { table: cached.table, counts: { lines: h.lines, malformed: h.malformed, duplicates: h.duplicates }, source: 'cached', state };
      }
      resume = h.offset > 0 && Number(st.size) > h.offset;
    }
  }
  let builder: TableBuilder;
  let counts: ReadCounts;
  let offset: number;
  let source: FileRecords['source'];
  let before = 0; // repeats dropped before the bytes read now
  if (resume && cached) {
    // The cached records first: the ids of each stream's last ones are what the new records are checked against.
    builder = new TableBuilder(cached.table.length + 1024, { ids: true });
    builder.addTable(cached.table);
    counts = { lines: cached.header.lines, malformed: cached.header.malformed };
    before = cached.header.duplicates;
    offset = readObservationFile(fd, cached.header.offset, builder, counts);
    source = 'appended';
  } else {
    builder = new TableBuilder(Math.max(1024, Math.ceil(Number(st.size) / 150)), { ids: true });
    counts = { lines: 0, malformed: 0 };
    offset = readObservationFile(fd, 0, builder, counts);
    source = 'parsed';
  }
  const table = builder.build();
  const all = { ...counts, duplicates: before + builder.duplicates };
  // stat again: the hook may have appended while we read; the offset says what we consumed.
  const after = fstatSync(fd, { bigint: true });
  const whole = Number(after.size) === offset;
  const key: FileKey = { ino: String(after.ino), size: whole ? offset : -1, mtimeNs: whole ? String(after.mtimeNs) : '', ...edges(fd, offset) };
  if (cachePath !== undefined && writeCache) {
    try {
      writeFileAtomic(cachePath, encode(header(key, offset, all, table), table), { skipIfSame: false, cache: true });
    } catch {
      // a cache is an optimisation: failing to write it is not an error
    }
  }
  return { table, counts: all, source, state: { ...key, offset, length: table.length, lines: counts.lines, malformed: counts.malformed, duplicates: all.duplicates } };
}

/**
 * How the file stands against a state read from it before: 'same' (not changed since: the whole
 * file was read then, and inode, size, mtime and edges are those), 'grown' (the bytes read then
 * are still its first bytes, as far as inode and edges tell: the records then are its first
 * records), or 'other' (rewritten, truncated, replaced, gone).
 */
export function compareFile(path: string, state: FileState): 'same' | 'grown' | 'other' {
  let fd: number;
  try {
    fd = openSync(path, READ_NOFOLLOW);
  } catch {
    return 'other';
  }
  try {
    const st = fstatSync(fd, { bigint: true });
    if (!st.isFile() || String(st.ino) !== state.ino || Number(st.size) < state.offset) return 'other';
    const { head, tail } = edges(fd, state.offset);
    if (head !== state.head || tail !== state.tail) return 'other';
    if (state.size === Number(st.size) && state.mtimeNs === String(st.mtimeNs)) return 'same';
    // The same size under another mtime may be a rewrite in place: only growth resumes (as in load).
    return Number(st.size) > state.offset ? 'grown' : 'other';
  } finally {
    closeSync(fd);
  }
}

/**
 * The projects with records in an observation file, from its cache file's header alone (no
 * column is read), when that cache is of this version and describes the file as it is now (same
 * inode, size and mtime); else undefined, and the caller loads the file.
 */
export function cachedProjects(path: string, cachePath: string): string[] | undefined {
  let fd: number;
  try {
    fd = openSync(cachePath, READ_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    const len = Buffer.alloc(4);
    if (readSync(fd, len, 0, 4, 0) !== 4) return undefined;
    const hl = len.readUInt32LE(0);
    const json = Buffer.alloc(hl);
    if (readSync(fd, json, 0, hl, 4) !== hl) return undefined;
    const h = checkedHeader(json, Number(fstatSync(fd).size));
    if (h === undefined || !Array.isArray(h.projects)) return undefined;
    const st = lstatSync(path, { bigint: true });
    return String(st.ino) === h.ino && Number(st.size) === h.size && String(st.mtimeNs) === h.mtimeNs ? h.projects : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
