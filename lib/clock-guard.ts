import { closeSync, fstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { lstatSync } from 'node:fs';
import { clockBehindReason, FUTURE_TOLERANCE_MS, futureClockReason, isoToMs, pastClockReason } from './clock.js';
import { READ_NOFOLLOW } from './data-files.js';
import { layout } from './data-home.js';

// Whether a run may change the data home at its `now`: not when `now` is far ahead of the real
// clock (futureClockReason), nor when it is behind the newest record the data home holds
// (pastClockReason), nor when the system clock itself is behind the data home's last write
// (clockBehindReason: a clock set back, with no --now). The newest record is read from the ends
// of the files where records are appended: the newest observation file and the event log, a few
// KiB each; the last write is their modification times, from the same opens (and one lstat), so
// that the Stop hook pays three small reads for both.

const OBSERVATION_FILE = /^\d{4}-\d{2}-\d{2}\.jsonl$/;
const TS = /"ts":"([^"]{10,40})"/g;
/** The end of a file read: the records appended last, a few dozen lines. */
const TAIL = 8192;

interface Tail {
  /** The latest `"ts"` up to the limit; -Infinity without one. */
  newest: number;
  /** When the file was last written, by the system's clock at the time; -Infinity when it is not a regular file. */
  mtime: number;
}

const NONE: Tail = { newest: -Infinity, mtime: -Infinity };

/** The latest `"ts"` up to `limitMs` among the complete lines of a data file's last TAIL bytes, and the file's mtime. */
function newestInTail(path: string, limitMs: number): Tail {
  let fd: number;
  try {
    fd = openSync(path, READ_NOFOLLOW);
  } catch {
    return NONE;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return NONE;
    if (st.size === 0) return { newest: -Infinity, mtime: st.mtimeMs };
    const len = Math.min(TAIL, st.size);
    const buf = Buffer.allocUnsafe(len);
    let got = 0;
    while (got < len) {
      const n = readSync(fd, buf, got, len - got, st.size - len + got);
      if (n === 0) break;
      got += n;
    }
    let text = buf.toString('latin1', 0, got);
    // A partial first line (cut by the window) is left out; a last line without its newline is whole enough.
    if (len < st.size) text = text.slice(text.indexOf('\n') + 1);
    let newest = -Infinity;
    for (const m of text.matchAll(TS)) {
      const ms = isoToMs(m[1]!);
      if (ms > newest && ms <= limitMs) newest = ms;
    }
    return { newest, mtime: st.mtimeMs };
  } finally {
    closeSync(fd);
  }
}

/** A regular file's mtime (a link is not followed); -Infinity when there is none. */
function mtimeOf(path: string): number {
  try {
    const st = lstatSync(path);
    return st.isFile() ? st.mtimeMs : -Infinity;
  } catch {
    return -Infinity;
  }
}

export interface DataHomeTimes {
  /** The newest record (an observation or a store event) not after the limit; -Infinity when none. */
  newestRecordMs: number;
  /** When records were last appended (the newest observation file's and the event log's mtimes); -Infinity when none. */
  lastWriteMs: number;
}

/**
 * The time of the newest record the data home holds (an observation or a store event), among
 * those not after `limitMs`, and when records were last written there. A record stamped ahead of
 * the real clock (by a hook whose HOMUNCULUS_NOW was ahead, or a transcript's) is a wrong time, not
 * the newest; a write is stamped by the system's clock when it happens, whatever the records say.
 */
export function dataHomeTimes(home: string, limitMs: number): DataHomeTimes {
  let names: string[] = [];
  try {
    names = readdirSync(layout.observations(home)).filter((f) => OBSERVATION_FILE.test(f));
  } catch {
    // no observations
  }
  names.sort();
  const lastDay = new Date(limitMs).toISOString().slice(0, 10);
  let obs = NONE;
  let newestFile = -Infinity;
  // The newest file up to the limit's day with a record up to the limit (a file of a later day holds none).
  for (let k = names.length - 1; k >= 0 && obs.newest === -Infinity; k--) {
    if (names[k]!.slice(0, 10) > lastDay) continue;
    obs = newestInTail(`${layout.observations(home)}/${names[k]}`, limitMs);
    if (k === names.length - 1) newestFile = obs.mtime;
  }
  // The newest file by name was written last (a hook appends to today's), read or not.
  if (names.length > 0 && newestFile === -Infinity) newestFile = mtimeOf(`${layout.observations(home)}/${names[names.length - 1]}`);
  const events = newestInTail(layout.events(home), limitMs);
  return { newestRecordMs: Math.max(obs.newest, events.newest), lastWriteMs: Math.max(newestFile, obs.mtime, events.mtime) };
}

/**
 * Why a run at `nowMs` must read only (report, and archive, prune and write nothing), or
 * undefined when it may write: a clock far ahead of the real one, behind the data's newest
 * record (one stamped up to FUTURE_TOLERANCE_MS after the real clock), or a real clock behind
 * the data home's last write (the system clock was set back).
 */
export function readOnlyReason(home: string, nowMs: number, realMs: number = Date.now()): string | undefined {
  const future = futureClockReason(nowMs, realMs);
  if (future !== undefined) return future;
  const t = dataHomeTimes(home, realMs + FUTURE_TOLERANCE_MS);
  return pastClockReason(nowMs, t.newestRecordMs) ?? clockBehindReason(realMs, t.lastWriteMs);
}
