// addLine (runs/observation-file.ts): the fast reader of canonical lines and the JSON path accept
// the same timestamps, in process as tables; and analyze counts every bad line malformed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TableBuilder } from '../analyzer/table-builder.js';
import { addLine } from '../runs/observation-file.js';
import { runCli, sandbox } from './helpers.js';
import { obsLine } from './history-helpers.js';

// Timestamps the two readers must agree on: the fast reader (canonical lines) and the JSON path.
const BAD_TS = ['2026-13-45T99:99:99.000Z', '2026-02-30T10:00:00.000Z', '2026-02-29T10:00:00.000Z', '2026-04-31T10:00:00.000Z', '2026-11-08T24:00:00.000Z', '2026-11-08T23:60:00.000Z', '2026-11-08T23:59:60.000Z', '2026-00-08T10:00:00.000Z', '2026-11-00T10:00:00.000Z'];
const GOOD_TS = ['2024-02-29T10:00:00.000Z', '2026-11-08T23:59:59.999Z', '2026-12-31T00:00:00.000Z'];

/** The same record in the hook's key order (fast path) and with keys reordered (JSON path). */
function both(ts: string): [string, string] {
  const canonical = obsLine(ts, 'Read', 's1');
  const o = JSON.parse(canonical) as Record<string, unknown>;
  const { v, ...rest } = o;
  return [canonical, JSON.stringify({ ...rest, v })];
}

function read(line: string): number | undefined {
  const b = new TableBuilder();
  return addLine(line, 0, line.length, b) ? b.build().ts[0] : undefined;
}

describe('the fast reader and the JSON path accept the same timestamps', () => {
  it.each(BAD_TS)('%s is malformed on both paths', (ts) => {
    const [fast, json] = both(ts);
    expect(read(fast)).toBeUndefined();
    expect(read(json)).toBeUndefined();
  });

  it.each(GOOD_TS)('%s reads the same on both paths', (ts) => {
    const [fast, json] = both(ts);
    expect(read(fast)).toBe(Date.parse(ts));
    expect(read(json)).toBe(Date.parse(ts));
  });

  it('lines read one after another (a date remembered from the line before) read as each does alone', () => {
    // The next day, month and year right after a day; each bad time on a good date right after
    // that date; each good time right after a bad date or time of the same day; the same date
    // again after another one; a bad date twice in a row.
    const sequence = ['2026-11-08T10:00:00.000Z', '2026-11-09T00:00:00.000Z', '2026-12-09T00:00:00.000Z', '2027-12-09T00:00:00.000Z', ...GOOD_TS, ...BAD_TS, '2026-11-08T10:00:00.000Z', '2026-11-08T24:00:00.000Z', '2026-11-08T23:59:59.999Z', '2026-02-30T10:00:00.000Z', '2026-02-28T10:00:00.000Z', '2026-02-30T10:00:00.000Z', '2026-02-30T10:00:00.000Z', ...GOOD_TS.slice().reverse()];
    const b = new TableBuilder();
    const accepted: boolean[] = [];
    for (const ts of sequence) {
      const line = both(ts)[0];
      accepted.push(addLine(line, 0, line.length, b));
    }
    expect(accepted).toEqual(sequence.map((ts) => !BAD_TS.includes(ts)));
    expect([...b.build().ts]).toEqual(sequence.filter((ts) => !BAD_TS.includes(ts)).map((ts) => Date.parse(ts)));
  });

  it('through analyze: every bad line is counted malformed, whichever path reads it', async () => {
    const { data } = sandbox();
    mkdirSync(join(data, 'observations'), { recursive: true });
    const lines = [...BAD_TS, ...GOOD_TS.slice(1, 2)].flatMap(both);
    writeFileSync(join(data, 'observations', '2026-11-08.jsonl'), `${lines.join('\n')}\n`);
    const r = await runCli(['analyze', '--home', data, '--now', '2026-11-09T00:00:00Z', '--json'], {});
    expect(r.exitCode, r.stderr as string).toBe(0);
    const j = JSON.parse(r.stdout as string);
    expect(j.skipped.malformed).toBe(BAD_TS.length * 2);
    expect(j.recordsInWindow).toBe(2);
  });
});
