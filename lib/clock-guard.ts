import { closeSync, fstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { FUTURE_TOLERANCE_MS, futureClockReason, isoToMs, pastClockReason } from './clock.js';
import { READ_NOFOLLOW } from './data-files.js';
import { layout } from './data-home.js';

// Whether a run may change the data home at its `now`: not when `now` is far ahead of the real
// clock (futureClockReason), nor when it is behind the newest record the data home holds
// (pastClockReason). The newest record is read from the ends of the files where records are
// appended: the newest observation file and the event log, a few KiB each, so that the Stop hook
// pays three small reads for it.

const OBSERVATION_FILE = /^\d{4}-\d{2}-\d{2}\.jsonl$/;
const TS = /"ts":"([^"]{10,40})"/g;
/** The end of a file read: the records appended last, a few dozen lines. */
const TAIL = 8192;

/** The latest `"ts"` up to `limitMs` among the complete lines of a data file's last TAIL bytes; -Infinity without one. */
function newestInTail(path: string, limitMs: number): number {
  let fd: number;
  try {
    fd = openSync(path, READ_NOFOLLOW);
  } catch {
    return -Infinity;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size === 0) return -Infinity;
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
    return newest;
  } finally {
    closeSync(fd);
  }
}

/**
 * The time of the newest record the data home holds (an observation or a store event), among
 * those not after `limitMs`; -Infinity when it holds none. A record stamped ahead of the real
 * clock (by a hook whose clock or HOMUNCULUS_NOW was ahead) is a wrong time, not the newest.
 */
export function newestRecordMs(home: string, limitMs: number): number {
  let names: string[] = [];
  try {
    names = readdirSync(layout.observations(home)).filter((f) => OBSERVATION_FILE.test(f));
  } catch {
    // no observations
  }
  names.sort();
  const lastDay = new Date(limitMs).toISOString().slice(0, 10);
  let obs = -Infinity;
  // The newest file up to the limit's day with a record up to the limit (a file of a later day holds none).
  for (let k = names.length - 1; k >= 0 && obs === -Infinity; k--) {
    if (names[k]!.slice(0, 10) > lastDay) continue;
    obs = newestInTail(`${layout.observations(home)}/${names[k]}`, limitMs);
  }
  return Math.max(obs, newestInTail(layout.events(home), limitMs));
}

/**
 * Why a run at `nowMs` must read only (report, and archive, prune and write nothing), or
 * undefined when it may write: a clock far ahead of the real one, or behind the data's newest
 * record (one stamped up to FUTURE_TOLERANCE_MS after the real clock).
 */
export function readOnlyReason(home: string, nowMs: number, realMs: number = Date.now()): string | undefined {
  return futureClockReason(nowMs, realMs) ?? pastClockReason(nowMs, newestRecordMs(home, realMs + FUTURE_TOLERANCE_MS));
}
