// Shared by the tests of issue 9 (clocks, links, FIFOs, purge): a lived-in data home, byte snapshots, hook runners.
import { execa } from 'execa';
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'vitest';
import { cleanEnv, DIST, runCli, sandbox } from './helpers.js';

export const PAST = '2026-11-08T19:00:00Z';
export const STOP = join(DIST, 'hooks', 'stop.js');
export const ROUTER = join(DIST, 'hooks', 'prompt-router.js');

/** One record as the hook writes it (canonical key order). */
export function obsLine(ts: string, tool: string, session: string, extra: { ok?: boolean; id?: string } = {}): string {
  const ok = extra.ok ?? true;
  const r: Record<string, unknown> = { v: 1, ts, tool, ok, ms: 5, prev: null, prev2: null, session, project: null, event: ok ? 'PostToolUse' : 'PostToolUseFailure' };
  if (extra.id !== undefined) r['id'] = extra.id;
  return JSON.stringify(r);
}

/** `tools` (Grep->Read->Edit) `times` times in each session, one call a minute from `start`, a session an hour. */
export function sessionLines(start: string, sessions: string[], times: number, tools = ['Grep', 'Read', 'Edit']): string[] {
  const lines: string[] = [];
  const t0 = Date.parse(start);
  sessions.forEach((s, k) => {
    for (let i = 0; i < times * tools.length; i++) lines.push(obsLine(new Date(t0 + k * 3_600_000 + i * 60_000).toISOString(), tools[i % tools.length]!, s));
  });
  return lines;
}

/**
 * A data home as a user's looks after some weeks: observation files (some past retention at a
 * later time), instincts, an archived instinct, a promoted rule, the cache, hook state, config.
 */
export async function livedInHome(data: string, rulesFile: string): Promise<void> {
  const obs = join(data, 'observations');
  mkdirSync(obs, { recursive: true });
  writeFileSync(join(obs, '2026-10-20.jsonl'), `${sessionLines('2026-10-20T09:00:00Z', ['old1', 'old2'], 4, ['Bash', 'Read', 'Edit']).join('\n')}\n`);
  writeFileSync(join(data, 'config.json'), '{"minSessions": 2}\n');
  const env = { HOMUNCULUS_HOME: data, HOMUNCULUS_RULES_FILE: rulesFile };
  // Bash->Read->Edit, seen only in October, becomes an instinct (analysed then, before the
  // November records exist: a run at a time before the newest record only reads) and is archived at PAST.
  const first = await runCli(['analyze', '--now', '2026-10-21T12:00:00Z'], env);
  expect(first.exitCode, first.stderr as string).toBe(0);
  expect(first.stdout).not.toContain('Read-only');
  writeFileSync(join(obs, '2026-11-07.jsonl'), `${sessionLines('2026-11-07T09:00:00Z', ['a1', 'a2', 'a3'], 6).join('\n')}\n`);
  writeFileSync(join(obs, '2026-11-08.jsonl'), `${sessionLines('2026-11-08T09:00:00Z', ['b1', 'b2'], 8).join('\n')}\n`);
  mkdirSync(join(data, 'state', 'streams'), { recursive: true });
  writeFileSync(join(data, 'state', 'streams', 'b2.main.json'), '["Edit","Read"]');
  const bye = await runCli(['bye', '--now', PAST], env);
  expect(bye.exitCode, bye.stderr as string).toBe(0);
  expect(bye.stdout).toContain('Promoted to rules');
  expect(readdirSync(join(data, 'archive')).some((f) => f.startsWith('chain-bash-read-edit--'))).toBe(true);
}

