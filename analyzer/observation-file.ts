import { readSync } from 'node:fs';
import { TableBuilder } from './record-table.js';
import { isoToMs } from '../lib/clock.js';
import { DETAIL_PART, ID, TOOL_NAME } from '../lib/tokens.js';

// Reads observation files into a TableBuilder. Lines the hook wrote are read straight from the
// file's bytes by a parser of their one shape (canonicalRecord), which checks each byte against
// its field's character set as the JSON path's token checks would, and turns each field into a
// string only the first time those bytes are seen. Anything else goes through JSON.parse and the
// same token checks, and is counted when it fails.

// Character sets, one bit each, in a table indexed by byte.
const TOOL_CH = 1; // [A-Za-z0-9_.:-]: tools, agent types
const WORD_CH = 2; // [A-Za-z0-9._:+@-]: a detail's words
const ID_CH = 4; // [A-Za-z0-9_-]: sessions, agent ids, tool-use ids
const DIGIT_CH = 8;
const HEX_CH = 16; // [0-9a-f]
const CH = new Uint8Array(256);
for (let c = 0; c < 256; c++) {
  const ch = String.fromCharCode(c);
  const alnum = /[A-Za-z0-9]/.test(ch);
  if (alnum || '_.:-'.includes(ch)) CH[c]! |= TOOL_CH;
  if (alnum || '._:+@-'.includes(ch)) CH[c]! |= WORD_CH;
  if (alnum || '_-'.includes(ch)) CH[c]! |= ID_CH;
  if (/[0-9]/.test(ch)) CH[c]! |= DIGIT_CH;
  if (/[0-9a-f]/.test(ch)) CH[c]! |= HEX_CH;
}
const QUOTE = 0x22;
const PROJECT_ID = /^[0-9a-f]{12}$/;

const bytes = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
const HEAD = bytes('{"v":1,"ts":"');
/** `YYYY-MM-DDTHH:MM:SS.sssZ` */
const TS_BYTES = 24;
const TOOL_KEY = bytes('","tool":"');
const OK_KEY = bytes('","ok":');
const TRUE = bytes('true');
const FALSE = bytes('false');
const MS_KEY = bytes(',"ms":');
const NULL = bytes('null');
const PREV_KEY = bytes(',"prev":');
const PREV2_KEY = bytes(',"prev2":');
const SESSION_KEY = bytes(',"session":"');
const PROJECT_KEY = bytes('","project":');
const EVENT_KEY = bytes(',"event":"PostToolUse');
const FAILURE = bytes('Failure');
const ID_KEY = bytes(',"id":"');
const DETAIL_KEY = bytes(',"detail":"');
const AGENT_KEY = bytes(',"agent":"');
const AGENT_ID_KEY = bytes(',"agentId":"');

/** The position after `lit` when buf holds it at p, else -1. */
function literal(buf: Uint8Array, p: number, lit: Uint8Array): number {
  for (let k = 0; k < lit.length; k++) if (buf[p + k] !== lit[k]) return -1;
  return p + lit.length;
}

// The hash of the last token scanned (FNV-1a of its bytes, 32 bits): set by token().
let tokenHash = 0;

/** The end of a run of 1 to `max` bytes of set `ch` starting at p (before a quote or any other byte), else -1; hashed into tokenHash. */
function token(buf: Uint8Array, p: number, ch: number, max: number): number {
  let q = p;
  let h = 0x811c9dc5;
  for (let c = buf[q]!; (CH[c]! & ch) !== 0; c = buf[++q]!) h = Math.imul(h ^ c, 0x01000193);
  const n = q - p;
  if (n < 1 || n > max) return -1;
  tokenHash = h;
  return q;
}

/** The end of `"` + 1 to `max` bytes of set `ch` + `"` at p, else -1 (not hashed). */
function quoted(buf: Uint8Array, p: number, ch: number, max: number): number {
  if (buf[p] !== QUOTE) return -1;
  let q = p + 1;
  while ((CH[buf[q]!]! & ch) !== 0) q++;
  return q - p - 1 >= 1 && q - p - 1 <= max && buf[q] === QUOTE ? q + 1 : -1;
}

