import type { RecordTable } from '../analyzer/record-table.js';
import { compareFile } from './observation-cache.js';
import { readBase, readShard, sameRecordsInWindow, type PartsIndex, type Shard } from './parts-files.js';
import type { WindowFile } from './window-files.js';

// Which shards of the parts cache a run reuses and which it counts again (runs/parts-cache.ts):
// from the index of the last run, the files as they are now, and where the window starts.

export interface EdgeDays {
  /** The newest observation file's day. */
  newest: string;
  /** The day the window starts in. */
  first: string;
}

/**
 * A new session's shard: the day of the first file holding it, and on the newest day (where the
 * Stop hook's new records go) and on the window's first day (where its start moves on at every
 * run) the hour of its first record there too, so that a run counts again an hour's sessions
 * rather than a day's. Hour shards of a day between the two are folded into their day's shard
 * (counted again once, when the day turns), and a day's shard is split into hours when the
 * window's start reaches its day (counted again once).
 */
export function newShardKey(fileDay: string, firstTs: number, days: EdgeDays): string {
  return fileDay === days.newest || fileDay === days.first ? `${fileDay}T${String(new Date(firstTs).getUTCHours()).padStart(2, '0')}` : fileDay;
}

/** An indexed shard's key now (see newShardKey); undefined: a day's shard to split into hours. */
function currentKey(key: string, days: EdgeDays): string | undefined {
  const day = key.slice(0, 10);
  if (key.length > 10) return day < days.newest && day !== days.first ? day : key;
  return day === days.first && day !== days.newest ? undefined : key;
}

/** Per session of a file table, its first record's time in that file (file order), from record `from` on. */
export function firstTimes(ft: RecordTable, from: number): Float64Array {
  const first = new Float64Array(ft.sessions.length).fill(Number.NaN);
  for (let i = from; i < ft.length; i++) {
    const s = ft.streamSession[ft.stream[i]!]!;
    if (Number.isNaN(first[s]!)) first[s] = ft.ts[i]!;
  }
  return first;
}

/** What a run counts again and what it reuses. */
export interface Plan {
  /** The shards to count again (all of them without a usable index). */
  recount: Set<string>;
  /** The shards reused from their own files... */
  cached: Map<string, Shard>;
  /** ...and through the base (one part for many). */
  base: { shard: Shard; members: Set<string> } | undefined;
  /** Each indexed session's shard now. */
  homeOf: Map<string, string>;
  /** The files that changed: the first record of each not counted before. */
  fresh: Map<string, number>;
  /** Nothing to reuse: every file read, every shard counted. */
  everything: boolean;
}

/** The plan from the index (none: count everything); `load` reads the files that grew or changed. */
export function planRun(index: PartsIndex | undefined, files: readonly WindowFile[], days: EdgeDays, windowStartMs: number, nowMs: number, cacheDir: string, load: (f: WindowFile) => RecordTable): Plan {
  const plan: Plan = { recount: new Set(), cached: new Map(), base: undefined, homeOf: new Map(), fresh: new Map(), everything: index === undefined };
  if (index === undefined) return plan;
  const { recount, cached, homeOf, fresh } = plan;
  const fileDays = new Set(files.map((f) => f.day));
  const split = new Set<string>();
  for (const [key, sh] of Object.entries(index.shards)) {
    const now = currentKey(key, days);
    // The window's start reached a day's shard: counted again, its sessions homeless until the
    // first pass gives them hour shards (new ones, or hour shards of that day also counted again).
    if (now === undefined) {
      recount.add(key);
      split.add(key);
      continue;
    }
    for (const s of sh.sessions) homeOf.set(s, now);
    // The day turned: the hour shards and their day's shard are counted again as one.
    if (now !== key) recount.add(key).add(now);
  }
  for (const key of Object.keys(index.shards)) if (key.length > 10 && split.has(key.slice(0, 10))) recount.add(key);
  const gone = new Set(Object.keys(index.files).filter((d) => !fileDays.has(d)));
  for (const f of files) {
    const st = index.files[f.day];
    const c = st === undefined ? 'other' : compareFile(f.path, st);
    if (c === 'same') continue;
    if (c === 'other') gone.add(f.day);
    fresh.set(f.day, c === 'grown' ? st!.length : 0);
  }
  for (const [day, sh] of Object.entries(index.shards)) {
    const stale = !sh.stable || !sameRecordsInWindow(sh, windowStartMs) || sh.maxTs > nowMs || sh.span.some((d) => gone.has(d) || !fileDays.has(d));
    if (stale) recount.add(day);
  }
  // The sessions of records not counted before: their shards, or new shards for new sessions.
  for (const f of files) {
    const from = fresh.get(f.day);
    if (from === undefined) continue;
    const t = load(f);
    const first = firstTimes(t, from);
    t.sessions.forEach((name, s) => {
      if (Number.isNaN(first[s]!)) return;
      // A known session is counted again in its shard; a new one in the shard of the first file holding it.
      recount.add(homeOf.get(name) ?? newShardKey(f.day, first[s]!, days));
    });
  }
  // The shards reused: through the base (one part for many) when every shard it merges is
  // reused now, the others (and all of them without a base) from their own files.
  const reuse = Object.keys(index.shards).filter((k) => !recount.has(k));
  const reused = new Set(reuse);
  plan.base = readBase(cacheDir, (k) => (reused.has(k) ? index.shards[k]!.gen : undefined));
  for (const key of reuse) {
    if (plan.base?.members.has(key)) continue;
    const shard = readShard(cacheDir, key, index.shards[key]!.gen);
    if (shard === undefined) recount.add(key);
    else cached.set(key, shard);
  }
  if (cached.size === 0 && plan.base === undefined) plan.everything = true;
  return plan;
}

/** The files a run reads: those the shards to count span, and those that changed (every file when it counts everything). */
export function filesToRead(files: readonly WindowFile[], plan: Plan, index: PartsIndex | undefined): WindowFile[] {
  const fileDays = new Set(files.map((f) => f.day));
  const wanted = new Set<string>();
  if (plan.everything) for (const f of files) wanted.add(f.day);
  else {
    for (const day of plan.recount) for (const d of index!.shards[day]?.span ?? []) if (fileDays.has(d)) wanted.add(d);
    for (const d of plan.fresh.keys()) wanted.add(d);
  }
  return files.filter((f) => wanted.has(f.day));
}
