import { renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { readDataFile, writeNewFile } from './data-files.js';
import { ensurePrivateDir, PRIVATE_FILE } from './data-home.js';

let counter = 0;

/**
 * Writes through a temporary file and a rename: a process killed at any instant leaves either
 * the old file or the new one. Returns false (and touches nothing) when the content is already
 * there, so unchanged files keep their mtime.
 *
 * A link at `path` is never written through: the comparison does not follow it, the temporary
 * file is created new (O_EXCL), and rename(2) replaces the link itself, not its target.
 */
export function writeFileAtomic(path: string, data: string | Buffer | readonly Uint8Array[], opts: { skipIfSame?: boolean; mode?: number } = { skipIfSame: true }): boolean {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  if (opts.skipIfSame !== false) {
    try {
      if (readDataFile(path).equals(Buffer.isBuffer(bytes) ? bytes : Buffer.concat(bytes))) return false;
    } catch {
      // absent, unreadable or a link: write it
    }
  }
  ensurePrivateDir(dirname(path));
  const tmp = `${path}.${process.pid}.${++counter}.tmp`;
  try {
    writeNewFile(tmp, bytes, opts.mode ?? PRIVATE_FILE);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  return true;
}
