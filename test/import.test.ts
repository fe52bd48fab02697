import { execa } from 'execa';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, listFiles, OBSERVE, readObservations, ROOT, runCli, sandbox, SHARED } from './helpers.js';

const TRANSCRIPTS = join(SHARED, 'fixtures', 'transcripts', 'projects');

/** Counts computed straight from the raw lines, independently of the importer's code. */
function rawCounts(dir: string) {
  const uses = new Map<string, string>(); // id -> sessionId
  const results = new Map<string, boolean>(); // id -> is_error
  const walk = (d: string): string[] => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : e.name.endsWith('.jsonl') ? [join(d, e.name)] : []));
  for (const f of walk(dir)) {
    for (const line of readFileSync(f, 'utf8').split('\n')) {
      let o: { type?: string; sessionId?: string; message?: { content?: unknown } };
      try {
        o = JSON.parse(line);
      } catch {
        continue;
      }
      if (o.type !== 'user' && o.type !== 'assistant') continue;
      const content = o.message?.content;
      if (!Array.isArray(content)) continue;
      for (const b of content) {
        if (b?.type === 'tool_use') uses.set(b.id, o.sessionId!);
        if (b?.type === 'tool_result') results.set(b.tool_use_id, b.is_error === true);
      }
    }
  }
  const paired = [...uses.keys()].filter((id) => results.has(id));
  return { calls: paired.length, failures: paired.filter((id) => results.get(id)).length, sessions: new Set(paired.map((id) => uses.get(id))).size };
}

async function importJson(data: string, paths: string[], extra: string[] = []) {
  const r = await runCli(['import-transcripts', ...paths, '--home', data, '--since', '2020-01-01', '--json', ...extra], {});
  expect(r.exitCode, r.stderr as string).toBe(0);
  return JSON.parse(r.stdout as string);
}

describe('import-transcripts over the real fixtures', () => {
  it('imports every tool call, failure and session the raw lines hold; twice adds nothing', async () => {
    const expected = rawCounts(TRANSCRIPTS);
    expect(expected.calls).toBeGreaterThan(400);
    const { data } = sandbox();
    const first = await importJson(data, [TRANSCRIPTS]);
    expect(first).toMatchObject({ files: 7, calls: expected.calls, failures: expected.failures, sessions: expected.sessions, added: expected.calls, alreadyPresent: 0 });
    const records = readObservations(data);
    expect(records).toHaveLength(expected.calls);
    expect(records.filter((r) => r['ok'] === false)).toHaveLength(expected.failures);
    expect(new Set(records.map((r) => r['session'])).size).toBe(expected.sessions);
    // Subagent calls (subagent files and inline sidechains) are streams of their own.
    expect(records.filter((r) => r['agentId'] === 'a2898e3')).toHaveLength(33);
    expect(records.some((r) => String(r['agentId'] ?? '').startsWith('sc-'))).toBe(true);
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
    // The hook saw the first Bash call of the spotter session live.
    const payload = { session_id: '4d5611e5-241a-462a-8d15-5122611a9569', hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'bd ready' }, tool_response: {}, tool_use_id: 'toolu_01UwLnYYWGBvukzh1QE6JpfM', cwd: '/tmp' };
    const r = await execa('node', [OBSERVE], { input: JSON.stringify(payload), env: cleanEnv({ HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: '2026-02-12T16:02:30.700Z' }), extendEnv: false });
    expect(r.exitCode).toBe(0);
    const out = await importJson(data, [join(TRANSCRIPTS, '-home-USER-spotter')]);
    expect(out.alreadyPresent).toBe(1);
    const ids = readObservations(data).map((x) => x['id']);
    expect(ids.filter((id) => id === 'toolu_01UwLnYYWGBvukzh1QE6JpfM')).toHaveLength(1);
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
    const r = await runCli(['import-transcripts', TRANSCRIPTS, '--home', data, '--now', '2026-03-01T00:00:00Z', '--json'], {});
    const out = JSON.parse(r.stdout as string);
    expect(out.added).toBe(183); // the spotter session (Feb 12) only: 150 + 33 subagent calls
    expect(out.skipped['tool calls older than --since or the retention period']).toBe(rawCounts(TRANSCRIPTS).calls - 183);
  });
});

