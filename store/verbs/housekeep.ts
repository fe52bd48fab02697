import { disagreements, repairEvents, type Disagreement } from '../files/consistency.js';
import { compactEvents, readEvents } from '../files/events.js';
import { decayed, finishLevelState, pruneCategory, round4 } from '../model/lifecycle.js';
import { type Fact, type Instinct, type Scope, observedSource } from '../model/model.js';
import { archiveFact, archiveInstinct, commit, enforceInstinctCap, entryOf, live, mutate, norm, refuseUnsafeClock, save, type Mut } from './mutate.js';
import { applyFeedback } from './feedback.js';
import { mergeIn } from './merge.js';
import { promotedKeys } from '../files/promoted-keys.js';
import { scanFacts, scanInstincts, type Entry } from '../files/scan.js';
import { conflictPairs, conflicts, keyPairs, keySimilarity, mergeLoses } from '../views/similarity.js';
import type { StoreCtx } from '../views/snapshot.js';

// Housekeeping (gc): the event log mended where it disagrees with the files (doctor --fix), and
// the store kept in shape: pruned, duplicates merged, contradictions down-weighted, orphan
// aliases dropped, caps enforced, levels caught up; `prune` lists (and with apply removes) what
// has faded.

export interface HousekeepReport {
  /** Files whose stored level or state caught up with decay and time. */
  decayed: string[];
  merged: { from: string; into: string }[];
  contradictions: { a: string; b: string }[];
  orphanAliases: string[];
  evicted: string[];
  removed: { id: string; reason: string }[];
  eventsCompacted: number;
  /** Ids whose events did not add up to their file's confidence: a `repair` event logged the difference. */
  repaired: { id: string; from: number; to: number }[];
}

/** Where the files and the event log disagree, mended with one `repair` event each (the file's word). */
function mendSums(m: Mut): Disagreement[] {
  const events = readEvents(m.ctx.home);
  const ds = disagreements(m.instincts, m.facts, events);
  m.events.push(...repairEvents(m.nowIso, ds, m.instincts, m.facts, events));
  return ds;
}

/**
 * doctor --fix: a store change a killed run left finished or undone (every store write does that
 * first), and the event log mended where it disagrees with the files.
 */
export function mendStore(ctx: StoreCtx): { repaired: Disagreement[] } {
  return mutate(ctx, (m) => ({ repaired: mendSums(m) }));
}

/**
 * gc / housekeep, idempotent (a second run at the same time reports nothing): stored levels and
 * states brought up to date, taught duplicates merged (mergeThreshold), contradictions reported
 * and down-weighted once, aliases whose target is gone removed, caps enforced, auto-remove prune
 * candidates removed; with `compact`, events older than eventRetentionDays folded.
 */
