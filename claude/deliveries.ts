import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { readDataFile, writeNewFile } from '../lib/data-files.js';
import { ensurePrivateDir, layout, PRIVATE_FILE } from '../lib/data-home.js';
import { safeText } from '../lib/safe-text.js';
import { ID } from '../lib/tokens.js';

// Evidence that the rules reached Claude: the SessionStart hook records each delivery, and doctor
// compares the newest with the newest session the observer saw. (A rules file in .claude/rules
// would show up as an InstructionsLoaded event; the hook's own record is the equivalent here.)

export interface Delivery {
  session: string;
  source: string;
  at: string;
  rules: number;
  chars: number;
  note?: string;
}

const path = (home: string) => join(layout.state(home), 'last-delivery.json');

export function recordDelivery(home: string, d: Delivery): void {
  ensurePrivateDir(layout.state(home));
  const tmp = `${path(home)}.${process.pid}.tmp`;
  writeNewFile(tmp, Buffer.from(`${JSON.stringify(d)}\n`), PRIVATE_FILE);
  renameSync(tmp, path(home));
}

/** SessionStart's `source` as a token (`startup`, `resume`, `clear`, `compact`), else `unknown`. */
export function sourceToken(source: unknown): string {
  return typeof source === 'string' && /^[a-z_]{1,20}$/.test(source) ? source : 'unknown';
}

export function lastDelivery(home: string): Delivery | undefined {
  try {
    const v = JSON.parse(readDataFile(path(home)).toString('utf8')) as Delivery;
    // Written by the hook from Claude Code's payload: read back as tokens only (doctor prints them).
    if (!(typeof v?.session === 'string' && ID.test(v.session) && typeof v.at === 'string' && !Number.isNaN(Date.parse(v.at)))) return undefined;
    return { ...v, source: sourceToken(v.source), at: new Date(Date.parse(v.at)).toISOString(), ...(typeof v.note === 'string' ? { note: safeText(v.note, 200) } : {}) };
  } catch {
    return undefined;
  }
}
