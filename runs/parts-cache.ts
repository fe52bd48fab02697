import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { DAY_MS, utcDay } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import { readDataFile } from '../lib/data-files.js';
import { analysisOf, type Analysis } from '../analyzer/analyze.js';
import { foldAcrossScopes } from '../analyzer/folding.js';
import { CachedSlices, compareFile, loadObservationFile, RECORD_BYTES, type FileRecords, type FileState } from './observation-cache.js';
import { mergeParts, packPart, partJson, toPlainPart, type AnyPart, type PlainPart } from '../analyzer/parts.js';
import { forEachGroupCount, type CountOptions } from '../analyzer/patterns.js';
import { emptyCounted, windowDays } from '../analyzer/counted.js';
import type { ProjectAnalyses } from '../analyzer/projects.js';
import { TableBuilder, type RecordTable, type TableStrings } from '../analyzer/record-table.js';
import { GarbageMeter } from './reclaim.js';

// The window analysed in parts, so that the Stop hook, which runs after every turn, counts again
// only what changed. Sessions are grouped into shards by their home day (the first observation
// file that holds a record of theirs). A shard without records after now is stable: its counts
// (one part for all its records and one per project) are kept in cache/parts-DAY.json and reused
// until a record of one of its sessions arrives, a file it spans changes, or the window's start
// passes one of its records (its records in the window are then no longer those counted).
// Everything else is counted again from the records, and the parts merged (analyzer/parts.ts):
// the same analysis as one pass over the window, whatever was cached
// (test/analyze-incremental.test.ts compares them run by run). cache/parts.json indexes the
// shards (sessions, files spanned, times) and the state of each observation file they were
// counted from; it is written last, and names the generation of each shard file it trusts.
// cache/parts-base.json is the merge of many reused shards (it names them and their generations),
// read as one part while every shard it merges is reused.
// Windows under config.partsFromMiB are counted whole instead: one pass over a small window costs
// less than reading and merging parts (BENCHMARKS.md).

// 2: the learners' patterns and totals in every part (analyzer/learners/).
// 3: records that repeat a tool-use id are dropped (analyzer/record-table.ts): an older build's
// parts counted them, so they are counted again.
// 4: details of three words (`npm run build`) are counted, not skipped as malformed.
// 5: the corrections learner's patterns (calls the user stopped) in every part.
const VERSION = 5;

/** Records held at once while counting shards (~25 bytes each in columns): what keeps a large window's memory flat. */
const BUDGET_RECORDS = 200_000;
/** Garbage a run in batches lets pile up before it collects it (runs/reclaim.ts). */
const COLLECT_EVERY_BYTES = 6 * 1048576;

const INDEX = 'parts.json';

export interface WindowFile {
  day: string;
  path: string;
  cachePath: string;
}

interface ShardEntry {
  gen: string;
  sessions: string[];
  /** Days of the observation files holding its sessions' records. */
  span: string[];
  minTs: number;
  maxTs: number;
  /** No record after now when counted: the parts were kept. */
  stable: boolean;
  /**
   * Its latest record at or before the window's start when counted, and its earliest record after
   * it (null: none). The parts hold for any window start from the one to before the other: the
   * same records in the window. Absent in an index of an older build, which kept only shards
   * with every record in the window (lastBefore null, firstAfter minTs).
   */
  lastBefore?: number | null;
  firstAfter?: number | null;
}

/** A shard's earliest record after the window's start when counted (an older build's entry: its first record). */
const firstAfterOf = (sh: ShardEntry): number | null => (sh.firstAfter === undefined ? sh.minTs : sh.firstAfter);

/** Whether a shard's records in the window are those it was counted with, for a window starting at windowStartMs. */
function sameRecordsInWindow(sh: ShardEntry, windowStartMs: number): boolean {
  const lastBefore = sh.lastBefore ?? null;
  const firstAfter = firstAfterOf(sh);
  return (lastBefore === null || lastBefore <= windowStartMs) && (firstAfter === null || firstAfter > windowStartMs);
}

