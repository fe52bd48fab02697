import { execa } from 'execa';
import { accessSync, chmodSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, fixture, listFiles, OBSERVE, readObservations, runCli, runHook, sandbox, TRANSCRIPTS } from './helpers.js';

const ID = /^[A-Za-z0-9_-]{1,128}$/;
// Claude Code's renamed tools, as the records must name them (written out here, not imported).
const CURRENT: Record<string, string> = { Task: 'Agent', KillShell: 'TaskStop', KillBash: 'TaskStop', BashOutput: 'TaskOutput' };

const walk = (d: string): string[] => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : e.name.endsWith('.jsonl') ? [join(d, e.name)] : []));

interface RawCall {
  id: string;
  session: string;
  tool: string;
  file: string;
  agentId: string | undefined;
  inlineSidechain: boolean;
  command: string | undefined;
  resultTs?: number;
  isError?: boolean;
}

/** Calls paired with their results, read straight from the raw lines, independently of the importer's code. */
function rawCalls(dir: string): RawCall[] {
  const calls = new Map<string, RawCall>();
  for (const f of walk(dir)) {
    for (const line of readFileSync(f, 'utf8').split(/\r?\n/)) {
      let o: { type?: string; sessionId?: string; agentId?: string; isSidechain?: boolean; timestamp?: string; message?: { content?: unknown } };
      try {
        o = JSON.parse(line);
      } catch {
        continue;
      }
      if (o.type !== 'user' && o.type !== 'assistant') continue;
      const content = o.message?.content;
      if (!Array.isArray(content)) continue;
      for (const b of content) {
        if (b?.type === 'tool_use' && ID.test(b.id)) calls.set(b.id, { id: b.id, session: o.sessionId!, tool: b.name, file: f, agentId: o.agentId, inlineSidechain: o.isSidechain === true && o.agentId === undefined, command: b.input?.command });
        if (b?.type === 'tool_result' && calls.has(b.tool_use_id)) Object.assign(calls.get(b.tool_use_id)!, { resultTs: Date.parse(o.timestamp!), isError: b.is_error === true });
      }
    }
  }
  return [...calls.values()].filter((c) => c.resultTs !== undefined);
}

function rawCounts(dir: string) {
  const paired = rawCalls(dir);
  return { files: walk(dir).length, calls: paired.length, failures: paired.filter((c) => c.isError).length, sessions: new Set(paired.map((c) => c.session)).size };
}

async function importJson(data: string, paths: string[], extra: string[] = []) {
  const r = await runCli(['import-transcripts', ...paths, '--home', data, '--since', '2020-01-01', '--json', ...extra], {});
  expect(r.exitCode, r.stderr as string).toBe(0);
  return JSON.parse(r.stdout as string);
}

