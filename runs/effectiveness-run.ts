import { readdirSync } from 'node:fs';
import { DAY_MS, utcDay } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import { layout } from '../lib/data-home.js';
import { readRules } from './consolidate-run.js';
import { ruleEffects, type RuleEffect } from '../analyzer/effectiveness.js';
import { loadObservationFile } from './observation-cache.js';
import { TableBuilder } from '../analyzer/table-builder.js';

// The edge of `homunculus effectiveness`: every retained observation file and rules.json in,
// the effects out. Read-only: files are parsed directly (the analyzer's cache is not written).

const OBSERVATION_FILE = /^(\d{4}-\d{2}-\d{2})\.jsonl$/;

export interface EffectivenessReport {
  now: string;
  files: number;
  records: number;
  from: string | null;
  to: string | null;
  rules: RuleEffect[];
}

export function measureEffectiveness(opts: { home: string; now: Date; config: Config }): EffectivenessReport {
  const nowMs = opts.now.getTime();
  const first = utcDay(nowMs - opts.config.retentionDays * DAY_MS);
  const last = utcDay(nowMs);
  let names: string[];
  try {
    names = readdirSync(layout.observations(opts.home)).sort();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    names = [];
  }
  const days = names.flatMap((f) => {
    const day = OBSERVATION_FILE.exec(f)?.[1];
    return day !== undefined && day >= first && day <= last ? [day] : [];
  });
  const builder = new TableBuilder();
  for (const day of days) builder.addTable(loadObservationFile(layout.observationFile(opts.home, day), undefined).table);
  const table = builder.build();
  return {
    now: opts.now.toISOString(),
    files: days.length,
    records: table.length,
    from: days[0] ?? null,
    to: days.at(-1) ?? null,
    rules: ruleEffects(table, readRules(opts.home).rules, nowMs, opts.config),
  };
}
