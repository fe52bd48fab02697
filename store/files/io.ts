import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readDataFile } from '../../lib/data-files.js';
import { ensurePrivateDir, layout } from '../../lib/data-home.js';
import { acquireLockWaiting } from '../../lib/lock.js';

// The store's edges: listing and reading its files (never through a link), and the lock every
// write takes. The lock is the analysis lock itself, so a store write and an analysis never
// interleave: a taught instinct cannot be lost to an analysis rewriting the folder.

/** How long a store write waits for a running analysis (or another write) to release the lock. */
export const STORE_LOCK_WAIT_MS = 5_000;

export class StoreBusyError extends Error {}

export function listDir(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw e;
  }
}

/** A file's bytes, or undefined when absent, a link (never followed) or unreadable. */
export function readIfFile(path: string): Buffer | undefined {
  try {
    return readDataFile(path);
  } catch {
    return undefined;
  }
}

export function fileStamp(path: string): string | undefined {
  try {
    const st = lstatSync(path);
    return st.isFile() ? `${st.mtimeMs}:${st.size}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs `fn` holding the analysis lock, waiting up to `waitMs` for another holder. Throws
 * StoreBusyError (nothing written) when it never got it.
 */
export function withStoreLock<T>(home: string, fn: () => T, opts: { lockHeld?: boolean; waitMs?: number } = {}): T {
  if (opts.lockHeld) return fn();
  ensurePrivateDir(home);
  const lock = acquireLockWaiting(layout.lock(home), opts.waitMs ?? STORE_LOCK_WAIT_MS);
  if ('heldBy' in lock) {
    throw new StoreBusyError(`the store is busy: an analysis (pid ${lock.heldBy.pid}, since ${lock.heldBy.started}) still held the lock after ${(opts.waitMs ?? STORE_LOCK_WAIT_MS) / 1000} s; nothing was written, try again`);
  }
  try {
    return fn();
  } finally {
    lock.release();
  }
}

export function storePaths(home: string) {
  return {
    instincts: layout.instincts(home),
    facts: layout.facts(home),
    archive: layout.archive(home),
    instinct: (id: string) => join(layout.instincts(home), `${id}.md`),
    fact: (id: string) => join(layout.facts(home), `${id}.md`),
  };
}
