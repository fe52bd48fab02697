import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateTranscripts } from '../bench/generate-transcripts.mjs';
import { lineText } from '../claude/transcript-import.js';
import { LineMarks, newCounts, TranscriptPairer } from '../claude/transcript.js';
import { readLines } from '../lib/line-reader.js';
import type { Observation } from '../observer/observation.js';
import { tempDir, TRANSCRIPTS } from './helpers.js';

// The importer hands TranscriptPairer.line() lines whose long strings may be emptied, except the
// strings of the fields in TranscriptPairer.FIELDS (claude/transcript-import.ts, lib/json-cut.ts).
// These tests hold that promise: line() reads no other string, and its records are those of a
// JSON.parse of every whole line.

const walk = (d: string): string[] => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : e.name.endsWith('.jsonl') ? [join(d, e.name)] : []));
const linesOf = (f: string) => readFileSync(f, 'utf8').split(/\r?\n/).filter(Boolean);

const long = (s: string) => s.repeat(60);
const at = (sec: number) => new Date(Date.UTC(2026, 10, 1, 10, 0, sec)).toISOString();
/** Lines a tool result's text could make hard to read without parsing it. */
function hostileLines(): string[] {
  const use = (id: string, sec: number, extra: object = {}, input: object = {}) => JSON.stringify({ type: 'assistant', sessionId: 'sess-h', cwd: '/home/josé', timestamp: at(sec), uuid: `a-${id}`, ...extra, message: { content: [{ type: 'tool_use', id, name: 'Bash', input: { command: long('git status && '), ...input } }] } });
  const result = (id: string, sec: number, block: object, extra: object = {}) => JSON.stringify({ type: 'user', sessionId: 'sess-h', timestamp: at(sec), uuid: `u-${id}`, ...extra, message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', ...block }] }, toolUseResult: { stdout: long('out\\"put\n'), stderr: '' } });
  const decoy = long('"is_error":true,"tool_use_id":"toolu_h9","type":"tool_result","timestamp":"2020-01-01T00:00:00Z"} \\" \\\\" é 😀 ');
  return [
    use('toolu_h1', 1, {}, { description: long('describe ') }),
    result('toolu_h1', 2, { content: decoy }),
    use('toolu_h2', 3),
    result('toolu_h2', 4, { content: [{ type: 'text', text: decoy }, { type: 'image', source: { data: long('AAAA') } }], is_error: true }),
    use('toolu_h3', 5),
    result('toolu_h3', 6, { content: decoy, is_error: false }),
    use('toolu_h4', 7),
    `${result('toolu_h4', 8, { content: decoy }).slice(0, 900)}`, // truncated in the middle of its text
    use('toolu_h5', 9),
    result('toolu_h5', 10, { content: `${long('x')}\u0000${long('y')}` }).replace('\\u0000', '\u0000'), // a raw control character: not JSON
    use('toolu_h6', 11),
    result('toolu_h6', 12, { content: long('z') }).replace('zzzz', 'z\\qz'), // an escape JSON does not know
    use('toolu_h7', 13, { isSidechain: true, parentUuid: 'root-1' }),
    result('toolu_h7', 14, { content: long('sidechain ') }, { isSidechain: true, parentUuid: 'a-toolu_h7' }),
    use('toolu_h8', 15, { agentId: 'agent_7' }),
    result('toolu_h8', 16, { content: long('agent ') }, { agentId: 'agent_7' }),
    JSON.stringify({ type: 'user', sessionId: 'sess-h', timestamp: at(17), message: { content: long('"tool_use_id":"toolu_h1" plain text') } }),
    JSON.stringify({ type: 'user', sessionId: 'sess-h', timestamp: at(18), message: { content: [long('a "tool_use" string block')] } }),
    `{"type":"user","sessionId":"sess-h","timestamp":"${at(19)}","message":{"content":[{"type":"tool_result","tool_use_id":"toolu_h3","content":"${long('dup ')}"}]},"timestamp":"${at(20)}"}`,
  ];
}

function generatedLines(): string[] {
  const dir = tempDir();
  generateTranscripts(join(dir, 'p'), 2, 3);
  return walk(join(dir, 'p')).flatMap(linesOf);
}

/** What the importer does with one line, the line parsed whole or through lineText. */
function pair(lines: string[], cut: boolean) {
  const counts = newCounts();
  const records: [Observation, number][] = [];
  const pairer = new TranscriptPairer(counts, (o, ms) => records.push([o, ms]), 'Explore');
  for (const text of lines) {
    const buf = Buffer.from(`..${text}..`); // not at the start of its buffer
    const raw = buf.subarray(2, buf.length - 2);
    if (!TranscriptPairer.worthParsing(raw)) continue;
    let line: unknown;
    try {
      line = JSON.parse(cut ? lineText(buf, 2, buf.length - 2) : raw.toString('utf8'));
    } catch {
      counts.skipped['malformed'] = (counts.skipped['malformed'] ?? 0) + 1;
      continue;
    }
    if (typeof line === 'object' && line !== null && !Array.isArray(line)) pairer.line(line as Record<string, unknown>);
  }
  pairer.finish();
  return { records, counts };
}

describe('TranscriptPairer.FIELDS', () => {
  it('holds every field line() reads a string from: other strings emptied or changed, the records are the same', () => {
    // Any string outside FIELDS, at any depth, and any string element of an array.
    const replace = (v: unknown, by: string, key?: string): unknown => {
      if (typeof v === 'string') return key !== undefined && TranscriptPairer.FIELDS.has(key) ? v : by;
      if (Array.isArray(v)) return v.map((x) => replace(x, by));
      if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, replace(x, by, k)]));
      return v;
    };
    const run = (objects: Record<string, unknown>[]) => {
      const counts = newCounts();
      const records: [Observation, number][] = [];
      const pairer = new TranscriptPairer(counts, (o, ms) => records.push([o, ms]), 'Explore');
      for (const o of objects) pairer.line(o);
      pairer.finish();
      return { records, counts };
    };
    const objects = [...walk(TRANSCRIPTS).flatMap(linesOf), ...hostileLines(), ...generatedLines()].flatMap((text) => {
      try {
        const v = JSON.parse(text) as unknown;
        return typeof v === 'object' && v !== null && !Array.isArray(v) ? [v as Record<string, unknown>] : [];
      } catch {
        return [];
      }
    });
    expect(objects.length).toBeGreaterThan(1000);
    const original = run(objects);
    expect(original.records.length).toBeGreaterThan(100);
    expect(run(objects.map((o) => replace(o, '') as Record<string, unknown>))).toEqual(original);
    expect(run(objects.map((o) => replace(o, 'changed "text" \\ ') as Record<string, unknown>))).toEqual(original);
    // And the test can tell: a field the pairer reads, changed, changes the records.
    const without = new Set([...TranscriptPairer.FIELDS].filter((k) => k !== 'command'));
    const changedCommand = (v: unknown, key?: string): unknown =>
      typeof v === 'string' ? (key !== undefined && without.has(key) ? v : '') : Array.isArray(v) ? v.map((x) => changedCommand(x)) : typeof v === 'object' && v !== null ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, changedCommand(x, k)])) : v;
    expect(run(objects.map((o) => changedCommand(o) as Record<string, unknown>))).not.toEqual(original);
  });

  it('the records and counts are those of a JSON.parse of every whole line', () => {
    const sets = { fixtures: walk(TRANSCRIPTS).flatMap(linesOf), hostile: hostileLines(), generated: generatedLines() };
    for (const [name, lines] of Object.entries(sets)) {
      const whole = pair(lines, false);
      const cut = pair(lines, true);
      expect(cut, name).toEqual(whole);
      expect(whole.records.length, name).toBeGreaterThanOrEqual(5);
    }
    // The hostile lines: decoys in texts change nothing, damaged lines are malformed either way.
    const h = pair(sets.hostile, true);
    expect(h.records.map(([o]) => [o.id, o.ok, o.agentId ?? null])).toEqual([
      ['toolu_h1', true, null],
      ['toolu_h2', false, null],
      ['toolu_h3', true, null],
      ['toolu_h7', true, 'sc-root-1'],
      ['toolu_h8', true, 'agent_7'],
    ]);
    expect(h.counts.skipped['malformed']).toBe(3);
    // Lines long enough to be cut were cut (the test is not only of whole lines).
    expect(sets.hostile.filter((l) => l.length >= 1024 && lineText(Buffer.from(l), 0, Buffer.byteLength(l)).length < l.length / 2).length).toBeGreaterThan(5);
  });
});