/** The end of `key` + (`"<tool>"` or `null`) at p, else -1. */
function prevField(buf: Uint8Array, p: number, key: Uint8Array): number {
  const q = literal(buf, p, key);
  if (q === -1) return -1;
  return buf[q] === QUOTE ? quoted(buf, q, TOOL_CH, 128) : literal(buf, q, NULL);
}

/**
 * Strings by their bytes: each field's value is made a string the first time its bytes are seen
 * in a read, and the same string is handed out after that (no string per line to make, hash and
 * collect). Keyed by a hash of the bytes, and checked against them.
 */
export class ByteStrings {
  private readonly byHash = new Map<number, string>();
  get(buf: Buffer, s: number, e: number, h: number): string {
    const v = this.byHash.get(h);
    if (v !== undefined && v.length === e - s) {
      let k = 0;
      while (k < v.length && v.charCodeAt(k) === buf[s + k]) k++;
      if (k === v.length) return v;
    }
    const str = buf.toString('latin1', s, e);
    if (v === undefined) this.byHash.set(h, str);
    return str;
  }
}

const newStrings = () => ({ tools: new ByteStrings(), sessions: new ByteStrings(), projects: new ByteStrings(), details: new ByteStrings(), agents: new ByteStrings() });
/** The current read's strings: a new set for each file read, so that none outlives its read. */
let strings = newStrings();

/** The value of n decimal digits at `at`; -1 if any byte there is not a digit. */
function digits(buf: Uint8Array, at: number, n: number): number {
  let v = 0;
  for (let k = 0; k < n; k++) {
    const c = buf[at + k]! - 48;
    if (!(c >= 0 && c <= 9)) return -1; // also NaN, past the buffer's end
    v = v * 10 + c;
  }
  return v;
}

// The last date seen (as YYYYMMDD) and its midnight: a file's lines share a handful of dates, so
// a date is checked and converted once per change of date, not per line.
let lastDate = -1;
let lastDayMs = Number.NaN;

/**
 * `YYYY-MM-DDTHH:MM:SS.sssZ` at p, as epoch ms. NaN unless it has this shape and names a real
 * date and time: Date.UTC would quietly roll `2026-13-45T99:99:99Z` over into a valid instant,
 * which the JSON path (isoToMs) rejects. NaN sends the line to the JSON path, so both paths
 * accept exactly the same timestamps. A valid time of day adds to its date's midnight exactly
 * (whole milliseconds), as Date.UTC would compute it.
 */
function isoAt(buf: Uint8Array, p: number): number {
  const y = digits(buf, p, 4);
  const mo = digits(buf, p + 5, 2);
  const d = digits(buf, p + 8, 2);
  if ((y | mo | d) < 0 || buf[p + 4] !== 0x2d || buf[p + 7] !== 0x2d || buf[p + 10] !== 0x54) return Number.NaN;
  const date = y * 10000 + mo * 100 + d;
  if (date !== lastDate) {
    let ms = Number.NaN;
    // Date.UTC maps years 0-99 to 19xx
    if (y >= 100 && mo >= 1 && mo <= 12 && d >= 1 && (d <= 28 || d <= (mo === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : mo === 4 || mo === 6 || mo === 9 || mo === 11 ? 30 : 31))) ms = Date.UTC(y, mo - 1, d);
    lastDate = date;
    lastDayMs = ms;
  }
  const h = digits(buf, p + 11, 2);
  const mi = digits(buf, p + 14, 2);
  const s = digits(buf, p + 17, 2);
  const ms = digits(buf, p + 20, 3);
  if ((h | mi | s | ms) < 0 || buf[p + 13] !== 0x3a || buf[p + 16] !== 0x3a || buf[p + 19] !== 0x2e || buf[p + 23] !== 0x5a) return Number.NaN;
  if (h > 23 || mi > 59 || s > 59) return Number.NaN;
  return lastDayMs + h * 3_600_000 + mi * 60_000 + s * 1000 + ms;
}

