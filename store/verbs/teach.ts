import { event } from '../files/events.js';
import { withEvidence, oneLine } from '../model/frontmatter.js';
import { categoryOf, idFor, validId, type Category } from '../model/keys.js';
import { reinforced } from '../model/lifecycle.js';
import { MAX_EXPLAIN, MAX_TEXT, zeroFeedback, type Instinct, type Scope, observedSource } from '../model/model.js';
import { addProject, addSession, archiveInstinct, domainOf, enforceInstinctCap, entryOf, key, latest, live, mutate, norm, resolve, resolveRef, save, settleDecay, StoreError, text, type Mut } from './mutate.js';
import { applyFeedback, feedbackIn } from './feedback.js';
import { conflicts, keySimilarity, mergeLoses } from '../views/similarity.js';
import type { Entry } from '../files/scan.js';
import type { StoreCtx } from '../views/snapshot.js';
import { whenClause } from '../../lib/safe-text.js';

// Teaching: `teach` (observe over MCP, `homunculus teach`) creates a taught or imported instinct
// or reinforces the one it names (or one close enough of the same category: a merge); an observed
// pattern taught again is confirmed instead. `writeInstinct` and `deleteInstinct` change or remove
// the user's own. A new teaching that conflicts with an older one down-weights the older once.

export interface TeachInput {
  pattern: string;
  trigger?: string;
  action?: string;
  explain?: string;
  domain?: string;
  /** 'global' to teach it everywhere; default: the current project's (global outside a project). */
  scope?: Scope;
  source?: 'taught' | 'imported';
  imported_from?: string;
}

export interface TeachResult {
  id: string;
  pattern: string;
  confidence: number;
  level: string;
  created: boolean;
  /** The existing instinct it was merged into (similar key), or that an alias led to. */
  merged_into?: string;
  contradictions: { id: string; pattern: string }[];
  /** An observed pattern is confirmed rather than taught again. */
  confirmed_observed?: boolean;
  /** Graduated (homunculus graduate): where it lives now; it is not reinforced any more. */
  evolved_to?: string;
  /** Evicted to keep the scope under its cap. */
  evicted: string[];
}

function findContradictions(m: Mut, x: Instinct): { id: string; pattern: string }[] {
  if (observedSource(x)) return [];
  const found: { id: string; pattern: string }[] = [];
  for (const y of live(m)) {
    if (y.id === x.id || observedSource(y)) continue;
    if (!(y.scope === 'global' || x.scope === 'global' || y.project === x.project)) continue;
    if (!conflicts(x, y, m.ctx.config.mergeThreshold)) continue;
    found.push({ id: y.id, pattern: y.pattern });
    // The older of the two is down-weighted, once per pair: the newer teaching is the current word.
    const older = y.last_seen <= x.last_seen ? y : x;
    const newer = older === y ? x : y;
    if (older.contradicts?.includes(newer.id)) continue;
    applyFeedback(m, entryOf(m, older.id), older, 'contradict', `contradict: conflicts with ${newer.pattern}`);
    const o = entryOf(m, older.id)!.value!;
    o.contradicts = [...(o.contradicts ?? []), newer.id];
    save(m, entryOf(m, older.id), o);
  }
  return found;
}

export function teach(ctx: StoreCtx, input: TeachInput): TeachResult {
  const pattern = key(input.pattern);
  const source = input.source ?? 'taught';
  return mutate(ctx, (m) => teachIn(m, { ...input, pattern, source }));
}