describe('LineMarks', () => {
  it('answers as TranscriptPairer.worthParsing for every line, across buffer fills, marks split between reads', () => {
    const dir = tempDir();
    generateTranscripts(join(dir, 'p'), 3, 9);
    const MiB = 1 << 20;
    const side = '{"type":"user","isSidechain":true}';
    // A mark straddling the first 1 MiB read (its quote at MiB - 3), long lines, marks at the very end of lines.
    const pad = (n: number) => `{"t":"${'x'.repeat(Math.max(0, n - 8))}"}`;
    const crafted = [pad(MiB - 9), '{"a":"tool_use"}{"b":"tool_use', pad(MiB - 20), side, pad(3 * MiB), '"tool_use', 'plain', '"isSidechain":true', pad(10), '"isSidechain":tru', '"tool_us'].join('\n');
    writeFileSync(join(dir, 'p', 'crafted.jsonl'), crafted);
    let lines = 0;
    let worth = 0;
    for (const f of walk(join(dir, 'p'))) {
      const marks = new LineMarks();
      readLines(f, 8 * MiB, (buf, start, end) => {
        if (end === start) return;
        const expected = TranscriptPairer.worthParsing(Buffer.from(buf.subarray(start, end)));
        expect(marks.worth(buf, start, end)).toBe(expected);
        lines++;
        if (expected) worth++;
      }, () => {});
    }
    expect(lines).toBeGreaterThan(2000);
    expect(worth).toBeGreaterThan(500);
    expect(worth).toBeLessThan(lines);
  });
});
