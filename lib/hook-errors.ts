import { appendFileSync, renameSync, statSync } from 'node:fs';
import { ensurePrivateDir, layout, PRIVATE_FILE } from './data-home.js';

const MAX_BYTES = 256 * 1024;

/**
 * Hooks must print nothing and exit 0, so their failures go here for `doctor` to report.
 * Bounded: past 256 KiB the log is rotated to `.1` (one generation kept).
 * Messages are ours, never payload text.
 */
export function logHookError(home: string, hook: string, message: string, now: Date = new Date()): void {
  try {
    ensurePrivateDir(home);
    const path = layout.hookErrors(home);
    try {
      if (statSync(path).size > MAX_BYTES) renameSync(path, `${path}.1`);
    } catch {
      // no log yet
    }
    const oneLine = message.replace(/[\r\n]+/g, ' ').slice(0, 500);
    appendFileSync(path, `${now.toISOString()} ${hook}: ${oneLine}\n`, { mode: PRIVATE_FILE });
  } catch {
    // Nowhere left to report to; the hook still exits 0.
  }
}
