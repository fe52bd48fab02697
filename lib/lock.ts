import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { PRIVATE_FILE } from './data-home.js';

export const STALE_LOCK_MS = 10 * 60 * 1000;

export interface LockInfo {
  pid: number;
  started: string;
}

function mtimeMs(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
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
 */
export function acquireLock(path: string): { release: () => void } | { heldBy: LockInfo } {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', PRIVATE_FILE);
      writeSync(fd, JSON.stringify({ pid: process.pid, started: new Date().toISOString() }));
      closeSync(fd);
      return { release: () => rmSync(path, { force: true }) };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    let info: LockInfo | undefined;
    let text = '';
    try {
      text = readFileSync(path, 'utf8');
      info = JSON.parse(text) as LockInfo;
    } catch {
      info = undefined;
    }
    // An empty lock may be one another run has just created and not yet written: give it a
    // moment. Anything else unreadable is a leftover, and stale.
    if (text === '' && Date.now() - mtimeMs(path) < 5000) return { heldBy: { pid: -1, started: 'just now' } };
    const age = info ? Date.now() - Date.parse(info.started) : Infinity;
    if (info && Number.isInteger(info.pid) && alive(info.pid) && age < STALE_LOCK_MS) return { heldBy: info };
    rmSync(path, { force: true });
  }
  throw new Error(`could not take the analysis lock ${path}`);
}
