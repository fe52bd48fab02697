import { statSync } from 'node:fs';
import { posix, win32 } from 'node:path';
import { fnv1a64Hex } from '../lib/fnv.js';

function isPresent(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** `C:\Users\x`, `c:/x`, `\\server\share\x`: a Windows path, which is absolute on its own. */
const WINDOWS_ABSOLUTE = /^(?:[A-Za-z]:[\\/]|\\\\[^\\/]+[\\/][^\\/]+)/;

/**
 * The path rules a folder is named by: a Windows path (from a transcript or a session on
 * Windows) by Windows' rules wherever this runs, so that it names the same folder, and the same
 * project id, from any folder and on any system; anything else by this system's rules.
 */
function rulesFor(path: string): { p: typeof posix; native: boolean } {
  if (process.platform === 'win32') return { p: win32, native: true };
  return WINDOWS_ABSOLUTE.test(path) ? { p: win32, native: false } : { p: posix, native: true };
}

/** A Windows drive letter in upper case: `c:\x` and `C:\x` are one folder. */
function canonical(p: typeof posix, path: string): string {
  return p === win32 && /^[a-z]:/.test(path) ? path[0]!.toUpperCase() + path.slice(1) : path;
}

/**
 * The project a tool call belongs to: `CLAUDE_PROJECT_DIR`, else the nearest folder above `cwd`
 * holding `.git`, else `cwd`. Stat calls only: the hook must not start a `git` process. A
 * Windows path read on another system is resolved by Windows' rules and never looked up on this
 * disk (it cannot be there: a stat would only find a file of that odd name in the current folder).
 */
export function projectRoot(cwd: string | undefined, env: NodeJS.ProcessEnv, exists: (p: string) => boolean = isPresent, known?: (id: string) => boolean): string | undefined {
  const fromEnv = env['CLAUDE_PROJECT_DIR'];
  const given = fromEnv || cwd;
  if (!given) return undefined;
  const { p, native } = rulesFor(given);
  const start = canonical(p, p.resolve(given));
  if (fromEnv || !native) return start;
  for (let dir = start; ; dir = p.dirname(dir)) {
    // A folder Claude Code was started in (its sessions are recorded under it), on the way up to
    // the repository's root: a terminal in a monorepo's package names the project its hooks do.
    if (known?.(projectId(dir))) return dir;
    if (exists(p.resolve(dir, '.git'))) return dir;
    if (p.dirname(dir) === dir) return start;
  }
}

/** A project root's folder name, by the same rules (`C:\Users\Mischa` is `Mischa`). */
export function projectName(root: string): string {
  const { p } = rulesFor(root);
  return p.basename(root) || root;
}

/**
 * 12 hex characters of a 64-bit FNV-1a hash of the root's UTF-8 bytes: enough to tell a user's
 * projects apart without writing their paths down. Not node:crypto: loading it costs the hook
 * ~10% of node's start-up on every tool call, and this id needs no cryptographic strength.
 */
export function projectId(root: string): string {
  return fnv1a64Hex(root).slice(0, 12);
}