/**
 * Adds the line buf[start, end) when it has the one shape the hook writes:
 *
 *   {"v":1,"ts":"<ISO, ms, Z>","tool":"<tool>","ok":true|false,"ms":<1-15 digits>|null,
 *   "prev":"<tool>"|null,"prev2":"<tool>"|null,"session":"<id>","project":"<12 hex>"|null,
 *   "event":"PostToolUse[Failure]"[,"id":"<id>"][,"detail":"<word>[ <word>]"]
 *   [,"agent":"<agent type>"][,"agentId":"<id>"]}[\r]
 *
 * with each token in its set and length (lib/tokens.ts), and returns true; false for anything
 * else, which the JSON path reads. Every byte between the fields is checked, so that no escape
 * or quote can hide in a skipped value. buf[end] must not be a byte any field may hold (a line's
 * `\n`, or past the buffer's end).
 */
export function canonicalRecord(buf: Buffer, start: number, end: number, into: TableBuilder): boolean {
  let p = literal(buf, start, HEAD);
  if (p === -1) return false;
  const ts = isoAt(buf, p);
  if (Number.isNaN(ts)) return false;
  p = literal(buf, p + TS_BYTES, TOOL_KEY);
  if (p === -1) return false;
  const toolAt = p;
  p = token(buf, p, TOOL_CH, 128);
  if (p === -1) return false;
  const toolEnd = p;
  const toolHash = tokenHash;
  p = literal(buf, p, OK_KEY);
  if (p === -1) return false;
  let ok = true;
  let q = literal(buf, p, TRUE);
  if (q === -1) {
    ok = false;
    q = literal(buf, p, FALSE);
    if (q === -1) return false;
  }
  p = literal(buf, q, MS_KEY);
  if (p === -1) return false;
  q = p;
  while ((CH[buf[q]!]! & DIGIT_CH) !== 0) q++;
  if (q === p) q = literal(buf, p, NULL);
  else if (q - p > 15) return false;
  if (q === -1) return false;
  q = prevField(buf, q, PREV_KEY);
  if (q === -1) return false;
  q = prevField(buf, q, PREV2_KEY);
  if (q === -1) return false;
  p = literal(buf, q, SESSION_KEY);
  if (p === -1) return false;
  const sessionAt = p;
  p = token(buf, p, ID_CH, 128);
  if (p === -1) return false;
  const sessionEnd = p;
  const sessionHash = tokenHash;
  p = literal(buf, p, PROJECT_KEY);
  if (p === -1) return false;
  let project: string | undefined;
  if (buf[p] === QUOTE) {
    q = token(buf, p + 1, HEX_CH, 12);
    if (q !== p + 13 || buf[q] !== QUOTE) return false;
    project = strings.projects.get(buf, p + 1, q, tokenHash);
    p = q + 1;
  } else {
    p = literal(buf, p, NULL);
    if (p === -1) return false;
  }
  p = literal(buf, p, EVENT_KEY);
  if (p === -1) return false;
  q = literal(buf, p, FAILURE);
  if (q !== -1) p = q;
  if (buf[p++] !== QUOTE) return false;
  // The optional fields, in order: once a field's key is there, the rest of it must be too (no
  // later key or the closing brace can start where an earlier key does).
  q = literal(buf, p, ID_KEY);
  if (q !== -1) {
    p = token(buf, q, ID_CH, 128);
    if (p === -1 || buf[p++] !== QUOTE) return false;
  }
  let detail: string | undefined;
  q = literal(buf, p, DETAIL_KEY);
  if (q !== -1) {
    p = token(buf, q, WORD_CH, 40);
    if (p === -1) return false;
    let h = tokenHash;
    if (buf[p] === 0x20) {
      const second = token(buf, p + 1, WORD_CH, 40);
      if (second === -1) return false;
      h = Math.imul(h, 31) ^ tokenHash;
      p = second;
    }
    if (buf[p] !== QUOTE) return false;
    detail = strings.details.get(buf, q, p, h);
    p++;
  }
  q = literal(buf, p, AGENT_KEY);
  if (q !== -1) {
    p = token(buf, q, TOOL_CH, 64);
    if (p === -1 || buf[p++] !== QUOTE) return false;
  }
  let agentId: string | undefined;
  q = literal(buf, p, AGENT_ID_KEY);
  if (q !== -1) {
    p = token(buf, q, ID_CH, 128);
    if (p === -1 || buf[p] !== QUOTE) return false;
    agentId = strings.agents.get(buf, q, p, tokenHash);
    p++;
  }
  if (buf[p++] !== 0x7d) return false;
  if (p !== end && !(p === end - 1 && buf[p] === 0x0d)) return false;
  into.add(ts, strings.tools.get(buf, toolAt, toolEnd, toolHash), ok, strings.sessions.get(buf, sessionAt, sessionEnd, sessionHash), agentId, detail, project);
  return true;
}

