import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE } from './data-home.js';

let counter = 0;

/**
 * Writes through a temporary file and a rename: a process killed at any instant leaves either
 * the old file or the new one. Returns false (and touches nothing) when the content is already
 * there, so unchanged files keep their mtime.
 */
export function writeFileAtomic(path: string, data: string | Buffer, opts: { skipIfSame?: boolean; mode?: number } = { skipIfSame: true }): boolean {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  if (opts.skipIfSame !== false) {
    try {
      if (readFileSync(path).equals(bytes)) return false;
    } catch {
      // absent or unreadable: write it
    }
  }
  ensurePrivateDir(dirname(path));
  const tmp = `${path}.${process.pid}.${++counter}.tmp`;
  try {
    writeFileSync(tmp, bytes, { mode: opts.mode ?? PRIVATE_FILE });
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  return true;
}
