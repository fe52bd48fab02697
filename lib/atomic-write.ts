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
 * With `cache`, the old file is removed before the rename (see below): a kill between the two
 * leaves no file, which a cache may be.
 *
 * A link at `path` is never written through: the comparison does not follow it, the temporary
 * file is created new (O_EXCL), and rename(2) replaces the link itself, not its target.
 */
export function writeFileAtomic(path: string, data: string | Buffer | readonly Uint8Array[], opts: { skipIfSame?: boolean; mode?: number; cache?: boolean } = { skipIfSame: true }): boolean {
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
    // A cache: the old file removed first. ext4 (auto_da_alloc) flushes a file renamed over
    // another, so that a power cut cannot leave it empty: 1-3 ms a rename, measured, ~10 ms of
    // each Stop hook's run. A cache needs no such care: one that is missing, empty or torn is
    // counted again (a kill between the two leaves it missing).
    if (opts.cache === true) rmSync(path, { force: true });
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  return true;
}
