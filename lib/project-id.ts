import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

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

/** 12 hex characters: enough to tell projects apart, and reveals nothing about the path. */
export function projectId(root: string): string {
  return createHash('sha256').update(root).digest('hex').slice(0, 12);
}
