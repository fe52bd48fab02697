// Records in columns: a week can hold a million tool calls, and an object per call would not fit
// the analyzer's memory budget. Strings (sessions, streams, tools) are interned once.
//
// A tool call is counted once, whatever recorded it: hooks registered at two scopes (or the plugin
// beside a CLI install) record each call twice, with the same tool-use id. The two hooks of a call
// append within milliseconds of each other, so its twin is among the latest records of its stream
// (parallel calls interleave a few at most). A builder drops a record whose id (hashed: idHash)
// and tool are those of one of the DEDUP_WINDOW records before it in its stream, as one file is
// read (add); as files are joined in day order (addRecords: a pair may straddle midnight UTC),
// each file's first DEDUP_WINDOW records of a stream are checked against the stream's last ones in
// the files before. Every reader (the analyzer whole or in parts, warm or cold, the session
// summary, the report, effectiveness) reads through these, so each drops the same records.

export interface RecordTable {
  length: number;
  ts: Float64Array;
  stream: Int32Array; // index into streams
  tool: Int32Array; // index into tools
  detail: Int32Array; // index into details, -1 when none
  /** OK (1) the call succeeded; FAILED (0), INTERRUPTED or REJECTED: it failed (test with `!== OK`). */
  ok: Uint8Array;
  /** Index into projects, -1 when the record names none (no cwd, or an older record). */
  project: Int32Array;
  /**
   * The tool-use id's hash (idHash), 0 when the record has none. Held by the tables of one file
   * (read or cached), which later joins check against; a joined table, already checked, has none.
   */
  id?: Int32Array;
  projects: string[];
  streams: string[];
  streamSession: number[]; // stream index -> session index
  sessions: string[];
  tools: string[];
  details: string[];
}

/** A table's strings: what its columns' indices point into. */
export type TableStrings = Pick<RecordTable, 'projects' | 'streams' | 'streamSession' | 'sessions' | 'tools' | 'details'>;

/** One builder's ids for a table's strings (TableBuilder.idsOf). */
export interface TableIds {
  streams: number[];
  tools: number[];
  details: number[];
  projects: number[];
  /** The builder's streams before these: those the records before the table's can be in. */
  streamsBefore: number;
}

/** A plain record, as tests and small callers write them. */
export interface PlainRecord {
  ts: number;
  tool: string;
  ok: boolean;
  session: string;
  agentId?: string | undefined;
  detail?: string | undefined;
  project?: string | undefined;
  /** The tool-use id. */
  id?: string | undefined;
  /** The user stopped the call (it failed): interrupted it, or declined it at the prompt. */
  stop?: StopToken | undefined;
}

/**
 * The `ok` column's values. A call the user stopped is a failure that says how, so every check
 * of a failure is `!== OK`, and the corrections learner (learners/corrections.ts) reads the rest.
 */
export const OK = 1;
export const FAILED = 0;
export const INTERRUPTED = 2;
export const REJECTED = 4;
export type StopToken = 'interrupt' | 'reject';

export function okByte(ok: boolean, stop: StopToken | undefined): number {
  return ok ? OK : stop === 'interrupt' ? INTERRUPTED : stop === 'reject' ? REJECTED : FAILED;
}

export function stopOf(okValue: number): StopToken | undefined {
  return okValue === INTERRUPTED ? 'interrupt' : okValue === REJECTED ? 'reject' : undefined;
}

/** How many of a stream's latest ids a record's id is compared with. */
export const DEDUP_WINDOW = 16;

/**
 * A tool-use id (text[start, end)) as a non-zero 30-bit number: FNV-1a over its characters
 * (ASCII: the record's id is a token), cut to 30 bits so that it stays an unboxed integer in V8.
 * Two different ids that collide are taken for one call only when they are of the same tool, in
 * the same stream, within DEDUP_WINDOW records of each other.
 */
export function idHash(text: string, start = 0, end = text.length): number {
  let h = 0x811c9dc5 | 0;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h &= 0x3fffffff;
  return h === 0 ? 1 : h;
}
