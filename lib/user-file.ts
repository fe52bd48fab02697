import { chownSync, closeSync, constants, fsyncSync, lstatSync, mkdirSync, openSync, readlinkSync, realpathSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileKind, readRegular } from './regular-file.js';

// Files that belong to the user, outside the data home: Claude Code settings, the /bye command,
// the generated rules. A dotfiles setup keeps them as symbolic links into a repository, so they
// are written through the link to its target (atomically, next to the target); their mode and
// owner are kept; a read-only file is refused rather than silently replaced.

export class UserFileError extends Error {}

/** Where writing `path` really lands: the end of its chain of links (which may not exist yet). */
export function writeTarget(path: string): string {
  let p = resolve(path);
  for (let hops = 0; hops < 40; hops++) {
    let st;
    try {
      st = lstatSync(p);
    } catch {
      // Absent: its folder may itself be reached through links.
      try {
        return resolve(realpathSync(dirname(p)), p.slice(dirname(p).length + 1));
      } catch {
        return p;
      }
    }
    if (!st.isSymbolicLink()) return realpathSync(p);
    const to = readlinkSync(p);
    p = isAbsolute(to) ? to : resolve(dirname(p), to);
  }
  throw new UserFileError(`${path}: too many levels of symbolic links`);
}

let counter = 0;

function statOrUndefined(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Throws UserFileError unless `path` can be replaced: not a folder, not read-only. Planners call
 * it for every file before writing any, so that a refusal leaves nothing half done.
 */
export function checkWritable(path: string): void {
  const target = writeTarget(path);
  const st = statOrUndefined(target);
  if (st?.isDirectory()) throw new UserFileError(`${path}: expected a file, found a folder; nothing was written`);
  // A FIFO would block the read that compares, and a rename would replace it: neither is ours to do.
  if (st !== undefined && !st.isFile()) throw new UserFileError(`${path}: expected a regular file, found ${fileKind(st)}; nothing was written`);
  // Root may write anything, so the mode bits are what say "read-only" here.
  if (st !== undefined && (st.mode & 0o222) === 0) {
    throw new UserFileError(`${path}${target !== resolve(path) ? ` (a link to ${target})` : ''} is read-only (mode ${(st.mode & 0o777).toString(8)}); make it writable (chmod u+w) and run again; nothing was written`);
  }
}

/**
 * Replaces the content of a user's file: through links, keeping mode and owner, refusing a
 * read-only file. Returns false (and touches nothing) when the content is already there.
 */
export function writeUserFile(path: string, data: string, opts: { createMode?: number } = {}): boolean {
  checkWritable(path);
  const target = writeTarget(path);
  const st = statOrUndefined(target);
  if (st !== undefined) {
    try {
      if (readRegular(target).toString('utf8') === data) return false;
    } catch {
      // unreadable: the write below will say why
    }
  }
  const tmp = `${target}.homunculus-${process.pid}-${++counter}.tmp`;
  if (st === undefined) mkdirSync(dirname(target), { recursive: true });
  try {
    const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, st ? st.mode & 0o7777 : (opts.createMode ?? 0o644));
    try {
      writeSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (st !== undefined) {
      try {
        chownSync(tmp, st.uid, st.gid);
      } catch {
        // not ours to give away (not root): the file stays ours, as the original was
      }
    }
    renameSync(tmp, target);
  } catch (e) {
    rmSync(tmp, { force: true });
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') throw new UserFileError(`cannot write ${path}: ${code} (permission denied on ${dirname(target)}); nothing was written`, { cause: e });
    throw e;
  }
  return true;
}

/**
 * A copy of the file's current bytes next to it, under a name no other backup has: a backup is
 * never overwritten, however quickly install and uninstall follow each other.
 */
export function backupUserFile(path: string, stamp: string): string {
  const bytes = readRegular(path);
  const mode = statSync(path).mode & 0o777;
  for (let n = 1; ; n++) {
    const name = `${path}.homunculus-backup-${stamp}${n > 1 ? `-${n}` : ''}`;
    let fd: number;
    try {
      fd = openSync(name, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, mode);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw e;
    }
    try {
      writeSync(fd, bytes);
    } finally {
      closeSync(fd);
    }
    return name;
  }
}