interface PartsIndex {
  version: number;
  halfLifeDays: number;
  chainDetail: boolean;
  files: Record<string, FileState>;
  shards: Record<string, ShardEntry>;
}

interface ShardFile {
  version: number;
  gen: string;
  unnamed: boolean;
  all: PlainPart;
  /** 'all': the shard's in-window records are all this project's (its part is the whole one). */
  projects: Record<string, PlainPart | 'all'>;
}

/** A shard's parts: as read from its file, or packed (counted by this run: analyzer/parts.ts). */
interface Shard {
  unnamed: boolean;
  all: AnyPart;
  projects: Map<string, AnyPart | 'all'>;
}

const shardPath = (cacheDir: string, day: string) => join(cacheDir, `parts-${day}.json`);
interface EdgeDays {
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
function newShardKey(fileDay: string, firstTs: number, days: EdgeDays): string {
  return fileDay === days.newest || fileDay === days.first ? `${fileDay}T${String(new Date(firstTs).getUTCHours()).padStart(2, '0')}` : fileDay;
}

/** An indexed shard's key now (see newShardKey); undefined: a day's shard to split into hours. */
function currentKey(key: string, days: EdgeDays): string | undefined {
  const day = key.slice(0, 10);
  if (key.length > 10) return day < days.newest && day !== days.first ? day : key;
  return day === days.first && day !== days.newest ? undefined : key;
}

function readJson<T>(path: string): T | undefined {
  try {
    return JSON.parse(readDataFile(path).toString('utf8')) as T;
  } catch {
    return undefined;
  }
}

function readIndex(cacheDir: string, config: Config): PartsIndex | undefined {
  const x = readJson<PartsIndex>(join(cacheDir, INDEX));
  if (x === undefined || x.version !== VERSION || x.halfLifeDays !== config.halfLifeDays || x.chainDetail !== config.chainDetail) return undefined;
  if (typeof x.files !== 'object' || x.files === null || typeof x.shards !== 'object' || x.shards === null) return undefined;
  return x;
}

/** The shape of a part (what a cache file written by this version holds; anything else is counted again). */
function isPlainPart(p: unknown): p is PlainPart {
  if (typeof p !== 'object' || p === null) return false;
  const x = p as PlainPart;
  return Array.isArray(x.keys) && Array.isArray(x.days) && Array.isArray(x.chains) && Array.isArray(x.retries) && Array.isArray(x.keyStats) && x.keyStats.length === 4 && typeof x.calls === 'number' && typeof x.sessions === 'number' && typeof x.future === 'number';
}

function readShard(cacheDir: string, day: string, gen: string): Shard | undefined {
  const x = readJson<ShardFile>(shardPath(cacheDir, day));
  if (x === undefined || x.version !== VERSION || x.gen !== gen || typeof x.projects !== 'object' || x.projects === null) return undefined;
  const parts = [x.all, ...Object.values(x.projects)];
  if (!parts.every((p) => p === 'all' || isPlainPart(p))) return undefined;
  return { unnamed: x.unnamed === true, all: x.all, projects: new Map(Object.entries(x.projects)) };
}

/** Project `name`'s part of each shard that has one (the shard's whole part where it is its only project). */
function projectParts(shards: readonly Shard[], name: string): AnyPart[] {
  const out: AnyPart[] = [];
  for (const s of shards) {
    const p = s.projects.get(name);
    if (p !== undefined) out.push(p === 'all' ? s.all : p);
  }
  return out;
}

/** A shard's file (a ShardFile) from its parts' JSON: a packed part is written as it is held. */
function shardJson(gen: string, c: Shard): string {
  const projects = [...c.projects].map(([name, p]) => `${JSON.stringify(name)}:${p === 'all' ? '"all"' : partJson(p)}`);
  return `{"version":${VERSION},"gen":${JSON.stringify(gen)},"unnamed":${c.unnamed},"all":${partJson(c.all)},"projects":{${projects.join(',')}}}`;
}

const BASE = 'parts-base.json';

interface BaseFile {
  version: number;
  /** The shards it is the merge of: key -> generation. */
  members: Record<string, string>;
  unnamed: boolean;
  all: PlainPart;
  projects: Record<string, PlainPart>;
}

/**
 * The base and the shards it merges, when each of them is reused now in the generation it was
 * merged from (`reusable` answers the generation of a shard reused now, else undefined).
 */
function readBase(cacheDir: string, reusable: (key: string) => string | undefined): { shard: Shard; members: Set<string> } | undefined {
  const x = readJson<BaseFile>(join(cacheDir, BASE));
  if (x === undefined || x.version !== VERSION || typeof x.members !== 'object' || x.members === null || typeof x.projects !== 'object' || x.projects === null) return undefined;
  const members = Object.entries(x.members);
  if (members.length < 2 || members.some(([k, gen]) => reusable(k) !== gen)) return undefined;
  if (!isPlainPart(x.all) || !Object.values(x.projects).every(isPlainPart)) return undefined;
  return { shard: { unnamed: x.unnamed === true, all: x.all, projects: new Map(Object.entries(x.projects)) }, members: new Set(members.map(([k]) => k)) };
}

/** Reused shards read one by one beside a base before a run merges them all into a new base. */
const BASE_REBUILD_AFTER = 4;
/**
 * A shard of the window's first day joins the base only when its records in the window start at
 * least this long after the window's start (or it has none there): one the start is about to pass
 * is read on its own, so that a base is not merged again at every run, only when the start
 * passes a record of one it merges (about once an hour).
 */
const BASE_EDGE_MARGIN_MS = 3_600_000;

function writeBase(cacheDir: string, members: [string, string][], shards: Shard[], day0: number, nDays: number): void {
  const names = new Set(shards.flatMap((s) => [...s.projects.keys()]));
  const projects: Record<string, PlainPart> = {};
  for (const name of [...names].sort()) {
    projects[name] = toPlainPart(mergeParts(projectParts(shards, name), day0, nDays));
  }
  const file: BaseFile = { version: VERSION, members: Object.fromEntries(members), unnamed: shards.some((s) => s.unnamed), all: toPlainPart(mergeParts(shards.map((s) => s.all), day0, nDays)), projects };
  try {
    writeFileAtomic(join(cacheDir, BASE), JSON.stringify(file), { skipIfSame: false, cache: true });
  } catch {
    // a cache is an optimisation
  }
}

export interface WindowCounts {
  cached: number;
  appended: number;
  parsed: number;
  malformed: number;
  /** Records dropped as a repeat of a tool-use id within their file. */
  duplicates: number;
  reused: number;
  counted: number;
}

interface Meta {
  sessions: string[];
  span: Set<string>;
  minTs: number;
  maxTs: number;
  /** Of the records after the window's start (the future included: a project's part counts its future records). */
  projects: Set<number>;
  unnamed: boolean;
  /** A window record without a project. */
  unnamedInWindow: boolean;
  /** The latest record at or before the window's start, the earliest after it (-Infinity, Infinity: none). */
  lastBefore: number;
  firstAfter: number;
}

/**
 * Counts the shards whose sessions' records t holds (files: where each file's records end in t),
 * into `counted`, and what the index keeps of them into `meta`: all records, then each project's
 * records in the shards where the project is not the only one (there its part is the whole one).
 */
function countBatch(t: RecordTable, files: { day: string; end: number }[], groupOfSession: (name: string) => number, opts: Omit<CountOptions, 'project' | 'groupOf'>, day0: number, nDays: number, meta: Map<number, Meta>, counted: Map<number, Shard>, hold: (p: PlainPart) => AnyPart): void {
  const { windowStartMs, nowMs } = opts;
  const nSessions = t.sessions.length;
  const groupOf = Int32Array.from(t.sessions, groupOfSession);
  const metaOf = (g: number) => {
    let m = meta.get(g);
    if (m === undefined) meta.set(g, (m = { sessions: [], span: new Set(), minTs: Infinity, maxTs: -Infinity, projects: new Set(), unnamed: false, unnamedInWindow: false, lastBefore: -Infinity, firstAfter: Infinity }));
    return m;
  };
  t.sessions.forEach((name, s) => metaOf(groupOf[s]!).sessions.push(name));
  for (let f = 0, i = 0; f < files.length; f++) {
    let last = -2;
    for (; i < files[f]!.end; i++) {
      const g = groupOf[t.streamSession[t.stream[i]!]!]!;
      const m = metaOf(g);
      if (g !== last) m.span.add(files[f]!.day);
      last = g;
      const ts = t.ts[i]!;
      if (ts < m.minTs) m.minTs = ts;
      if (ts > m.maxTs) m.maxTs = ts;
      if (ts <= windowStartMs) {
        if (ts > m.lastBefore) m.lastBefore = ts;
        continue;
      }
      if (ts < m.firstAfter) m.firstAfter = ts;
      const p = t.project[i]!;
      if (p !== -1) m.projects.add(p);
      else {
        m.unnamed = true;
        if (ts <= nowMs) m.unnamedInWindow = true;
      }
    }
  }
  // Each group's counts made plain as soon as they are counted: a batch of many groups (the hours
  // of a day) holds one group's pattern counts at a time.
  const allParts = new Map<number, AnyPart>();
  forEachGroupCount(t, { ...opts, groupOf }, (g, c) => allParts.set(g, hold(toPlainPart(c))));
  const groups = new Set(groupOf);
  for (const g of groups) counted.set(g, { unnamed: meta.get(g)!.unnamedInWindow, all: allParts.get(g) ?? hold(toPlainPart(emptyCounted([], day0, nDays))), projects: new Map() });
  for (let p = 0; p < t.projects.length; p++) {
    const only = new Int32Array(nSessions).fill(-1);
    let any = false;
    for (let s = 0; s < nSessions; s++) {
      const g = groupOf[s]!;
      const m = meta.get(g)!;
      if (!m.projects.has(p)) continue;
      if (m.projects.size === 1 && !m.unnamed) counted.get(g)!.projects.set(t.projects[p]!, 'all');
      else {
        only[s] = g;
        any = true;
      }
    }
    if (!any) continue;
    forEachGroupCount(t, { ...opts, project: p, groupOf: only }, (g, c) => counted.get(g)!.projects.set(t.projects[p]!, hold(toPlainPart(c))));
  }
}

/**
 * The counts and index entry of a shard counted in pieces (groups `from`, each a set of its
 * sessions), merged into group `to`: what counting it whole gives (the parts of disjoint
 * sessions merge exactly). A project is the shard's whole part ('all') when it is the shard's
 * only project and no record in the window lacks one, as countBatch decides for a whole shard.
 */
function mergePieces(from: number[], to: number, meta: Map<number, Meta>, counted: Map<number, Shard>, day0: number, nDays: number): void {
  const ms = from.map((g) => meta.get(g)!);
  const cs = from.map((g) => counted.get(g)!);
  meta.set(to, {
    sessions: ms.flatMap((m) => m.sessions),
    span: new Set(ms.flatMap((m) => [...m.span])),
    minTs: Math.min(...ms.map((m) => m.minTs)),
    maxTs: Math.max(...ms.map((m) => m.maxTs)),
    projects: new Set(), // table indices, meaningful within a batch only
    unnamed: ms.some((m) => m.unnamed),
    unnamedInWindow: ms.some((m) => m.unnamedInWindow),
    lastBefore: Math.max(...ms.map((m) => m.lastBefore)),
    firstAfter: Math.min(...ms.map((m) => m.firstAfter)),
  });
  const names = [...new Set(cs.flatMap((c) => [...c.projects.keys()]))].sort();
  const projects = new Map<string, AnyPart | 'all'>();
  const whole = names.length === 1 && !ms.some((m) => m.unnamed);
  const all = packPart(toPlainPart(mergeParts(cs.map((c) => c.all), day0, nDays)));
  for (const name of names) {
    if (whole) projects.set(name, 'all');
    else {
      projects.set(name, packPart(toPlainPart(mergeParts(projectParts(cs, name), day0, nDays))));
    }
  }
  counted.set(to, { unnamed: cs.some((c) => c.unnamed), all, projects });
  for (const g of from) {
    meta.delete(g);
    counted.delete(g);
  }
}

/**
 * The analyses of the window's files (day order), from the cache of parts where it holds. With
 * `writes`, observation file caches and the parts cache are brought up to date.
 */
export function analyzeWindowFiles(files: readonly WindowFile[], cacheDir: string, nowMs: number, config: Config, writes: boolean, counts: WindowCounts, check: (where: string) => void, budget = BUDGET_RECORDS): ProjectAnalyses {
  const windowStartMs = nowMs - config.windowDays * DAY_MS;
  const index = readIndex(cacheDir, config);
  const states = new Map<string, FileState>();
  const tables = new Map<string, FileRecords['table']>();
  const load = (f: WindowFile) => {
    let t = tables.get(f.day);
    if (t === undefined) {
      const r = loadObservationFile(f.path, f.cachePath, { writeCache: writes });
      counts[r.source]++;
      states.set(f.day, r.state);
      tables.set(f.day, (t = r.table));
      check(`reading ${f.day}.jsonl`);
    }
    return t;
  };
  const fileDays = new Set(files.map((f) => f.day));
  const days: EdgeDays = { newest: files.length === 0 ? '' : files[files.length - 1]!.day, first: utcDay(windowStartMs) };
  /** Per session of a file table, its first record's time in that file (file order). */
  const firstTimes = (ft: RecordTable, from: number) => {
    const first = new Float64Array(ft.sessions.length).fill(Number.NaN);
    for (let i = from; i < ft.length; i++) {
      const s = ft.streamSession[ft.stream[i]!]!;
      if (Number.isNaN(first[s]!)) first[s] = ft.ts[i]!;
    }
    return first;
  };

  // Which shards to count again (all of them without a usable index).
  const recount = new Set<string>();
  const cached = new Map<string, Shard>();
  const homeOf = new Map<string, string>();
  // Shard keys as numbers for forEachGroupCount.
  const keys: string[] = [];
  const keyIds = new Map<string, number>();
  const groupId = (key: string) => {
    let id = keyIds.get(key);
    if (id === undefined) keyIds.set(key, (id = keys.push(key) - 1));
    return id;
  };
  const fresh = new Map<string, number>(); // changed file -> its first record not counted before
  let everything = index === undefined;
  let base: { shard: Shard; members: Set<string> } | undefined;
  if (index !== undefined) {
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
    base = readBase(cacheDir, (k) => (reused.has(k) ? index.shards[k]!.gen : undefined));
    for (const key of reuse) {
      if (base?.members.has(key)) continue;
      const shard = readShard(cacheDir, key, index.shards[key]!.gen);
      if (shard === undefined) recount.add(key);
      else cached.set(key, shard);
    }
    if (cached.size === 0 && base === undefined) everything = true;
  }

  // The files the shards to count span, and those that changed.
  const wanted = new Set<string>();
  if (everything) for (const f of files) wanted.add(f.day);
  else {
    for (const day of recount) for (const d of index!.shards[day]?.span ?? []) if (fileDays.has(d)) wanted.add(d);
    for (const d of fresh.keys()) wanted.add(d);
  }
  const chosen = files.filter((f) => wanted.has(f.day));

  // First pass, a file at a time: each session's shard (its home from the index, kept so that no
  // session is in two shards; else the first file holding it), and the files and records of each
  // shard to count. File tables are kept while they fit the budget, else read again later.
  const homeDay = new Map<string, string>();
  const shardFiles = new Map<string, Set<number>>();
  const shardSize = new Map<string, number>();
  /** Records of each session of a shard to count, and those sessions in the order first seen. */
  const sessionSize = new Map<string, number>();
  const shardSessions = new Map<string, string[]>();
  let held = 0;
  const meter = new GarbageMeter(COLLECT_EVERY_BYTES);
  /** The first pass over one file: the bytes of its table when it is let go (0: kept, within the budget). */
  const firstPass = (fi: number): number => {
    const f = chosen[fi]!;
    const ft = load(f);
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
      tables.delete(f.day);
      return ft.length * RECORD_BYTES;
    }
    held += ft.length;
    return 0;
  };
  // What a pass lets go is counted once its frame is gone: a collection while a table is still
  // in a live frame keeps it (to the next collection, beside the next file's table).
  for (let fi = 0; fi < chosen.length; fi++) meter.let(firstPass(fi));

