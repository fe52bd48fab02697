// lib/clock.ts: which instants a record may hold (issue 38, item 8); which texts are times, and
// the one line an impossible date gets wherever a time is given (issue 9; the CLI's exit 2 and the
// hook's log are test/future-clock.test.ts).
import { describe, expect, it } from 'vitest';
import { isoToMs, parseInstant, recordable, resolveNow } from '../lib/clock.js';

const IMPOSSIBLE = ['2026-02-30', '2026-13-45T99:99:99Z', '2026-02-29T00:00:00Z', '2026-04-31T10:00:00Z', '2026-03-04T24:00:00Z', '2026-03-04T23:59:60Z', '2026-03-04T12:00:00+24:00', '2026-00-10'];

describe('isoToMs: real dates parse (leap day, offsets, date only), impossible ones are NaN', () => {
  it.each([
    ['2024-02-29T12:00:00Z', '2024-02-29T12:00:00Z'],
    ['2026-03-04T14:22:31+02:00', '2026-03-04T12:22:31Z'],
    ['2026-03-04T14:22:31.512987Z', '2026-03-04T14:22:31.512Z'],
    ['2026-03-04', '2026-03-04T00:00:00Z'],
    ['0099-01-01T00:00:00Z', '0099-01-01T00:00:00Z'],
  ])('%s is %s', (text, iso) => {
    expect(isoToMs(text)).toBe(Date.parse(iso));
  });

  it.each([...IMPOSSIBLE, '2026-03-04T14:22:31', 'yesterday', ''])('%j is NaN', (bad) => {
    expect(isoToMs(bad)).toBeNaN();
  });
});

describe('an impossible date given as --now, HOMUNCULUS_NOW or --since: one line naming where and what', () => {
  const faces: [string, (bad: string) => unknown][] = [
    ['--now', (bad) => resolveNow(bad, {})],
    ['HOMUNCULUS_NOW', (bad) => resolveNow(undefined, { HOMUNCULUS_NOW: bad })],
    ['--since', (bad) => parseInstant(bad, '--since')], // import-transcripts' --since
  ];
  it.each(IMPOSSIBLE.flatMap((bad) => faces.map(([what, parse]) => [bad, what, parse] as const)))('%s through %s', (bad, what, parse) => {
    expect(() => parse(bad)).toThrow(`${what}: expected an ISO 8601 time with a zone, on a real calendar date, like 2026-03-04T14:22:31Z or 2026-03-04, found ${JSON.stringify(bad)}`);
  });
});

describe('recordable: years 0000 to 9999', () => {
  it.each([
    ['2026-11-20T10:00:00.000Z', true],
    ['0000-01-01T00:00:00.000Z', true],
    ['9999-12-31T23:59:59.999Z', true],
    ['1970-01-01T00:00:00.000Z', true],
    ['-000001-12-31T23:59:59.999Z', false],
    ['+010000-01-01T00:00:00.000Z', false],
    ['+275760-09-13T00:00:00.000Z', false],
    ['-271821-04-20T00:00:00.000Z', false],
    ['+012345-01-01T00:00:00.000Z', false],
  ])('%s: %s', (iso, want) => {
    expect(recordable(Date.parse(iso))).toBe(want);
  });

  it.each([[Number.NaN], [Infinity], [-Infinity]])('%s: false', (ms) => {
    expect(recordable(ms)).toBe(false);
  });
});
