import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { PRIVATE_FILE } from './data-home.js';

export const STALE_LOCK_MS = 10 * 60 * 1000;

export interface LockInfo {
  pid: number;
  started: string;
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
    try {
      info = JSON.parse(readFileSync(path, 'utf8')) as LockInfo;
    } catch {
      info = undefined; // half-written or unreadable: treat as stale
    }
    const age = info ? Date.now() - Date.parse(info.started) : Infinity;
    if (info && Number.isInteger(info.pid) && alive(info.pid) && age < STALE_LOCK_MS) return { heldBy: info };
    rmSync(path, { force: true });
  }
  throw new Error(`could not take the analysis lock ${path}`);
}
