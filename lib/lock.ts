import { closeSync, linkSync, lstatSync, openSync, rmSync } from 'node:fs';
import { CREATE_NEW, readDataFile, writeAll, writeNewFile } from './data-files.js';
import { DataHomeError, PRIVATE_FILE } from './data-home.js';

export const STALE_LOCK_MS = 10 * 60 * 1000;

export interface LockInfo {
  pid: number;
  started: string;
}

export type LockResult = { release: () => void; waitedFor?: LockInfo } | { heldBy: LockInfo };

function mtimeMs(path: string): number {
  try {
    return lstatSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function isFolder(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One analysis at a time. Returns a release function, or the holder's info when another live
 * run holds the lock. A lock whose pid is gone, or older than 10 minutes, is taken over.
 * Staleness uses the real clock: it is about processes, not about the data's `now`.
 * A lock that could not be written whole (a full disk) is removed at once, so it never blocks
 * later runs; a link planted at the lock's name is never followed.
 */
export function acquireLock(path: string): LockResult {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // EEXIST when another run holds it; false when its temporary file was removed under it.
      if (writeLockFile(path)) return { release: () => rmSync(path, { force: true }) };
      continue;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    if (isFolder(path)) throw new DataHomeError(`${path} is a folder, expected the analysis lock (a file); move it aside`);
    let info: LockInfo | undefined;
    let text = '';
    try {
      text = readDataFile(path).toString('utf8');
      info = JSON.parse(text) as LockInfo;
    } catch {
      info = undefined;
    }
    // An empty lock may be one another run has just created in place and not yet written (a
    // filesystem without links, an older build): give it a moment. Anything else unreadable is
    // a leftover, and stale.
    if (text === '' && Date.now() - mtimeMs(path) < 5000) return { heldBy: { pid: -1, started: 'just now' } };
    const age = info ? Date.now() - Date.parse(info.started) : Infinity;
    if (info && Number.isInteger(info.pid) && alive(info.pid) && age < STALE_LOCK_MS) return { heldBy: info };
    rmSync(path, { force: true });
  }
  throw new Error(`could not take the analysis lock ${path}`);
}

/** Filesystems without hard links: the lock is created in place (where a kill may leave it empty). */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/**
 * Creates the lock whole: written under a temporary name, then linked to its own (link(2) fails
 * with EEXIST when the name is taken, a link planted there included). A run killed between
 * creating a lock and writing it left it empty, which reads as a lock another run has just made:
 * the runs of the next 5 seconds reported "locked" and did nothing (a kill -9 test's final run,
 * in CI). A leftover temporary file is removed by the next analysis (analyzer/run.ts). Returns
 * false when that removal raced this run's link (try again); a write that fails names the lock.
 */
function writeLockFile(path: string): boolean {
  const data = Buffer.from(JSON.stringify({ pid: process.pid, started: new Date().toISOString() }));
  const tmp = `${path}.${process.pid}.tmp`;
  rmSync(tmp, { force: true }); // a leftover of a killed run with this pid: never followed
  const fd = openSync(tmp, CREATE_NEW, PRIVATE_FILE);
  try {
    try {
      writeAll(fd, data, path);
    } finally {
      closeSync(fd);
    }
    linkSync(tmp, path);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if ((e as NodeJS.ErrnoException).syscall !== 'link') throw e;
    if (code === 'ENOENT') return false;
    if (code === undefined || !NO_LINKS.has(code)) throw e;
    writeNewFile(path, data, PRIVATE_FILE, { replace: false });
    return true;
  } finally {
    rmSync(tmp, { force: true });
  }
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** acquireLock, retried every 100 ms for up to waitMs while another live run holds the lock. */
export function acquireLockWaiting(path: string, waitMs: number): LockResult {
  const start = Date.now();
  let first: LockInfo | undefined;
  for (;;) {
    const r = acquireLock(path);
    if ('release' in r) return first ? { ...r, waitedFor: first } : r;
    first ??= r.heldBy;
    if (Date.now() - start >= waitMs) return r;
    Atomics.wait(sleeper, 0, 0, Math.min(100, Math.max(1, waitMs - (Date.now() - start))));
  }
}