export function teachIn(m: Mut, input: TeachInput & { source: 'taught' | 'imported' }): TeachResult {
  const c = m.ctx.config;
  const pattern = input.pattern;
  let entry = resolve(m, pattern);
  let merged: string | undefined;
  if (entry === undefined) {
    // A taught instinct close enough to an existing one of the same category is the same habit.
    let best: { e: Entry<Instinct>; s: number } | undefined;
    for (const e of m.instincts) {
      if (!e.value || observedSource(e.value)) continue;
      const s = keySimilarity(pattern, e.value.pattern);
      if (s < c.mergeThreshold) continue;
      // Another value (jest after vitest, node 22 after 18) is another instinct, never a merge; so
      // is a word of its own where the other has another (tabs after spaces, yarn after pnpm).
      if (mergeLoses({ pattern, trigger: input.trigger ?? e.value.trigger, action: input.action ?? e.value.action, source: input.source }, e.value)) continue;
      if (best === undefined || s > best.s) best = { e, s };
    }
    if (best) {
      entry = best.e;
      merged = best.e.value!.id;
      if (norm(best.e.value!.pattern) !== norm(pattern)) {
        m.aliases.set(norm(pattern), best.e.value!.pattern);
        m.aliasesChanged = true;
      }
    }
  } else if (norm(entry.value!.pattern) !== norm(pattern)) {
    merged = entry.value!.id;
  }
  if (entry?.value?.evolved_to) {
    // Graduated into a guideline, a skill or a command: it lives there now, and is not reinforced.
    const x = entry.value;
    return { id: x.id, pattern: x.pattern, confidence: x.confidence, level: x.level, created: false, contradictions: [], evicted: [], evolved_to: x.evolved_to };
  }
  if (observedSource(entry?.value)) {
    const r = feedbackIn(m, entry!, 'confirm', `confirm: taught again (${pattern})`);
    return { id: r.id, pattern: r.pattern, confidence: r.confidence, level: r.level, created: false, contradictions: [], confirmed_observed: true, evicted: [] };
  }
  if (entry?.value) {
    const x: Instinct = { ...entry.value };
    const ref = { id: x.id, pattern: x.pattern, ...(x.project ? { project: x.project } : {}), source: x.source };
    settleDecay(m, x, ref);
    const before = x.confidence;
    x.confidence = reinforced(x.confidence, c);
    m.events.push(event(m.nowIso, ref, x.confidence - before, `reinforce: observe ${pattern}`));
    x.observations++;
    x.last_seen = latest(x.last_seen, m.nowIso);
    addSession(x, m.ctx.session);
    addProject(x, m.ctx.project, c.universalProjects);
    x.evidence = withEvidence(x.evidence, `${m.nowIso.slice(0, 16)}Z: ${input.source === 'imported' ? 'imported' : 'observed'} again${m.ctx.session ? ` in session ${m.ctx.session}` : ''}${m.ctx.project ? ` (project ${m.ctx.project})` : ''}${merged && norm(pattern) !== norm(x.pattern) ? ` as ${pattern}` : ''}`);
    save(m, entry, x);
    const contradictions = findContradictions(m, entryOf(m, x.id)!.value!);
    const final = entryOf(m, x.id)!.value!;
    return { id: final.id, pattern: final.pattern, confidence: final.confidence, level: final.level, created: false, ...(merged ? { merged_into: merged } : {}), contradictions, evicted: [] };
  }
  const category = categoryOf(pattern) as Category;
  const trigger = text(input.trigger, 'trigger (when it applies)', MAX_TEXT, true);
  const action = text(input.action, 'action (what to do)', MAX_TEXT, true);
  const global = input.scope === 'global' || m.ctx.project === null;
  let id = idFor('', pattern);
  for (let n = 2; m.instincts.some((e) => e.file === `${id}.md`); n++) id = `${idFor('', pattern)}-${n}`;
  const confidence = c.taughtStart;
  const x: Instinct = {
    id,
    pattern,
    category,
    domain: domainOf(input.domain, category === 'error_retry' ? 'error-handling' : category === 'preference' ? 'tool-preference' : 'workflow'),
    trigger,
    action,
    explain: text(input.explain, 'explain', MAX_EXPLAIN, false),
    scope: global ? 'global' : 'project',
    ...(global ? {} : { project: m.ctx.project! }),
    projects: m.ctx.project ? [m.ctx.project] : [],
    source: input.source,
    confidence,
    observations: 1,
    level: 'seedling',
    state: 'active',
    sessions: 0,
    session_ids: [],
    first_seen: m.nowIso,
    last_seen: m.nowIso,
    created: m.nowIso,
    ...zeroFeedback(),
    aliases: [],
    extra: {},
    evidence: [`${m.nowIso.slice(0, 16)}Z: ${input.source === 'imported' ? `imported${input.imported_from ? ` from ${oneLine(input.imported_from).slice(0, 100)}` : ''}` : 'taught'}${m.ctx.session ? ` in session ${m.ctx.session}` : ''}${m.ctx.project ? ` (project ${m.ctx.project})` : ''}`],
    body: `# ${pattern}\n\nWhen ${whenClause(trigger)}: ${action}\n${input.explain ? `\n${oneLine(input.explain)}\n` : ''}`,
  };
  if (input.imported_from) x.imported_from = oneLine(input.imported_from).slice(0, 200);
  addSession(x, m.ctx.session);
  const ref = { id, pattern, ...(x.project ? { project: x.project } : {}), source: x.source };
  m.events.push(event(m.nowIso, ref, confidence, `observe: new ${input.source} instinct`));
  save(m, undefined, x);
  const evicted = enforceInstinctCap(m, x.scope, x.project, x.id);
  const contradictions = findContradictions(m, entryOf(m, x.id)!.value!);
  const final = entryOf(m, x.id)!.value!;
  return { id, pattern, confidence: final.confidence, level: final.level, created: true, contradictions, evicted };
}

