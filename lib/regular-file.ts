import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

// The one way homunculus opens a file that is not its own data: a config.json, a transcript and
// its .meta.json, CLAUDE.md, AGENTS.md, SKILL.md, settings.json, a file to import. A FIFO there
// would block open(2) and read(2) for ever (a hook, the reconciliation worker holding its lock, the
// MCP server), and a device (/dev/zero) never ends: so the open never blocks (O_NONBLOCK), the
// file must then be a regular file (fstat of what was opened, so nothing can be swapped in between),
// and a read is bounded. A user's file may legitimately be a link to a regular file (a dotfiles
// setup): it is followed unless `follow: false` (O_NOFOLLOW: a link there fails with ELOOP).
// lib/data-files.ts opens the data home's own files the same way, never following a link.

const { O_RDONLY, O_NONBLOCK, O_NOFOLLOW } = constants;

/** The largest file read whole by default: far above any CLAUDE.md, settings or config file. */
export const MAX_READ_BYTES = 64 * 1024 * 1024;

export interface OpenOptions {
  /** Follow a link at `path` to its target (default true); false refuses a link (ELOOP). */
  follow?: boolean;
}

export interface ReadOptions extends OpenOptions {
  /** Refuse a file longer than this (EFBIG); default MAX_READ_BYTES. */
  maxBytes?: number;
}

/** What a path is, in words, for an error. */
export function fileKind(st: Stats): string {
  if (st.isFIFO()) return 'a FIFO';
  if (st.isDirectory()) return 'a folder';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSymbolicLink()) return 'a symbolic link';
  return st.isFile() ? 'a file' : 'not a file';
}

/** A refusal: `message` says what was expected and found, without the path (the caller names it). */
function fail(path: string, code: string, message: string): NodeJS.ErrnoException {
  const e: NodeJS.ErrnoException = new Error(message);
  e.code = code;
  e.path = path;
  return e;
}

/**
 * Opens `path` for reading: never blocks, and succeeds only on a regular file (else throws with
 * code ENOTREG, or EISDIR for a folder, and a message naming what was found). The caller closes
 * the descriptor.
 */
export function openRegular(path: string, opts: OpenOptions = {}): { fd: number; size: number } {
  let fd: number;
  try {
    fd = openSync(path, O_RDONLY | O_NONBLOCK | (opts.follow === false ? O_NOFOLLOW : 0));
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'ELOOP' && opts.follow === false) throw fail(path, 'ELOOP', 'expected a regular file, found a symbolic link (not followed here)');
    throw e;
  }
  let st: Stats;
  try {
    st = fstatSync(fd);
  } catch (e) {
    closeSync(fd);
    throw e;
  }
  if (!st.isFile()) {
    closeSync(fd);
    throw fail(path, st.isDirectory() ? 'EISDIR' : 'ENOTREG', `expected a regular file, found ${fileKind(st)}`);
  }
  return { fd, size: st.size };
}

/** Reads an open regular file from its start, refusing more than maxBytes (it may grow meanwhile). */
function readBounded(fd: number, size: number, path: string, maxBytes: number): Buffer {
  if (size > maxBytes) throw tooLarge(path, size, maxBytes);
  let buf = Buffer.allocUnsafe(Math.max(size, 4096) + 1);
  let len = 0;
  for (;;) {
    if (len === buf.length) {
      if (len > maxBytes) throw tooLarge(path, len, maxBytes);
      const bigger = Buffer.allocUnsafe(Math.min(buf.length * 2, maxBytes + 1));
      buf.copy(bigger, 0, 0, len);
      buf = bigger;
    }
    const n = readSync(fd, buf, len, buf.length - len, len);
    if (n === 0) break;
    len += n;
  }
  if (len > maxBytes) throw tooLarge(path, len, maxBytes);
  return buf.subarray(0, len);
}

function tooLarge(path: string, size: number, maxBytes: number): NodeJS.ErrnoException {
  const mib = (n: number) => `${(n / 1048576).toFixed(1)} MiB`;
  return fail(path, 'EFBIG', `expected at most ${mib(maxBytes)}, found ${mib(size)}`);
}

/** A regular file's bytes (see openRegular), at most maxBytes. */
export function readRegular(path: string, opts: ReadOptions = {}): Buffer {
  const { fd, size } = openRegular(path, opts);
  try {
    return readBounded(fd, size, path, opts.maxBytes ?? MAX_READ_BYTES);
  } finally {
    closeSync(fd);
  }
}

/** A regular file's text (UTF-8). */
export function readRegularText(path: string, opts: ReadOptions = {}): string {
  return readRegular(path, opts).toString('utf8');
}

/** As readRegularText, or undefined when nothing is at `path` (ENOENT, ENOTDIR); anything else throws. */
export function readRegularTextIfPresent(path: string, opts: ReadOptions = {}): string | undefined {
  try {
    return readRegularText(path, opts);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw e;
  }
}

/** The first bytes of a regular file (at most `bytes`), for a small header such as a .meta.json. */
export function readRegularHead(path: string, bytes: number, opts: OpenOptions = {}): Buffer {
  const { fd } = openRegular(path, opts);
  try {
    const buf = Buffer.alloc(bytes);
    let len = 0;
    for (;;) {
      const n = readSync(fd, buf, len, bytes - len, len);
      if (n === 0 || (len += n) === bytes) break;
    }
    return buf.subarray(0, len);
  } finally {
    closeSync(fd);
  }
}

/** Why a read failed, in words without the path: a refusal's message, or the system's error code. */
export function readFailure(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (err.code === 'ENOTREG' || err.code === 'EFBIG' || (err.code === 'ELOOP' && err.syscall === undefined)) return err.message;
  if (err.code === 'EISDIR') return 'expected a regular file, found a folder';
  return err.code ?? err.message;
}

/** A text without its leading byte order mark (Notepad saves JSON with one): none is part of JSON. */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
