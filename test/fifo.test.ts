// A FIFO where homunculus reads a file that is not its own data hangs nothing (issue 30, 5):
// config.json (or HOMUNCULUS_CONFIG), a transcript and its subagent .meta.json, CLAUDE.md,
// AGENTS.md, SKILL.md, settings.json, a file to import or inject into. Every such file is opened
// by one reader (lib/regular-file.ts): never blocking, regular files only, bounded. Each test runs
// the real CLI, hook, worker or MCP server as a child process with a timeout: it must finish, with
// a one-line error or the file skipped.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { execa, execaSync } from 'execa';
import { closeSync, constants, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it, type TestContext } from 'vitest';
import { CLI, cleanEnv, DIST, runCli, sandbox } from './helpers.js';
import { hookErrors, livedInHome, PAST, runRouter, runStop, transcriptText } from './history-helpers.js';
import { seedStore, SEEDED } from './exports-helpers.js';

/**
 * A FIFO at `path` (its folder made). When the test that made it has finished, a process the code
 * under test left blocked on it (a detached worker) is let go: opening the FIFO for writing without
 * blocking, then closing it, gives a waiting reader its end of file. Per test (its own context),
 * since the tests run at once: one test's end never lets go of another's readers.
 */
function mkfifo(ctx: TestContext, path: string): string {
  mkdirSync(dirname(path), { recursive: true });
  execaSync('mkfifo', [path]);
  ctx.onTestFinished(() => {
    for (let i = 0; i < 3; i++) {
      try {
        closeSync(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK));
      } catch {
        break; // no reader waiting (ENXIO) or gone
      }
    }
  });
  return path;
}

const oneLine = (s: string) => s.trim().split('\n');

// The tests run at once (describe.concurrent): each has its own sandbox, and the reconciliation
// worker's spends 3 s letting the session's hooks settle (runs/reconcile.ts), waiting, not working.

