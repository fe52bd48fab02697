// The observation reader's fast path (one regular expression for the line shape the hook writes)
// against the JSON path (JSON.parse and the token checks), written out here as the reader's
// specification: every line (the hook's own, each field at and past its limits, and thousands of
// random edits of them) must read to the record the JSON path reads, or be refused by both. The
// fast path must take the hook's lines itself: one that refused everything would still agree
// through the JSON path, and be slow.
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { addLine, readObservationFile } from '../runs/observation-file.js';
import { DEDUP_WINDOW, idHash, stopOf, type PlainRecord, type RecordTable } from '../analyzer/record-table.js';
import { TableBuilder } from '../analyzer/table-builder.js';
import { isoToMs } from '../lib/clock.js';
import { DETAIL_PART, DETAIL_WORDS, ID, TOOL_NAME } from '../lib/tokens.js';
import { bashDetail } from '../observer/bash-detail.js';
import { rng } from './helpers.js';

/** The JSON path: what a line means, whichever path reads it. */
const realParse = JSON.parse;
function byJson(line: string): PlainRecord | undefined {
  let o: Record<string, unknown>;
  try {
    o = realParse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (typeof o !== 'object' || o === null) return undefined;
  const ts = typeof o['ts'] === 'string' ? isoToMs(o['ts']) : Number.NaN;
  if (o['v'] !== 1 || Number.isNaN(ts)) return undefined;
  if (typeof o['tool'] !== 'string' || !TOOL_NAME.test(o['tool'])) return undefined;
  if (typeof o['ok'] !== 'boolean') return undefined;
  if (typeof o['session'] !== 'string' || !ID.test(o['session'])) return undefined;
  const agentId = o['agentId'];
  if (agentId !== undefined && (typeof agentId !== 'string' || !ID.test(agentId))) return undefined;
  const detail = o['detail'];
  if (detail !== undefined && (typeof detail !== 'string' || detail.split(' ').length > DETAIL_WORDS || !detail.split(' ').every((p) => DETAIL_PART.test(p)))) return undefined;
  const project = typeof o['project'] === 'string' && /^[0-9a-f]{12}$/.test(o['project']) ? o['project'] : undefined;
  // An id that is not a token is left out (the record counts, never taken for a repeat).
  const id = typeof o['id'] === 'string' && ID.test(o['id']) ? o['id'] : undefined;
  // How the user stopped a failed call: one of two tokens, anything else left out.
  const stop = o['ok'] === false && (o['stop'] === 'interrupt' || o['stop'] === 'reject') ? o['stop'] : undefined;
  return { ts, tool: o['tool'], ok: o['ok'], session: o['session'], agentId: agentId as string | undefined, detail: detail as string | undefined, project, id, stop };
}

/**
 * The records a file's lines give: a record whose tool-use id and tool are those of one of the
 * DEDUP_WINDOW records before it in its stream is the same call recorded again, and dropped.
 */
function withoutRepeats(records: readonly PlainRecord[]): PlainRecord[] {
  const last = new Map<string, (string | undefined)[]>();
  return records.filter((r) => {
    const stream = `${r.session}\u0000${r.agentId ?? ''}`;
    const before = last.get(stream) ?? [];
    const call = r.id === undefined ? undefined : `${r.id} ${r.tool}`;
    if (call !== undefined && before.includes(call)) return false;
    last.set(stream, [...before, call].slice(-DEDUP_WINDOW));
    return true;
  });
}

/** A record's id as the table holds it: its hash (recordAt gives the number itself), 0 for none. */
const hashOf = (r: PlainRecord) => (r.id === undefined ? 0 : typeof r.id === 'number' ? r.id : idHash(r.id));

/** A record (or undefined) as a string with its keys in one order, to compare (its id as the table holds it). */
function show(r: PlainRecord | undefined): string {
  return r === undefined ? 'refused' : JSON.stringify([r.ts, r.tool, r.ok, r.session, r.agentId ?? null, r.detail ?? null, r.project ?? null, hashOf(r), r.stop ?? null]);
}

function recordAt(t: RecordTable, i: number): PlainRecord {
  const stream = t.streams[t.stream[i]!]!;
  const sep = stream.indexOf('\u0000');
  return {
    ts: t.ts[i]!,
    tool: t.tools[t.tool[i]!]!,
    ok: t.ok[i] === 1,
    session: t.sessions[t.streamSession[t.stream[i]!]!]!,
    agentId: sep === -1 ? undefined : stream.slice(sep + 1),
    detail: t.detail[i] === -1 ? undefined : t.details[t.detail[i]!],
    project: t.project[i] === -1 ? undefined : t.projects[t.project[i]!],
    ...(t.id !== undefined && t.id[i] !== 0 ? { id: t.id[i] } : {}),
    stop: stopOf(t.ok[i]!),
  } as PlainRecord;
}

/** The fields of a line the hook writes, in its order; undefined leaves an optional one out. */
interface Fields {
  ts: string;
  tool: string;
  ok: string;
  ms: string;
  prev: string;
  prev2: string;
  session: string;
  project: string;
  event: string;
  id?: string;
  detail?: string;
  agent?: string;
  agentId?: string;
  stop?: string;
  end: string;
}

const BASE: Fields = { ts: '"2026-11-08T10:00:00.123Z"', tool: '"Read"', ok: 'true', ms: '12', prev: '"Grep"', prev2: 'null', session: '"s-1_A"', project: '"a1b2c3d4e5f6"', event: '"PostToolUse"', end: '}' };

function lineOf(f: Fields): string {
  let s = `{"v":1,"ts":${f.ts},"tool":${f.tool},"ok":${f.ok},"ms":${f.ms},"prev":${f.prev},"prev2":${f.prev2},"session":${f.session},"project":${f.project},"event":${f.event}`;
  if (f.id !== undefined) s += `,"id":${f.id}`;
  if (f.detail !== undefined) s += `,"detail":${f.detail}`;
  if (f.agent !== undefined) s += `,"agent":${f.agent}`;
  if (f.agentId !== undefined) s += `,"agentId":${f.agentId}`;
  if (f.stop !== undefined) s += `,"stop":${f.stop}`;
  return s + f.end;
}

/** Each field at and past its limits, one at a time, and a few together. */
function edgeLines(): string[] {
  const q = (s: string) => `"${s}"`;
  const variants: Partial<Fields>[] = [
    {},
    { ts: q('2026-02-29T10:00:00.000Z') },
    { ts: q('2024-02-29T23:59:59.999Z') },
    { ts: q('2026-13-01T00:00:00.000Z') },
    { ts: q('2026-11-08T24:00:00.000Z') },
    { ts: q('2026-11-08T23:60:00.000Z') },
    { ts: q('2026-11-08T23:59:60.000Z') },
    { ts: q('2026-11-08T10:00:00.12Z') },
    { ts: q('2026-11-08T10:00:00Z') },
    { ts: q('2026-11-08 10:00:00.000Z') },
    { ts: q('0099-11-08T10:00:00.000Z') },
    { ts: q('2026-11-08T10:00:00.000+01:00') },
    { tool: q('a') },
    { tool: q('a'.repeat(128)) },
    { tool: q('a'.repeat(129)) },
    { tool: q('mcp__github__search_issues') },
    { tool: q('Re ad') },
    { tool: q('Re\\u0061d') },
    { tool: q('') },
    { tool: 'null' },
    { ok: 'false' },
    { ok: '"true"' },
    { ok: 'tru' },
    { ms: 'null' },
    { ms: '9'.repeat(15) },
    { ms: '9'.repeat(16) },
    { ms: '-1' },
    { ms: '1.5' },
    { ms: '' },
    { prev: 'null', prev2: q('Edit') },
    { prev: q('b'.repeat(128)) },
    { prev: q('b'.repeat(129)) },
    { prev2: q('a"b') },
    { prev: q('a\\"b') },
    { prev: q('') },
    { session: q('s'.repeat(128)) },
    { session: q('s'.repeat(129)) },
    { session: q('s.1') },
    { session: q('s\\u002d1') },
    { session: q('') },
    { project: 'null' },
    { project: q('a1b2c3d4e5f') },
    { project: q('a1b2c3d4e5f67') },
    { project: q('A1B2C3D4E5F6') },
    { project: q('a1b2c3d4e5fg') },
    { project: '12' },
    { event: q('PostToolUseFailure') },
    { event: q('PostToolUseFail') },
    { event: q('PreToolUse') },
    { id: q('toolu_01') },
    { id: q('i'.repeat(128)) },
    { id: q('i'.repeat(129)) },
    { id: q('a.b') },
    { detail: q('npm test') },
    { detail: q('ls') },
    { detail: q(`${'w'.repeat(40)} ${'w'.repeat(40)}`) },
    { detail: q('w'.repeat(41)) },
    { detail: q(`a ${'w'.repeat(41)}`) },
    { detail: q('a b c') },
    { detail: q('a b c d') },
    { ok: 'false', stop: q('interrupt') },
    { ok: 'false', stop: q('reject') },
    { ok: 'true', stop: q('reject') },
    { ok: 'false', stop: q('cancel') },
    { ok: 'false', stop: 'null' },
    { detail: q(`${'w'.repeat(40)} ${'w'.repeat(40)} ${'w'.repeat(40)}`) },
    { detail: q(' a') },
    { detail: q('a ') },
    { detail: q('a  b') },
    { detail: q('git@x:y +z') },
    { detail: q('') },
    { agent: q('Explore'), agentId: q('ag1') },
    { agent: q('e'.repeat(64)) },
    { agent: q('e'.repeat(65)) },
    { agentId: q('g'.repeat(128)) },
    { agentId: q('g'.repeat(129)) },
    { agentId: q('a:b') },
    { id: q('t1'), detail: q('npm run'), agent: q('plugin:agent'), agentId: q('ag-2') },
    { end: '}\r' },
    { end: '}\r\r' },
    { end: '} ' },
    { end: '},"x":1}' },
    { end: ',"x":1}' },
    { end: '' },
    { end: '}}' },
  ];
  const lines = variants.map((v) => lineOf({ ...BASE, ...v }));
  // Not the hook's order or spacing: the JSON path's.
  lines.push(JSON.stringify({ ts: '2026-11-08T10:00:00.000Z', v: 1, tool: 'Read', ok: true, session: 's1' }));
  lines.push(lineOf(BASE).replace('{"v":1,', '{ "v":1,'));
  lines.push(lineOf(BASE).replace('"session":"s-1_A"', '"session":"s\u00e9"'));
  lines.push('', '{', 'null', '[]', '{"v":1}', '{'.repeat(300));
  return lines;
}

const ALPHABET = ['"', '\\', '{', '}', ':', ',', ' ', '0', '9', 'a', 'f', 'g', 'Z', '-', '.', '_', '@', '+', '\r', '\u00e9', 'T', 'n'];

/** Random edits of good lines: bytes replaced, deleted, doubled, and whole pieces moved. */
function mutatedLines(n: number, seed: number): string[] {
  const rand = rng(seed);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)]!;
  const good = edgeLines().filter((l) => byJson(l) !== undefined);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    let s = pick(good);
    const edits = 1 + Math.floor(rand() * 3);
    for (let e = 0; e < edits; e++) {
      const at = Math.floor(rand() * (s.length + 1));
      const kind = rand();
      if (kind < 0.4) s = s.slice(0, at) + pick(ALPHABET) + s.slice(at + 1);
      else if (kind < 0.6) s = s.slice(0, at) + s.slice(at + 1);
      else if (kind < 0.8) s = s.slice(0, at) + pick(ALPHABET) + s.slice(at);
      else {
        const len = 1 + Math.floor(rand() * 12);
        s = s.slice(0, at) + s.slice(at, at + len) + s.slice(at);
      }
    }
    out.push(s);
  }
  return out;
}

