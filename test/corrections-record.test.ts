import { execa } from 'execa';
import { cpSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, DIST, fixture, FIXTURES, readObservations, runCli, runHook, sandbox } from './helpers.js';
import { bash, writeTranscripts } from './transcript-writer.js';

// Corrections (issue 31, 3): a tool use the user declined or interrupted is recorded as such, a
// token only (`stop`), from the hooks where Claude Code says so and from transcripts at import.

describe('a declined or interrupted call is recorded with its stop token, never its text or arguments', () => {
  it('import: from a transcript (the declined call\'s long words are cut before parsing, and still seen)', async () => {
    const s = sandbox();
    const projects = join(s.root, 'projects');
    writeTranscripts(projects, [
      { id: 'c1', cwd: '/home/dev/shop', start: '2026-11-02T10:00:00Z', calls: [{ tool: 'Read' }, bash('git push --force origin secret-branch', false, { rejected: true }), bash('npm test', false, { interrupted: true }), bash('npm test', false), { tool: 'Edit' }] },
    ]);
    const r = await runCli(['import-transcripts', projects, '--home', s.data, '--since', '2026-11-01', '--now', '2026-11-03T00:00:00Z', '--no-learn'], {});
    expect(r.exitCode, r.stderr as string).toBe(0);
    const recs = readObservations(s.data);
    expect(recs.map((o) => [o['tool'], o['detail'] ?? null, o['ok'], o['stop'] ?? null])).toEqual([
      ['Read', null, true, null],
      ['Bash', 'git push', false, 'reject'],
      ['Bash', 'npm test', false, 'interrupt'],
      ['Bash', 'npm test', false, null],
      ['Edit', null, true, null],
    ]);
    const text = readFileSync(join(s.data, 'observations', '2026-11-02.jsonl'), 'utf8');
    expect(text).not.toMatch(/secret-branch|force|want to proceed|interrupted by/);
  });

  it('observe hook: a PostToolUseFailure whose error is the user declining it', async () => {
    const s = sandbox();
    mkdirSync(s.project, { recursive: true });
    const payload = { ...fixture('post-tool-use-failure-bash.json'), cwd: s.project, tool_input: { command: 'git push --force origin secret-branch' }, error: "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed." };
    const r = await runHook(JSON.stringify(payload), { HOMUNCULUS_HOME: s.data });
    expect(r.exitCode).toBe(0);
    const [rec] = readObservations(s.data);
    expect(rec).toMatchObject({ tool: 'Bash', detail: 'git push', ok: false, stop: 'reject' });
    expect(JSON.stringify(rec)).not.toMatch(/secret-branch|force|proceed/);
  });
});

describe('corrections are learned: a call the user keeps stopping becomes an instinct of source user_correction', () => {
  it('from transcripts: three of four sessions decline `git push`; list --source and stats say so', async () => {
    const s = sandbox();
    const projects = join(s.root, 'projects');
    const day = (d: number) => `2026-11-0${d}T10:00:00Z`;
    const work = [{ tool: 'Read' }, { tool: 'Edit' }, bash('npm test', true)];
    writeTranscripts(projects, [
      { id: 'k1', cwd: '/home/dev/shop', start: day(2), calls: [...work, bash('git push origin main', false, { rejected: true }), { tool: 'Read' }] },
      { id: 'k2', cwd: '/home/dev/shop', start: day(3), calls: [...work, bash('git push', false, { interrupted: true }), { tool: 'Read' }] },
      { id: 'k3', cwd: '/home/dev/shop', start: day(4), calls: [...work, bash('git push -u origin x', false, { rejected: true }), { tool: 'Read' }] },
      { id: 'k4', cwd: '/home/dev/shop', start: day(5), calls: [...work, bash('git push', true), { tool: 'Read' }] },
    ]);
    const now = ['--now', '2026-11-06T00:00:00Z'];
    const r = await runCli(['import-transcripts', projects, '--home', s.data, '--since', '2026-11-01', ...now], {});
    expect(r.exitCode, r.stderr as string).toBe(0);
    const list = await runCli(['list', '--home', s.data, '--scope', 'all', '--source', 'user_correction', '--json', ...now], {});
    expect(list.exitCode, list.stderr as string).toBe(0);
    const rows = (JSON.parse(list.stdout as string) as { instincts: { pattern: string; source: string; category: string }[] }).instincts;
    expect(rows.map((x) => [x.pattern, x.source, x.category])).toEqual([['ask:Bash(git push)', 'user_correction', 'correction']]);
    const stats = JSON.parse((await runCli(['stats', '--home', s.data, '--json', ...now], {})).stdout as string);
    expect(stats.sources.user_correction).toBe(1);
    // Never the declined command's arguments.
    expect(JSON.stringify(rows)).not.toMatch(/origin|\bmain\b|-u\b/);
  });
});