export interface WriteInput {
  id?: string;
  pattern?: string;
  trigger?: string;
  action?: string;
  explain?: string;
  domain?: string;
  scope?: Scope;
}

/** Creates a taught instinct, or changes the given fields of a taught or imported one. */
export function writeInstinct(ctx: StoreCtx, input: WriteInput): { id: string; pattern: string; created: boolean; confidence: number; level: string } {
  return mutate(ctx, (m) => {
    const entry = input.id !== undefined ? entryOf(m, input.id) : input.pattern !== undefined ? resolve(m, key(input.pattern)) : undefined;
    if (input.id !== undefined && !validId(input.id)) throw new StoreError(`an id is a slug of [a-z0-9-], found ${JSON.stringify(input.id).slice(0, 60)}`);
    if (entry?.value === undefined) {
      if (input.id !== undefined && input.pattern === undefined) throw new StoreError(`no instinct ${input.id}; to create one give its pattern, trigger and action`);
      if (input.pattern === undefined) throw new StoreError('give the pattern (with a category prefix, like pref:pkg=pnpm), trigger and action of the instinct to write');
      const r = teachIn(m, { pattern: key(input.pattern), source: 'taught', ...(input.trigger !== undefined ? { trigger: input.trigger } : {}), ...(input.action !== undefined ? { action: input.action } : {}), ...(input.explain !== undefined ? { explain: input.explain } : {}), ...(input.domain !== undefined ? { domain: input.domain } : {}), ...(input.scope !== undefined ? { scope: input.scope } : {}) });
      return { id: r.id, pattern: r.pattern, created: r.created, confidence: r.confidence, level: r.level };
    }
    const x: Instinct = { ...entry.value };
    if (observedSource(x)) throw new StoreError(`${x.id} is observed: the analyzer writes it; give it feedback instead (confirm, correct, contradict)`);
    if (input.trigger !== undefined) x.trigger = text(input.trigger, 'trigger', MAX_TEXT, true);
    if (input.action !== undefined) x.action = text(input.action, 'action', MAX_TEXT, true);
    if (input.explain !== undefined) x.explain = text(input.explain, 'explain', MAX_EXPLAIN, false);
    if (input.domain !== undefined) x.domain = domainOf(input.domain, x.domain);
    if (input.pattern !== undefined && input.id !== undefined) {
      const k = key(input.pattern);
      if (categoryOf(k) !== x.category) throw new StoreError(`the new pattern ${k} is of another category than ${x.pattern}`);
      if (norm(k) !== norm(x.pattern)) {
        m.aliases.set(norm(x.pattern), k);
        m.aliasesChanged = true;
        x.pattern = k;
      }
    }
    if (input.scope === 'global' && x.scope !== 'global') {
      x.scope = 'global';
      delete x.project;
    } else if (input.scope === 'project') {
      if (m.ctx.project === null) throw new StoreError('scope "project" needs a current project: run it inside one');
      x.scope = 'project';
      x.project = m.ctx.project;
      if (!x.projects.includes(m.ctx.project)) x.projects = [...x.projects, m.ctx.project].sort();
    }
    save(m, entry, x);
    return { id: x.id, pattern: x.pattern, created: false, confidence: x.confidence, level: entryOf(m, x.id)!.value!.level };
  });
}

export function deleteInstinct(ctx: StoreCtx, ref: string): { id: string; pattern: string; archived: true } {
  return mutate(ctx, (m) => {
    const entry = resolveRef(m, ref);
    if (!entry?.value) throw new StoreError(`no instinct ${JSON.stringify(ref)}`);
    if (observedSource(entry.value)) throw new StoreError(`${entry.value.id} is observed: the analyzer owns it and would write it again; correct or contradict it instead`);
    const { id, pattern } = entry.value;
    archiveInstinct(m, entry, 'deleted');
    for (const [k, t] of m.aliases) {
      if (norm(t) === norm(pattern)) {
        m.aliases.delete(k);
        m.aliasesChanged = true;
      }
    }
    return { id, pattern, archived: true as const };
  });
}
