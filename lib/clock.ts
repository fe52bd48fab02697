// Every time-dependent command takes `now` from `--now`, else `HOMUNCULUS_NOW`, else the clock.

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):?(\d{2})))?$/;

export class BadTimeError extends Error {}

/**
 * Milliseconds of a strict ISO 8601 instant, or NaN. A time of day needs a zone, so that results
 * never depend on TZ. Unlike Date.parse (which reads `2026-02-30` as March 2 and `24:00` as the
 * next day) every component must name a real calendar date and time: the fields are set through
 * Date.UTC and must come back unchanged. Hand-written rather than date-fns' parseISO, which reads
 * a date without a time as local midnight (TZ-dependent) and also accepts `24:00`.
 */
export function isoToMs(text: string): number {
  const m = ISO.exec(text);
  if (m === null) return Number.NaN;
  const y = +m[1]!;
  const mo = +m[2]!;
  const d = +m[3]!;
  const h = m[4] === undefined ? 0 : +m[4];
  const mi = m[5] === undefined ? 0 : +m[5];
  const s = m[6] === undefined ? 0 : +m[6];
  const frac = m[7] === undefined ? 0 : +m[7].slice(0, 3).padEnd(3, '0');
  const t = new Date(0);
  t.setUTCFullYear(y, mo - 1, d); // not Date.UTC: it maps years 0-99 to 1900-1999
  t.setUTCHours(h, mi, s, frac);
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) return Number.NaN;
  if (t.getUTCHours() !== h || t.getUTCMinutes() !== mi || t.getUTCSeconds() !== s) return Number.NaN;
  let offsetMin = 0;
  if (m[9] !== undefined) {
    const oh = +m[10]!;
    const om = +m[11]!;
    if (oh > 23 || om > 59) return Number.NaN;
    offsetMin = (m[9] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  return t.getTime() - offsetMin * 60_000;
}

/** Parses an ISO 8601 instant; throws BadTimeError naming `what` and the text found. */
export function parseInstant(text: string, what: string): Date {
  const ms = isoToMs(text);
  if (Number.isNaN(ms)) {
    throw new BadTimeError(
      `${what}: expected an ISO 8601 time with a zone, on a real calendar date, like 2026-03-04T14:22:31Z or 2026-03-04, found ${JSON.stringify(text.slice(0, 60))}`,
    );
  }
  return new Date(ms);
}

export function resolveNow(flag: string | undefined, env: NodeJS.ProcessEnv): Date {
  if (flag !== undefined) return parseInstant(flag, '--now');
  const fromEnv = env['HOMUNCULUS_NOW'];
  if (fromEnv) return parseInstant(fromEnv, 'HOMUNCULUS_NOW');
  return new Date();
}

export const DAY_MS = 86_400_000;

/** 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: the instants a record may hold. */
const FIRST_RECORDABLE_MS = -62_167_219_200_000;
const LAST_RECORDABLE_MS = 253_402_300_799_999;

/**
 * Whether an instant can be a record's time: in years 0000 to 9999, those its `ts` and its file's
 * name (`YYYY-MM-DD.jsonl`) spell in four digits. Date.parse reads `+275760-09-13` (the last
 * instant a Date holds: the day after it is no Date at all) and `12345` as years.
 */
export function recordable(ms: number): boolean {
  return ms >= FIRST_RECORDABLE_MS && ms <= LAST_RECORDABLE_MS;
}

/** How far a clock override may run ahead of the real clock before runs turn read-only. */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;

/**
 * Why a run at `nowMs` must not delete, archive or write anything, or undefined when it may.
 * A `now` far ahead of the real clock is nearly always a typo (2062 for 2026), and at such a time
 * every observation would be past retention and every instinct and rule would have decayed: a
 * run would throw away what was learned. The past is guarded against the data itself
 * (pastClockReason, through lib/clock-guard.ts).
 */
export function futureClockReason(nowMs: number, realMs: number = Date.now()): string | undefined {
  if (nowMs - realMs <= FUTURE_TOLERANCE_MS) return undefined;
  return `the time ${new Date(nowMs).toISOString()} (--now or HOMUNCULUS_NOW) is ${spanOf(nowMs - realMs)} ahead of the real clock (${new Date(realMs).toISOString()}), more than 5 minutes`;
}

/** How far a clock override may run behind the newest record before runs turn read-only. */
export const PAST_TOLERANCE_MS = 5 * 60_000;

function spanOf(ms: number): string {
  return ms >= 2 * DAY_MS ? `${Math.floor(ms / DAY_MS)} days` : ms >= 2 * 3_600_000 ? `${Math.floor(ms / 3_600_000)} hours` : `${Math.ceil(ms / 60_000)} minutes`;
}

/**
 * Why a run at `nowMs` must not delete, archive or write anything because of the past: `now`
 * is more than 5 minutes before the newest record of the data home (newestMs: an observation or
 * a store event; -Infinity when there is none). At such a time what was just seen looks unseen
 * (nothing of it in the window), and a reinforcement would date an instinct back: a run would
 * archive what was just learned. Undefined when it may.
 */
export function pastClockReason(nowMs: number, newestMs: number): string | undefined {
  if (!(newestMs - nowMs > PAST_TOLERANCE_MS)) return undefined;
  return `the time ${new Date(nowMs).toISOString()} (--now or HOMUNCULUS_NOW, or the clock) is ${spanOf(newestMs - nowMs)} before the newest record (${new Date(newestMs).toISOString()}), more than 5 minutes`;
}

/**
 * Why no run may delete, archive or write because the system clock itself is behind: the data
 * home's records were last written (their files' modification times, stamped by the system's
 * clock when they were written) more than 5 minutes after the clock's time now. The clock was
 * set back, and with no --now every run takes its time: what was just seen looks unseen, and a
 * run would archive what was learned, and a later one with the right clock delete the copies.
 * Undefined when it may.
 */
export function clockBehindReason(realMs: number, lastWriteMs: number): string | undefined {
  if (!(lastWriteMs - realMs > PAST_TOLERANCE_MS)) return undefined;
  return `the system clock (${new Date(realMs).toISOString()}) is ${spanOf(lastWriteMs - realMs)} before the data home's last write (${new Date(lastWriteMs).toISOString()}), more than 5 minutes: it was set back`;
}

/** `YYYY-MM-DD` of an instant, in UTC: the name of its observation file. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