export interface ReadCounts {
  lines: number;
  malformed: number;
}

function validDetail(d: unknown): d is string {
  if (typeof d !== 'string') return false;
  const parts = d.split(' ');
  return parts.length <= 2 && parts.every((p) => DETAIL_PART.test(p));
}

/** Parses the line buf[start, end) into the builder; returns false for a malformed line. */
export function addLine(buf: Buffer, start: number, end: number, into: TableBuilder): boolean {
  // The JSON path reads the line's bytes as latin1, as it always has: a token outside ASCII is
  // refused either way, and the other fields are only parsed.
  return canonicalRecord(buf, start, end, into) || addJsonLine(buf.toString('latin1', start, end), into);
}

function addJsonLine(line: string, into: TableBuilder): boolean {
  let r: unknown;
  try {
    r = JSON.parse(line);
  } catch {
    return false;
  }
  if (typeof r !== 'object' || r === null) return false;
  const o = r as Record<string, unknown>;
  const ts = typeof o['ts'] === 'string' ? isoToMs(o['ts']) : Number.NaN;
  if (o['v'] !== 1 || Number.isNaN(ts)) return false;
  if (typeof o['tool'] !== 'string' || !TOOL_NAME.test(o['tool'])) return false;
  if (typeof o['ok'] !== 'boolean') return false;
  if (typeof o['session'] !== 'string' || !ID.test(o['session'])) return false;
  const agentId = o['agentId'];
  if (agentId !== undefined && (typeof agentId !== 'string' || !ID.test(agentId))) return false;
  const detail = o['detail'];
  if (detail !== undefined && !validDetail(detail)) return false;
  // A project that is not a 12-hex id is left out, not the record: the pattern still counts.
  const project = typeof o['project'] === 'string' && PROJECT_ID.test(o['project']) ? o['project'] : undefined;
  into.add(ts, o['tool'], o['ok'], o['session'], agentId as string | undefined, detail as string | undefined, project);
  return true;
}

// Under V8's external-string size, so decoded chunks live (and die young) on the JS heap.
const CHUNK = 256 * 1024;

/**
 * Reads complete lines from `offset` to the end of the open file. Returns the offset just past the last
 * complete line: an unfinished last line is left for the next read (and not counted).
 */
export function readObservationFile(fd: number, offset: number, into: TableBuilder, counts: ReadCounts): number {
  strings = newStrings();
  let buf = Buffer.allocUnsafe(CHUNK);
  let filled = 0; // bytes in buf not yet consumed
  let pos = offset; // file position of buf[0]
  for (;;) {
    if (filled === buf.length) {
      const bigger = Buffer.allocUnsafe(buf.length * 2); // one line longer than the buffer
      buf.copy(bigger, 0, 0, filled);
      buf = bigger;
    }
    const n = readSync(fd, buf, filled, buf.length - filled, pos + filled);
    if (n === 0) return pos;
    filled += n;
    const lastNl = buf.lastIndexOf(0x0a, filled - 1);
    if (lastNl === -1) continue;
    let start = 0;
    while (start <= lastNl) {
      const end = buf.indexOf(0x0a, start);
      if (end > start) {
        counts.lines++;
        if (!addLine(buf, start, end, into)) counts.malformed++;
      }
      start = end + 1;
    }
    const consumed = lastNl + 1;
    buf.copy(buf, 0, consumed, filled);
    filled -= consumed;
    pos += consumed;
  }
}
