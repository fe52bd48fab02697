import { withEvidence } from '../model/frontmatter.js';
import { type Instinct, observedSource } from '../model/model.js';
import { entryOf, mutate, resolveRef, save, StoreError, type Mut } from './mutate.js';
import type { StoreCtx } from '../views/snapshot.js';

// Promotion marks: which instincts are rules now (bye's `markPromoted`), and a project's instinct
// made global (`promoteGlobal` by hand, `promoteIn` for dream too).

/**
 * Marks which instincts are rules now (bye): promoted_at set or cleared, levels updated. With
 * taughtOnly, the taught and imported ones only (bye writes the observed ones marked already).
 */
export function markPromoted(ctx: StoreCtx, promoted: ReadonlyMap<string, string>, opts: { lockHeld?: boolean; taughtOnly?: boolean } = {}): string[] {
  return mutate(
    ctx,
    (m) => {
      const changed: string[] = [];
      for (const e of [...m.instincts]) {
        const x = e.value;
        if (!x || (opts.taughtOnly && observedSource(x))) continue;
        const at = promoted.get(x.pattern);
        if (at === x.promoted_at) continue;
        const y: Instinct = { ...x };
        if (at === undefined) delete y.promoted_at;
        else y.promoted_at = at;
        save(m, e, y);
        changed.push(x.id);
      }
      return changed;
    },
    opts,
  );
}

export function promoteIn(m: Mut, id: string, by: string): Instinct {
  const e = entryOf(m, id)!;
  const x: Instinct = { ...e.value! };
  const from = x.project;
  x.scope = 'global';
  delete x.project;
  if (from !== undefined && !x.projects.includes(from)) x.projects = [...x.projects, from].sort();
  x.evidence = withEvidence(x.evidence, `${m.nowIso.slice(0, 16)}Z: made global by ${by}${from ? ` (was project ${from})` : ''}`);
  save(m, e, x);
  return entryOf(m, id)!.value!;
}

/** `homunculus promote <id> --global`: a project's instinct for every project. */
export function promoteGlobal(ctx: StoreCtx, ref: string): { id: string; pattern: string; scope: 'global'; was_project: string | null } {
  return mutate(ctx, (m) => {
    const e = resolveRef(m, ref);
    if (!e?.value) throw new StoreError(`no instinct ${JSON.stringify(ref)}: give an id or a pattern key from list or search`);
    if (observedSource(e.value)) throw new StoreError(`${e.value.id} is observed: the analyzer sets its scope (global once it holds in ${m.ctx.config.universalProjects} projects)`);
    if (e.value.scope === 'global') throw new StoreError(`${e.value.id} is global already`);
    const was = e.value.project ?? null;
    const x = promoteIn(m, e.value.id, 'hand');
    return { id: x.id, pattern: x.pattern, scope: 'global', was_project: was };
  });
}
