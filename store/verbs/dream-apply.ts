import { planDream, type DreamPlan, type ShadowText } from './dream.js';
import { applyFeedback } from './feedback.js';
import { mergeIn } from './merge.js';
import { archiveInstinct, entryOf, live, mutate, norm, refuseUnsafeClock, save } from './mutate.js';
import { promoteIn } from './promotion-marks.js';
import { scanInstincts } from '../files/scan.js';
import type { StoreCtx } from '../views/snapshot.js';

// The dream pass carried out: store/verbs/dream.ts plans it, this does each step with the store's own
// operations; store/verbs/dream-run.ts is its edges (the shadow texts, state, the analysis log).

/**
 * The dream pass under the lock: planned on the files as they are now, then each step done with
 * the store's own operations (archive, merge, contradict, scope). A dry run plans without the lock
 * and writes nothing.
 */
export function dream(ctx: StoreCtx, shadowTexts: readonly ShadowText[], opts: { dryRun?: boolean } = {}): DreamPlan {
  if (!opts.dryRun) refuseUnsafeClock(ctx, 'dream');
  if (opts.dryRun) {
    const xs = scanInstincts(ctx.home).filter((e) => e.value).map((e) => e.value!);
    return planDream(xs, shadowTexts, ctx.now.getTime(), ctx.config);
  }
  return mutate(ctx, (m) => {
    const plan = planDream(live(m), shadowTexts, m.nowMs, m.ctx.config);
    for (const r of plan.removed) {
      const e = entryOf(m, r.id);
      if (e?.value) archiveInstinct(m, e, `dream: ${r.reason}`);
    }
    for (const g of plan.merged) {
      const from = entryOf(m, g.from);
      const into = entryOf(m, g.into);
      if (!from?.value || !into?.value) continue;
      m.aliases.set(norm(from.value.pattern), into.value.pattern);
      m.aliasesChanged = true;
      mergeIn(m, from, into);
    }
    for (const c of plan.contradictions) {
      const weak = entryOf(m, c.weaker)?.value;
      const strong = entryOf(m, c.stronger)?.value;
      if (!weak || !strong) continue;
      applyFeedback(m, entryOf(m, weak.id), weak, 'contradict', `dream: contradicts ${strong.pattern}`);
      const w = entryOf(m, weak.id)!.value!;
      save(m, entryOf(m, weak.id), { ...w, contradicts: [...(w.contradicts ?? []), strong.id] });
    }
    for (const p of plan.promoted) promoteIn(m, p.id, 'dream');
    return plan;
  });
}
