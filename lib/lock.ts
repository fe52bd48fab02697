import { closeSync, linkSync, lstatSync, openSync, renameSync, rmSync } from 'node:fs';
import { CREATE_NEW, readDataFile, writeAll, writeNewFile } from './data-files.js';
import { DataHomeError, PRIVATE_FILE } from './data-home.js';
import { fnv1a64Hex } from './fnv.js';

export const STALE_LOCK_MS = 10 * 60 * 1000;

/**
 * A claim (below) is held for a few system calls; one this old was left by a run killed while it
 * held it, and the next level of claims is used instead.
 */
export const ABANDONED_CLAIM_MS = 10_000;

export interface LockInfo {
  pid: number;
  started: string;
}

export type LockResult = { release: () => void; waitedFor?: LockInfo } | { heldBy: LockInfo };

/** Held by a run that is creating or taking over the lock this instant. */
const JUST_NOW: LockResult = { heldBy: { pid: -1, started: 'just now' } };

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

/** What stands at the lock's name now: its identity (inode, mtime, bytes) and its text. */
interface Seen {
  id: string;
  text: string;
  mtimeMs: number;
}

function look(path: string): Seen | undefined {
  let st;
  try {
    st = lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  let text = '';
  try {
    text = readDataFile(path).toString('utf8');
  } catch (e) {
    // Gone between the two calls: nothing stands there.
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    // A link planted at the name (ELOOP) or an unreadable file: a leftover, known by its inode.
  }
  return { id: `${st.ino}:${st.mtimeMs}:${text}`, text, mtimeMs: st.mtimeMs };
}

/**
 * One analysis (or store write) at a time. Returns a release function, or the holder's info when
 * another live run holds the lock. A lock whose pid is gone, or older than 10 minutes, is taken
 * over. Staleness uses the real clock: it is about processes, not about the data's `now`.
 *
 * Mutual exclusion: the lock is created only where no file stands (link(2), EEXIST otherwise),
 * and once it stands it changes only under a claim of the identity it has (its inode and bytes,
 * which hold a random token): a run taking a stale lock over claims it, reads it again and, only
 * if it is still the one it judged stale, renames its own lock over it (no instant without a
 * lock); a release claims its own lock and removes it only if it still holds its token. A lock
 * that vanished between a failed create and the read is not stale: the create is tried again.
 * Six processes incrementing a counter under the old lock, which removed whatever it judged
 * stale and released by path, lost almost half their updates.
 *
 * A lock that could not be written whole (a full disk) is removed at once, so it never blocks
 * later runs; a link planted at the lock's name is never followed (it is replaced).
 */
export function acquireLock(path: string): LockResult {
  for (let attempt = 0; attempt < 20; attempt++) {
    const mine = lockBytes();
    try {
      // EEXIST when another run holds it; false when its temporary file was removed under it.
      if (writeLockFile(path, mine)) return { release: releaser(path, mine) };
      continue;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    if (isFolder(path)) throw new DataHomeError(`${path} is a folder, expected the analysis lock (a file); move it aside`);
    const seen = look(path);
    if (seen === undefined) continue; // released since: try to create it again
    let info: LockInfo | undefined;
    try {
      info = JSON.parse(seen.text) as LockInfo;
    } catch {
      info = undefined;
    }
    // An empty lock may be one another run has just created in place and not yet written (a
    // filesystem without links, an older build): give it a moment. Anything else unreadable is
    // a leftover, and stale.
    if (seen.text === '' && Date.now() - seen.mtimeMs < 5000) return JUST_NOW;
    const age = info ? Date.now() - Date.parse(info.started) : Infinity;
    if (info && Number.isInteger(info.pid) && alive(info.pid) && age < STALE_LOCK_MS) return { heldBy: { pid: info.pid, started: info.started } };
    const r = takeOver(path, seen, mine);
    if (r === 'taken') return { release: releaser(path, mine) };
    if (r === 'claimed') return JUST_NOW;
  }
  // The lock changed hands at every look: other runs are busy with it, which is being held.
  return JUST_NOW;
}


function lockBytes(): Buffer {
  // `pid` first: test/fixtures/kill-at-lock-write.cjs knows a lock's write by it.
  return Buffer.from(JSON.stringify({ pid: process.pid, started: new Date().toISOString(), token: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}` }));
}

/** Replaces the stale lock `seen` with ours if it still stands; 'claimed' when another run is doing so. */
function takeOver(path: string, seen: Seen, mine: Buffer): 'taken' | 'changed' | 'claimed' {
  return underClaim(path, seen.id, () => {
    if (look(path)?.id !== seen.id) return 'changed';
    const tmp = `${path}.${process.pid}.tmp`;
    writeNewFile(tmp, mine, PRIVATE_FILE);
    try {
      renameSync(tmp, path);
    } catch (e) {
      rmSync(tmp, { force: true });
      throw e;
    }
    return 'taken';
  }, 'claimed');
}

/** Removes the lock only while it is still ours: a lock taken over as stale is the new holder's. */
function releaser(path: string, mine: Buffer): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const seen = look(path);
    if (seen === undefined || seen.text !== mine.toString('utf8')) return;
    underClaim(path, seen.id, () => {
      if (look(path)?.id === seen.id) rmSync(path, { force: true });
    }, undefined);
  };
}

/**
 * Runs `fn` holding the claim on the lock identity `id`: a file created new (O_EXCL) whose name
 * says the identity, so two runs never both change the same lock. A claim older than
 * ABANDONED_CLAIM_MS was left by a killed run: the next level's name is claimed instead. Returns
 * `busy` when another run holds the claim now. Claims end in `.tmp`: the analysis sweeps a
 * leftover one away (it can only name a lock that is gone).
 */
function underClaim<T, B>(path: string, id: string, fn: () => T, busy: B): T | B {
  const base = `${path}.${fnv1a64Hex(id)}`;
  for (let level = 0, tries = 0; level < 8 && tries < 100; level++, tries++) {
    const claim = `${base}.${level}.claim.tmp`;
    try {
      closeSync(openSync(claim, CREATE_NEW, PRIVATE_FILE));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let mtimeMs: number;
      try {
        mtimeMs = lstatSync(claim).mtimeMs;
      } catch {
        level--; // released this instant: try the same level again
        continue;
      }
      if (Date.now() - mtimeMs < ABANDONED_CLAIM_MS) return busy;
      continue;
    }
    try {
      return fn();
    } finally {
      rmSync(claim, { force: true });
    }
  }
  return busy;
}

/** Filesystems without hard links: the lock is created in place (where a kill may leave it empty). */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/**
 * Creates the lock whole: written under a temporary name, then linked to its own (link(2) fails
 * with EEXIST when the name is taken, a link planted there included). A run killed between
 * creating a lock and writing it left it empty, which reads as a lock another run has just made:
 * the runs of the next 5 seconds reported "locked" and did nothing (a kill -9 test's final run,
 * in CI). A leftover temporary file is removed by the next analysis (runs/run.ts). Returns
 * false when that removal raced this run's link (try again); a write that fails names the lock.
 */
function writeLockFile(path: string, data: Buffer): boolean {
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