/** Reads each line alone through the reader; the record, or undefined when refused. */
function read(line: string): PlainRecord | undefined {
  const b = new TableBuilder(16, { ids: true });
  return addLine(line, 0, line.length, b) ? recordAt(b.build(), 0) : undefined;
}

describe('the observation reader reads each line as the JSON path does', () => {
  const edges = edgeLines();
  const mutated = mutatedLines(20_000, 7);

  it('the edge lines include lines the JSON path reads and lines it refuses', () => {
    expect(edges.filter((l) => byJson(l) !== undefined).length).toBeGreaterThan(30);
    expect(edges.filter((l) => byJson(l) === undefined).length).toBeGreaterThan(20);
  });

  it.each([
    ['edge lines', edges],
    ['random edits of good lines', mutated],
  ])('%s: each reads to the record of the JSON path, or is refused by both', (_name, lines) => {
    const differ = lines.filter((l) => show(read(l)) !== show(byJson(l)));
    expect(differ).toEqual([]);
    // The random edits keep many lines good
    if (lines === mutated) expect(lines.filter((l) => byJson(l) !== undefined).length).toBeGreaterThan(1_000);
  });

  it('the lines the hook writes are read without JSON.parse (the fast path takes them)', () => {
    const hookLines = [
      {},
      { ok: 'false', event: '"PostToolUseFailure"' },
      { ok: 'false', event: '"PostToolUseFailure"', id: '"toolu_02"', detail: '"git push"', stop: '"reject"' },
      { ok: 'false', event: '"PostToolUseFailure"', stop: '"interrupt"' },
      { ms: 'null', prev: 'null', prev2: 'null', project: 'null' },
      { id: '"toolu_01"', detail: '"npm test"', agent: '"Explore"', agentId: '"ag-1"' },
      { tool: `"${'a'.repeat(128)}"`, session: `"${'s'.repeat(128)}"`, detail: `"${'w'.repeat(40)} ${'w'.repeat(40)}"` },
      // The shortest line up to its id (the reader looks for the id past that length).
      { tool: '"R"', session: '"s"', ms: '1', prev: 'null', prev2: 'null', project: 'null', id: '"t"' },
      { end: '}\r' },
      // Every shape of detail the observer writes, a common script's name kept (`npm run build`)
      ...['npm run build', 'python -m pytest', 'make test', 'cargo test', 'npm test'].map((c) => ({ detail: JSON.stringify(bashDetail(c)) })),
    ].map((v) => lineOf({ ...BASE, ...v }));
    const parse = vi.spyOn(JSON, 'parse');
    try {
      for (const l of hookLines) expect(show(read(l)), l).toBe(show(byJson(l)));
      for (const l of hookLines) expect(read(l), l).toBeDefined();
      expect(hookLines.map((l) => read(l)?.detail)).toContain('npm run build');
      expect(parse.mock.calls.filter(([text]) => hookLines.includes(text as string))).toEqual([]);
    } finally {
      parse.mockRestore();
    }
  });

  const dir = mkdtempSync(join(tmpdir(), 'homunculus-reader-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a file of all of them, read in 256 KiB pieces (lines across the pieces), gives the records in order and counts the rest malformed', () => {
    // Dates change from line to line: the date the reader remembers from the line before must
    // not leak into the next.
    const rand = rng(3);
    const lines: string[] = [];
    for (let i = 0; lines.length < 30_000; i++) {
      const src = i % 3 === 0 ? mutated[i % mutated.length]! : edges[Math.floor(rand() * edges.length)]!;
      if (src.includes('\n') || src === '') continue;
      const day = 1 + Math.floor(rand() * 28);
      lines.push(src.replace('2026-11-08T', `2026-11-${String(day).padStart(2, '0')}T`));
    }
    const path = join(dir, 'mixed.jsonl');
    writeFileSync(path, Buffer.from(`${lines.join('\n')}\n`, 'latin1'));
    const b = new TableBuilder(1024, { ids: true });
    const counts = { lines: 0, malformed: 0 };
    const fd = openSync(path, 'r');
    try {
      readObservationFile(fd, 0, b, counts);
    } finally {
      closeSync(fd);
    }
    const good = lines.map(byJson).filter((r) => r !== undefined);
    const expected = withoutRepeats(good);
    const t = b.build();
    expect(counts.lines).toBe(lines.length);
    expect(counts.malformed).toBe(lines.length - good.length);
    // The file repeats lines (and their ids) many times: the repeats are dropped, and counted.
    expect(b.duplicates).toBe(good.length - expected.length);
    expect(b.duplicates).toBeGreaterThan(100);
    expect(Array.from({ length: t.length }, (_, i) => show(recordAt(t, i)))).toEqual(expected.map(show));
  });
});
