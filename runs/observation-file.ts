import { readSync } from 'node:fs';
import { idHash, type StopToken } from '../analyzer/record-table.js';
import { TableBuilder } from '../analyzer/table-builder.js';
import { isoToMs } from '../lib/clock.js';
import { DETAIL_PART, DETAIL_WORDS, ID, TOOL_NAME } from '../lib/tokens.js';

// Reads observation files into a TableBuilder. Lines the hook wrote match one compiled regular
// expression (one regex run per line instead of JSON.parse and per-field checks); anything else
// goes through JSON.parse and the same token checks, and is counted when it fails.

const TOOL = '[A-Za-z0-9_.:-]{1,128}';
const WORD = '[A-Za-z0-9._:+@-]{1,40}';
// Sticky, matched in place at each line start (no per-line substring); the timestamp is not
// captured but read from its fixed position, nor is the tool-use id (idAt hashes it in place).
// Groups: 1 tool, 2 ok, 3 session, 4 project, 5 empty when the line has an id (a mark: no
// substring), 6 detail, 7 agentId, 8 stop.
const CANONICAL = new RegExp(
  '\\{"v":1,"ts":"\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z","tool":"(' + TOOL + ')","ok":(true|false),' +
    '"ms":(?:\\d{1,15}|null),"prev":(?:"' + TOOL + '"|null),"prev2":(?:"' + TOOL + '"|null),' +
    '"session":"([A-Za-z0-9_-]{1,128})","project":(?:"([0-9a-f]{12})"|null),"event":"PostToolUse(?:Failure)?"' +
    '(?:,"id":"[A-Za-z0-9_-]{1,128}"())?(?:,"detail":"(' + WORD + '(?: ' + WORD + '){0,' + (DETAIL_WORDS - 1) + '})")?' +
    '(?:,"agent":"[A-Za-z0-9_.:-]{1,64}")?(?:,"agentId":"([A-Za-z0-9_-]{1,128})")?(?:,"stop":"(interrupt|reject)")?\\}\\r?(?:\\n|$)',
  'y',
);
const TS_AT = 13;
const PROJECT_ID = /^[0-9a-f]{12}$/; // '{"v":1,"ts":"'.length

/**
 * Where idAt starts looking: a canonical line is at least 142 characters up to its `,"id":"`
 * (one-character tool and session, ok true, a one-digit ms, prev, prev2 and project null).
 */
const BEFORE_ID = 140;

/**
 * The idHash of the tool-use id of a canonical line text[start, end), hashed where it stands (a
 * captured copy of it cost the reader a string per line), or 0 when the line has none. Its
 * fields before the id are tokens, without quotes, so `,"id":"` can only be the id's key. Called
 * only for a line the expression saw an id in: for one without, the search ran on through the
 * rest of the chunk (256 KiB) for every such line.
 */
function idAt(text: string, start: number, end: number): number {
  const at = text.indexOf(',"id":"', start + BEFORE_ID);
  if (at === -1 || at >= end) return 0;
  return idHash(text, at + 7, text.indexOf('"', at + 7));
}

function digits(text: string, at: number, n: number): number {
  let v = 0;
  for (let k = 0; k < n; k++) v = v * 10 + text.charCodeAt(at + k) - 48;
  return v;
}

// The last date seen and its midnight: a file's lines share a handful of dates, so a line's date
// is checked and converted once per change of date, not per line.
let lastDate = '#';
let lastDayMs = Number.NaN;

/** Midnight UTC of `YYYY-MM-DD` at `at`; NaN unless it names a real date. */
function dayAt(text: string, at: number): number {
  if (text.startsWith(lastDate, at)) return lastDayMs;
  const y = digits(text, at, 4);
  const mo = digits(text, at + 5, 2);
  const d = digits(text, at + 8, 2);
  let ms = Number.NaN;
  // Date.UTC maps years 0-99 to 19xx
  if (y >= 100 && mo >= 1 && mo <= 12 && d >= 1 && (d <= 28 || d <= (mo === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : mo === 4 || mo === 6 || mo === 9 || mo === 11 ? 30 : 31))) ms = Date.UTC(y, mo - 1, d);
  lastDate = text.slice(at, at + 10);
  lastDayMs = ms;
  return ms;
}

