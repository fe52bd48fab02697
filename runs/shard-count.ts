import { mergeParts, packPart, toPlainPart, type AnyPart, type PlainPart } from '../analyzer/parts.js';
import { forEachGroupCount, type CountOptions } from '../analyzer/patterns.js';
import { emptyCounted } from '../analyzer/counted.js';
import type { RecordTable, TableStrings } from '../analyzer/record-table.js';
import { TableBuilder } from '../analyzer/table-builder.js';
import { loadObservationFile, RECORD_BYTES } from './observation-cache.js';
import { CachedSlices } from './cached-slices.js';
import { projectParts, type Meta, type Shard } from './parts-files.js';
import type { Units } from './shard-assign.js';
import type { GarbageMeter } from './reclaim.js';
import type { WindowFile, WindowTables } from './window-files.js';

// The second pass of a run of the parts cache (runs/parts-cache.ts): the units to count
// (runs/shard-assign.ts) in batches of at most the budget's records, each batch's records joined
// from its files, counted, and let go; the pieces of a shard counted in pieces merged into its
// counts (analyzer/parts.ts: the same counts).

/** Shard keys as numbers, for forEachGroupCount. */
export class ShardIds {
  readonly keys: string[] = [];
  private readonly ids = new Map<string, number>();

  id(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) this.ids.set(key, (id = this.keys.push(key) - 1));
    return id;
  }
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

export interface ShardCounts {
  /** Each counted shard's parts, and what its index entry keeps, by shard id. */
  counted: Map<number, Shard>;
  meta: Map<number, Meta>;
}

/** Counts the units in batches within the budget, from the files read (`chosen`). */
export function countShards(chosen: readonly WindowFile[], tables: WindowTables, { units, unitOf, lastPiece }: Units, ids: ShardIds, opts: Omit<CountOptions, 'project' | 'groupOf'>, day0: number, nDays: number, budget: number, meter: GarbageMeter, check: (where: string) => void): ShardCounts {
  const counted = new Map<number, Shard>();
  const meta = new Map<number, Meta>();
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
      let ft = tables.tables.get(f.day) ?? open.get(fi);
      if (ft === undefined) {
        const state = tables.states.get(f.day);
        open.set(fi, (ft = (state === undefined ? undefined : CachedSlices.open(f.cachePath, state)) ?? whole()));
      }
      let keep = keepOf(ft);
      const idsOf = builder.idsOf(ft, keep);
      if (!(ft instanceof CachedSlices)) builder.addRecords(ft, idsOf, keep);
      else if (!ft.forEach((slice) => builder.addRecords(slice, idsOf, keep))) {
        // The cache is no longer the file opened (nothing of it was added): the file read whole.
        open.set(fi, (ft = whole()));
        keep = keepOf(ft);
        builder.addRecords(ft, builder.idsOf(ft, keep), keep);
      }
      ends.push(builder.length);
    }
    const t = builder.build();
    check('joining the window');
    countBatch(t, fileIdx.map((fi, k) => ({ day: chosen[fi]!.day, end: ends[k]! })), (name) => ids.id(unitOf(name)), opts, day0, nDays, meta, counted, hold);
    for (const key of batch) {
      const split = lastPiece.get(key);
      if (split !== undefined) mergePieces(split.keys.map((k) => ids.id(k)), ids.id(split.shard), meta, counted, day0, nDays);
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
  return { counted, meta };
}
