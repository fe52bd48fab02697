// A file's cached records read a slice at a time (runs/observation-cache.ts, CachedSlices):
// what a large day counted in pieces joins from, instead of the day's whole table.
import { appendFileSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadObservationFile, type FileState } from '../runs/observation-cache.js';
import { CachedSlices } from '../runs/cached-slices.js';
import type { RecordTable } from '../analyzer/record-table.js';
import { TableBuilder } from '../analyzer/table-builder.js';
import { tempDir } from './helpers.js';

const T0 = Date.parse('2026-11-05T10:00:00Z');

function line(i: number): string {
  const o: Record<string, unknown> = { v: 1, ts: new Date(T0 + i * 1000).toISOString(), tool: ['Grep', 'Read', 'Edit', 'Bash'][i % 4], ok: i % 7 !== 0, ms: 3, prev: null, prev2: null, session: `s-${i % 5}`, project: i % 3 === 0 ? null : ['a1b2c3d4e5f6', '0123456789ab'][i % 2], event: 'PostToolUse' };
  if (i % 4 === 3) o['detail'] = ['npm test', 'ls'][i % 2];
  if (i % 6 === 1) Object.assign(o, { agent: 'Explore', agentId: `ag${i % 2}` });
  return JSON.stringify(o);
}

/** An observation file of n records (and one malformed line), read once so that its cache is written. */
function day(n: number): { path: string; cachePath: string; table: RecordTable; state: FileState } {
  const dir = tempDir();
  mkdirSync(join(dir, 'cache'));
  const path = join(dir, '2026-11-05.jsonl');
  const lines = Array.from({ length: n }, (_, i) => line(i));
  lines.splice(4, 0, '{"not":"a record"}');
  writeFileSync(path, `${lines.join('\n')}\n`);
  const cachePath = join(dir, 'cache', '2026-11-05.bin');
  const r = loadObservationFile(path, cachePath);
  expect(r.source).toBe('parsed');
  expect(r.table.length).toBe(n);
  return { path, cachePath, table: r.table, state: r.state };
}

const COLUMNS = ['ts', 'stream', 'tool', 'detail', 'project', 'ok'] as const;

describe('a cached file read in slices', () => {
  it('gives the records of the whole table, in order, a slice at a time, over the same strings', () => {
    const d = day(50);
    const c = CachedSlices.open(d.cachePath, d.state, 7)!;
    expect(c).toBeDefined();
    expect(c.length).toBe(50);
    expect([c.streams, c.sessions, c.streamSession, c.tools, c.details, c.projects]).toEqual([d.table.streams, d.table.sessions, d.table.streamSession, d.table.tools, d.table.details, d.table.projects]);
    const lengths: number[] = [];
    const got = Object.fromEntries(COLUMNS.map((k) => [k, [] as number[]]));
    expect(
      c.forEach((s) => {
        lengths.push(s.length);
        for (const k of COLUMNS) got[k]!.push(...s[k]);
      }),
    ).toBe(true);
    expect(lengths).toEqual([7, 7, 7, 7, 7, 7, 7, 1]);
    for (const k of COLUMNS) expect(got[k], k).toEqual(Array.from(d.table[k]));
  });

  it('joined through one set of ids per file, keeps exactly the streams asked for, as addTable does', () => {
    const d = day(40);
    const keep = Uint8Array.from(d.table.streams, (_, s) => (s % 2 === 0 ? 1 : 0));
    const whole = new TableBuilder();
    whole.addTable(d.table, keep);
    const sliced = new TableBuilder();
    const c = CachedSlices.open(d.cachePath, d.state, 3)!;
    const ids = sliced.idsOf(c, keep);
    expect(c.forEach((s) => sliced.addRecords(s, ids, keep))).toBe(true);
    const a = whole.build();
    const b = sliced.build();
    expect(b.length).toBeGreaterThan(0);
    expect(b.length).toBeLessThan(40);
    for (const k of COLUMNS) expect(Array.from(b[k]), k).toEqual(Array.from(a[k]));
    expect(b.streams).toEqual(a.streams);
  });

  it('is not opened unless the cache holds exactly the records the run read (else the caller reads the file)', () => {
    const d = day(20);
    expect(CachedSlices.open(d.cachePath, { ...d.state, length: 19 })).toBeUndefined();
    expect(CachedSlices.open(d.cachePath, { ...d.state, tail: 'x' })).toBeUndefined();
    expect(CachedSlices.open(d.cachePath, { ...d.state, malformed: 0 })).toBeUndefined();
    expect(CachedSlices.open(`${d.cachePath}.missing`, d.state)).toBeUndefined();
    // Cut short: the header still names 20 records.
    const bytes = readFileSync(d.cachePath);
    writeFileSync(d.cachePath, bytes.subarray(0, bytes.length - 1));
    expect(CachedSlices.open(d.cachePath, d.state)).toBeUndefined();
    // A link at the cache's name is never followed, even to the right bytes.
    const elsewhere = join(tempDir(), 'other.bin');
    writeFileSync(elsewhere, bytes);
    rmSync(d.cachePath);
    symlinkSync(elsewhere, d.cachePath);
    expect(CachedSlices.open(d.cachePath, d.state)).toBeUndefined();
  });

  it('reads nothing, and says so, when the cache was replaced after it was opened', () => {
    const d = day(20);
    const c = CachedSlices.open(d.cachePath, d.state, 4)!;
    appendFileSync(d.path, `${line(20)}\n`);
    expect(loadObservationFile(d.path, d.cachePath).source).toBe('appended'); // a new cache file, renamed over the old one
    let calls = 0;
    expect(c.forEach(() => calls++)).toBe(false);
    expect(calls).toBe(0);
  });
});