describe.concurrent('a FIFO at config.json hangs no command and no hook', () => {
  it('every command refuses it in one line (exit 2); the prompt router and the Stop hook log it and exit 0', async (ctx) => {
    const { root, data } = sandbox();
    await livedInHome(data, join(root, 'rules.md'));
    execaSync('rm', [join(data, 'config.json')]);
    mkfifo(ctx, join(data, 'config.json'));
    const env = { HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: PAST };
    for (const args of [['config'], ['analyze'], ['bye'], ['list'], ['status']]) {
      const r = await runCli(args, env, { timeout: 20_000 });
      expect(r.timedOut, args.join(' ')).toBe(false);
      expect(r.exitCode, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(oneLine(r.stderr)).toEqual([`homunculus: cannot read ${join(data, 'config.json')}: expected a regular file, found a FIFO`]);
    }
    const router = await runRouter({ session_id: 's1', hook_event_name: 'UserPromptSubmit', prompt: 'edit the file', cwd: root }, env);
    expect(router.timedOut).toBe(false);
    expect(router.exitCode).toBe(0);
    const stop = await runStop(env);
    expect(stop.timedOut).toBe(false);
    expect(stop.exitCode).toBe(0);
    expect(hookErrors(data)).toContain('expected a regular file, found a FIFO');
  });

  it('HOMUNCULUS_CONFIG naming a FIFO is refused the same way', async (ctx) => {
    const { root, data } = sandbox();
    const fifo = mkfifo(ctx, join(root, 'my-config.json'));
    const r = await runCli(['config', '--home', data], { HOMUNCULUS_CONFIG: fifo }, { timeout: 20_000 });
    expect(r.timedOut).toBe(false);
    expect(r.exitCode).toBe(2);
    expect(oneLine(r.stderr)).toEqual([`homunculus: cannot read ${fifo}: expected a regular file, found a FIFO`]);
  });
});

describe.concurrent("a FIFO at a transcript's files", () => {
  function transcripts(ctx: TestContext, root: string) {
    const dir = join(root, 'projects', '-home-dev-shop');
    const calls = [1, 2, 3].map((i) => ({ id: `toolu_${i}`, tool: ['Grep', 'Read', 'Edit'][i - 1]!, at: `2026-11-08T10:0${i}:00Z`, resultAt: `2026-11-08T10:0${i}:01Z` }));
    mkdirSync(join(dir, 's1', 'subagents'), { recursive: true });
    writeFileSync(join(dir, 's1.jsonl'), transcriptText('s1', calls));
    writeFileSync(join(dir, 's1', 'subagents', 'agent-a1.jsonl'), transcriptText('s1', calls.map((c) => ({ ...c, id: `${c.id}_sub` }))));
    mkfifo(ctx, join(dir, 's1', 'subagents', 'agent-a1.meta.json'));
    mkfifo(ctx, join(dir, 's2.jsonl'));
    return dir;
  }

  it('import-transcripts (and --dry-run) reads past a FIFO .meta.json and skips a FIFO transcript', async (ctx) => {
    const { root, data } = sandbox();
    const dir = transcripts(ctx, root);
    const env = { HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: PAST };
    for (const args of [['import-transcripts', '--dry-run', '--json', join(root, 'projects')], ['import-transcripts', '--json', join(root, 'projects')]]) {
      const r = await runCli(args, env, { timeout: 20_000 });
      expect(r.timedOut, args.join(' ')).toBe(false);
      expect(r.exitCode, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout) as { calls: number };
      expect(out.calls).toBe(6);
    }
    // Named on its own, the FIFO transcript is skipped too.
    const one = await runCli(['import-transcripts', '--dry-run', join(dir, 's2.jsonl')], env, { timeout: 20_000 });
    expect(one.timedOut).toBe(false);
  });

  it('the reconciliation worker finishes, and releases its lock for the next one', async (ctx) => {
    const { root, data } = sandbox();
    const dir = transcripts(ctx, root);
    const env = { HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: PAST };
    const end = await execa('node', [join(DIST, 'hooks', 'session-end.js')], { input: JSON.stringify({ session_id: 's1', hook_event_name: 'SessionEnd', transcript_path: join(dir, 's1.jsonl'), cwd: root }), env: cleanEnv(env), extendEnv: false, reject: false, timeout: 20_000 });
    expect(end.exitCode).toBe(0);
    // The worker the hook started, and one run here: each must finish and close the session.
    const worker = await execa('node', [join(DIST, 'hooks', 'reconcile.js')], { env: cleanEnv(env), extendEnv: false, reject: false, timeout: 70_000 });
    expect(worker.timedOut).toBe(false);
    const mark = JSON.parse(readFileSync(join(data, 'state', 'sessions', 's1.json'), 'utf8')) as { reconciled?: unknown };
    expect(mark.reconciled).toBeDefined();
    expect(existsSync(join(data, 'state', 'reconcile.lock'))).toBe(false);
    expect(readFileSync(join(data, 'observations', '2026-11-08.jsonl'), 'utf8').split('\n').filter(Boolean)).toHaveLength(6);
  }, 90_000);
});

describe.concurrent('a FIFO at a memory, skill or settings file', () => {
  it('dream reads past a FIFO CLAUDE.md, AGENTS.md and SKILL.md', async (ctx) => {
    const s = sandbox();
    seedStore(s.data, SEEDED);
    mkfifo(ctx, join(s.home, '.claude', 'CLAUDE.md'));
    mkfifo(ctx, join(s.project, 'CLAUDE.md'));
    mkfifo(ctx, join(s.project, 'AGENTS.md'));
    mkfifo(ctx, join(s.project, '.claude', 'skills', 'mine', 'SKILL.md'));
    const r = await runCli(['dream', '--json'], { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: PAST }, { cwd: s.project, timeout: 20_000 });
    expect(r.timedOut).toBe(false);
    expect(r.exitCode, r.stderr).toBe(0);
  });

  it('inject, export --out, import claude-md and install refuse a FIFO in one line', async (ctx) => {
    const s = sandbox();
    seedStore(s.data, SEEDED);
    mkdirSync(s.project, { recursive: true });
    const md = mkfifo(ctx, join(s.project, 'CLAUDE.md'));
    const agents = mkfifo(ctx, join(s.project, 'AGENTS.md'));
    const settings = mkfifo(ctx, join(s.home, '.claude', 'settings.json'));
    const env = { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: PAST };
    const cases: [string[], string][] = [
      [['inject', md], md],
      [['export', 'agents-md', '--out', agents], agents],
      [['import', 'claude-md', md], md],
      [['install'], settings],
    ];
    for (const [args, path] of cases) {
      const r = await runCli(args, env, { cwd: s.project, timeout: 20_000 });
      expect(r.timedOut, args.join(' ')).toBe(false);
      expect(r.exitCode, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(oneLine(r.stderr), args.join(' ')).toHaveLength(1);
      expect(r.stderr).toContain(path);
      expect(r.stderr).toContain('expected a regular file, found a FIFO');
    }
  });

  it('the MCP tools that read or write a project file answer an error and the server goes on', async (ctx) => {
    const s = sandbox();
    seedStore(s.data, SEEDED);
    mkdirSync(s.project, { recursive: true });
    mkfifo(ctx, join(s.project, 'CLAUDE.md'));
    mkfifo(ctx, join(s.project, 'AGENTS.md'));
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], env: cleanEnv({ HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: PAST }) as Record<string, string>, cwd: s.project, stderr: 'pipe' });
    const client = new Client({ name: 'homunculus-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args }, undefined, { timeout: 15_000 });
      for (const [name, args] of [
        ['inject_claude_md', {}],
        ['import_claude_md', { file: 'CLAUDE.md' }],
        ['export_platform', { format: 'agents-md', out: 'AGENTS.md' }],
      ] as const) {
        const r = await call(name, args);
        expect(r.isError, name).toBe(true);
        expect(JSON.stringify(r.content), name).toContain('expected a regular file, found a FIFO');
      }
      // The server still answers.
      const ok = await call('stats', {});
      expect(ok.isError).not.toBe(true);
    } finally {
      await client.close();
    }
  }, 60_000);
});
