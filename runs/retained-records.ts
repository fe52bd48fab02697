import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordTable } from '../analyzer/record-table.js';
import { TableBuilder } from '../analyzer/table-builder.js';
import { DAY_MS, utcDay } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import { layout } from '../lib/data-home.js';
import { loadObservationFile } from './observation-cache.js';

// Every retained record (retentionDays up to now's day), read through the per-day cache where it
// is valid and never writing it: what the report shows, and what bye measures its rules' live
// figures over (rules/live.ts).

const OBSERVATION_FILE = /^(\d{4}-\d{2}-\d{2})\.jsonl$/;

function listDir(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}

/** The records of the retained days up to now's day (from `fromMs`'s day, when later), from the cache where it is valid. */
export function loadRecords(home: string, nowMs: number, config: Pick<Config, 'retentionDays'>, fromMs?: number): { table: RecordTable; firstDay: string } {
  const retained = utcDay(nowMs - config.retentionDays * DAY_MS);
  const firstDay = fromMs !== undefined && Number.isFinite(fromMs) && utcDay(fromMs) > retained ? utcDay(fromMs) : retained;
  const lastDay = utcDay(nowMs);
  const tables: RecordTable[] = [];
  for (const f of listDir(layout.observations(home))) {
    const day = OBSERVATION_FILE.exec(f)?.[1];
    if (day === undefined || day < firstDay || day > lastDay) continue;
    tables.push(loadObservationFile(join(layout.observations(home), f), join(layout.cache(home), `${day}.bin`), { writeCache: false }).table);
  }
  // Sized at once: growing a million-record table doubles and copies it several times.
  const builder = new TableBuilder(Math.max(16, tables.reduce((n, t) => n + t.length, 0)));
  for (const t of tables) builder.addTable(t);
  return { table: builder.build(), firstDay };
}
