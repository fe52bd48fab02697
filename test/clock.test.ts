// lib/clock.ts: which instants a record may hold (issue 38, item 8).
import { describe, expect, it } from 'vitest';
import { recordable } from '../lib/clock.js';

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