/** A store with a taught preference, a fact and a confirmation, each through the CLI at `env`'s time, in `root`. */
export async function taughtStore(root: string, env: Record<string, string | undefined>): Promise<void> {
  for (const args of [['observe', 'pref:pkg=pnpm', '--trigger', 'installing packages', '--action', 'use pnpm'], ['facts', 'add', 'the db is postgres'], ['feedback', 'pref:pkg=pnpm', 'confirm']]) {
    const r = await runCli(args, env, { cwd: root });
    expect(r.exitCode, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  }
}

let livedTemplate: Promise<string> | undefined;

/**
 * A copy of a lived-in home (livedInHome, built once per test file, its rules file at
 * `root/rules.md`), into `root` (a sandbox's: its data home is `root/data`): for the tests that each
 * need their own but not their own history. The copy's files are written now, as livedInHome's are.
 */
export async function livedInHomeCopy(root = sandbox().root): Promise<{ root: string; data: string; rulesFile: string }> {
  livedTemplate ??= (async () => {
    const s = sandbox();
    await livedInHome(s.data, join(s.root, 'rules.md'));
    return s.root;
  })();
  const template = await livedTemplate;
  cpSync(template, root, { recursive: true }); // its data/ and rules.md, into a sandbox's root
  // state/injected.json names where bye wrote the rules by absolute path: the copy's own rules.md,
  // not the template's (a command that followed it would write outside the copy, unseen by its snapshot).
  const injected = join(root, 'data', 'state', 'injected.json');
  if (existsSync(injected)) writeFileSync(injected, readFileSync(injected, 'utf8').replaceAll(JSON.stringify(template).slice(1, -1), JSON.stringify(root).slice(1, -1)), { mode: 0o600 });
  return { root, data: join(root, 'data'), rulesFile: join(root, 'rules.md') };
}

/** Every entry below dir: type, mode and bytes (or link target), keyed by relative path. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const st = lstatSync(p);
      const key = relative(dir, p);
      const mode = (st.mode & 0o7777).toString(8);
      if (st.isSymbolicLink()) out[key] = `link ${readlinkSync(p)}`;
      else if (st.isDirectory()) {
        out[key] = `dir ${mode}`;
        walk(p);
      } else out[key] = `file ${mode} ${readFileSync(p).toString('base64')}`;
    }
  };
  walk(dir);
  return out;
}

export async function runStop(env: Record<string, string | undefined>) {
  return execa('node', [STOP], { input: '{}', env: cleanEnv(env), extendEnv: false, reject: false, timeout: 60_000 });
}

export async function runRouter(payload: unknown, env: Record<string, string | undefined>) {
  return execa('node', [ROUTER], { input: JSON.stringify(payload), env: cleanEnv(env), extendEnv: false, reject: false, timeout: 20_000 });
}

/** A minimal PostToolUse payload. */
export function payload(over: Record<string, unknown> = {}): Record<string, unknown> {
  return { session_id: 's1', hook_event_name: 'PostToolUse', tool_name: 'Read', tool_input: { file_path: '/w/a.ts' }, tool_response: {}, tool_use_id: 'toolu_1', cwd: '/w', ...over };
}

export function hookErrors(data: string): string {
  try {
    return readFileSync(join(data, 'hook-errors.log'), 'utf8');
  } catch {
    return '';
  }
}

export interface TranscriptCall {
  id: string;
  tool: string;
  /** When the call was made and when its result came back (ISO). */
  at: string;
  resultAt: string;
  isError?: boolean;
}

/** A Claude Code transcript (the shape import-transcripts reads), written for these tests. */
export function transcriptText(session: string, calls: TranscriptCall[], cwd = '/home/dev/work/shop'): string {
  const lines: string[] = [];
  for (const c of calls) {
    lines.push(JSON.stringify({ type: 'assistant', sessionId: session, cwd, timestamp: c.at, uuid: `u-${c.id}`, message: { role: 'assistant', content: [{ type: 'tool_use', id: c.id, name: c.tool, input: {} }] } }));
    lines.push(JSON.stringify({ type: 'user', sessionId: session, cwd, timestamp: c.resultAt, uuid: `r-${c.id}`, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: c.id, content: 'ok', is_error: c.isError === true }] } }));
  }
  return `${lines.join('\n')}\n`;
}