  // Second pass: the shards in batches of at most the budget's records, each batch's records
  // joined from its files, counted, and let go. A shard larger than the budget (a busy day) is
  // counted in pieces, each a run of its sessions within the budget (a session is never split),
  // and the pieces' counts merged into the shard's (analyzer/parts.ts: the same counts).
  const opts = { nowMs, windowStartMs, halfLifeDays: config.halfLifeDays, chainDetail: config.chainDetail, fixWindowCalls: config.fixWindowCalls };
  const { day0, nDays } = windowDays(windowStartMs, nowMs);
  const counted = new Map<number, Shard>();
  const meta = new Map<number, Meta>();
  /** Each session's unit of counting: its shard, or its piece of a shard split in pieces. */
  const pieceOf = new Map<string, string>();
  /** A shard's pieces, by its last piece (merged once that is counted). */
  const lastPiece = new Map<string, { shard: string; keys: string[] }>();
  const units: { key: string; files: Set<number>; size: number }[] = [];
  for (const shard of [...shardFiles.keys()].sort()) {
    const size = shardSize.get(shard)!;
    if (size <= budget) {
      units.push({ key: shard, files: shardFiles.get(shard)!, size });
      continue;
    }
    const keys: string[] = [];
    let n = 0;
    for (const name of shardSessions.get(shard)!) {
      const c = sessionSize.get(name)!;
      if (keys.length === 0 || (n > 0 && n + c > budget)) {
        keys.push(`${shard}#${keys.length}`);
        units.push({ key: keys[keys.length - 1]!, files: shardFiles.get(shard)!, size: 0 });
        n = 0;
      }
      pieceOf.set(name, keys[keys.length - 1]!);
      units[units.length - 1]!.size += c;
      n += c;
    }
    lastPiece.set(keys[keys.length - 1]!, { shard, keys });
  }
  const unitOf = (name: string) => pieceOf.get(name) ?? homeDay.get(name)!;
  // Counted parts are held as their text when the run counts in more than one batch (a large
  // cold run: they would pile up as arrays to the end); in one batch, as they are (no parse again).
  const hold = units.reduce((n, u) => n + u.size, 0) > budget ? packPart : (p: PlainPart) => p;
  // Files read again for a batch, kept for the next while it needs them (the pieces of a shard):
  // from their cache a slice at a time (a day's whole table is tens of MiB on a large window),
  // else whole (no cache of the records the first pass read: a read-only run, a failed write).
  const open = new Map<number, RecordTable | CachedSlices>();
  /** Lets go of the files read again that the next batch does not need; returns the bytes of their tables. */
  const evict = (fileSet: Set<number>): number => {
    let dropped = 0;
    for (const [fi, ft] of open) {
      if (fileSet.has(fi)) continue;
      open.delete(fi);
      if (!(ft instanceof CachedSlices)) dropped += ft.length * RECORD_BYTES;
    }
    return dropped;
  };
  /** Joins and counts one batch of units (their records: size); returns the bytes of its table, let go. */
  const countUnits = (batch: Set<string>, fileSet: Set<number>, size: number): number => {
    const fileIdx = [...fileSet].sort((x, y) => x - y);
    const builder = new TableBuilder(size + 16);
    const ends: number[] = [];
    for (const fi of fileIdx) {
      const f = chosen[fi]!;
      const whole = () => loadObservationFile(f.path, f.cachePath, { writeCache: false }).table;
      /** Per stream of a file's strings: 1 for the streams of this batch's sessions. */
      const keepOf = (t: TableStrings) => {
        const keep = new Uint8Array(t.streams.length);
        t.streamSession.forEach((s, stream) => (keep[stream] = batch.has(unitOf(t.sessions[s]!)) ? 1 : 0));
        return keep;
      };
      let ft = tables.get(f.day) ?? open.get(fi);
      if (ft === undefined) {
        const state = states.get(f.day);
        open.set(fi, (ft = (state === undefined ? undefined : CachedSlices.open(f.cachePath, state)) ?? whole()));
      }
      let keep = keepOf(ft);
      const ids = builder.idsOf(ft, keep);
      if (!(ft instanceof CachedSlices)) builder.addRecords(ft, ids, keep);
      else if (!ft.forEach((slice) => builder.addRecords(slice, ids, keep))) {
        // The cache is no longer the file opened (nothing of it was added): the file read whole.
        open.set(fi, (ft = whole()));
        keep = keepOf(ft);
        builder.addRecords(ft, builder.idsOf(ft, keep), keep);
      }
      ends.push(builder.length);
    }
    const t = builder.build();
    check('joining the window');
    countBatch(t, fileIdx.map((fi, k) => ({ day: chosen[fi]!.day, end: ends[k]! })), (name) => groupId(unitOf(name)), opts, day0, nDays, meta, counted, hold);
    for (const key of batch) {
      const split = lastPiece.get(key);
      if (split !== undefined) mergePieces(split.keys.map(groupId), groupId(split.shard), meta, counted, day0, nDays);
    }
    return t.length * RECORD_BYTES;
  };
  let batches = 0;
  for (let b = 0; b < units.length; batches++) {
    const batch = new Set<string>();
    const fileSet = new Set<number>();
    let size = 0;
    while (b < units.length && (batch.size === 0 || size + units[b]!.size <= budget)) {
      batch.add(units[b]!.key);
      for (const fi of units[b]!.files) fileSet.add(fi);
      size += units[b]!.size;
      b++;
    }
    // As in the first pass: counted once the frame that held them is gone.
    meter.let(evict(fileSet));
    meter.let(countUnits(batch, fileSet, size));
  }
  open.clear();
  // A run of several batches (a large window counted cold) collects what the last ones let go
  // before the merge, the scoring and the writes allocate beside it: whether a collection had
  // come by then was left to chance, and moved its peak by ~10 MiB (1M week, BENCHMARKS.md).
  if (batches > 1) meter.flush();
  check('scoring the patterns');
  counts.reused += cached.size + (base?.members.size ?? 0);
  counts.counted += counted.size;

