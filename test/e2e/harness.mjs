// Runs the real Claude Code binary headless against the mock Messages API (mock-api.mjs).
//
// Everything Claude Code could reach is on loopback: ANTHROPIC_BASE_URL is the mock, and the mock
// is also HTTP_PROXY/HTTPS_PROXY, so a request to any other host is refused there and recorded in
// `mock.blocked` (NO_PROXY lets only 127.0.0.1/localhost through directly). HOME is a temporary
// folder and CLAUDE_CONFIG_DIR is unset, so nothing of the developer's own setup is read.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { installClaude, locateClaude } from './install-claude.mjs';

export const E2E_DIR = import.meta.dirname;
export const ROOT = resolve(E2E_DIR, '..', '..');
export const PROBE_HOOK = join(E2E_DIR, 'probe-hook.mjs');

let claudePath;
/** The claude executable: $HOMUNCULUS_E2E_CLAUDE, else the cached install (installed if missing). */
export function claudeBin() {
  claudePath ??= process.env.HOMUNCULUS_E2E_CLAUDE || locateClaude() || installClaude({ quiet: true });
  return claudePath;
}

const created = [];
/** A fresh temporary folder (under $HOMUNCULUS_E2E_TMP or the OS temp dir). */
export function tempDir(prefix = 'homunculus-e2e-') {
  const base = process.env.HOMUNCULUS_E2E_TMP || tmpdir();
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(join(base, prefix));
  created.push(dir);
  return dir;
}

/** Removes the folders tempDir made (kept when HOMUNCULUS_E2E_KEEP is set, to read the logs). */
export function removeTempDirs() {
  if (process.env.HOMUNCULUS_E2E_KEEP) return;
  for (const d of created.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** The environment of a headless run: loopback only, a temporary HOME, no user setup. */
export function claudeEnv({ home, mockUrl, extra = {} }) {
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    LANG: 'C.UTF-8',
    TZ: 'UTC',
    ANTHROPIC_BASE_URL: mockUrl,
    ANTHROPIC_API_KEY: 'dummy',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    DISABLE_AUTOUPDATER: '1',
    HTTP_PROXY: mockUrl,
    HTTPS_PROXY: mockUrl,
    http_proxy: mockUrl,
    https_proxy: mockUrl,
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
    ...extra,
  };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  return env;
}

/** Parses stream-json stdout into events (lines that are not JSON are kept as {raw}). */
export function parseEvents(stdout) {
  return stdout
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      try {
        return JSON.parse(l);
      } catch {
        return { raw: l };
      }
    });
}

/** Tool calls (name, input, id) and their results, in order, from the stream-json events. */
export function toolCalls(events) {
  const calls = [];
  for (const e of events) {
    if (e.type === 'assistant') for (const b of e.message?.content ?? []) if (b.type === 'tool_use') calls.push({ id: b.id, name: b.name, input: b.input });
    if (e.type === 'user') for (const b of e.message?.content ?? []) if (b.type === 'tool_result') {
      const c = calls.find((x) => x.id === b.tool_use_id);
      if (c) c.isError = !!b.is_error;
    }
  }
  return calls;
}

/** The debug log of a session in a HOME (newest file when no session id is known). */
export function debugLog(home, sessionId) {
  const dir = join(home, '.claude', 'debug');
  if (!existsSync(dir)) return { path: undefined, text: '' };
  let file = sessionId && existsSync(join(dir, `${sessionId}.txt`)) ? join(dir, `${sessionId}.txt`) : undefined;
  if (!file) {
    const files = readdirSync(dir).filter((f) => f.endsWith('.txt')).map((f) => join(dir, f));
    files.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
    file = files[0];
  }
  return file ? { path: file, text: readFileSync(file, 'utf8') } : { path: undefined, text: '' };
}

/** Lines of a debug log that mention hooks (what ran, its status, cancellations). */
export function hookLines(text) {
  return text.split('\n').filter((l) => /hook/i.test(l));
}

/**
 * Runs `claude -p PROMPT --output-format stream-json --verbose --debug [--allowedTools Bash] ...args`.
 * Options:
 *  - mock: a started mock (required); home: the temporary HOME (created when absent);
 *  - cwd: the project folder (default: home); args: extra CLI arguments; env: extra environment;
 *  - allowedTools (default 'Bash'); print: false to run a subcommand (`args` alone, no -p);
 *  - killAfterToolCalls: N to SIGKILL Claude Code when the model is asked for turn N (N tool
 *    results are in, so N PostToolUse hooks have been started);
 *  - timeoutMs (default 120 s): SIGKILL after that, reported as timedOut.
 * Returns { code, signal, timedOut, killed, stdout, stderr, events, sessionId, debugLog, debugLogPath, wallMs, home, cwd }.
 */
export async function runClaude(prompt, options) {
  const { mock, args = [], env = {}, allowedTools = 'Bash', print = true, killAfterToolCalls, timeoutMs = 120_000 } = options;
  const home = options.home ?? tempDir('homunculus-e2e-home-');
  const cwd = options.cwd ?? home;
  mkdirSync(cwd, { recursive: true });
  // Claude Code's own temporary files (background task output, its messaging socket) go inside
  // the sandbox too, not to /tmp/claude-<uid> and /tmp/cc-socks.
  const tmp = join(home, '.e2e-tmp');
  mkdirSync(tmp, { recursive: true });
  const runEnv = { TMPDIR: tmp, CLAUDE_CODE_TMPDIR: tmp, XDG_RUNTIME_DIR: tmp, ...env };
  const argv = print
    ? ['-p', prompt, '--output-format', 'stream-json', '--verbose', '--debug', ...(allowedTools ? ['--allowedTools', allowedTools] : []), ...args]
    : args;
  const started = Date.now();
  const child = spawn(claudeBin(), argv, { cwd, env: claudeEnv({ home, mockUrl: mock.url, extra: runEnv }), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  let killed = false;
  let timedOut = false;
  let unsubscribe = () => {};
  if (killAfterToolCalls !== undefined) {
    unsubscribe = mock.onRequest((entry) => {
      if (entry.kind === 'main' && entry.turn >= killAfterToolCalls && !killed) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
  }
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeoutMs);
  const [code, signal] = await new Promise((res) => child.on('close', (c, s) => res([c, s])));
  clearTimeout(timer);
  unsubscribe();
  const wallMs = Date.now() - started;
  const events = print ? parseEvents(stdout) : [];
  const sessionId = events.find((e) => e.type === 'system' && e.subtype === 'init')?.session_id;
  const log = debugLog(home, sessionId);
  return { code, signal, timedOut, killed, stdout, stderr, events, sessionId, debugLog: log.text, debugLogPath: log.path, wallMs, home, cwd };
}

/** Writes a JSON file, creating its folder. */
export function writeJson(path, value) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(value, null, 2) + '\n');
}

/** A hook handler running the probe hook, logging to logFile. */
export function probeHook(logFile, { stdout, sleep, detachWrite, async: isAsync, timeout } = {}) {
  const q = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;
  let command = `node ${q(PROBE_HOOK)} ${q(logFile)}`;
  if (stdout !== undefined) command += ` --stdout ${q(stdout)}`;
  if (sleep) command += ` --sleep ${sleep}`;
  if (detachWrite) command += ` --detach-write ${q(detachWrite[0])} ${detachWrite[1]}`;
  return { type: 'command', command, ...(timeout ? { timeout } : {}), ...(isAsync ? { async: true } : {}) };
}

/** Reads a JSONL file (missing: []). */
export function readJsonl(path) {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
}
