import { RECORD_BYTES } from './observation-cache.js';
import { firstTimes, newShardKey, type EdgeDays, type Plan } from './parts-plan.js';
import type { GarbageMeter } from './reclaim.js';
import type { WindowFile, WindowTables } from './window-files.js';

// The first pass of a run of the parts cache (runs/parts-cache.ts), a file at a time: the shard
// each session is counted in, and the files and records of each shard to count; then the units
// the second pass counts (runs/shard-count.ts): a shard, or a run of a large shard's sessions.

/** Where the sessions of the files read are counted. */
export interface Assignment {
  /** Each session's shard... */
  homeDay: Map<string, string>;
  /** ...and of each shard to count, the files (indices into the files read) and records it holds... */
  shardFiles: Map<string, Set<number>>;
  shardSize: Map<string, number>;
  /** ...the records of each of its sessions, and its sessions in the order first seen. */
  sessionSize: Map<string, number>;
  shardSessions: Map<string, string[]>;
}

/**
 * Each session's shard (its home from the index, kept so that no session is in two shards; else
 * the first file holding it), and the files and records of each shard to count. File tables are
 * kept while they fit the budget, else read again later. Adds the shards of new sessions to the
 * plan's recount.
 */
export function assignSessions(chosen: readonly WindowFile[], tables: WindowTables, plan: Plan, days: EdgeDays, budget: number, meter: GarbageMeter): Assignment {
  const { recount, everything, homeOf } = plan;
  const a: Assignment = { homeDay: new Map(), shardFiles: new Map(), shardSize: new Map(), sessionSize: new Map(), shardSessions: new Map() };
  const { homeDay, shardFiles, shardSize, sessionSize, shardSessions } = a;
  let held = 0;
  /** The first pass over one file: the bytes of its table when it is let go (0: kept, within the budget). */
  const firstPass = (fi: number): number => {
    const f = chosen[fi]!;
    const ft = tables.load(f);
    const per = new Int32Array(ft.sessions.length);
    for (let i = 0; i < ft.length; i++) per[ft.streamSession[ft.stream[i]!]!]!++;
    let first: Float64Array | undefined;
    ft.sessions.forEach((name, s) => {
      if (per[s] === 0) return;
      let home = homeDay.get(name) ?? (everything ? undefined : homeOf.get(name));
      if (home === undefined) {
        // A session without a home (new, or of a day's shard split into hours): counted, in a new shard or one counted again.
        home = newShardKey(f.day, (first ??= firstTimes(ft, 0))[s]!, days);
        recount.add(home);
      }
      homeDay.set(name, home);
      if (!everything && !recount.has(home)) return;
      let sf = shardFiles.get(home);
      if (sf === undefined) shardFiles.set(home, (sf = new Set()));
      sf.add(fi);
      shardSize.set(home, (shardSize.get(home) ?? 0) + per[s]!);
      const seen = sessionSize.get(name);
      if (seen === undefined) {
        let list = shardSessions.get(home);
        if (list === undefined) shardSessions.set(home, (list = []));
        list.push(name);
      }
      sessionSize.set(name, (seen ?? 0) + per[s]!);
    });
    if (held + ft.length > budget) {
      tables.tables.delete(f.day);
      return ft.length * RECORD_BYTES;
    }
    held += ft.length;
    return 0;
  };
  // What a pass lets go is counted once its frame is gone: a collection while a table is still
  // in a live frame keeps it (to the next collection, beside the next file's table).
  for (let fi = 0; fi < chosen.length; fi++) meter.let(firstPass(fi));
  return a;
}

/** A unit of counting: a shard, or a piece of one (a run of its sessions), with its files and records. */
export interface Unit {
  key: string;
  files: Set<number>;
  size: number;
}

export interface Units {
  units: Unit[];
  /** Each session's unit: its shard, or its piece of a shard split in pieces. */
  unitOf: (name: string) => string;
  /** A shard's pieces, by its last piece (merged once that is counted). */
  lastPiece: Map<string, { shard: string; keys: string[] }>;
}

/**
 * The shards to count as units within the budget: a shard larger than the budget (a busy day) is
 * counted in pieces, each a run of its sessions within the budget (a session is never split),
 * whose counts are merged into the shard's (analyzer/parts.ts: the same counts).
 */
export function countingUnits(a: Assignment, budget: number): Units {
  const pieceOf = new Map<string, string>();
  const lastPiece = new Map<string, { shard: string; keys: string[] }>();
  const units: Unit[] = [];
  for (const shard of [...a.shardFiles.keys()].sort()) {
    const size = a.shardSize.get(shard)!;
    if (size <= budget) {
      units.push({ key: shard, files: a.shardFiles.get(shard)!, size });
      continue;
    }
    const keys: string[] = [];
    let n = 0;
    for (const name of a.shardSessions.get(shard)!) {
      const c = a.sessionSize.get(name)!;
      if (keys.length === 0 || (n > 0 && n + c > budget)) {
        keys.push(`${shard}#${keys.length}`);
        units.push({ key: keys[keys.length - 1]!, files: a.shardFiles.get(shard)!, size: 0 });
        n = 0;
      }
      pieceOf.set(name, keys[keys.length - 1]!);
      units[units.length - 1]!.size += c;
      n += c;
    }
    lastPiece.set(keys[keys.length - 1]!, { shard, keys });
  }
  return { units, unitOf: (name) => pieceOf.get(name) ?? a.homeDay.get(name)!, lastPiece };
}