export function housekeep(ctx: StoreCtx, opts: { compact?: boolean; lockHeld?: boolean } = {}): HousekeepReport {
  refuseUnsafeClock(ctx, 'housekeeping');
  return mutate(
    ctx,
    (m) => {
      const c = m.ctx.config;
      const r: HousekeepReport = { decayed: [], merged: [], contradictions: [], orphanAliases: [], evicted: [], removed: [], eventsCompacted: 0, repaired: [] };
      // First the event log brought back in line with the files (an earlier version's change cut
      // short, a hand edit), so that what follows logs its changes onto true sums.
      r.repaired = mendSums(m).map((d) => ({ id: d.id, from: round4(d.logged), to: d.stored }));
      // Auto-remove: taught and imported instincts and facts below pruneRemoveBelow or unseen pruneRemoveUnseenDays.
      for (const e of [...m.instincts]) {
        const x = e.value;
        if (!x || observedSource(x)) continue;
        const p = pruneCategory(decayed(x.confidence, Date.parse(x.last_seen), m.nowMs, c), Date.parse(x.last_seen), m.nowMs, c);
        if (p.category === 'remove') {
          archiveInstinct(m, e, `pruned: ${p.reason}`);
          r.removed.push({ id: x.id, reason: p.reason! });
        }
      }
      for (const e of [...m.facts]) {
        const x = e.value;
        if (!x) continue;
        const p = pruneCategory(decayed(x.confidence, Date.parse(x.last_seen), m.nowMs, c), Date.parse(x.last_seen), m.nowMs, c);
        if (p.category === 'remove') {
          archiveFact(m, e, `pruned: ${p.reason}`);
          r.removed.push({ id: `fact:${x.id}`, reason: p.reason! });
        }
      }
      // Duplicates among taught and imported instincts: the less confident merges into the other,
      // the first pair in store order first, again until none is left. Keys and words do not change
      // in a merge, so the alike pairs of each scope are found once (store/views/candidates.ts: only
      // pairs sharing a rare word are compared); a merge changes which are left, and may make the
      // one kept global (its projects), whose pairs in its new scope are then added.
      {
        const xs = live(m).filter((x) => !observedSource(x));
        const scopeOf = (x: Instinct) => `${x.scope}\u0000${x.project ?? ''}`;
        const alike: number[][] = xs.map(() => []);
        const mergeable = (i: number, j: number) => keySimilarity(xs[i]!.pattern, xs[j]!.pattern) >= c.mergeThreshold && !mergeLoses(xs[i]!, xs[j]!);
        for (const [i, j] of keyPairs(xs.map((x) => x.pattern), c.mergeThreshold, xs.map(scopeOf))) if (mergeable(i, j)) alike[i]!.push(j);
        let firsts = xs.map((_, i) => i).filter((i) => alike[i]!.length > 0);
        const gone = new Set<string>();
        const now = (k: number) => (gone.has(xs[k]!.id) ? undefined : entryOf(m, xs[k]!.id)?.value);
        const position = new Map(xs.map((x, i) => [x.id, i]));
        for (;;) {
          let pair: [Instinct, Instinct] | undefined;
          for (const i of firsts) {
            const a = now(i);
            if (!a) continue;
            for (const j of alike[i]!) {
              const b = now(j);
              if (b && a.scope === b.scope && a.project === b.project) {
                pair = a.confidence >= b.confidence ? [b, a] : [a, b];
                break;
              }
            }
            if (pair) break;
          }
          if (!pair) break;
          const [from, into] = pair;
          m.aliases.set(norm(from.pattern), into.pattern);
          m.aliasesChanged = true;
          mergeIn(m, entryOf(m, from.id)!, entryOf(m, into.id)!);
          gone.add(from.id);
          r.merged.push({ from: from.id, into: into.id });
          const kept = entryOf(m, into.id)!.value!;
          if (scopeOf(kept) !== scopeOf(into)) {
            const k = position.get(into.id)!;
            for (let o = 0; o < xs.length; o++) {
              const other = now(o);
              if (o === k || !other || scopeOf(other) !== scopeOf(kept)) continue;
              const [i, j] = o < k ? [o, k] : [k, o];
              if (!alike[i]!.includes(j) && mergeable(i, j)) alike[i] = [...alike[i]!, j].sort((a, b) => a - b);
            }
            firsts = xs.map((_, i) => i).filter((i) => alike[i]!.length > 0);
          }
        }
      }
      // Contradictions, each pair once, in store order: only pairs that can conflict are checked.
      const xs = live(m).filter((x) => !observedSource(x));
      for (const [i, j] of conflictPairs(xs, c.mergeThreshold, true)) {
        const a = entryOf(m, xs[i]!.id)?.value;
        const b = entryOf(m, xs[j]!.id)?.value;
        if (!a || !b || !conflicts(a, b, c.mergeThreshold)) continue;
        if (!(a.scope === 'global' || b.scope === 'global' || a.project === b.project)) continue;
        const older = a.last_seen <= b.last_seen ? a : b;
        const newer = older === a ? b : a;
        if (older.contradicts?.includes(newer.id)) continue;
        applyFeedback(m, entryOf(m, older.id), older, 'contradict', `contradict: conflicts with ${newer.pattern}`);
        const o = entryOf(m, older.id)!.value!;
        save(m, entryOf(m, older.id), { ...o, contradicts: [...(o.contradicts ?? []), newer.id] });
        r.contradictions.push({ a: older.id, b: newer.id });
      }
      // Aliases whose target is gone.
      const keys = new Set(live(m).map((x) => norm(x.pattern)));
      for (const [k, t] of [...m.aliases]) {
        if (!keys.has(norm(t))) {
          m.aliases.delete(k);
          m.aliasesChanged = true;
          r.orphanAliases.push(k);
        }
      }
      // Caps.
      const scopes = new Set(live(m).map((x) => `${x.scope}:${x.project ?? ''}`));
      for (const s of scopes) {
        const [scope, project] = s.split(':') as [Scope, string];
        r.evicted.push(...enforceInstinctCap(m, scope, project || undefined, ''));
      }
      // Stored level and state caught up (decay is computed on read; the files say where it stands).
      const promoted = promotedKeys(m.ctx.home);
      for (const e of [...m.instincts]) {
        const x = e.value;
        if (!x) continue;
        const y: Instinct = { ...x };
        finishLevelState(y, y.promoted_at !== undefined || promoted.has(y.pattern), m.nowMs, c);
        if (y.level !== x.level || y.state !== x.state) {
          save(m, e, y);
          r.decayed.push(x.id);
        }
      }
      if (opts.compact) {
        // The change so far committed first: folding rewrites the log its lines go to.
        commit(m);
        r.eventsCompacted = compactEvents(m.ctx.home, m.nowMs, c.eventRetentionDays);
      }
      return r;
    },
    opts,
  );
}

