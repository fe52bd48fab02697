import { DAY_MS } from '../../lib/clock.js';
import { event } from '../files/events.js';
import { decayed, round4 } from '../model/lifecycle.js';
import type { Instinct } from '../model/model.js';
import { archiveInstinct, mutate, refuseUnsafeClock, save } from './mutate.js';
import type { StoreCtx } from '../views/snapshot.js';
import { observedSource } from '../model/model.js';

// The store's side of `homunculus graduate`: graduated instincts gain `evolved_to` (where they
// live now; from then on they are not reinforced), and the TTL rule: a taught or imported
// instinct older than ttlDays that never graduated is archived under ttlRemoveBelow, else its
// confidence is halved, once, and it is flagged `ttl: true` for review. Observed instincts have
// the analyzer's own decay and archive, and are left to it.

export interface TtlRow {
  id: string;
  pattern: string;
  from: number;
  to: number;
}

export interface GraduateStoreResult {
  evolved: string[];
  removed: TtlRow[];
  halved: TtlRow[];
}

/** The TTL rule's verdict for one instinct (pure): undefined when it does not apply. */
export function ttlVerdict(x: Pick<Instinct, 'source' | 'evolved_to' | 'extra' | 'first_seen' | 'confidence' | 'last_seen'>, nowMs: number, c: StoreCtx['config']): { remove: boolean; from: number; to: number } | undefined {
  if (observedSource(x) || x.evolved_to !== undefined || x.extra['ttl'] === true) return undefined;
  if (nowMs - Date.parse(x.first_seen) <= c.ttlDays * DAY_MS) return undefined;
  const eff = decayed(x.confidence, Date.parse(x.last_seen), nowMs, c);
  return eff < c.ttlRemoveBelow ? { remove: true, from: eff, to: 0 } : { remove: false, from: eff, to: round4(eff / 2) };
}

export function graduateStore(ctx: StoreCtx, evolved: ReadonlyMap<string, string>, opts: { ttl: boolean }): GraduateStoreResult {
  refuseUnsafeClock(ctx, 'graduate');
  return mutate(ctx, (m) => {
    const out: GraduateStoreResult = { evolved: [], removed: [], halved: [] };
    for (const [id, to] of evolved) {
      const entry = m.instincts.find((e) => e.value?.id === id);
      if (!entry?.value || entry.value.evolved_to === to) continue;
      save(m, entry, { ...entry.value, evolved_to: to });
      out.evolved.push(id);
    }
    if (!opts.ttl) return out;
    for (const entry of [...m.instincts]) {
      const x = entry.value;
      if (!x || evolved.has(x.id)) continue;
      const v = ttlVerdict(x, m.nowMs, m.ctx.config);
      if (v === undefined) continue;
      const row = { id: x.id, pattern: x.pattern, from: v.from, to: v.to };
      if (v.remove) {
        archiveInstinct(m, entry, `ttl: ${m.ctx.config.ttlDays} days old without graduating, confidence ${v.from} below ${m.ctx.config.ttlRemoveBelow}`);
        out.removed.push(row);
        continue;
      }
      const ref = { id: x.id, pattern: x.pattern, ...(x.project ? { project: x.project } : {}), source: x.source };
      m.events.push(event(m.nowIso, ref, v.to - x.confidence, `ttl: ${m.ctx.config.ttlDays} days old without graduating, confidence halved for review`));
      save(m, entry, { ...x, confidence: v.to, extra: { ...x.extra, ttl: true } });
      out.halved.push(row);
    }
    return out;
  });
}
