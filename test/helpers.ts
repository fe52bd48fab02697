import { execa, type Options, type Result } from 'execa';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
/** Outside the repository: only test/install.test.ts still reads it (its fixtures move next). */
/** The repository's own fixtures: synthetic hook payloads and Claude Code transcripts. */
export const FIXTURES = join(ROOT, 'test', 'fixtures');
export const PAYLOADS = join(FIXTURES, 'hook-payloads');
export const TRANSCRIPTS = join(FIXTURES, 'transcripts', 'projects');
export const DIST = join(ROOT, 'dist');
export const OBSERVE = join(DIST, 'hooks', 'observe.js');
export const CLI = join(DIST, 'cli', 'homunculus.js');

// Every temporary folder of a test file lives under one root, removed after the file's tests
// (test/setup.ts).
const TEMP_ROOT = mkdtempSync(join(tmpdir(), 'homunculus-tests-'));
export function removeTempRoot(): void {
  rmSync(TEMP_ROOT, { recursive: true, force: true });
}

export function tempDir(prefix = 'homunculus-test-'): string {
  return mkdtempSync(join(TEMP_ROOT, prefix));
}

/** A sandbox: a HOME, a project folder and a data home, each empty. */
export function sandbox(): { root: string; home: string; project: string; data: string } {
  const root = tempDir();
  return { root, home: join(root, 'home'), project: join(root, 'project'), data: join(root, 'data') };
}

/** Environment for child processes: nothing of the developer's own setup leaks in. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    PATH: process.env['PATH'],
    HOME: extra['HOME'] ?? tempDir('homunculus-home-'),
    LANG: 'C.UTF-8',
    TZ: 'UTC',
    HOMUNCULUS_HOME: undefined,
    HOMUNCULUS_NOW: undefined,
    HOMUNCULUS_CONFIG: undefined,
    HOMUNCULUS_RULES_FILE: undefined,
    HOMUNCULUS_DISABLE: undefined,
    CLAUDE_PROJECT_DIR: undefined,
    XDG_DATA_HOME: undefined,
    CLAUDE_CONFIG_DIR: undefined,
    ...extra,
  };
}

export function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(PAYLOADS, name), 'utf8')) as Record<string, unknown>;
}

/** A finished process, its output as text (what every runner here gives: no `encoding` or `lines` option changes it). */
export type Ran = Result<{ reject: false }>;

export async function runHook(input: string | Buffer, env: Record<string, string | undefined>, options: Options = {}): Promise<Ran> {
  return execa('node', [OBSERVE], { input, env: cleanEnv(env), extendEnv: false, reject: false, timeout: 20_000, ...options }) as unknown as Promise<Ran>;
}

export async function runCli(args: string[], env: Record<string, string | undefined>, options: Options = {}): Promise<Ran> {
  return execa('node', [CLI, ...args], { env: cleanEnv(env), extendEnv: false, reject: false, timeout: 120_000, ...options }) as unknown as Promise<Ran>;
}

/** Every file below dir, as relative paths. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}

export function readObservations(data: string): Record<string, unknown>[] {
  const dir = join(data, 'observations');
  return listFiles(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>));
}

export function mode(path: string): number {
  return statSync(path).mode & 0o777;
}

/** A seeded generator of numbers in [0, 1) (a linear congruential generator): the same sequence on every run. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
}
