import { closeSync, constants, existsSync, fstatSync, ftruncateSync, lstatSync, openSync, readSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, isAbsolute, join, normalize, relative, sep } from 'node:path';
import { appendLine } from '../../lib/append-line.js';
import { writeFileAtomic } from '../../lib/atomic-write.js';
import { READ_NOFOLLOW, readDataFile, writeNewFile } from '../../lib/data-files.js';
import { DataHomeError, ensurePrivateDir, layout, PRIVATE_FILE } from '../../lib/data-home.js';
import { eventLines, type StoreEvent } from './events.js';
import type { Entry } from './scan.js';

// One change of the store, all or nothing. A change used to rename each file into place as it
// went and append its events.jsonl lines at the end: a crash or a full disk in between left the
// confidences and the event log's sums apart, and a command that reported failure (exit 1,
// ENOSPC) had changed the store, so that running it again applied it twice.
//
// Now a change is staged in memory, then committed in three steps, under the store's lock:
//   1. prepare: every new file written beside its target (`<file>.<pid>.<n>.tmp`), then a journal
//      (state/store-journal.json) naming them, the files to remove, the event lines, and the
//      event log's size before them. A failure here (a full disk) removes what was written:
//      nothing changed.
//   2. commit: the event lines appended. A failure here cuts the log back to its size before:
//      nothing changed.
//   3. apply: the temporary files renamed into place, the removed files removed, the journal
//      removed. Nothing here needs space.
// A run killed at any point leaves the journal, and the next writer (any store command, the
// analysis, gc, doctor --fix) finishes the change if its lines are in the log, or undoes it if
// they are not (recoverStore).

interface Journal {
  v: 1;
  /** events.jsonl's size before this change's lines. */
  at: number;
  /** The lines, as appended (each ends in a newline). */
  lines: string;
  /** [temporary, target], relative to the data home. */
  moves: [string, string][];
  removes: string[];
}

let counter = 0;

/** Store files a journal may name: nothing outside these (a journal is data; it is checked). */
const STORE_DIRS = ['instincts', 'facts', 'archive'];
const STORE_FILES = ['aliases.json', 'store.json'];

export class StoreTxn {
  /** path -> new text, or null to remove it. */
  private readonly staged = new Map<string, string | null>();
  /** Every path this change's commits wrote or removed. */
  readonly touched = new Set<string>();

  constructor(readonly home: string) {}

  /**
   * Stages `text` at `path` (a store file); returns false, and stages nothing, when the file
   * holds that text already (an unchanged file keeps its mtime). A folder there is refused.
   */
  write(path: string, text: string): boolean {
    if (isFolder(path)) throw new DataHomeError(`${path} is a folder, expected a file of the instinct store; move it aside`);
    let same = false;
    try {
      same = readDataFile(path).equals(Buffer.from(text));
    } catch {
      // absent, unreadable or a link: written (a link is replaced, never followed)
    }
    if (same) {
      this.staged.delete(path);
      return false;
    }
    this.staged.set(path, text);
    return true;
  }

  /** Stages a new file (an archive entry) under a name that `taken` said is free. */
  create(path: string, text: string): void {
    this.staged.set(path, text);
  }

  remove(path: string): void {
    if (this.staged.get(path) !== undefined && !existsSync(path)) this.staged.delete(path);
    else this.staged.set(path, null);
  }

  /** Whether a name is in use: on disk, or by this change. */
  taken(path: string): boolean {
    const s = this.staged.get(path);
    return s === undefined ? existsSync(path) : s !== null;
  }

  /** Commits what is staged with these events (see the top of this file); a failure leaves the store as it was. */
  commit(events: readonly StoreEvent[]): void {
    const lines = eventLines(events);
    const writes = [...this.staged].filter((w): w is [string, string] => w[1] !== null);
    const removes = [...this.staged].filter(([, t]) => t === null).map(([p]) => p);
    this.staged.clear();
    if (writes.length === 0 && removes.length === 0 && lines === '') return;
    for (const [p] of writes) this.touched.add(p);
    for (const p of removes) this.touched.add(p);
    const home = this.home;
    const moves: [string, string][] = [];
    const journalPath = layout.storeJournal(home);
    const eventsPath = layout.events(home);
    let journal: Journal;
    // Folders made for this change go again with it when it fails (archive/ on a first archive).
    const made: string[] = [];
    const folder = (dir: string) => {
      if (!existsSync(dir)) made.push(dir);
      ensurePrivateDir(dir);
    };
    try {
      for (const [path, text] of writes) {
        folder(dirname(path));
        const tmp = `${path}.${process.pid}.${++counter}.tmp`;
        writeNewFile(tmp, Buffer.from(text), PRIVATE_FILE);
        moves.push([tmp, path]);
      }
      journal = { v: 1, at: sizeOf(eventsPath), lines, moves: moves.map(([t, p]) => [rel(home, t), rel(home, p)]), removes: removes.map((p) => rel(home, p)) };
      folder(layout.state(home));
      writeFileAtomic(journalPath, `${JSON.stringify(journal)}\n`, { skipIfSame: false });
    } catch (e) {
      for (const [tmp] of moves) rmSync(tmp, { force: true });
      removeFolders(made);
      throw e;
    }
    if (lines !== '') {
      try {
        appendLine(eventsPath, lines);
      } catch (e) {
        undo(home, journal);
        removeFolders(made);
        throw e;
      }
    }
    apply(home, journal);
  }
}