describe('import-transcripts over the fixture transcripts', () => {
  it('imports every tool call, failure and session the raw lines hold; twice adds nothing', async () => {
    const expected = rawCounts(TRANSCRIPTS);
    const raw = rawCalls(TRANSCRIPTS);
    expect(expected.calls).toBeGreaterThan(40);
    const { data } = sandbox();
    const first = await importJson(data, [TRANSCRIPTS]);
    expect(first).toMatchObject({ files: expected.files, unreadable: 0, calls: expected.calls, failures: expected.failures, sessions: expected.sessions, added: expected.calls, alreadyPresent: 0 });
    const records = readObservations(data);
    expect(records).toHaveLength(expected.calls);
    expect(records.filter((r) => r['ok'] === false)).toHaveLength(expected.failures);
    expect(new Set(records.map((r) => r['session'])).size).toBe(expected.sessions);
    // Subagent calls (a subagent file with its .meta.json, and inline sidechains) are streams of their own.
    const subFile = raw.filter((c) => c.agentId === 'a7c3e91');
    expect(subFile.length).toBeGreaterThan(3);
    const meta = JSON.parse(readFileSync(join(subFile[0]!.file.replace(/\.jsonl$/, '.meta.json')), 'utf8')) as { agentType: string };
    expect(records.filter((r) => r['agentId'] === 'a7c3e91').map((r) => r['agent'])).toEqual(subFile.map(() => meta.agentType));
    const inline = raw.filter((c) => c.inlineSidechain);
    expect(inline.length).toBeGreaterThan(1);
    expect(records.filter((r) => String(r['agentId'] ?? '').startsWith('sc-'))).toHaveLength(inline.length);
    // Renamed tools carry their current names.
    expect(records.map((r) => r['tool']).sort()).toEqual(raw.map((c) => CURRENT[c.tool] ?? c.tool).sort());
    expect(records.some((r) => Object.keys(CURRENT).includes(r['tool'] as string))).toBe(false);
    // Bash calls: program and subcommand of the command that did the work, nothing more.
    expect(records.filter((r) => r['tool'] === 'Bash').map((r) => r['detail']).sort()).toEqual(
      ['docker compose', 'git add', 'git log', 'make integration', 'npm run lint', 'npm run lint', 'pnpm vitest', 'pnpm vitest', 'pnpm vitest', 'pytest', 'pytest', 'rg'].sort(),
    );
    // Records sit in the file of their own UTC day, tokens only.
    for (const f of listFiles(join(data, 'observations'))) {
      for (const r of readFileSync(join(data, 'observations', f), 'utf8').split('\n').filter(Boolean)) expect(`${(JSON.parse(r) as { ts: string }).ts.slice(0, 10)}.jsonl`).toBe(f);
    }
    const before = listFiles(data).map((f) => readFileSync(join(data, f), 'utf8'));
    const second = await importJson(data, [TRANSCRIPTS]);
    expect(second).toMatchObject({ added: 0, alreadyPresent: expected.calls });
    expect(listFiles(data).map((f) => readFileSync(join(data, f), 'utf8'))).toEqual(before);
  });

  it('a call the live hook already recorded (same id) is not added again', async () => {
    const { data } = sandbox();
    // The hook saw the first Bash call of the invoicer session live.
    const first = rawCalls(join(TRANSCRIPTS, '-home-maya-src-invoicer')).find((c) => c.tool === 'Bash')!;
    const id = [...readFileSync(first.file, 'utf8').matchAll(/"type":"tool_use","id":"(toolu_[A-Za-z0-9]+)","name":"Bash"/g)][0]![1]!;
    const payload = { session_id: first.session, hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: first.command }, tool_response: {}, tool_use_id: id, cwd: '/tmp' };
    const r = await execa('node', [OBSERVE], { input: JSON.stringify(payload), env: cleanEnv({ HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: new Date(first.resultTs!).toISOString() }), extendEnv: false });
    expect(r.exitCode).toBe(0);
    const out = await importJson(data, [join(TRANSCRIPTS, '-home-maya-src-invoicer')]);
    expect(out.alreadyPresent).toBe(1);
    const ids = readObservations(data).map((x) => x['id']);
    expect(ids.filter((x) => x === id)).toHaveLength(1);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('--dry-run counts and writes nothing', async () => {
    const { data } = sandbox();
    const out = await importJson(data, [TRANSCRIPTS], ['--dry-run']);
    expect(out.added).toBe(rawCounts(TRANSCRIPTS).calls);
    expect(listFiles(data)).toEqual([]);
  });

  it('by default skips what is older than the retention period before now', async () => {
    const { data } = sandbox();
    const now = Date.parse('2026-05-25T00:00:00Z');
    const raw = rawCalls(TRANSCRIPTS);
    const recent = raw.filter((c) => c.resultTs! >= now - 30 * 86_400_000).length;
    expect(recent).toBeGreaterThan(0);
    expect(recent).toBeLessThan(raw.length);
    const r = await runCli(['import-transcripts', TRANSCRIPTS, '--home', data, '--now', new Date(now).toISOString(), '--json'], {});
    const out = JSON.parse(r.stdout as string);
    expect(out.added).toBe(recent);
    expect(out.skipped.olderThanSince).toBe(raw.length - recent);
  });
});

describe('import-transcripts: the fast path (no yargs) and the yargs path', () => {
  it('give the same report, records, text and errors', async () => {
    const fast = sandbox();
    const slow = sandbox();
    // --max-line-mib is not a fast-path form: it goes through yargs with the same default.
    const a = await runCli(['import-transcripts', TRANSCRIPTS, '--home', fast.data, '--since=2020-01-01', '--json'], {});
    const b = await runCli(['import-transcripts', TRANSCRIPTS, '--home', slow.data, '--since', '2020-01-01', '--json', '--max-line-mib', '64'], {});
    expect(a.exitCode).toBe(0);
    expect(JSON.parse(a.stdout as string)).toEqual(JSON.parse(b.stdout as string));
    expect(readObservations(fast.data)).toEqual(readObservations(slow.data));
    const text = await runCli(['import-transcripts', TRANSCRIPTS, '--home', fast.data, '--since', '2020-01-01', '--dry-run'], {});
    const textSlow = await runCli(['import-transcripts', TRANSCRIPTS, '--home', fast.data, '--since', '2020-01-01', '--dry-run', '--max-line-mib', '64'], {});
    expect(text.stdout).toContain('Dry run: would add 0 new records');
    expect(text.stdout).toBe(textSlow.stdout);
    for (const bad of [['--since', 'yesterday'], ['--now', '2026-13-45']]) {
      const f = await runCli(['import-transcripts', TRANSCRIPTS, '--home', fast.data, ...bad], {});
      const s = await runCli(['import-transcripts', TRANSCRIPTS, '--home', fast.data, ...bad, '--max-line-mib', '64'], {});
      expect(f.exitCode).toBe(2);
      expect([f.exitCode, f.stderr, f.stdout]).toEqual([s.exitCode, s.stderr, s.stdout]);
    }
    // `--json false` is yargs' reading of a boolean's value, not a path named false.
    const off = await runCli(['import-transcripts', TRANSCRIPTS, '--home', fast.data, '--since', '2020-01-01', '--json', 'false', '--dry-run'], {});
    expect(off.exitCode).toBe(0);
    expect(off.stdout).toBe(text.stdout);
  });
});

describe('import-transcripts: long tool results (their texts are not parsed)', () => {
  it('gives the records the raw lines hold: decoys in texts, escapes, unicode, CRLF, damaged and overlong lines', async () => {
    const box = sandbox();
    const dir = join(box.root, 't');
    mkdirSync(dir, { recursive: true });
    const decoy = '"is_error":true,"tool_use_id":"toolu_x1","type":"tool_result"} \\" \\\\ é 😀 \n'.repeat(300);
    const ts = (s: number) => new Date(Date.UTC(2026, 4, 4, 10, 0, s)).toISOString();
    const lines: string[] = [];
    for (let i = 0; i < 12; i++) {
      const id = `toolu_x${i}`;
      lines.push(JSON.stringify({ type: 'assistant', sessionId: 'sess-long', cwd: '/w', timestamp: ts(2 * i), uuid: `a${i}`, message: { content: [{ type: 'tool_use', id, name: i % 2 ? 'Read' : 'Bash', input: { command: `npm test ${decoy.slice(0, 40)}`, file_path: decoy } }] } }));
      const content = i % 3 === 0 ? [{ type: 'text', text: decoy }] : decoy;
      const block = i % 4 === 1 ? { content, is_error: true, tool_use_id: id, type: 'tool_result' } : { tool_use_id: id, type: 'tool_result', content };
      let result = JSON.stringify({ type: 'user', sessionId: 'sess-long', timestamp: ts(2 * i + 1), uuid: `u${i}`, message: { role: 'user', content: [block] }, toolUseResult: { stdout: decoy } });
      if (i === 5) result = result.slice(0, 5000); // truncated
      if (i === 7) result = result.replace('\\n', '\u0007'); // a raw control character in the text
      if (i === 9) result = result.replace('é', '\\q'); // an escape JSON does not know
      if (i === 10) result = JSON.stringify({ type: 'user', sessionId: 'sess-long', timestamp: ts(2 * i + 1), message: { content: [{ tool_use_id: id, type: 'tool_result', content: 'x'.repeat(1_100_000) }] } }); // over --max-line-mib 1
      lines.push(result);
    }
    writeFileSync(join(dir, 'long.jsonl'), `${lines.join('\r\n')}\r\n`);
    const out = await importJson(box.data, [dir], ['--max-line-mib', '1']);
    const raw = rawCalls(dir).filter((c) => c.id !== 'toolu_x10'); // the reference has no --max-line-mib
    const records = readObservations(box.data);
    expect(records.map((r) => [r['id'], r['ok'], r['ts']])).toEqual(raw.map((c) => [c.id, !c.isError, new Date(c.resultTs!).toISOString()]));
    expect(records.map((r) => r['id'])).toEqual(['toolu_x0', 'toolu_x1', 'toolu_x2', 'toolu_x3', 'toolu_x4', 'toolu_x6', 'toolu_x8', 'toolu_x11']);
    expect(records.filter((r) => r['ok'] === false).map((r) => r['id'])).toEqual(['toolu_x1']);
    expect(out.skipped).toMatchObject({ malformedLines: 3, linesTooLong: 1, callsWithoutResult: 4 });
  });
});

describe('import-transcripts: tool names across versions', () => {
  it('an old transcript and the live hook give the same chains', async () => {
    const line = (type: 'assistant' | 'user', block: object, sec: number) =>
      JSON.stringify({ type, sessionId: 'sess-v1', cwd: '/w', version: '1.0.70', timestamp: new Date(Date.UTC(2026, 4, 4, 10, 0, sec)).toISOString(), uuid: `u${sec}`, message: { content: [block] } });
    const old = ['Read', 'Task', 'Edit', 'KillBash', 'BashOutput', 'KillShell', 'Grep'];
    const box = sandbox();
    mkdirSync(join(box.root, 't'), { recursive: true });
    writeFileSync(
      join(box.root, 't', 'old.jsonl'),
      old.flatMap((name, i) => [line('assistant', { type: 'tool_use', id: `toolu_${i}`, name, input: {} }, 2 * i), line('user', { type: 'tool_result', tool_use_id: `toolu_${i}`, content: 'ok' }, 2 * i + 1)]).join('\n'),
    );
    await importJson(box.data, [join(box.root, 't')]);
    const imported = readObservations(box.data).map((r) => [r['tool'], r['prev'], r['prev2']]);
    const live = sandbox();
    for (const [i, name] of ['Read', 'Agent', 'Edit', 'TaskStop', 'TaskOutput', 'TaskStop', 'Grep'].entries()) {
      const r = await runHook(JSON.stringify({ ...fixture('post-tool-use-read.json'), session_id: 'sess-v2', tool_name: name, tool_use_id: `toolu_${i}` }), { HOMUNCULUS_HOME: live.data, HOMUNCULUS_NOW: '2026-05-04T10:00:00Z' });
      expect(r.exitCode).toBe(0);
    }
    expect(imported).toEqual(readObservations(live.data).map((r) => [r['tool'], r['prev'], r['prev2']]));
    expect(imported.map((r) => r[0])).toEqual(['Read', 'Agent', 'Edit', 'TaskStop', 'TaskOutput', 'TaskStop', 'Grep']);
  });
});

describe('import-transcripts: a file it cannot read, a line too long to hold', () => {
  it('skips and counts unreadable transcripts and paths that are not files; imports the rest', async () => {
    const box = sandbox();
    const dir = join(box.root, 't');
    mkdirSync(join(dir, 'folder.jsonl'), { recursive: true });
    const ledger = join(TRANSCRIPTS, '-home-maya-src-ledger');
    for (const f of readdirSync(ledger)) writeFileSync(join(dir, f), readFileSync(join(ledger, f)));
    const lockedSource = join(TRANSCRIPTS, '-home-maya-src-invoicer', '8d4b6e21-5c0f-4a93-b7e2-1f9a3d6c8e40.jsonl');
    const locked = join(dir, 'locked.jsonl');
    writeFileSync(locked, readFileSync(lockedSource));
    chmodSync(locked, 0o000);
    await execa('mkfifo', [join(dir, 'pipe.jsonl')]); // a read would block forever
    // chmod 000 stops everyone but root; /proc/self/mem is a regular file whose read fails for
    // root too (EIO), so the unreadable path is exercised whoever runs the tests.
    let lockedReadable = true;
    try {
      accessSync(locked, constants.R_OK);
    } catch {
      lockedReadable = false;
    }
    const proc = existsSync('/proc/self/mem') ? ['/proc/self/mem'] : [];
    const failing = (lockedReadable ? 0 : 1) + proc.length;
    expect(failing).toBeGreaterThan(0);
    const out = await importJson(box.data, [dir, ...proc]);
    chmodSync(locked, 0o600);
    expect(out.files).toBe(3 + proc.length);
    expect(out.unreadable).toBe(2 + failing);
    expect(out.skipped.notRegularFiles).toBe(2);
    expect(out.skipped.unreadableFiles).toBe(failing);
    const fromLocked = rawCalls(join(TRANSCRIPTS, '-home-maya-src-invoicer')).filter((c) => c.file === lockedSource).length;
    expect(out.calls).toBe(rawCalls(ledger).length + (lockedReadable ? fromLocked : 0));
    expect(readObservations(box.data).length).toBe(out.added);
    const text = await runCli(['import-transcripts', dir, ...proc, '--home', box.data, '--since', '2020-01-01'], {});
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toContain('2 paths named *.jsonl that are not regular files');
    expect(text.stdout).toContain(`${failing} transcript files that could not be read`);
  });

  it('skips a line longer than the bound without holding it, and imports the lines around it', async () => {
    const box = sandbox();
    mkdirSync(join(box.root, 't'), { recursive: true });
    const bound = 1024 * 1024; // --max-line-mib 1
    const use = (id: string, pad: string) => JSON.stringify({ type: 'assistant', sessionId: 'sess-big', cwd: '/w', timestamp: '2026-05-04T10:00:00.000Z', uuid: `u-${id}`, message: { content: [{ type: 'tool_use', id, name: 'Write', input: { content: pad } }] } });
    const result = (id: string) => JSON.stringify({ type: 'user', sessionId: 'sess-big', cwd: '/w', timestamp: '2026-05-04T10:00:01.000Z', message: { content: [{ type: 'tool_result', tool_use_id: id, content: 'ok' }] } });
    const justUnder = use('toolu_under', '');
    const under = use('toolu_under', 'x'.repeat(bound - justUnder.length));
    const justOver = use('toolu_over', '');
    const over = use('toolu_over', 'y'.repeat(bound - justOver.length + 1));
    expect(Buffer.byteLength(under)).toBe(bound);
    expect(Buffer.byteLength(over)).toBe(bound + 1);
    writeFileSync(join(box.root, 't', 'big.jsonl'), [under, result('toolu_under'), over, result('toolu_over'), '{"type":"user","tail":true}'].join('\n'));
    const out = await importJson(box.data, [join(box.root, 't')], ['--max-line-mib', '1']);
    expect(out.skipped).toMatchObject({ linesTooLong: 1, resultsWithoutCall: 1 });
    expect(out.lines).toBe(5);
    expect(readObservations(box.data).map((r) => r['id'])).toEqual(['toolu_under']);
  });

  it('refuses a bound that is not a positive number of MiB', async () => {
    const { data } = sandbox();
    const r = await runCli(['import-transcripts', TRANSCRIPTS, '--home', data, '--max-line-mib', '0'], {});
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/--max-line-mib: expected a number of MiB above 0/);
  });
});