export interface PruneRow {
  id: string;
  pattern: string;
  kind: 'instinct' | 'fact';
  category: 'remove' | 'review';
  reason: string;
  confidence: number;
}

/** Prune candidates of taught and imported instincts and facts; with `apply`, the `remove` ones are archived. */
export function prune(ctx: StoreCtx, apply: boolean): { candidates: PruneRow[]; removed: string[] } {
  if (apply) refuseUnsafeClock(ctx, 'prune --apply');
  const find = (m: { instincts: Entry<Instinct>[]; facts: Entry<Fact>[] }, nowMs: number): PruneRow[] => {
    const rows: PruneRow[] = [];
    const c = ctx.config;
    for (const e of m.instincts) {
      const x = e.value;
      if (!x || observedSource(x)) continue;
      const eff = decayed(x.confidence, Date.parse(x.last_seen), nowMs, c);
      const p = pruneCategory(eff, Date.parse(x.last_seen), nowMs, c);
      if (p.category !== 'keep') rows.push({ id: x.id, pattern: x.pattern, kind: 'instinct', category: p.category, reason: p.reason!, confidence: eff });
    }
    for (const e of m.facts) {
      const x = e.value;
      if (!x) continue;
      const eff = decayed(x.confidence, Date.parse(x.last_seen), nowMs, c);
      const p = pruneCategory(eff, Date.parse(x.last_seen), nowMs, c);
      if (p.category !== 'keep') rows.push({ id: x.id, pattern: x.text, kind: 'fact', category: p.category, reason: p.reason!, confidence: eff });
    }
    return rows.sort((a, b) => (a.category === b.category ? a.confidence - b.confidence : a.category === 'remove' ? -1 : 1));
  };
  if (!apply) return { candidates: find({ instincts: scanInstincts(ctx.home), facts: scanFacts(ctx.home) }, ctx.now.getTime()), removed: [] };
  return mutate(ctx, (m) => {
    const candidates = find(m, m.nowMs);
    const removed: string[] = [];
    for (const row of candidates.filter((r) => r.category === 'remove')) {
      if (row.kind === 'instinct') archiveInstinct(m, entryOf(m, row.id)!, `pruned: ${row.reason}`);
      else archiveFact(m, m.facts.find((f) => f.value?.id === row.id)!, `pruned: ${row.reason}`);
      removed.push(row.id);
    }
    return { candidates, removed };
  });
}
