import { event } from '../files/events.js';
import { withEvidence } from '../model/frontmatter.js';
import { type Instinct, observedSource } from '../model/model.js';
import { addProject, addSession, archiveInstinct, entryOf, key, mutate, norm, resolve, resolveRef, save, StoreError, type Mut } from './mutate.js';
import type { Entry } from '../files/scan.js';
import type { StoreCtx } from '../views/snapshot.js';
import { plural } from '../../lib/plural.js';

// Aliases and merges: another key for an instinct (`alias`), and two taught or imported instincts
// made one (`merge`; housekeep and dream merge the same way, through mergeIn). Observed patterns
// are the analyzer's and are neither aliased away nor merged.

export function alias(ctx: StoreCtx, from: string, to: string): { from: string; to: string; target: string; merged?: string } {
  const fromKey = key(from);
  return mutate(ctx, (m) => {
    const target = resolveRef(m, to);
    if (!target?.value) throw new StoreError(`no instinct ${JSON.stringify(to)} to alias to: give an existing id or pattern`);
    if (norm(target.value.pattern) === norm(fromKey)) throw new StoreError(`${fromKey} is already that instinct's own key`);
    const src = resolve(m, fromKey);
    let merged: string | undefined;
    if (src?.value && src.value.id !== target.value.id) {
      if (observedSource(src.value)) throw new StoreError(`${fromKey} is an observed pattern: the analyzer would write it again; alias a taught or imported key, or give it feedback`);
      mergeIn(m, src, target);
      merged = src.value.id;
    }
    m.aliases.set(norm(fromKey), target.value.pattern);
    m.aliasesChanged = true;
    return { from: fromKey, to: target.value.pattern, target: target.value.id, ...(merged ? { merged } : {}) };
  });
}

/** Merges `src` (taught or imported) into `into`: evidence summed, the larger confidence kept. */
export function mergeIn(m: Mut, src: Entry<Instinct>, into: Entry<Instinct>): void {
  const s = src.value!;
  const t: Instinct = { ...into.value! };
  const ref = { id: t.id, pattern: t.pattern, ...(t.project ? { project: t.project } : {}), source: t.source };
  t.observations += s.observations;
  for (const id of s.session_ids) addSession(t, id);
  t.sessions += Math.max(0, s.sessions - s.session_ids.length); // sessions beyond the ids kept
  for (const p of s.projects) addProject(t, p, m.ctx.config.universalProjects);
  if (s.first_seen < t.first_seen) t.first_seen = s.first_seen;
  if (s.last_seen > t.last_seen) t.last_seen = s.last_seen;
  t.confirmed += s.confirmed;
  t.corrected += s.corrected;
  t.contradicted += s.contradicted;
  t.aliases = [...new Set([...t.aliases, s.pattern, ...s.aliases])];
  if (!observedSource(t) && s.confidence > t.confidence) {
    m.events.push(event(m.nowIso, ref, s.confidence - t.confidence, `merge: took the confidence of ${s.pattern}`));
    t.confidence = s.confidence;
  }
  t.evidence = withEvidence(t.evidence, `${m.nowIso.slice(0, 16)}Z: merged ${s.pattern} (${plural(s.observations, 'observation')})`);
  save(m, into, t);
  archiveInstinct(m, src, `merged into ${t.pattern}`);
}

export function merge(ctx: StoreCtx, from: string, into: string): { merged: string; into: string; observations: number; confidence: number } {
  return mutate(ctx, (m) => {
    const src = resolveRef(m, from);
    const dst = resolveRef(m, into);
    if (!src?.value) throw new StoreError(`no instinct ${JSON.stringify(from)} to merge`);
    if (!dst?.value) throw new StoreError(`no instinct ${JSON.stringify(into)} to merge into`);
    if (src.value.id === dst.value.id) throw new StoreError('an instinct cannot be merged into itself');
    if (observedSource(src.value)) throw new StoreError(`${src.value.id} is observed: the analyzer owns it and would write it again; merge taught or imported instincts`);
    const srcPattern = src.value.pattern;
    mergeIn(m, src, dst);
    m.aliases.set(norm(srcPattern), dst.value.pattern);
    m.aliasesChanged = true;
    const t = entryOf(m, dst.value.id)!.value!;
    return { merged: src.value.id, into: t.id, observations: t.observations, confidence: t.confidence };
  });
}
