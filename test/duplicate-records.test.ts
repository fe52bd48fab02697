// A tool call recorded twice (hooks registered at two settings scopes, or the plugin enabled
// beside a CLI install: both hooks run for every call, with the same tool-use id) is counted
// once: by the observer when it can tell, and by every reader of the observation files (the
// analyzer whole and in parts, cold and warm, the session summary, the report, effectiveness,
// the turn feedback) always.
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEDUP_WINDOW, type PlainRecord, type RecordTable } from '../analyzer/record-table.js';
import { TableBuilder, tableFromRecords } from '../analyzer/table-builder.js';
import { turnCalls } from '../store/delivery/turn-feedback.js';
import { fixture, readObservations, runCli, runHook, sandbox } from './helpers.js';

const NOW = '2026-11-08T19:00:00Z';
const HABIT = ['Grep', 'Read', 'Edit'];

interface Call {
  ts: number;
  tool: string;
  session: string;
  id: string;
}

function line(c: Call, lag = 0): string {
  return JSON.stringify({ v: 1, ts: new Date(c.ts + lag).toISOString(), tool: c.tool, ok: true, ms: 5, prev: null, prev2: null, session: c.session, project: null, event: 'PostToolUse', id: c.id });
}

/** Three sessions of the habit Grep -> Read -> Edit, the last one running past midnight UTC. */
function calls(): Call[] {
  const out: Call[] = [];
  const starts = [Date.parse('2026-11-06T10:00:00Z'), Date.parse('2026-11-07T09:00:00Z'), Date.parse('2026-11-07T23:58:00Z')];
  starts.forEach((start, s) => {
    for (let i = 0; i < 24; i++) out.push({ ts: start + i * 10_000, tool: HABIT[i % 3]!, session: `s${s}`, id: `toolu_${s}_${i}` });
  });
  return out;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Each call once, in its day's file. */
function writeOnce(data: string, list: Call[]): void {
  mkdirSync(join(data, 'observations'), { recursive: true });
  for (const c of list) appendFileSync(join(data, 'observations', `${day(c.ts)}.jsonl`), `${line(c)}\n`);
}

/**
 * Each call twice, as two hooks record it: the second copy 7 ms later, right after the first or
 * (every third call: parallel calls) after the next call's first copy, each in the file of its own
 * time (a pair at midnight falls in two files).
 */
function writeTwice(data: string, list: Call[]): void {
  mkdirSync(join(data, 'observations'), { recursive: true });
  const lines: { at: number; ts: number; text: string }[] = [];
  list.forEach((c, i) => {
    lines.push({ at: c.ts, ts: c.ts, text: line(c) });
    lines.push({ at: c.ts + 7 + (i % 3 === 0 ? 10_001 : 0), ts: c.ts + 7, text: line(c, 7) });
  });
  lines.sort((a, b) => a.at - b.at);
  for (const l of lines) appendFileSync(join(data, 'observations', `${day(l.ts)}.jsonl`), `${l.text}\n`);
}

async function json(args: string[], data: string) {
  const r = await runCli([...args, '--home', data, '--now', NOW, '--json'], {});
  expect(r.exitCode, r.stderr as string).toBe(0);
  return JSON.parse(r.stdout as string);
}

/** What an analysis learned, without the run's own counters. */
function learned(r: { tracked: unknown; recordsInWindow: number; sessionsInWindow: number }) {
  return { tracked: r.tracked, recordsInWindow: r.recordsInWindow, sessionsInWindow: r.sessionsInWindow };
}

describe('a tool call recorded twice is learned once', () => {
  it('the analyzer learns Grep->Read->Edit, as from the calls recorded once, not Grep->Grep->Read', async () => {
    const list = calls();
    const once = sandbox().data;
    const twice = sandbox().data;
    writeOnce(once, list);
    // A call at the last second of a day, its twin in the next day's file.
    const edge = { ts: Date.parse('2026-11-07T23:59:59.995Z'), tool: 'Read', session: 's2', id: 'toolu_midnight' };
    writeOnce(once, [edge]);
    writeTwice(twice, [...list, edge].sort((a, b) => a.ts - b.ts));
    expect(readFileSync(join(twice, 'observations', '2026-11-08.jsonl'), 'utf8')).toContain('"id":"toolu_midnight"');
    expect(readFileSync(join(twice, 'observations', '2026-11-07.jsonl'), 'utf8')).toContain('"id":"toolu_midnight"');

    const a = await json(['analyze'], once);
    const b = await json(['analyze'], twice);
    expect(a.recordsInWindow).toBe(list.length + 1);
    expect(learned(b)).toEqual(learned(a));
    const keys = b.tracked.map((p: { key: string }) => p.key);
    expect(keys).toContain('Grep->Read->Edit');
    expect(keys.filter((k: string) => /(\w+)->\1/.test(k))).toEqual([]);
    // Every second copy but the one in the next day's file, counted as such.
    expect(b.skipped.duplicates).toBe(list.length);
    const human = await runCli(['analyze', '--home', twice, '--now', NOW], {});
    expect(human.stdout).toContain(`${list.length} recording a tool call a second time`);

    // Counted in parts (config partsFromMiB 0), cold and then warm from the caches: the same.
    const parts = sandbox().data;
    writeTwice(parts, [...list, edge].sort((x, y) => x.ts - y.ts));
    writeFileSync(join(parts, 'config.json'), '{"partsFromMiB": 0}');
    expect(learned(await json(['analyze'], parts))).toEqual(learned(a));
    expect(learned(await json(['analyze'], parts))).toEqual(learned(a));
  });

  it('a second copy appended after the first was cached is dropped too (whole and in parts)', async () => {
    const list = calls();
    for (const partsFromMiB of [4, 0]) {
      const once = sandbox().data;
      const twice = sandbox().data;
      for (const data of [once, twice]) {
        writeOnce(data, list);
        writeFileSync(join(data, 'config.json'), JSON.stringify({ partsFromMiB }));
        await json(['analyze'], data); // the caches now hold every call once
      }
      // The hook of the second scope finishes late: the last calls again, then a new one.
      const next = { ts: Date.parse('2026-11-08T00:05:00Z'), tool: 'Grep', session: 's2', id: 'toolu_next' };
      const lastDay = join(twice, 'observations', '2026-11-08.jsonl');
      for (const c of list.filter((x) => day(x.ts) === '2026-11-08').slice(-3)) appendFileSync(lastDay, `${line(c, 20)}\n`);
      appendFileSync(lastDay, `${line(next)}\n${line(next, 5)}\n`);
      appendFileSync(join(once, 'observations', '2026-11-08.jsonl'), `${line(next)}\n`);
      const a = await json(['analyze'], once);
      const b = await json(['analyze'], twice);
      expect(b.files.appended, `partsFromMiB ${partsFromMiB}`).toBeGreaterThan(0);
      expect(learned(b), `partsFromMiB ${partsFromMiB}`).toEqual(learned(a));
      expect(b.skipped.duplicates).toBe(4);
    }
  });

  it('the session summary, the report and effectiveness count each call once', async () => {
    const list = calls();
    const twice = sandbox().data;
    writeTwice(twice, list);
    const summary = await json(['session-summary', '--session', 's0'], twice);
    expect(summary.calls).toBe(24);
    expect(summary.tools).toEqual([
      { tool: 'Edit', calls: 8 },
      { tool: 'Grep', calls: 8 },
      { tool: 'Read', calls: 8 },
    ]);
    expect(summary.chains.map((c: { pattern: string }) => c.pattern)).not.toContain('seq:Grep->Grep->Read');
    const report = await json(['report', '--out', join(twice, '..', 'r.html')], twice);
    expect(report.report.records).toBe(list.length);
    const eff = await json(['effectiveness'], twice);
    expect(eff.records).toBe(list.length);
  });

  it("the turn feedback reads a turn's calls once each", () => {
    const data = sandbox().data;
    const list = calls().filter((c) => c.session === 's0');
    writeTwice(data, list);
    const got = turnCalls(data, 's0', Date.parse('2026-11-06T00:00:00Z'), Date.parse('2026-11-06T23:59:59Z'));
    expect(got.map((c) => c.tool)).toEqual(list.map((c) => c.tool));
  });
});

describe('the observer records a call once when its second hook runs after the first', () => {
  it('the same tool-use id again in the same stream is not appended; the next call is', async () => {
    const box = sandbox();
    const env = { HOMUNCULUS_HOME: box.data, HOMUNCULUS_NOW: '2026-03-04T14:22:31.512Z' };
    const grep = fixture('post-tool-use-grep.json');
    const read = fixture('post-tool-use-read.json');
    for (const payload of [grep, grep, read, read]) {
      const r = await runHook(JSON.stringify(payload), env);
      expect(r.exitCode).toBe(0);
    }
    const records = readObservations(box.data);
    expect(records.map((r) => [r['tool'], r['id'], r['prev']])).toEqual([
      ['Grep', grep['tool_use_id'], null],
      ['Read', read['tool_use_id'], 'Grep'],
    ]);
    // A call without an id is never taken for a repeat.
    const { tool_use_id: _none, ...noId } = read;
    await runHook(JSON.stringify(noId), env);
    await runHook(JSON.stringify(noId), env);
    expect(readObservations(box.data)).toHaveLength(4);
  });
});

describe('the record table drops a repeat of a tool-use id in its stream', () => {
  const rec = (i: number, id: string | undefined, session = 'a', tool = 'Read'): PlainRecord => ({ ts: i, tool, ok: true, session, id });
  const ids = (t: RecordTable) => Array.from(t.ts);

  it('within a file: among the DEDUP_WINDOW records before it in its stream, with the same tool; other streams and tools apart', () => {
    const list = [rec(0, 'x')];
    for (let i = 1; i < DEDUP_WINDOW; i++) list.push(rec(i, `n${i}`));
    list.push(rec(100, 'x')); // the 16th record after x: x is still among the 16 before it
    list.push(rec(101, 'y'), rec(102, 'x', 'b'), rec(103, 'y', 'a', 'Grep'), rec(104, undefined), rec(105, undefined));
    for (let i = 0; i < DEDUP_WINDOW; i++) list.push(rec(200 + i, `m${i}`));
    list.push(rec(300, 'y')); // 17 records after the first y: a call of its own
    expect(ids(tableFromRecords(list))).toEqual(list.map((r) => r.ts).filter((ts) => ts !== 100));
  });

  it('across files joined in day order; a resumed file checks its new records against its cached ones', () => {
    const day1 = tableFromRecords([rec(1, 'p'), rec(2, 'q'), rec(3, 'r', 'other')]);
    const day2 = tableFromRecords([rec(4, 'q'), rec(5, 's'), rec(6, 'r')]);
    const b = new TableBuilder();
    b.addTable(day1);
    b.addTable(day2);
    // q again (the twin at midnight) is dropped; r in another stream is a call of its own.
    expect(ids(b.build())).toEqual([1, 2, 3, 5, 6]);
    expect(b.duplicates).toBe(1);
    const resumed = new TableBuilder(16, { ids: true });
    resumed.addTable(day1);
    const from = resumed.mark();
    resumed.add(7, 'Read', true, 'a', undefined, undefined, undefined, day1.id![1]!);
    resumed.add(8, 'Read', true, 'other', undefined, undefined, undefined, day1.id![1]!);
    expect(resumed.dropRepeats(from)).toBe(1);
    expect(ids(resumed.build())).toEqual([1, 2, 3, 8]);
  });
});
