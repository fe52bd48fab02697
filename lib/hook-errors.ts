import { lstatSync, renameSync } from 'node:fs';
import { appendLine } from './append-line.js';
import { ensurePrivateDir, layout } from './data-home.js';

const MAX_BYTES = 256 * 1024;

/**
 * Hooks must print nothing and exit 0, so their failures go here for `doctor` to report.
 * Bounded: past 256 KiB the log is rotated to `.1` (one generation kept).
 * Messages are ours, never payload text. Appended like observations: never through a link, and
 * on a fresh line after a torn one.
 */
export function logHookError(home: string, hook: string, message: string, now: Date = new Date()): void {
  try {
    ensurePrivateDir(home);
    const path = layout.hookErrors(home);
    try {
      if (lstatSync(path).size > MAX_BYTES) renameSync(path, `${path}.1`);
    } catch {
      // no log yet
    }
    const oneLine = message.replace(/[\r\n]+/g, ' ').slice(0, 500);
    appendLine(path, `${now.toISOString()} ${hook}: ${oneLine}`);
  } catch {
    // Nowhere left to report to; the hook still exits 0.
  }
}
