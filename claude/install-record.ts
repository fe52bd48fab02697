import { existsSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { readDataFile } from '../lib/data-files.js';
import { layout } from '../lib/data-home.js';

// What install did, kept in the data home its hooks use (state/install.json), per settings file:
// when the hooks went in, and the files and folders install made that were not there before.
// uninstall removes those once they are left empty (never anything that was there before
// install), and doctor judges only sessions that started after the hooks went in (a session
// imported from older history could never have had them).

export interface InstallRecord {
  /** When install first put the hooks into this settings file (kept across re-installs). */
  at: string;
  /** Paths install created: the settings file, its folders; each removed by uninstall only when left empty. */
  created: string[];
}

interface InstallDoc {
  version: 1;
  installs: Record<string, InstallRecord>;
}

const path = (home: string) => join(layout.state(home), 'install.json');

export function readInstallRecords(home: string): Record<string, InstallRecord> {
  try {
    const doc = JSON.parse(readDataFile(path(home)).toString('utf8')) as InstallDoc;
    if (doc?.version !== 1 || typeof doc.installs !== 'object' || doc.installs === null) return {};
    const out: Record<string, InstallRecord> = {};
    for (const [settings, r] of Object.entries(doc.installs)) {
      if (typeof r?.at === 'string' && !Number.isNaN(Date.parse(r.at)) && Array.isArray(r.created)) out[settings] = { at: r.at, created: r.created.filter((c): c is string => typeof c === 'string') };
    }
    return out;
  } catch {
    return {}; // none yet, or damaged: nothing is known of an install
  }
}

function write(home: string, installs: Record<string, InstallRecord>): void {
  if (Object.keys(installs).length === 0) {
    rmSync(path(home), { force: true });
    return;
  }
  writeFileAtomic(path(home), `${JSON.stringify({ version: 1, installs } satisfies InstallDoc, null, 2)}\n`);
}

/**
 * Records an install into `settings`: its time (an earlier record's time is kept: the hooks were
 * there since), and what it created, added to what an earlier install created.
 */
export function recordInstall(home: string, settings: string, created: readonly string[], at: string): void {
  const all = readInstallRecords(home);
  const before = all[settings];
  // The data home and its state/, when this record is what makes them: uninstall takes them back.
  const made = missingFolders(path(home));
  all[settings] = { at: before?.at ?? at, created: [...new Set([...(before?.created ?? []), ...created, ...made])] };
  write(home, all);
}

/** Forgets the install into `settings` (uninstall removed it). Nothing is written when there was none. */
export function forgetInstall(home: string, settings: string): void {
  if (!existsSync(path(home))) return;
  const all = readInstallRecords(home);
  if (!(settings in all)) return;
  const { created } = all[settings]!;
  delete all[settings];
  write(home, all);
  // state/ and the data home, if install made them for this record and nothing has been written there since.
  for (const dir of [layout.state(home), home]) {
    if (!created.includes(dir)) continue;
    try {
      rmdirSync(dir);
    } catch {
      // not empty: the loop has used it
    }
  }
}

/** The folders on the way to `file` that do not exist yet, outermost first (what writing it would create). */
export function missingFolders(file: string): string[] {
  const out: string[] = [];
  for (let d = dirname(file); !existsSync(d) && dirname(d) !== d; d = dirname(d)) out.unshift(d);
  return out;
}
