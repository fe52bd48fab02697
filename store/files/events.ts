import { appendLine } from '../../lib/append-line.js';
import { writeFileAtomic } from '../../lib/atomic-write.js';
import { DAY_MS } from '../../lib/clock.js';
import { readDataFile } from '../../lib/data-files.js';
import { layout } from '../../lib/data-home.js';
import { round4 } from '../model/lifecycle.js';
import type { Source } from '../model/model.js';
import { plural } from '../../lib/plural.js';

// The event log (events.jsonl): one line per change of an instinct's or fact's confidence. The
// deltas of an id add up to its stored confidence (an archived or deleted one's to 0), which is
// what `history`, `trending` and `status` read. Appended only, under the store's lock; `gc`
// folds events older than eventRetentionDays into one per id, keeping every sum.

export interface StoreEvent {
  ts: string;
  /** The instinct's or fact's id (facts: `fact:<id>`). */
  id: string;
  pattern: string;
  project: string | null;
  source: Source;
  delta: number;
  reason: string;
}

export function event(ts: string, x: { id: string; pattern: string; project?: string | undefined; source: Source }, delta: number, reason: string): StoreEvent {
  return { ts, id: x.id, pattern: x.pattern, project: x.project ?? null, source: x.source, delta: round4(delta), reason };
}

/** The lines events.jsonl gets for these events (each ending in a newline), '' for none. */
export function eventLines(events: readonly StoreEvent[]): string {
  // A confirmation at the cap changes nothing but is still a confirmation (effectiveness counts it).
  const real = events.filter((e) => e.delta !== 0 || !e.reason.startsWith('analysis'));
  return real.length === 0 ? '' : `${real.map((e) => JSON.stringify(e)).join('\n')}\n`;
}

/** Appends events in one write (no line of another writer can land between them). */
export function appendEvents(home: string, events: readonly StoreEvent[]): void {
  const lines = eventLines(events);
  if (lines !== '') appendLine(layout.events(home), lines);
}

function isEvent(v: unknown): v is StoreEvent {
  const e = v as StoreEvent;
  return typeof e === 'object' && e !== null && typeof e.ts === 'string' && typeof e.id === 'string' && typeof e.pattern === 'string' && typeof e.delta === 'number' && Number.isFinite(e.delta);
}

/** Every event, oldest first as written; lines that are not events are skipped. */
export function readEvents(home: string): StoreEvent[] {
  let text: string;
  try {
    text = readDataFile(layout.events(home)).toString('utf8');
  } catch {
    return [];
  }
  const out: StoreEvent[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    try {
      const v: unknown = JSON.parse(line);
      if (isEvent(v)) out.push(v);
    } catch {
      // a torn line (full disk): skipped
    }
  }
  return out;
}

/** id -> sum of its deltas. */
export function sums(events: readonly StoreEvent[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const e of events) m.set(e.id, (m.get(e.id) ?? 0) + e.delta);
  for (const [k, v] of m) m.set(k, round4(v));
  return m;
}

/**
 * Folds the events of each id older than `retentionDays` into one (at the cutoff, reason
 * `compacted`), so the log stays bounded and every sum stays the same. Returns how many lines
 * were folded away; rewrites the file only when there is something to fold.
 */
export function compactEvents(home: string, nowMs: number, retentionDays: number): number {
  const events = readEvents(home);
  const cutoff = nowMs - retentionDays * DAY_MS;
  const old = new Map<string, StoreEvent[]>();
  const keep: StoreEvent[] = [];
  for (const e of events) {
    if (Date.parse(e.ts) < cutoff) old.set(e.id, [...(old.get(e.id) ?? []), e]);
    else keep.push(e);
  }
  let folded = 0;
  const carried: StoreEvent[] = [];
  for (const [, list] of old) {
    if (list.length === 1 && list[0]!.reason.startsWith('compacted')) {
      carried.push(list[0]!);
      continue;
    }
    const last = list[list.length - 1]!;
    const sum = round4(list.reduce((s, e) => s + e.delta, 0));
    folded += list.length - (sum === 0 ? 0 : 1);
    if (sum !== 0) carried.push({ ...last, ts: new Date(cutoff).toISOString(), delta: sum, reason: `compacted: ${plural(list.length, 'event')} before ${new Date(cutoff).toISOString().slice(0, 10)}` });
  }
  if (folded === 0) return 0;
  const lines = [...carried, ...keep].map((e) => JSON.stringify(e));
  writeFileAtomic(layout.events(home), lines.length ? `${lines.join('\n')}\n` : '', { skipIfSame: false });
  return folded;
}
