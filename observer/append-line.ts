import { closeSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE } from '../lib/data-home.js';

/**
 * Appends one complete line with a single write on an O_APPEND descriptor, so concurrent
 * writers (parallel tool calls, many sessions) never interleave inside a line.
 */
export function appendLine(path: string, line: string): void {
  const data = Buffer.from(line.endsWith('\n') ? line : `${line}\n`);
  let fd: number;
  try {
    fd = openSync(path, 'a', PRIVATE_FILE);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    ensurePrivateDir(dirname(path));
    fd = openSync(path, 'a', PRIVATE_FILE);
  }
  try {
    const written = writeSync(fd, data, 0, data.length);
    if (written !== data.length) throw new Error(`short write: ${written} of ${data.length} bytes to ${path}`);
  } finally {
    closeSync(fd);
  }
}