describe('import-transcripts: corrupted transcripts are skipped and counted, never fatal', () => {
  const use = (id: string, ts = '2026-03-01T10:00:00.000Z') => JSON.stringify({ type: 'assistant', sessionId: 'sess-1', cwd: '/w', timestamp: ts, uuid: `u-${id}`, message: { content: [{ type: 'tool_use', id, name: 'Read', input: {} }] } });
  const result = (id: string, isError = false) => JSON.stringify({ type: 'user', sessionId: 'sess-1', cwd: '/w', timestamp: '2026-03-01T10:00:01.000Z', message: { content: [{ type: 'tool_result', tool_use_id: id, is_error: isError, content: 'x' }] } });
  it.each<[string, string, Record<string, number>]>([
    ['a truncated line', `${use('toolu_a')}\n${result('toolu_a').slice(0, 150)}\n`, { malformedLines: 1, callsWithoutResult: 1 }],
    ['binary junk', `${use('toolu_a')}\n\u0000\u0001\u00ff"tool_use\u0007\n${result('toolu_a')}\n`, { malformedLines: 1 }],
    ['a missing id', `${use('')}\n${result('')}\n`, { invalidToolCalls: 1, resultsWithoutCall: 1 }],
    ['an id crafted as a path', `${use('../../x')}\n${result('../../x')}\n`, { invalidToolCalls: 1, resultsWithoutCall: 1 }],
    ['unknown line types', `{"type":"mystery","tool_use":1}\n{"type":"summary","summary":"tool_use"}\n${use('toolu_a')}\n${result('toolu_a')}\n`, { linesOfUnknownType: 1, linesWithoutToolCalls: 1 }],
    ['a result without its call', `${result('toolu_zz')}\n`, { resultsWithoutCall: 1 }],
    ['a JSON value that is not an object', `[1,"tool_use"]\n"tool_use"\n${use('toolu_a')}\n${result('toolu_a', true)}\n`, { malformedLines: 2 }],
  ])('%s', async (_name, text, skipped) => {
    const box = sandbox();
    mkdirSync(join(box.root, 't'), { recursive: true });
    writeFileSync(join(box.root, 't', 'session.jsonl'), text);
    const out = await importJson(box.data, [join(box.root, 't')]);
    expect(out.skipped).toMatchObject(skipped);
    const records = readObservations(box.data);
    expect(records).toHaveLength(out.added);
    for (const r of records) expect(r['id']).toMatch(/^toolu_[a-z]+$/);
  });
});
