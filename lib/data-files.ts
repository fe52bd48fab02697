import { closeSync, constants, lstatSync, openSync, readFileSync, rmSync, unlinkSync, writeSync } from 'node:fs';

// How homunculus opens the files of its data home. A symbolic link planted at a data file's name
// is never followed (O_NOFOLLOW: the open fails with ELOOP), so nothing is read from or written
// to a file outside the data home through it; O_NONBLOCK keeps a FIFO planted there from hanging
// a hook (it has no effect on regular files).

const { O_RDONLY, O_WRONLY, O_RDWR, O_CREAT, O_EXCL, O_APPEND, O_NOFOLLOW, O_NONBLOCK } = constants;

export const READ_NOFOLLOW = O_RDONLY | O_NOFOLLOW | O_NONBLOCK;
/** Read-write so that an append can first look at the file's last byte. */
export const APPEND_NOFOLLOW = O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK;
/** O_EXCL never follows a link, even a dangling one: the name must be new. */
export const CREATE_NEW = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW;

/** A data file's bytes, read without following a link at its name. */
export function readDataFile(path: string): Buffer {
  const fd = openSync(path, READ_NOFOLLOW);
  try {
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Removes a data file that has expired (an old day's observations, its cache, an old archived
 * instinct). Only the name goes: a link planted there is removed, never followed. A folder at
 * that name may hold someone's files and is not ours to delete: it is left alone and false
 * returned, for the run to say so. True when the name is gone.
 */
export function pruneDataFile(path: string): boolean {
  try {
    if (lstatSync(path).isDirectory()) return false;
  } catch {
    return true; // already gone
  }
  rmSync(path, { force: true });
  return true;
}

/**
 * Test-only fault injection (documented in docs/development.md): with
 * `HOMUNCULUS_TEST_FULL_DISK=<n>` a process behaves as if the disk had n bytes left. Writes to
 * data files are cut short there, and once nothing is left they fail with ENOSPC, as write(2)
 * does. Tests run it where a small filesystem cannot be mounted. Unset, it costs one env lookup.
 */
const fullDisk = process.env['HOMUNCULUS_TEST_FULL_DISK'];
let spaceLeft = fullDisk !== undefined && /^\d+$/.test(fullDisk) ? Number(fullDisk) : Infinity;

/** The error write(2) gives on a full disk; `detail` says what was written before it filled up. */
export function noSpace(path: string, detail = ''): NodeJS.ErrnoException {
  const e: NodeJS.ErrnoException = new Error(`ENOSPC: no space left on device, write '${path}'${detail}`);
  e.code = 'ENOSPC';
  e.errno = -28;
  e.syscall = 'write';
  e.path = path;
  return e;
}

/** One write(2): returns the bytes written, which may be fewer than asked on a full disk. */
export function writeData(fd: number, data: Uint8Array, path: string): number {
  if (spaceLeft === Infinity) return writeSync(fd, data, 0, data.length);
  if (spaceLeft === 0) throw noSpace(path);
  const n = writeSync(fd, data, 0, Math.min(data.length, spaceLeft));
  spaceLeft -= n;
  return n;
}

/** Writes all of data or throws (a short write on a full disk becomes ENOSPC). */
export function writeAll(fd: number, data: Uint8Array, path: string): void {
  let done = 0;
  while (done < data.length) {
    const n = writeData(fd, data.subarray(done), path);
    if (n === 0) throw noSpace(path);
    done += n;
  }
}

/**
 * Creates `path`, which must not exist, and writes data to it. With `replace` (temporary files),
 * a leftover of a killed run with the same name is removed first, never followed; without it an
 * existing name fails with EEXIST (a lock). On any failure after the create the file is removed:
 * a half-written temporary file or lock must not stay behind.
 */
export function writeNewFile(path: string, data: Uint8Array | readonly Uint8Array[], mode: number, opts: { replace: boolean } = { replace: true }): void {
  let fd: number;
  try {
    fd = openSync(path, CREATE_NEW, mode);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !opts.replace) throw e;
    unlinkSync(path);
    fd = openSync(path, CREATE_NEW, mode);
  }
  try {
    // Chunks in order: a large file written from its parts without joining them first.
    for (const chunk of data instanceof Uint8Array ? [data] : data) writeAll(fd, chunk, path);
  } catch (e) {
    closeSync(fd);
    try {
      unlinkSync(path);
    } catch {
      // already gone
    }
    throw e;
  }
  closeSync(fd);
}
