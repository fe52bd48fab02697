import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { dirname } from 'node:path';
import { APPEND_NOFOLLOW, noSpace, writeData } from './data-files.js';
import { DataHomeError, ensurePrivateDir, PRIVATE_FILE } from './data-home.js';

const NL = 0x0a;
const NEWLINE = Buffer.from('\n');

/**
 * Appends complete lines (text holds one or more, newline-terminated or not) with a single write
 * on an O_APPEND descriptor, so concurrent writers (parallel tool calls, many sessions, an import)
 * never interleave inside a line. Never follows a link at `path` (ELOOP) and refuses anything but
 * a regular file there, and a file with another name (a hard link).
 *
 * On a full disk a write can stop part-way, leaving a torn line with no newline. The next append
 * must not glue its record onto it: when the file does not end in a newline the text starts with
 * one. (Two writers that both see the torn end add two newlines: an empty line, which readers
 * skip.)
 */
function openAppend(path: string): number {
  try {
    return openSync(path, APPEND_NOFOLLOW, PRIVATE_FILE);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw new DataHomeError(`${path} is a symbolic link; homunculus never writes through links in its data home: remove it`);
    throw e;
  }
}

/** `text` may also be UTF-8 bytes (the import's buffered records: bytes are not copied about by the garbage collector as strings are). */
export function appendLine(path: string, text: string | Buffer): void {
  let fd: number;
  try {
    fd = openAppend(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    ensurePrivateDir(dirname(path));
    fd = openAppend(path);
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new Error(`${path}: expected a regular file, found something else (a FIFO or device); move it aside`);
    // A hard link is a file outside the data home under another name as well: never written to.
    if (st.nlink > 1) throw new DataHomeError(`${path} has ${st.nlink} hard links; homunculus never writes to a file that has another name: move it aside (cp it to a file of its own)`);
    let torn = false;
    if (st.size > 0) {
      const last = Buffer.alloc(1);
      torn = readSync(fd, last, 0, 1, st.size - 1) === 1 && last[0] !== NL;
    }
    const data =
      typeof text === 'string'
        ? Buffer.from(`${torn ? '\n' : ''}${text}${text.endsWith('\n') ? '' : '\n'}`)
        : Buffer.concat([...(torn ? [NEWLINE] : []), text, ...(text.length > 0 && text[text.length - 1] === NL ? [] : [NEWLINE])]);
    const written = writeData(fd, data, path);
    // write(2) stops short only when the disk (or quota) is full.
    if (written !== data.length) throw noSpace(path, `: ${written} of ${data.length} bytes written, the next record starts on a new line`);
  } finally {
    closeSync(fd);
  }
}
