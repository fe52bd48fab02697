import { readdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { readRegularText } from '../lib/regular-file.js';
import { ourEntries, parseSettingsDoc } from './settings.js';

// The backups install and uninstall make of a settings file (`settings.json.homunculus-backup-
// <time>`), beside it. Uninstall left two in ~/.claude, one still holding the hook commands: a
// copy that, put back, would install the hooks again. Once the hooks are out, the backups that
// hold them, and those that hold what the file holds now, go; any other (the settings as they were
// before an install, the user's since changed) is kept, and named.

/** Backups of a settings file, newest first. */
export function backupsOf(path: string): string[] {
  const dir = dirname(path);
  const prefix = `${basename(path)}.homunculus-backup-`;
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => f.startsWith(prefix));
  } catch {
    return [];
  }
  return names.map((f) => join(dir, f)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs || (a < b ? 1 : -1));
}

/**
 * After uninstall: removes the backups of `path` that hold homunculus's hook commands or the very
 * text `final` the file holds now (nothing of them is lost), and returns them and those kept.
 * `final` undefined: the file is gone (install had made it).
 */
export function tidyBackups(path: string, final: string | undefined): { removed: string[]; kept: string[] } {
  const out = { removed: [] as string[], kept: [] as string[] };
  for (const b of backupsOf(path)) {
    let text: string;
    let hooks: number;
    try {
      text = readRegularText(b);
      hooks = ourEntries(parseSettingsDoc(text, path)).length;
    } catch {
      out.kept.push(b); // unreadable or not JSON: not ours to judge
      continue;
    }
    if (hooks > 0 || text === final) {
      rmSync(b, { force: true });
      out.removed.push(b);
    } else out.kept.push(b);
  }
  return out;
}
