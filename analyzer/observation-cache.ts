import { readFileSync, statSync } from 'node:fs';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { readObservationFile, type ReadCounts } from './observation-file.js';
import { TableBuilder, type RecordTable } from './record-table.js';

// Per-file cache of parsed records, so the Stop hook (which fires after every assistant turn)
// parses only what was appended since the last run. Keyed by the file's inode, size and mtime;
// for a file that only grew, parsing resumes at the cached byte offset. Deleting the cache never
// changes a result: it only makes the next run parse everything again.

const VERSION = 1;

interface Header {
  version: number;
  ino: number;
  size: number;
  mtimeMs: number;
  offset: number;
  lines: number;
  malformed: number;
  length: number;
  streams: string[];
  streamSession: number[];
  sessions: string[];
  tools: string[];
  details: string[];
}

export interface FileRecords {
  table: RecordTable;
  counts: ReadCounts;
  /** How the records were obtained: for the summary and the benchmarks. */
  source: 'cached' | 'appended' | 'parsed';
}

function encode(h: Header, t: RecordTable): Buffer {
  let json = Buffer.from(JSON.stringify(h));
  const pad = (8 - ((4 + json.length) % 8)) % 8;
  json = Buffer.concat([json, Buffer.alloc(pad, 0x20)]);
  const n = t.length;
  const out = Buffer.allocUnsafe(4 + json.length + n * (8 + 4 + 4 + 4 + 1));
  out.writeUInt32LE(json.length, 0);
  json.copy(out, 4);
  let o = 4 + json.length;
  for (const col of [t.ts, t.stream, t.tool, t.detail, t.ok]) {
    const bytes = Buffer.from(col.buffer, col.byteOffset, col.byteLength);
    bytes.copy(out, o);
    o += bytes.length;
  }
  return out;
}

function decode(buf: Buffer): { header: Header; table: RecordTable } | undefined {
  if (buf.length < 4) return undefined;
  const hl = buf.readUInt32LE(0);
  if (4 + hl > buf.length) return undefined;
  let h: Header;
  try {
    h = JSON.parse(buf.subarray(4, 4 + hl).toString('utf8')) as Header;
  } catch {
    return undefined;
  }
  if (h.version !== VERSION) return undefined;
  const n = h.length;
  if (buf.length !== 4 + hl + n * 21) return undefined;
  // Copy into aligned memory: a Buffer's byteOffset is not always a multiple of 8.
  const body = new Uint8Array(n * 21);
  body.set(buf.subarray(4 + hl));
  const ab = body.buffer;
  return {
    header: h,
    table: {
      length: n,
      ts: new Float64Array(ab, 0, n),
      stream: new Int32Array(ab, n * 8, n),
      tool: new Int32Array(ab, n * 12, n),
      detail: new Int32Array(ab, n * 16, n),
      ok: new Uint8Array(ab, n * 20, n),
      streams: h.streams,
      streamSession: h.streamSession,
      sessions: h.sessions,
      tools: h.tools,
      details: h.details,
    },
  };
}

function header(st: { ino: number; size: number; mtimeMs: number }, offset: number, counts: ReadCounts, t: RecordTable): Header {
  return {
    version: VERSION,
    ino: st.ino,
    size: st.size,
    mtimeMs: st.mtimeMs,
    offset,
    lines: counts.lines,
    malformed: counts.malformed,
    length: t.length,
    streams: t.streams,
    streamSession: t.streamSession,
    sessions: t.sessions,
    tools: t.tools,
    details: t.details,
  };
}

/** The records of one observation file, from the cache where it is still valid. */
export function loadObservationFile(path: string, cachePath: string | undefined): FileRecords {
  const st = statSync(path);
  let cached: ReturnType<typeof decode>;
  if (cachePath !== undefined) {
    try {
      cached = decode(readFileSync(cachePath));
    } catch {
      cached = undefined;
    }
  }
  if (cached && cached.header.ino === st.ino && cached.header.size === st.size && cached.header.mtimeMs === st.mtimeMs) {
    return { table: cached.table, counts: { lines: cached.header.lines, malformed: cached.header.malformed }, source: 'cached' };
  }
  let builder: TableBuilder;
  let counts: ReadCounts;
  let offset: number;
  let source: FileRecords['source'];
  if (cached && cached.header.ino === st.ino && st.size >= cached.header.offset && cached.header.offset > 0) {
    builder = new TableBuilder(cached.table.length + 1024);
    builder.addTable(cached.table);
    counts = { lines: cached.header.lines, malformed: cached.header.malformed };
    offset = readObservationFile(path, cached.header.offset, builder, counts);
    source = 'appended';
  } else {
    builder = new TableBuilder(Math.max(1024, Math.ceil(st.size / 150)));
    counts = { lines: 0, malformed: 0 };
    offset = readObservationFile(path, 0, builder, counts);
    source = 'parsed';
  }
  const table = builder.build();
  if (cachePath !== undefined) {
    // stat again: the hook may have appended while we read; the offset says what we consumed.
    const after = statSync(path);
    const key = after.size === offset ? after : { ino: after.ino, size: -1, mtimeMs: -1 };
    try {
      writeFileAtomic(cachePath, encode(header(key, offset, counts, table), table), { skipIfSame: false });
    } catch {
      // a cache is an optimisation: failing to write it is not an error
    }
  }
  return { table, counts, source };
}
