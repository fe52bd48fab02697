import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.js';
import { layout } from '../../lib/data-home.js';
import type { StoreTxn } from './txn.js';

// archive/: where instincts go when they stop holding or are removed, with when and why; and,
// never pruned, the user's own versions of files the store had to replace. Within a store change
// (`txn`) the file is staged with the change, and its name is new among the change's own too.

export function stamp(iso: string): string {
  return iso.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

function put(path: string, text: string, txn: StoreTxn | undefined): void {
  if (txn) txn.create(path, text);
  else writeFileAtomic(path, text, { skipIfSame: false });
}

const taken = (path: string, txn: StoreTxn | undefined) => (txn ? txn.taken(path) : existsSync(path));

/** Keeps a hand-edited file in archive/ as `<id>--<stamp>.user.md` (never pruned). */
export function keepUserVersion(home: string, id: string, text: string, nowIso: string, txn?: StoreTxn): string {
  let keep = join(layout.archive(home), `${id}--${stamp(nowIso)}.user.md`);
  for (let n = 2; taken(keep, txn); n++) keep = join(layout.archive(home), `${id}--${stamp(nowIso)}-${n}.user.md`);
  put(keep, text, txn);
  return keep;
}

/** Moves a file's text to archive/ as `<name>--<stamp>.md` (pruned after archivePruneDays, like archived instincts). */
export function archiveText(home: string, name: string, text: string, nowIso: string, txn?: StoreTxn): string {
  let path = join(layout.archive(home), `${name}--${stamp(nowIso)}.md`);
  for (let n = 2; taken(path, txn); n++) path = join(layout.archive(home), `${name}--${stamp(nowIso)}-${n}.md`);
  put(path, text, txn);
  return path;
}
