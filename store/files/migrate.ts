import { join } from 'node:path';
import type { Config } from '../../lib/config.js';
import { layout } from '../../lib/data-home.js';
import { event, type StoreEvent } from './events.js';
import { renderInstinct } from '../model/file-format.js';
import { readIfFile, withStoreLock } from './io.js';
import { keepUserVersion } from './archive.js';
import { finishLevelState } from '../model/lifecycle.js';
import { promotedKeys } from './promoted-keys.js';
import { scanInstincts } from './scan.js';
import { recoverStore, StoreTxn } from './txn.js';

// Moving a data home of the first release to the store: its instinct files (hand-written
// frontmatter) become observed instincts in the store's format, numbers unchanged, each with a
// `migrated` event so that the event log adds up. rules.json and generated-rules.md are not
// touched: no rule is promoted again, none is rewritten. Automatic: every writer of the store
// (the analysis, the CLI, the MCP server) runs it first; store.json records that it is done.

export const STORE_VERSION = 2;

export function migrated(home: string): boolean {
  const bytes = readIfFile(layout.storeMarker(home));
  if (bytes === undefined) return false;
  try {
    return (JSON.parse(bytes.toString('utf8')) as { version?: unknown }).version === STORE_VERSION;
  } catch {
    return false;
  }
}

export interface MigrationReport {
  migrated: string[];
  keptUserEdits: string[];
}

/** Converts first-release instinct files, once. Hand-edited ones are kept in archive/ first. */
export function migrateLegacy(home: string, config: Config, nowIso: string, opts: { lockHeld?: boolean } = {}): MigrationReport {
  const report: MigrationReport = { migrated: [], keptUserEdits: [] };
  if (migrated(home)) return report;
  return withStoreLock(
    home,
    () => {
      recoverStore(home);
      if (migrated(home)) return report;
      const promoted = promotedKeys(home);
      const events: StoreEvent[] = [];
      const txn = new StoreTxn(home);
      for (const e of scanInstincts(home)) {
        if (!e.legacy || !e.value) continue;
        const x = e.value;
        const at = promoted.get(x.pattern);
        if (at !== undefined) x.promoted_at = at;
        finishLevelState(x, at !== undefined, Date.parse(nowIso), config);
        if (!e.pristine) report.keptUserEdits.push(keepUserVersion(home, x.id, e.text, nowIso, txn));
        txn.write(join(layout.instincts(home), e.file), renderInstinct(x));
        events.push(event(nowIso, x, x.confidence, 'migrated from the first release'));
        report.migrated.push(x.id);
      }
      txn.write(layout.storeMarker(home), `${JSON.stringify({ version: STORE_VERSION, migrated_at: nowIso })}\n`);
      txn.commit(events);
      return report;
    },
    opts,
  );
}