/** Empty folders this change made, newest first; one that holds anything stays. */
function removeFolders(dirs: readonly string[]): void {
  for (const d of [...new Set(dirs)].reverse()) {
    try {
      rmdirSync(d);
    } catch {
      // not empty, or gone
    }
  }
}

/** The event log's size, 0 when there is none. */
function sizeOf(path: string): number {
  try {
    return lstatSync(path).size;
  } catch {
    return 0;
  }
}

function isFolder(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

function rel(home: string, path: string): string {
  return relative(home, path).split(sep).join('/');
}

/** A journal's path, checked: a store file (or its temporary file) inside the data home. */
function inHome(home: string, p: unknown, tmpOf?: string): string {
  const bad = () => new DataHomeError(`${layout.storeJournal(home)} names ${JSON.stringify(p)?.slice(0, 80)}, not a file of the store; move the journal aside`);
  if (typeof p !== 'string' || p === '' || isAbsolute(p) || normalize(p) !== p.split('/').join(sep) || p.split('/').includes('..')) throw bad();
  const parts = p.split('/');
  const ok = tmpOf !== undefined ? p.startsWith(`${tmpOf}.`) && /^\.\d+\.\d+\.tmp$/.test(p.slice(tmpOf.length)) : (parts.length === 2 && STORE_DIRS.includes(parts[0]!)) || (parts.length === 1 && STORE_FILES.includes(p));
  if (!ok) throw bad();
  return join(home, ...parts);
}

function readJournal(home: string): Journal | undefined {
  let text: string;
  try {
    text = readDataFile(layout.storeJournal(home)).toString('utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  let j: Journal;
  try {
    j = JSON.parse(text) as Journal;
  } catch {
    throw new DataHomeError(`${layout.storeJournal(home)} does not read as JSON; it is not one homunculus wrote: move it aside`);
  }
  if (j?.v !== 1 || !Number.isInteger(j.at) || j.at < 0 || typeof j.lines !== 'string' || !Array.isArray(j.moves) || !Array.isArray(j.removes)) {
    throw new DataHomeError(`${layout.storeJournal(home)} is not a store journal homunculus wrote: move it aside`);
  }
  for (const m of j.moves) {
    if (!Array.isArray(m) || m.length !== 2) throw new DataHomeError(`${layout.storeJournal(home)} is not a store journal homunculus wrote: move it aside`);
    inHome(home, m[1]);
    inHome(home, m[0], m[1]);
  }
  for (const r of j.removes) inHome(home, r);
  return j;
}

/** Whether the event log holds the journal's lines, as appended after its size then. */
function linesIn(home: string, j: Journal): boolean {
  if (j.lines === '') return true;
  let fd: number;
  try {
    fd = openSync(layout.events(home), READ_NOFOLLOW);
  } catch {
    return false;
  }
  try {
    const want = Buffer.from(j.lines);
    const size = fstatSync(fd).size;
    // An append after a torn line starts with a newline of its own (lib/append-line.ts).
    const got = Buffer.alloc(Math.max(0, Math.min(size - j.at, want.length + 1)));
    readSync(fd, got, 0, got.length, j.at);
    return got.equals(want) || (got[0] === 0x0a && got.subarray(1).equals(want));
  } finally {
    closeSync(fd);
  }
}

/** Steps 3 (finish): the renames and removals, then the journal goes. */
function apply(home: string, j: Journal): void {
  for (const [tmp, path] of j.moves) {
    const t = join(home, tmp);
    if (existsSync(t)) renameSync(t, join(home, path));
  }
  for (const r of j.removes) rmSync(join(home, r), { force: true });
  rmSync(layout.storeJournal(home), { force: true });
}

/** Undoes a change whose lines are not (all) in the log: the log cut back, its files removed. */
function undo(home: string, j: Journal): void {
  try {
    const fd = openSync(layout.events(home), constants.O_RDWR | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    try {
      if (fstatSync(fd).size > j.at) ftruncateSync(fd, j.at);
    } finally {
      closeSync(fd);
    }
  } catch {
    // no log: nothing was appended
  }
  for (const [tmp] of j.moves) rmSync(join(home, tmp), { force: true });
  rmSync(layout.storeJournal(home), { force: true });
}

/**
 * Finishes or undoes a change a killed run left (its journal). The caller holds the store's
 * lock. Returns what was done, if anything.
 */
export function recoverStore(home: string): 'finished' | 'undone' | undefined {
  const j = readJournal(home);
  if (j === undefined) return undefined;
  if (linesIn(home, j)) {
    apply(home, j);
    return 'finished';
  }
  undo(home, j);
  return 'undone';
}

/** Entries read under the lock, by file name, without the files `txn` wrote or removed: what writeIndex may reuse. */
export function unchanged<T>(entries: readonly Entry<T>[], dir: string, txn: StoreTxn): Map<string, Entry<T>> {
  const out = new Map<string, Entry<T>>();
  for (const e of entries) if (e.stamp !== undefined && !txn.touched.has(join(dir, e.file))) out.set(e.file, e);
  return out;
}

/** Whether a change is waiting to be finished or undone (for doctor; no lock needed). */
export function pendingChange(home: string): boolean {
  return existsSync(layout.storeJournal(home));
}
