import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { layout } from '../lib/data-home.js';

// archive/: where instincts go when they stop holding or are removed, with when and why; and,
// never pruned, the user's own versions of files the store had to replace.

export function stamp(iso: string): string {
  return iso.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

/** Keeps a hand-edited file in archive/ as `<id>--<stamp>.user.md` (never pruned). */
export function keepUserVersion(home: string, id: string, text: string, nowIso: string): string {
  let keep = join(layout.archive(home), `${id}--${stamp(nowIso)}.user.md`);
  for (let n = 2; existsSync(keep); n++) keep = join(layout.archive(home), `${id}--${stamp(nowIso)}-${n}.user.md`);
  writeFileAtomic(keep, text, { skipIfSame: false });
  return keep;
}

/** Moves a file's text to archive/ as `<name>--<stamp>.md` (pruned after archivePruneDays, like archived instincts). */
export function archiveText(home: string, name: string, text: string, nowIso: string): string {
  let path = join(layout.archive(home), `${name}--${stamp(nowIso)}.md`);
  for (let n = 2; existsSync(path); n++) path = join(layout.archive(home), `${name}--${stamp(nowIso)}-${n}.md`);
  writeFileAtomic(path, text, { skipIfSame: false });
  return path;
}
