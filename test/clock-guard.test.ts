import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataHomeTimes, readOnlyReason } from '../lib/clock-guard.js';
import { tempDir } from './helpers.js';

// lib/clock-guard.ts: when a run may write at its time. Issue 38, 3: a system clock behind the
// data home's last write (the files' own times) makes every run read-only, with no --now too; a
// record stamped ahead of the clock (a transcript's, a hook's HOMUNCULUS_NOW) locks nothing.

const REAL = Date.parse('2026-11-20T12:00:00Z');
const MIN = 60_000;
const line = (ts: string) => `${JSON.stringify({ v: 1, ts, tool: 'Read', ok: true, ms: 1, prev: null, prev2: null, session: 's', project: null, event: 'PostToolUse' })}\n`;

/** A data home with one observation file (name, record time, mtime) and optionally an event log's mtime. */
function home(files: { name: string; ts: string; mtimeMs: number }[], eventsMtimeMs?: number): string {
  const h = tempDir();
  mkdirSync(join(h, 'observations'), { recursive: true });
  for (const f of files) {
    const p = join(h, 'observations', f.name);
    writeFileSync(p, line(f.ts));
    utimesSync(p, f.mtimeMs / 1000, f.mtimeMs / 1000);
  }
  if (eventsMtimeMs !== undefined) {
    const p = join(h, 'events.jsonl');
    writeFileSync(p, `${JSON.stringify({ ts: '2026-11-19T10:00:00.000Z', id: 'x', pattern: 'seq:a->b->c', delta: 0.1, reason: 'r' })}\n`);
    utimesSync(p, eventsMtimeMs / 1000, eventsMtimeMs / 1000);
  }
  return h;
}

describe('readOnlyReason at the real clock (no --now)', () => {
  it.each([
    ['files written before the clock', [{ name: '2026-11-20.jsonl', ts: '2026-11-20T11:00:00Z', mtimeMs: REAL - 60 * MIN }], undefined, false],
    ['the last write 4 minutes after the clock (another machine a little ahead)', [{ name: '2026-11-20.jsonl', ts: '2026-11-20T11:00:00Z', mtimeMs: REAL + 4 * MIN }], undefined, false],
    ['the newest observation file written 10 minutes after the clock', [{ name: '2026-11-20.jsonl', ts: '2026-11-20T11:00:00Z', mtimeMs: REAL + 10 * MIN }], undefined, true],
    ['written 30 days after it, its records too', [{ name: '2026-12-20.jsonl', ts: '2026-12-20T11:00:00Z', mtimeMs: REAL + 30 * 1440 * MIN }], undefined, true],
    ['an older file of the same time, the newest by name written later', [{ name: '2026-11-01.jsonl', ts: '2026-11-01T11:00:00Z', mtimeMs: REAL - 1440 * MIN }, { name: '2026-11-25.jsonl', ts: '2026-11-25T11:00:00Z', mtimeMs: REAL + 5 * 1440 * MIN }], undefined, true],
    ['the event log written an hour after the clock', [], REAL + 60 * MIN, true],
    // A record stamped in years ahead (a transcript's time, HOMUNCULUS_NOW ahead on a hook), written now: no lock.
    ['a record stamped in 2030, written before the clock', [{ name: '2026-11-20.jsonl', ts: '2026-11-20T11:00:00Z', mtimeMs: REAL - 60 * MIN }, { name: '2030-01-01.jsonl', ts: '2030-01-01T00:00:00Z', mtimeMs: REAL - 30 * MIN }], undefined, false],
    ['an empty data home', [], undefined, false],
  ])('%s', (_what, files, events, readOnly) => {
    const h = home(files, events);
    const reason = readOnlyReason(h, REAL, REAL);
    if (readOnly) expect(reason).toMatch(/^the system clock \(2026-11-20T12:00:00\.000Z\) is \d+ (days|hours|minutes) before the data home's last write \(.*\), more than 5 minutes: it was set back$/);
    else expect(reason).toBeUndefined();
  });

  it('a --now behind the records is still said as before; the last write is the newest of the files read', () => {
    const h = home([{ name: '2026-11-20.jsonl', ts: '2026-11-20T11:00:00Z', mtimeMs: REAL - 30 * MIN }], REAL - 10 * MIN);
    expect(readOnlyReason(h, Date.parse('2026-11-01T00:00:00Z'), REAL)).toMatch(/^the time 2026-11-01T00:00:00.000Z \(--now or HOMUNCULUS_NOW, or the clock\) is 19 days before the newest record/);
    expect(dataHomeTimes(h, REAL)).toEqual({ newestRecordMs: Date.parse('2026-11-20T11:00:00Z'), lastWriteMs: REAL - 10 * MIN });
  });
});
