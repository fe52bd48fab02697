import { event, sums, type StoreEvent } from './events.js';
import { round4 } from '../model/lifecycle.js';
import type { Fact, Instinct } from '../model/model.js';
import type { Entry } from './scan.js';

// The store's one invariant between its two records: the deltas of an instinct's (or fact's)
// events add up to its stored confidence, and an archived or deleted one's to 0. A change is
// committed with its events (store/files/txn.ts), so they agree; a data home written by an earlier
// version that was killed, or filled its disk, between a file and its event line, or a hand edit
// of a confidence, leaves them apart. `gc` and `doctor` find that here; gc (and doctor --fix)
// mend it with one `repair` event per id, taking the file's word.

export interface Disagreement {
  id: string;
  pattern: string;
  /** The file's confidence (0 when it is archived or deleted). */
  stored: number;
  /** The sum of its events. */
  logged: number;
}

/** Ids whose file is there but does not read: their confidence is unknown, so left alone. */
function unreadable(instincts: readonly Entry<Instinct>[], facts: readonly Entry<Fact>[]): Set<string> {
  const out = new Set<string>();
  for (const e of instincts) if (e.value === undefined) out.add(e.file.replace(/\.md$/, ''));
  for (const e of facts) if (e.value === undefined) out.add(`fact:${e.file.replace(/\.md$/, '')}`);
  return out;
}

/** Where the files and the event log disagree, by id. Pure. */
export function disagreements(instincts: readonly Entry<Instinct>[], facts: readonly Entry<Fact>[], events: readonly StoreEvent[]): Disagreement[] {
  const logged = sums(events);
  const skip = unreadable(instincts, facts);
  const live = new Map<string, { pattern: string; confidence: number }>();
  for (const e of instincts) if (e.value) live.set(e.value.id, e.value);
  for (const e of facts) if (e.value) live.set(`fact:${e.value.id}`, { pattern: `fact:${e.value.id}`, confidence: e.value.confidence });
  const last = new Map<string, StoreEvent>();
  for (const ev of events) last.set(ev.id, ev);
  const out: Disagreement[] = [];
  for (const [id, x] of live) {
    const sum = logged.get(id) ?? 0;
    if (round4(sum) !== round4(x.confidence)) out.push({ id, pattern: x.pattern, stored: x.confidence, logged: sum });
  }
  for (const [id, sum] of logged) {
    if (live.has(id) || skip.has(id) || round4(sum) === 0) continue;
    out.push({ id, pattern: last.get(id)!.pattern, stored: 0, logged: sum });
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** One event per disagreement that brings its sum to the file's confidence. */
export function repairEvents(nowIso: string, ds: readonly Disagreement[], instincts: readonly Entry<Instinct>[], facts: readonly Entry<Fact>[], events: readonly StoreEvent[]): StoreEvent[] {
  const refs = new Map<string, { id: string; pattern: string; project?: string; source: StoreEvent['source'] }>();
  for (const ev of events) refs.set(ev.id, { id: ev.id, pattern: ev.pattern, ...(ev.project !== null ? { project: ev.project } : {}), source: ev.source });
  for (const e of instincts) if (e.value) refs.set(e.value.id, e.value);
  for (const e of facts) if (e.value) refs.set(`fact:${e.value.id}`, { id: `fact:${e.value.id}`, pattern: `fact:${e.value.id}`, ...(e.value.project !== undefined ? { project: e.value.project } : {}), source: e.value.source });
  const liveIds = new Set([...instincts.flatMap((e) => (e.value ? [e.value.id] : [])), ...facts.flatMap((e) => (e.value ? [`fact:${e.value.id}`] : []))]);
  return ds.map((d) => event(nowIso, refs.get(d.id)!, d.stored - d.logged, `repair: its events added up to ${round4(d.logged)}, ${liveIds.has(d.id) ? `its file says ${d.stored}` : 'it is archived (0)'}`));
}
