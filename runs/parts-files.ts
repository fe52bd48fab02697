import { join } from 'node:path';
import { writeFileAtomic } from '../lib/atomic-write.js';
import type { Config } from '../lib/config.js';
import { readDataFile } from '../lib/data-files.js';
import { mergeParts, partJson, toPlainPart, type AnyPart, type PlainPart } from '../analyzer/parts.js';
import type { FileState } from './observation-cache.js';

// The files of the parts cache (runs/parts-cache.ts): cache/parts.json, the index of the shards
// and of the observation files they were counted from; cache/parts-DAY.json, one shard's parts;
// cache/parts-base.json, the merge of many reused shards. Each is read only when it is of this
// version and holds what it should; anything else is counted again.

// 2: the learners' patterns and totals in every part (analyzer/learners/).
// 3: records that repeat a tool-use id are dropped (analyzer/record-table.ts): an older build's
// parts counted them, so they are counted again.
// 4: details of three words (`npm run build`) are counted, not skipped as malformed.
// 5: the corrections learner's patterns (calls the user stopped) in every part.
export const VERSION = 6;

export const INDEX = 'parts.json';

export interface ShardEntry {
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
export const firstAfterOf = (sh: ShardEntry): number | null => (sh.firstAfter === undefined ? sh.minTs : sh.firstAfter);

/** Whether a shard's records in the window are those it was counted with, for a window starting at windowStartMs. */
export function sameRecordsInWindow(sh: ShardEntry, windowStartMs: number): boolean {
  const lastBefore = sh.lastBefore ?? null;
  const firstAfter = firstAfterOf(sh);
  return (lastBefore === null || lastBefore <= windowStartMs) && (firstAfter === null || firstAfter > windowStartMs);
}

export interface PartsIndex {
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
export interface Shard {
  unnamed: boolean;
  all: AnyPart;
  projects: Map<string, AnyPart | 'all'>;
}

export const shardPath = (cacheDir: string, day: string) => join(cacheDir, `parts-${day}.json`);

/** What a run learns of a shard it counts, for its index entry (ShardEntry). */
export interface Meta {
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

function readJson<T>(path: string): T | undefined {
  try {
    return JSON.parse(readDataFile(path).toString('utf8')) as T;
  } catch {
    return undefined;
  }
}

export function readIndex(cacheDir: string, config: Config): PartsIndex | undefined {
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

export function readShard(cacheDir: string, day: string, gen: string): Shard | undefined {
  const x = readJson<ShardFile>(shardPath(cacheDir, day));
  if (x === undefined || x.version !== VERSION || x.gen !== gen || typeof x.projects !== 'object' || x.projects === null) return undefined;
  const parts = [x.all, ...Object.values(x.projects)];
  if (!parts.every((p) => p === 'all' || isPlainPart(p))) return undefined;
  return { unnamed: x.unnamed === true, all: x.all, projects: new Map(Object.entries(x.projects)) };
}

/** Project `name`'s part of each shard that has one (the shard's whole part where it is its only project). */
export function projectParts(shards: readonly Shard[], name: string): AnyPart[] {
  const out: AnyPart[] = [];
  for (const s of shards) {
    const p = s.projects.get(name);
    if (p !== undefined) out.push(p === 'all' ? s.all : p);
  }
  return out;
}

/** A shard's file (a ShardFile) from its parts' JSON: a packed part is written as it is held. */
export function shardJson(gen: string, c: Shard): string {
  const projects = [...c.projects].map(([name, p]) => `${JSON.stringify(name)}:${p === 'all' ? '"all"' : partJson(p)}`);
  return `{"version":${VERSION},"gen":${JSON.stringify(gen)},"unnamed":${c.unnamed},"all":${partJson(c.all)},"projects":{${projects.join(',')}}}`;
}

export const BASE = 'parts-base.json';

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
export function readBase(cacheDir: string, reusable: (key: string) => string | undefined): { shard: Shard; members: Set<string> } | undefined {
  const x = readJson<BaseFile>(join(cacheDir, BASE));
  if (x === undefined || x.version !== VERSION || typeof x.members !== 'object' || x.members === null || typeof x.projects !== 'object' || x.projects === null) return undefined;
  const members = Object.entries(x.members);
  if (members.length < 2 || members.some(([k, gen]) => reusable(k) !== gen)) return undefined;
  if (!isPlainPart(x.all) || !Object.values(x.projects).every(isPlainPart)) return undefined;
  return { shard: { unnamed: x.unnamed === true, all: x.all, projects: new Map(Object.entries(x.projects)) }, members: new Set(members.map(([k]) => k)) };
}

/** Reused shards read one by one beside a base before a run merges them all into a new base. */
export const BASE_REBUILD_AFTER = 4;

/**
 * A shard of the window's first day joins the base only when its records in the window start at
 * least this long after the window's start (or it has none there): one the start is about to pass
 * is read on its own, so that a base is not merged again at every run, only when the start
 * passes a record of one it merges (about once an hour).
 */
export const BASE_EDGE_MARGIN_MS = 3_600_000;

export function writeBase(cacheDir: string, members: [string, string][], shards: Shard[], day0: number, nDays: number): void {
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