/**
 * `YYYY-MM-DDTHH:MM:SS.sssZ` at a known position, whose shape the regex checked. NaN unless it
 * names a real date and time: Date.UTC would quietly roll `2026-13-45T99:99:99Z` over into a
 * valid instant, which the JSON path (isoToMs) rejects. NaN sends the line to the JSON path, so
 * both paths accept exactly the same timestamps. A valid time of day adds to its date's midnight
 * exactly (whole milliseconds), as Date.UTC would compute it.
 */
function isoAt(text: string, at: number): number {
  const day = dayAt(text, at);
  const h = digits(text, at + 11, 2);
  const mi = digits(text, at + 14, 2);
  const s = digits(text, at + 17, 2);
  if (h > 23 || mi > 59 || s > 59) return Number.NaN;
  return day + h * 3_600_000 + mi * 60_000 + s * 1000 + digits(text, at + 20, 3);
}

export interface ReadCounts {
  lines: number;
  malformed: number;
}

function validDetail(d: unknown): d is string {
  if (typeof d !== 'string') return false;
  const parts = d.split(' ');
  return parts.length <= DETAIL_WORDS && parts.every((p) => DETAIL_PART.test(p));
}

/** Parses the line text[start, end) into the builder; false for a malformed line (a repeat of a tool-use id is not one: the builder drops it, and counts it in its `duplicates`). */
export function addLine(text: string, start: number, end: number, into: TableBuilder): boolean {
  CANONICAL.lastIndex = start;
  const m = CANONICAL.exec(text);
  if (m !== null && CANONICAL.lastIndex >= end) {
    const ts = isoAt(text, start + TS_AT);
    if (!Number.isNaN(ts)) {
      into.add(ts, m[1]!, m[2] === 'true', m[3]!, m[7], m[6], m[4], m[5] === undefined ? 0 : idAt(text, start, end), m[8] as StopToken | undefined);
      return true;
    }
  }
  return addJsonLine(text.slice(start, end), into);
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
  // An id that is not a token is left out, not the record: the record still counts, unchecked.
  const id = typeof o['id'] === 'string' && ID.test(o['id']) ? idHash(o['id']) : 0;
  // A stop other than the user's two (or on a call that succeeded) is left out: the failure counts.
  const stop = o['ok'] === false && (o['stop'] === 'interrupt' || o['stop'] === 'reject') ? o['stop'] : undefined;
  into.add(ts, o['tool'], o['ok'], o['session'], agentId as string | undefined, detail as string | undefined, project, id, stop);
  return true;
}

// Under V8's external-string size, so decoded chunks live (and die young) on the JS heap.
const CHUNK = 256 * 1024;

/**
 * Reads complete lines from `offset` to the end of the open file. Returns the offset just past the last
 * complete line: an unfinished last line is left for the next read (and not counted).
 */
export function readObservationFile(fd: number, offset: number, into: TableBuilder, counts: ReadCounts): number {
  // The records read now are checked for repeated calls once read (against those before too).
  const from = into.mark();
  try {
    return readLines(fd, offset, into, counts);
  } finally {
    into.dropRepeats(from);
  }
}

function readLines(fd: number, offset: number, into: TableBuilder, counts: ReadCounts): number {
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
    const text = buf.toString('latin1', 0, lastNl);
    let start = 0;
    while (start <= text.length) {
      let end = text.indexOf('\n', start);
      if (end === -1) end = text.length;
      if (end > start) {
        counts.lines++;
        if (!addLine(text, start, end, into)) counts.malformed++;
      }
      start = end + 1;
    }
    const consumed = lastNl + 1;
    buf.copy(buf, 0, consumed, filled);
    filled -= consumed;
    pos += consumed;
  }
}
