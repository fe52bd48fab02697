import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { DAY_MS, utcDay } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import { analysisOf, type Analysis } from '../analyzer/analyze.js';
import { foldAcrossScopes } from '../analyzer/folding.js';
import { mergeParts } from '../analyzer/parts.js';
import { windowDays } from '../analyzer/counted.js';
import type { ProjectAnalyses } from '../analyzer/projects.js';
import { BASE, BASE_EDGE_MARGIN_MS, BASE_REBUILD_AFTER, firstAfterOf, INDEX, projectParts, readIndex, shardJson, shardPath, VERSION, writeBase, type Meta, type PartsIndex, type Shard } from './parts-files.js';
import { filesToRead, planRun, type EdgeDays, type Plan } from './parts-plan.js';
import { GarbageMeter } from './reclaim.js';
import { assignSessions, countingUnits } from './shard-assign.js';
import { countShards, ShardIds } from './shard-count.js';
import { WindowTables, type WindowCounts, type WindowFile } from './window-files.js';

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
//
// A run is these steps: plan from the index which shards to reuse and which to count again
// (runs/parts-plan.ts); a first pass over the files to read, the shard of each session
// (runs/shard-assign.ts); a second, counting those shards in batches (runs/shard-count.ts); the
// parts merged into the analyses; and, with writes, the cache files (runs/parts-files.ts).

/** Records held at once while counting shards (~25 bytes each in columns): what keeps a large window's memory flat. */
const BUDGET_RECORDS = 200_000;
/** Garbage a run in batches lets pile up before it collects it (runs/reclaim.ts). */
const COLLECT_EVERY_BYTES = 6 * 1048576;

/**
 * The analyses of the window's files (day order), from the cache of parts where it holds. With
 * `writes`, observation file caches and the parts cache are brought up to date.
 */
export function analyzeWindowFiles(files: readonly WindowFile[], cacheDir: string, nowMs: number, config: Config, writes: boolean, counts: WindowCounts, check: (where: string) => void, budget = BUDGET_RECORDS): ProjectAnalyses {
  const windowStartMs = nowMs - config.windowDays * DAY_MS;
  const index = readIndex(cacheDir, config);
  const tables = new WindowTables(writes, counts, check);
  const days: EdgeDays = { newest: files.length === 0 ? '' : files[files.length - 1]!.day, first: utcDay(windowStartMs) };
  const plan = planRun(index, files, days, windowStartMs, nowMs, cacheDir, (f) => tables.load(f));
  const chosen = filesToRead(files, plan, index);
  const meter = new GarbageMeter(COLLECT_EVERY_BYTES);
  const assigned = assignSessions(chosen, tables, plan, days, budget, meter);
  const opts = { nowMs, windowStartMs, halfLifeDays: config.halfLifeDays, chainDetail: config.chainDetail, fixWindowCalls: config.fixWindowCalls };
  const { day0, nDays } = windowDays(windowStartMs, nowMs);
  const ids = new ShardIds();
  const { counted, meta } = countShards(chosen, tables, countingUnits(assigned, budget), ids, opts, day0, nDays, budget, meter, check);
  check('scoring the patterns');
  counts.reused += plan.cached.size + (plan.base?.members.size ?? 0);
  counts.counted += counted.size;
  const analyses = mergeAnalyses([...(plan.base === undefined ? [] : [plan.base.shard]), ...plan.cached.values(), ...counted.values()], day0, nDays, nowMs, config);
  tallyFiles(files, tables, index, counts);
  if (writes) writeCache({ cacheDir, files, index, tables, plan, ids, counted, meta, days, windowStartMs, nowMs, day0, nDays, config });
  return analyses;
}

/** The parts merged: the whole window, and each project with records in it. */
function mergeAnalyses(shards: readonly Shard[], day0: number, nDays: number, nowMs: number, config: Config): ProjectAnalyses {
  const all = analysisOf(mergeParts(shards.map((s) => s.all), day0, nDays), nowMs, config);
  const names = new Set<string>();
  let unnamed = false;
  for (const s of shards) {
    unnamed ||= s.unnamed;
    // Projects with records in the window (a part may hold a project's future records only).
    for (const [name, c] of s.projects) if ((c === 'all' ? s.all : c).calls > 0) names.add(name);
  }
  const projects = new Map<string, Analysis>();
  if (names.size === 0) return unnamed ? { all, projects, unattributed: all } : { all, projects };
  if (names.size === 1 && !unnamed) projects.set([...names][0]!, all);
  else {
    for (const name of [...names].sort()) {
      projects.set(name, analysisOf(mergeParts(projectParts(shards, name), day0, nDays), nowMs, config));
    }
    foldAcrossScopes(all, projects.values(), config);
  }
  return { all, projects };
}

/** The counts of the files: those not read now stand as the index has them. */
function tallyFiles(files: readonly WindowFile[], tables: WindowTables, index: PartsIndex | undefined, counts: WindowCounts): void {
  for (const f of files) {
    const st = tables.states.get(f.day) ?? index?.files[f.day];
    if (st !== undefined) {
      counts.malformed += st.malformed;
      counts.duplicates += st.duplicates;
    }
  }
  counts.cached += files.length - counts.appended - counts.parsed - counts.cached;
}

interface CacheWrite {
  cacheDir: string;
  files: readonly WindowFile[];
  index: PartsIndex | undefined;
  tables: WindowTables;
  plan: Plan;
  ids: ShardIds;
  counted: Map<number, Shard>;
  meta: Map<number, Meta>;
  days: EdgeDays;
  windowStartMs: number;
  nowMs: number;
  day0: number;
  nDays: number;
  config: Config;
}

/** The parts cache brought up to date: the shards counted (the stable ones), the index, the base, and no shard file the index does not name. */
function writeCache({ cacheDir, files, index, tables, plan, ids, counted, meta, days, windowStartMs, nowMs, day0, nDays, config }: CacheWrite): void {
  const { cached, base, recount, everything } = plan;
  const gen = `${Date.now().toString(36)}-${process.pid}`;
  const next: PartsIndex = { version: VERSION, halfLifeDays: config.halfLifeDays, chainDetail: config.chainDetail, files: {}, shards: {} };
  for (const f of files) {
    const st = tables.states.get(f.day) ?? index?.files[f.day];
    if (st !== undefined) next.files[f.day] = st;
  }
  for (const day of cached.keys()) next.shards[day] = index!.shards[day]!;
  for (const day of base?.members ?? []) next.shards[day] = index!.shards[day]!;
  for (const day of recount) if (!meta.has(ids.id(day))) rmSync(shardPath(cacheDir, day), { force: true });
  for (const [g, m] of meta) {
    const day = ids.keys[g]!;
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
