import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fnv1a64Hex } from '../lib/fnv.js';

function isPresent(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The project a tool call belongs to: `CLAUDE_PROJECT_DIR`, else the nearest folder above `cwd`
 * holding `.git`, else `cwd`. Stat calls only: the hook must not start a `git` process.
 */
export function projectRoot(cwd: string | undefined, env: NodeJS.ProcessEnv, exists: (p: string) => boolean = isPresent): string | undefined {
  const fromEnv = env['CLAUDE_PROJECT_DIR'];
  if (fromEnv) return resolve(fromEnv);
  if (!cwd) return undefined;
  const start = resolve(cwd);
  for (let dir = start; ; dir = dirname(dir)) {
    if (exists(resolve(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return start;
  }
}

/**
 * 12 hex characters of a 64-bit FNV-1a hash of the root's UTF-8 bytes: enough to tell a user's
 * projects apart without writing their paths down. Not node:crypto: loading it costs the hook
 * ~10% of node's start-up on every tool call, and this id needs no cryptographic strength.
 */
export function projectId(root: string): string {
  return fnv1a64Hex(root).slice(0, 12);
}