describe('import-transcripts: corrupted transcripts are skipped and counted, never fatal', () => {
  const use = (id: string, ts = '2026-03-01T10:00:00.000Z') => JSON.stringify({ type: 'assistant', sessionId: 'sess-1', cwd: '/w', timestamp: ts, uuid: `u-${id}`, message: { content: [{ type: 'tool_use', id, name: 'Read', input: {} }] } });
  const result = (id: string, isError = false) => JSON.stringify({ type: 'user', sessionId: 'sess-1', cwd: '/w', timestamp: '2026-03-01T10:00:01.000Z', message: { content: [{ type: 'tool_result', tool_use_id: id, is_error: isError, content: 'x' }] } });
  it.each<[string, string, Record<string, number>]>([
    ['a truncated line', `${use('toolu_a')}\n${result('toolu_a').slice(0, 150)}\n`, { 'malformed lines (not JSON, truncated, binary)': 1, 'tool calls without a result': 1 }],
    ['binary junk', `${use('toolu_a')}\n\u0000\u0001\u00ff"tool_use\u0007\n${result('toolu_a')}\n`, { 'malformed lines (not JSON, truncated, binary)': 1 }],
    ['a missing id', `${use('')}\n${result('')}\n`, { 'tool calls with a missing or invalid id, session, time or agent': 1, 'results without a matching call': 1 }],
    ['an id crafted as a path', `${use('../../x')}\n${result('../../x')}\n`, { 'tool calls with a missing or invalid id, session, time or agent': 1, 'results without a matching call': 1 }],
    ['unknown line types', `{"type":"mystery","tool_use":1}\n{"type":"summary","summary":"tool_use"}\n${use('toolu_a')}\n${result('toolu_a')}\n`, { 'lines of an unknown type': 1, 'lines without tool calls (summary)': 1 }],
    ['a result without its call', `${result('toolu_zz')}\n`, { 'results without a matching call': 1 }],
    ['a JSON value that is not an object', `[1,"tool_use"]\n"tool_use"\n${use('toolu_a')}\n${result('toolu_a', true)}\n`, { 'malformed lines (not JSON, truncated, binary)': 2 }],
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

describe('demo', () => {
  it('plays the worked example, prints the rule, and touches nothing outside its temporary folder', async () => {
    const box = sandbox();
    mkdirSync(box.home, { recursive: true });
    const rulesBefore = readFileSync(join(ROOT, 'generated-rules.md'), 'utf8');
    const dataBefore = listFiles(join(ROOT, 'homunculus'));
    const r = await execa('node', [join(ROOT, 'dist', 'cli', 'homunculus.js'), 'demo'], { env: cleanEnv({ HOME: box.home, TMPDIR: box.root }), extendEnv: false, cwd: box.home });
    expect(r.stdout).toContain('Bash->Read->Edit      60%  14 observations, 4/4 sessions');
    expect(r.stdout).toContain('archived instinct: Bash->Read->Edit');
    expect(r.stdout).toContain('- **[95%, 30x seen]** Frequent tool chain: Grep->Read->Edit (seen 30x)');
    const top = readdirSync(box.root).filter((f) => f !== 'home');
    expect(top).toHaveLength(1);
    expect(top[0]).toMatch(/^homunculus-demo-/);
    expect(readdirSync(box.home)).toEqual([]);
    expect(readFileSync(join(ROOT, 'generated-rules.md'), 'utf8')).toBe(rulesBefore);
    expect(listFiles(join(ROOT, 'homunculus'))).toEqual(dataBefore);
  }, 120_000);

  it('the bins resolve through npx inside the repository (npx homunculus, npx analyze)', async () => {
    for (const bin of ['homunculus', 'analyze']) {
      const r = await execa('npx', ['--no', '--', bin, '--help'], { cwd: ROOT, reject: false, env: { ...process.env, CI: 'true' } });
      expect(r.exitCode, `${bin}: ${r.stderr}`).toBe(0);
      expect(r.stdout).toContain(bin === 'analyze' ? '--now' : 'import-transcripts');
    }
  }, 60_000);
});