  // Merge the parts: the whole window, and each project with records in it.
  const shards = [...(base === undefined ? [] : [base.shard]), ...cached.values(), ...counted.values()];
  const all = analysisOf(mergeParts(shards.map((s) => s.all), day0, nDays), nowMs, config);
  const names = new Set<string>();
  let unnamed = false;
  for (const s of shards) {
    unnamed ||= s.unnamed;
    // Projects with records in the window (a part may hold a project's future records only).
    for (const [name, c] of s.projects) if ((c === 'all' ? s.all : c).calls > 0) names.add(name);
  }
  const projects = new Map<string, Analysis>();
  if (names.size === 1 && !unnamed) projects.set([...names][0]!, all);
  else {
    for (const name of [...names].sort()) {
      projects.set(name, analysisOf(mergeParts(projectParts(shards, name), day0, nDays), nowMs, config));
    }
    foldAcrossScopes(all, projects.values(), config);
  }

  // The counts of the files: those not read now stand as the index has them.
  for (const f of files) {
    const st = states.get(f.day) ?? index?.files[f.day];
    if (st !== undefined) {
      counts.malformed += st.malformed;
      counts.duplicates += st.duplicates;
    }
  }
  counts.cached += files.length - counts.appended - counts.parsed - counts.cached;

  if (writes) {
    const gen = `${Date.now().toString(36)}-${process.pid}`;
    const next: PartsIndex = { version: VERSION, halfLifeDays: config.halfLifeDays, chainDetail: config.chainDetail, files: {}, shards: {} };
    for (const f of files) {
      const st = states.get(f.day) ?? index?.files[f.day];
      if (st !== undefined) next.files[f.day] = st;
    }
    for (const day of cached.keys()) next.shards[day] = index!.shards[day]!;
    for (const day of base?.members ?? []) next.shards[day] = index!.shards[day]!;
    for (const day of recount) if (!meta.has(groupId(day))) rmSync(shardPath(cacheDir, day), { force: true });
    for (const [g, m] of meta) {
      const day = keys[g]!;
      const stable = m.maxTs <= nowMs;
      const [lastBefore, firstAfter] = [Number.isFinite(m.lastBefore) ? m.lastBefore : null, Number.isFinite(m.firstAfter) ? m.firstAfter : null];
      next.shards[day] = { gen, sessions: m.sessions, span: [...m.span].sort(), minTs: m.minTs, maxTs: m.maxTs, stable, lastBefore, firstAfter };
      const path = shardPath(cacheDir, day);
      if (!stable) {
        rmSync(path, { force: true });
        continue;
      }
      try {
        writeFileAtomic(path, shardJson(gen, counted.get(g)!), { skipIfSame: false, cache: true });
      } catch {
        // a cache is an optimisation
      }
    }
    try {
      writeFileAtomic(join(cacheDir, INDEX), JSON.stringify(next), { skipIfSame: false, cache: true });
    } catch {
      // the next run counts everything again
    }
    // The base: the merge of the shards reused this run (not those counted: the sessions of the
    // Stop hook's new records are there, and their shard is counted again on the next run too),
    // written when there was none that fits, or when BASE_REBUILD_AFTER shards were read beside
    // it; not by a run that counted everything (a cold run: the next run, which reads the shards
    // anyway, writes it). Nor does it merge the shards of the window's first day whose records the
    // window's start is about to pass (BASE_EDGE_MARGIN_MS): a base that merged one would not be
    // read again after the next runs.
    const settled = [...cached.keys()].filter((k) => {
      const after = firstAfterOf(next.shards[k]!);
      return k.slice(0, 10) !== days.first || after === null || after > windowStartMs + BASE_EDGE_MARGIN_MS;
    });
    if (everything) rmSync(join(cacheDir, BASE), { force: true });
    else if (base === undefined || settled.length >= BASE_REBUILD_AFTER) {
      const members = [...(base?.members ?? []), ...settled].sort();
      if (members.length >= 2) writeBase(cacheDir, members.map((k) => [k, next.shards[k]!.gen]), [...(base === undefined ? [] : [base.shard]), ...settled.map((k) => cached.get(k)!)], day0, nDays);
      else rmSync(join(cacheDir, BASE), { force: true });
    }
    // Shard files the index does not name (shards folded or gone; anything else by that name).
    for (const f of readdirSync(cacheDir)) {
      const m = /^parts-(.+)\.json$/.exec(f);
      if (m !== null && f !== BASE && !next.shards[m[1]!]?.stable) rmSync(join(cacheDir, f), { force: true });
    }
  }
  return { all, projects };
}