// Issue 38, 2: a stop is read only from the shape of result Claude Code writes for a stopped call
// (test/fixtures/stop-shapes: the shapes of real transcripts of 1.0.56 to 2.1.96), the same on
// the observe hook, import-transcripts and the reconciliation worker; the same words in a
// command's output are output.
describe('a stop is read from Claude Code\'s own shape of result, never from a command\'s output', () => {
  const STOPS = join(FIXTURES, 'stop-shapes', 'projects');
  const FOLDER = '-home-maya-src-invoicer';
  const FILE = readdirSync(join(STOPS, FOLDER)).find((f) => f.endsWith('.jsonl'))!;
  const SESSION = FILE.replace(/\.jsonl$/, '');
  const EXPECTED: [string, string, string | null][] = [
    ['toolu_01Stop01', 'git push', 'reject'], // declined: STOP what you are doing
    ['toolu_01Stop02', '', 'reject'], // declined, and the user said why (a long line)
    ['toolu_01Stop03', 'npm test', 'interrupt'], // Exit code 137, then the words (2.x)
    ['toolu_01Stop04', 'go test', 'interrupt'], // the words, then the output (1.0)
    ['toolu_01Stop05', '', 'interrupt'],
    ['toolu_01Out06', 'npm test', null], // a failing test printing the decline
    ['toolu_01Out07', 'npm test', null], // ... deep in a long output
    ['toolu_01Out08', 'pytest', null], // ... first in an old version's output
    ['toolu_01Out09', 'make', null], // the interrupt words, then more output
    ['toolu_01Out10', 'pytest', null],
    ['toolu_01Out11', 'npm test', null], // a success printing them
  ];
  const got = (data: string) => readObservations(data).map((o) => [o['id'], (o['detail'] as string | undefined) ?? '', (o['stop'] as string | undefined) ?? null]).sort();
  const want = [...EXPECTED].sort();

  it('import-transcripts', async () => {
    const s = sandbox();
    const r = await runCli(['import-transcripts', STOPS, '--home', s.data, '--since', '2026-11-01', '--now', '2026-11-03T00:00:00Z', '--no-learn'], {});
    expect(r.exitCode, r.stderr as string).toBe(0);
    expect(got(s.data)).toEqual(want);
  });

  it('the reconciliation worker', async () => {
    const s = sandbox();
    const projects = join(s.root, 'projects');
    cpSync(STOPS, projects, { recursive: true });
    const env = { HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: '2026-11-03T00:00:00Z' };
    const dead = execa('node', ['-e', '0']);
    await dead;
    const start = await execa('node', [join(DIST, 'hooks', 'session-start.js')], { input: JSON.stringify({ session_id: SESSION, transcript_path: join(projects, FOLDER, FILE), hook_event_name: 'SessionStart', source: 'startup' }), env: cleanEnv({ ...env, CLAUDE_PID: String(dead.pid) }), extendEnv: false, reject: false });
    expect(start.exitCode).toBe(0);
    const r = await execa('node', [join(DIST, 'hooks', 'reconcile.js')], { env: cleanEnv(env), extendEnv: false, reject: false, timeout: 60_000 });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(got(s.data)).toEqual(want);
  });

  it('the observe hook, given each result as its error', async () => {
    const s = sandbox();
    mkdirSync(s.project, { recursive: true });
    const lines = readFileSync(join(STOPS, FOLDER, FILE), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { message: { content: Record<string, unknown>[] } });
    const uses = new Map(lines.flatMap((l) => l.message.content.filter((b) => b['type'] === 'tool_use').map((b) => [b['id'] as string, b])));
    for (const l of lines) {
      for (const b of l.message.content.filter((x) => x['type'] === 'tool_result')) {
        const use = uses.get(b['tool_use_id'] as string)!;
        const failed = b['is_error'] === true;
        const payload = {
          session_id: SESSION,
          cwd: s.project,
          hook_event_name: failed ? 'PostToolUseFailure' : 'PostToolUse',
          tool_name: use['name'],
          tool_input: use['input'],
          tool_use_id: use['id'],
          ...(failed ? { error: b['content'], is_interrupt: false } : { tool_response: { stdout: b['content'], stderr: '', interrupted: false } }),
        };
        const r = await runHook(JSON.stringify(payload), { HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: '2026-11-02T12:00:00Z' });
        expect(r.exitCode).toBe(0);
      }
    }
    expect(got(s.data)).toEqual(want);
    expect(readFileSync(join(s.data, 'observations', '2026-11-02.jsonl'), 'utf8')).not.toMatch(/want to proceed|interrupted by|release|cents/);
  }, 60_000);
});
