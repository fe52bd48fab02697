import { DAY_MS } from '../lib/clock.js';
import { readOnlyReason } from '../lib/clock-guard.js';
import { layout } from '../lib/data-home.js';
import { archiveText, keepUserVersion } from './archive.js';
import { disagreements, repairEvents, type Disagreement } from './consistency.js';
import { compactEvents, event, readEvents, type StoreEvent } from './events.js';
import { factFields, instinctFields, renderFact, renderInstinct, updateUserFile, withEvidence, oneLine } from './files.js';
import { writeIndex } from './index-file.js';
import { storePaths, withStoreLock } from './io.js';
import { cli } from '../lib/invocation.js';
import { categoryOf, idFor, isFormerId, KeyError, normalizeKey, validId, type Category } from './keys.js';
import { clamp, decayed, feedbackDelta, finishLevelState, pruneCategory, reinforced, round4, type FeedbackKind } from './lifecycle.js';
import { migrateLegacy } from './migrate.js';
import { DOMAIN, MAX_EXPLAIN, MAX_SESSION_IDS, MAX_TEXT, zeroFeedback, type Fact, type Instinct, type Scope, type Source, observedSource } from './model.js';
import { promotedKeys } from './rules.js';
import { classifyEntry, scanFacts, scanInstincts, type Entry } from './scan.js';
import { conflictPairs, conflicts, keyPairs, keySimilarity, mergeLoses, textSimilarity, valuesDiffer } from './similarity.js';
import { planDream, type DreamPlan, type ShadowText } from './dream.js';
import { readAliases, type StoreCtx } from './store.js';
import { recoverStore, StoreTxn, unchanged } from './txn.js';
import { plural } from '../lib/plural.js';
import { whenClause } from '../lib/safe-text.js';

// Every change to the store: teaching (observe), feedback, aliases, writes, deletes, merges,
// facts, imports, housekeeping. Each runs under the store's lock (the analysis lock), reads the
// files afresh, stages its files and its confidence changes, commits them all or nothing with
// their event log lines (store/txn.ts), and rewrites the index. Observed files are rewritten
// whole (they are the analyzer's; a hand edit is kept in archive/ first); taught and imported
// files are the user's and are changed minimally.

export class StoreError extends Error {}

/**
 * Refuses a step that removes, archives or folds by age when the clock is far ahead of the real
 * one (a typo such as 2062 for 2026: at such a time everything looks expired), or behind the
 * newest record (what was just seen looks unseen). As analyze and bye, which turn read-only
 * there (lib/clock-guard.ts).
 */
export function refuseUnsafeClock(ctx: StoreCtx, what: string): void {
  const reason = readOnlyReason(ctx.home, ctx.now.getTime());
  if (reason !== undefined) throw new StoreError(`${what}: refused: ${reason}; nothing was removed, archived or folded`);
}

export interface Mut {
  ctx: StoreCtx;
  nowIso: string;
  nowMs: number;
  instincts: Entry<Instinct>[];
  facts: Entry<Fact>[];
  events: StoreEvent[];
  aliases: Map<string, string>;
  aliasesChanged: boolean;
  /** The files this change writes and removes, committed with `events` (store/txn.ts). */
  txn: StoreTxn;
  /** Lookups by id and by file, built when first needed and kept in step by save and archive. */
  index?: { of: Entry<Instinct>[]; length: number; byId: Map<string, Entry<Instinct>>; byFile: Map<string, Entry<Instinct>> };
  /** rules.json's promoted keys, read once a change (nothing writes it under the store's lock). */
  promoted?: Map<string, string>;
}

export function mutate<T>(ctx: StoreCtx, fn: (m: Mut) => T, opts: { lockHeld?: boolean } = {}): T {
  const nowIso = ctx.now.toISOString();
  return withStoreLock(
    ctx.home,
    () => {
      recoverStore(ctx.home);
      migrateLegacy(ctx.home, ctx.config, nowIso, { lockHeld: true });
      // Whether a file is the store's own bytes matters only for an observed one (a person's edit
      // of it is kept before it is replaced): rendering every file back was most of a scan's cost.
      const instincts = scanInstincts(ctx.home, { classify: false });
      for (const e of instincts) if (observedSource(e.value)) classifyEntry(e);
      const facts = scanFacts(ctx.home, { classify: false });
      const m: Mut = { ctx, nowIso, nowMs: ctx.now.getTime(), instincts, facts, events: [], aliases: readAliases(ctx.home), aliasesChanged: false, txn: new StoreTxn(ctx.home) };
      // A step that throws (a refused change) leaves nothing written: the change is only staged.
      const result = fn(m);
      commit(m);
      try {
        // The files read above that this change did not write are not read again.
        writeIndex(ctx.home, { instincts: unchanged(instincts, layout.instincts(ctx.home), m.txn), facts: unchanged(facts, layout.facts(ctx.home), m.txn) });
      } catch {
        // a cache: a reader that finds it stale reads the files
      }
      return result;
    },
    opts,
  );
}

/** Commits what the change has staged, with its events and aliases: all of it, or nothing (store/txn.ts). */
function commit(m: Mut): void {
  if (m.aliasesChanged) m.txn.write(layout.aliases(m.ctx.home), `${JSON.stringify({ aliases: Object.fromEntries([...m.aliases].sort()) }, null, 2)}\n`);
  m.aliasesChanged = false;
  m.txn.commit(m.events);
  m.events = [];
}

const norm = (k: string) => k.toLowerCase();

function live(m: Mut): Instinct[] {
  return m.instincts.filter((e) => e.value).map((e) => e.value!);
}

/**
 * The index of m.instincts (rebuilt if the array was changed elsewhere). An id names its file
 * (`<id>.md`: scan drops a value whose id does not), so each id and each file is one entry.
 */
function indexOf(m: Mut): NonNullable<Mut['index']> {
  const ix = m.index;
  if (ix && ix.of === m.instincts && ix.length === m.instincts.length) return ix;
  const byId = new Map<string, Entry<Instinct>>();
  const byFile = new Map<string, Entry<Instinct>>();
  for (const e of m.instincts) {
    if (e.value && !byId.has(e.value.id)) byId.set(e.value.id, e);
    if (!byFile.has(e.file)) byFile.set(e.file, e);
  }
  m.index = { of: m.instincts, length: m.instincts.length, byId, byFile };
  return m.index;
}

function entryOf(m: Mut, id: string): Entry<Instinct> | undefined {
  return indexOf(m).byId.get(id);
}

/** By id, pattern key or alias. */
export function resolve(m: Mut, ref: string): Entry<Instinct> | undefined {
  const byId = entryOf(m, ref);
  if (byId) return byId;
  let key: string | undefined;
  try {
    key = normalizeKey(ref);
  } catch {
    return undefined;
  }
  const target = m.aliases.get(norm(key));
  const want = [norm(key), ...(target ? [norm(target)] : [])];
  for (const w of want) {
    const e = m.instincts.find((x) => x.value && norm(x.value.pattern) === w);
    if (e) return e;
  }
  return undefined;
}

/** By id, pattern key or alias, else by an id an earlier version gave it (keys.ts isFormerId). */
function resolveRef(m: Mut, ref: string): Entry<Instinct> | undefined {
  return resolve(m, ref) ?? m.instincts.find((e) => e.value !== undefined && isFormerId(ref, e.value.pattern));
}

function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(after)) if (JSON.stringify(before[k]) !== JSON.stringify(v)) out[k] = v;
  for (const k of Object.keys(before)) if (!(k in after)) out[k] = undefined;
  return out;
}

function finish(m: Mut, x: Instinct): void {
  m.promoted ??= promotedKeys(m.ctx.home);
  const promoted = x.promoted_at !== undefined || m.promoted.has(x.pattern);
  finishLevelState(x, promoted, m.nowMs, m.ctx.config);
}

/** Writes an instinct: the user's files minimally, observed ones whole. */
export function save(m: Mut, entry: Entry<Instinct> | undefined, x: Instinct): void {
  finish(m, x);
  const path = storePaths(m.ctx.home).instinct(x.id);
  let text: string;
  if (entry?.value && !observedSource(x)) {
    const newEvidence = x.evidence.filter((e) => !entry.value!.evidence.includes(e));
    text = updateUserFile(entry.text, changedFields(instinctFields(entry.value), instinctFields(x)), newEvidence);
  } else {
    if (entry && !entry.pristine && observedSource(entry.value)) keepUserVersion(m.ctx.home, x.id, entry.text, m.nowIso, m.txn);
    text = renderInstinct(x);
  }
  m.txn.write(path, text);
  const e: Entry<Instinct> = { file: `${x.id}.md`, stamp: undefined, text, value: x, pristine: true };
  const ix = indexOf(m);
  const old = ix.byFile.get(e.file);
  const i = old === undefined ? -1 : m.instincts.indexOf(old);
  if (i === -1) m.instincts.push(e);
  else m.instincts[i] = e;
  ix.byFile.set(e.file, e);
  ix.byId.set(x.id, e);
  ix.length = m.instincts.length;
}

export function saveFact(m: Mut, entry: Entry<Fact> | undefined, x: Fact): void {
  const path = storePaths(m.ctx.home).fact(x.id);
  const text = entry?.value ? updateUserFile(entry.text, changedFields(factFields(entry.value), factFields(x)), x.evidence.filter((e) => !entry.value!.evidence.includes(e))) : renderFact(x);
  m.txn.write(path, text);
  const e: Entry<Fact> = { file: `${x.id}.md`, stamp: undefined, text, value: x, pristine: true };
  const i = m.facts.findIndex((y) => y.file === e.file);
  if (i === -1) m.facts.push(e);
  else m.facts[i] = e;
}

/** Removes a file to archive/ with why; its confidence leaves the event log's sum. */
export function archiveInstinct(m: Mut, entry: Entry<Instinct>, reason: string): void {
  const x = entry.value!;
  archiveText(m.ctx.home, x.id, entry.text, m.nowIso, m.txn);
  m.txn.remove(storePaths(m.ctx.home).instinct(x.id));
  m.events.push(event(m.nowIso, x, -x.confidence, reason));
  const ix = indexOf(m);
  m.instincts = m.instincts.filter((e) => e !== entry);
  if (ix.byFile.get(entry.file) === entry) ix.byFile.delete(entry.file);
  if (ix.byId.get(x.id) === entry) ix.byId.delete(x.id);
  ix.of = m.instincts;
  ix.length = m.instincts.length;
}

function archiveFact(m: Mut, entry: Entry<Fact>, reason: string): void {
  const x = entry.value!;
  archiveText(m.ctx.home, `fact-${x.id}`, entry.text, m.nowIso, m.txn);
  m.txn.remove(storePaths(m.ctx.home).fact(x.id));
  m.events.push(event(m.nowIso, factRef(x), -x.confidence, reason));
  m.facts = m.facts.filter((e) => e !== entry);
}

export function factRef(x: Fact): { id: string; pattern: string; project?: string; source: Source } {
  return { id: `fact:${x.id}`, pattern: `fact:${x.id}`, ...(x.project !== undefined ? { project: x.project } : {}), source: x.source };
}

/** Brings a taught or imported record's stored confidence down to its decayed value (logged). */
function settleDecay<T extends { confidence: number; last_seen: string }>(m: Mut, x: T, ref: { id: string; pattern: string; project?: string; source: Source }): void {
  const eff = decayed(x.confidence, Date.parse(x.last_seen), m.nowMs, m.ctx.config);
  if (eff < x.confidence) {
    m.events.push(event(m.nowIso, ref, eff - x.confidence, `decay: unseen since ${x.last_seen.slice(0, 10)}`));
    x.confidence = eff;
  }
}

/** The later of two ISO times: a reinforcement at a clock set back never dates a record back (a later gc would archive what was just seen). */
function latest(seen: string, nowIso: string): string {
  return Date.parse(nowIso) > Date.parse(seen) ? nowIso : seen;
}

function addSession<T extends { sessions: number; session_ids: string[] }>(x: T, session: string | undefined): void {
  if (session === undefined || x.session_ids.includes(session)) return;
  x.sessions++;
  x.session_ids = [...x.session_ids, session].slice(-MAX_SESSION_IDS);
}

function addProject<T extends { scope: Scope; project?: string; projects: string[] }>(x: T, project: string | null, universal: number): void {
  if (project === null || x.projects.includes(project)) return;
  x.projects = [...x.projects, project].sort();
  if (x.projects.length >= universal) {
    x.scope = 'global';
    delete x.project;
  }
}

function text(v: unknown, what: string, max: number, required: boolean): string {
  if (v === undefined || v === null || v === '') {
    if (required) throw new StoreError(`${what} is required: say it in a few words`);
    return '';
  }
  if (typeof v !== 'string') throw new StoreError(`${what} must be text, found ${typeof v}`);
  const s = oneLine(v);
  if (s.length > max) throw new StoreError(`${what} must be at most ${max} characters, found ${s.length}`);
  return s;
}

function domainOf(v: unknown, fallback: string): string {
  if (v === undefined || v === null || v === '') return fallback;
  if (typeof v !== 'string' || !DOMAIN.test(v)) throw new StoreError(`domain must be a word of [a-z0-9-] (workflow, tool-preference, testing, code-style, error-handling, architecture, documentation, or a tag of your own), found ${JSON.stringify(v)?.slice(0, 40)}`);
  return v;
}

function key(raw: unknown): string {
  try {
    return normalizeKey(raw as string);
  } catch (e) {
    if (e instanceof KeyError) throw new StoreError(e.message);
    throw e;
  }
}

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
  /** Import only: a confidence that raises the instinct's, never lowers it. */
  confidence?: number;
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

function capFor(scope: Scope, c: StoreCtx['config'], facts: boolean): number {
  if (facts) return scope === 'global' ? c.maxGlobalFacts : c.maxProjectFacts;
  return scope === 'global' ? c.maxGlobalInstincts : c.maxProjectInstincts;
}

/** Keeps a scope under its cap: the least confident taught or imported instincts go first. */
export function enforceInstinctCap(m: Mut, scope: Scope, project: string | undefined, keep: string): string[] {
  const same = (x: Instinct) => x.scope === scope && (scope === 'global' || x.project === project);
  const all = live(m).filter(same);
  const cap = capFor(scope, m.ctx.config, false);
  const evicted: string[] = [];
  const candidates = all
    .filter((x) => !observedSource(x) && x.id !== keep)
    .sort((a, b) => decayed(a.confidence, Date.parse(a.last_seen), m.nowMs, m.ctx.config) - decayed(b.confidence, Date.parse(b.last_seen), m.nowMs, m.ctx.config) || (a.last_seen < b.last_seen ? -1 : 1));
  let n = all.length;
  while (n > cap && candidates.length) {
    const x = candidates.shift()!;
    archiveInstinct(m, entryOf(m, x.id)!, `evicted: over the cap of ${cap} ${scope === 'global' ? 'global' : 'project'} instincts, least confident`);
    evicted.push(x.id);
    n--;
  }
  return evicted;
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

function teachIn(m: Mut, input: TeachInput & { source: 'taught' | 'imported' }): TeachResult {
  const c = m.ctx.config;
  const pattern = input.pattern;
  let entry = resolve(m, pattern);
  let merged: string | undefined;
  if (entry === undefined) {
    // A taught instinct close enough to an existing one of the same category is the same habit.
    let best: { e: Entry<Instinct>; s: number } | undefined;
    for (const e of m.instincts) {
      if (!e.value || observedSource(e.value)) continue;
      // Another value (jest after vitest, node 22 after 18) is another instinct, never a merge.
      if (valuesDiffer(pattern, e.value.pattern, true)) continue;
      if (input.trigger !== undefined && input.action !== undefined && valuesDiffer(`${input.trigger} ${input.action}`, `${e.value.trigger} ${e.value.action}`)) continue;
      const s = keySimilarity(pattern, e.value.pattern);
      if (s >= c.mergeThreshold && (best === undefined || s > best.s)) best = { e, s };
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
    if (input.source === 'imported' && typeof input.confidence === 'number' && input.confidence > x.confidence) {
      const raised = clamp(input.confidence, c);
      m.events.push(event(m.nowIso, ref, raised - x.confidence, `import: confidence ${raised} given`));
      x.confidence = raised;
    }
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
  let confidence = c.taughtStart;
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
  if (input.source === 'imported' && typeof input.confidence === 'number' && input.confidence > confidence) {
    const raised = clamp(input.confidence, c);
    m.events.push(event(m.nowIso, ref, raised - confidence, `import: confidence ${raised} given`));
    x.confidence = confidence = raised;
  }
  save(m, undefined, x);
  const evicted = enforceInstinctCap(m, x.scope, x.project, x.id);
  const contradictions = findContradictions(m, entryOf(m, x.id)!.value!);
  const final = entryOf(m, x.id)!.value!;
  return { id, pattern, confidence: final.confidence, level: final.level, created: true, contradictions, evicted };
}

export interface FeedbackResult {
  id: string;
  pattern: string;
  kind: FeedbackKind;
  delta: number;
  confidence: number;
  level: string;
  /** Observed: the adjustment kept beside the analyzer's score, and whether it blocks promotion. */
  adjustment?: number;
  blocks_promotion?: boolean;
}

function applyFeedback(m: Mut, entry: Entry<Instinct> | undefined, x0: Instinct, kind: FeedbackKind, reason: string): FeedbackResult {
  const c = m.ctx.config;
  const x: Instinct = { ...x0 };
  const ref = { id: x.id, pattern: x.pattern, ...(x.project ? { project: x.project } : {}), source: x.source };
  const asked = feedbackDelta(kind, x.confirmed, c);
  let applied: number;
  if (observedSource(x)) {
    const score = x.score ?? x.confidence;
    const adj = round4(Math.min(c.maxConfidence - score, Math.max(-score, (x.adjustment ?? 0) + asked)));
    x.adjustment = adj;
    x.adjustment_runs = c.adjustmentAnalyses;
    x.adjustment_at = m.nowIso;
    const next = clamp(score + adj, c);
    applied = next - x.confidence;
    x.confidence = next;
  } else {
    settleDecay(m, x, ref);
    const next = clamp(x.confidence + asked, c);
    applied = next - x.confidence;
    x.confidence = next;
    x.last_seen = latest(x.last_seen, m.nowIso);
  }
  if (kind === 'confirm') x.confirmed++;
  else if (kind === 'correct') x.corrected++;
  else x.contradicted++;
  x.evidence = withEvidence(x.evidence, `${m.nowIso.slice(0, 16)}Z: ${kind}${m.ctx.session ? ` in session ${m.ctx.session}` : ''} (${applied >= 0 ? '+' : ''}${round4(applied)})`);
  m.events.push(event(m.nowIso, ref, applied, reason));
  save(m, entry, x);
  const out: FeedbackResult = { id: x.id, pattern: x.pattern, kind, delta: round4(applied), confidence: x.confidence, level: x.level };
  if (observedSource(x)) {
    out.adjustment = x.adjustment ?? 0;
    out.blocks_promotion = (x.adjustment ?? 0) < 0;
  }
  return out;
}

function feedbackIn(m: Mut, entry: Entry<Instinct>, kind: FeedbackKind, reason?: string): FeedbackResult {
  return applyFeedback(m, entry, entry.value!, kind, reason ?? kind);
}

export function feedback(ctx: StoreCtx, ref: string, kind: FeedbackKind): FeedbackResult {
  return mutate(ctx, (m) => {
    const entry = resolveRef(m, ref);
    if (!entry?.value) throw new StoreError(`no instinct ${JSON.stringify(ref)}: give an id or a pattern key from list or search`);
    return feedbackIn(m, entry, kind);
  });
}

/** One judged turn's outcome for an instinct the prompt router added to it (store/turn-feedback.ts). */
export interface TurnOutcome {
  id: string;
  pattern: string;
  outcome: 'confirmed' | 'corrected' | 'contradicted' | 'inactive';
  why: string;
  session: string;
  turn: number;
}

/**
 * Applies judged turns: each injected instinct was suggested once more; confirmed, corrected and
 * contradicted are the feedback of the same names (for an observed pattern an adjustment that
 * survives re-analysis), inactive is counted and changes nothing. Injected facts count as
 * suggested. An instinct gone since (archived, merged) is skipped.
 */
export function turnFeedback(ctx: StoreCtx, items: readonly TurnOutcome[], facts: readonly string[] = []): { applied: (TurnOutcome & { delta: number; confidence: number })[]; skipped: string[] } {
  const kinds = { confirmed: 'confirm', corrected: 'correct', contradicted: 'contradict' } as const;
  return mutate(ctx, (m) => {
    const applied: (TurnOutcome & { delta: number; confidence: number })[] = [];
    const skipped: string[] = [];
    for (const it of items) {
      const entry = entryOf(m, it.id) ?? resolve(m, it.pattern);
      if (!entry?.value) {
        skipped.push(it.id);
        continue;
      }
      const x: Instinct = { ...entry.value, suggested: entry.value.suggested + 1 };
      if (it.outcome === 'inactive') {
        x.inactive++;
        save(m, entry, x);
        applied.push({ ...it, delta: 0, confidence: x.confidence });
        continue;
      }
      const prevSession = m.ctx.session;
      m.ctx = { ...m.ctx, session: it.session };
      const r = applyFeedback(m, entry, x, kinds[it.outcome], `turn ${it.turn}: ${it.outcome} (${it.why})`);
      m.ctx = { ...m.ctx, ...(prevSession !== undefined ? { session: prevSession } : {}) };
      if (prevSession === undefined) delete (m.ctx as { session?: string }).session;
      applied.push({ ...it, delta: r.delta, confidence: r.confidence });
    }
    const counts = new Map<string, number>();
    for (const f of facts) counts.set(f, (counts.get(f) ?? 0) + 1);
    for (const [id, n] of counts) {
      const entry = m.facts.find((e) => e.value?.id === id);
      if (!entry?.value) continue;
      saveFact(m, entry, { ...entry.value, suggested: entry.value.suggested + n });
    }
    return { applied, skipped };
  });
}

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
function mergeIn(m: Mut, src: Entry<Instinct>, into: Entry<Instinct>): void {
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

// ---- facts

export interface FactInput {
  fact: string;
  domain?: string;
  scope?: Scope;
  id?: string;
}

export function writeFact(ctx: StoreCtx, input: FactInput): { id: string; fact: string; confidence: number; created: boolean; evicted: string[] } {
  return mutate(ctx, (m) => writeFactIn(m, input, 'taught'));
}

export function writeFactIn(m: Mut, input: FactInput, source: 'taught' | 'imported'): { id: string; fact: string; confidence: number; created: boolean; evicted: string[] } {
  const c = m.ctx.config;
  const statement = text(input.fact, 'fact', MAX_TEXT, true);
  let entry = input.id !== undefined ? m.facts.find((e) => e.value?.id === input.id) : undefined;
  if (input.id !== undefined && entry === undefined && !validId(input.id)) throw new StoreError(`an id is a slug of [a-z0-9-], found ${JSON.stringify(input.id).slice(0, 60)}`);
  entry ??= m.facts.find((e) => e.value && textSimilarity(e.value.text, statement) >= c.duplicateThreshold && !valuesDiffer(e.value.text, statement) && (e.value.scope === 'global' || e.value.project === m.ctx.project));
  if (entry?.value) {
    const x: Fact = { ...entry.value };
    const ref = factRef(x);
    settleDecay(m, x, ref);
    const before = x.confidence;
    x.confidence = reinforced(x.confidence, c);
    m.events.push(event(m.nowIso, ref, x.confidence - before, 'reinforce: fact stated again'));
    if (input.id !== undefined && statement !== x.text) x.text = statement;
    x.observations++;
    x.last_seen = latest(x.last_seen, m.nowIso);
    addSession(x, m.ctx.session);
    addProject(x, m.ctx.project, c.universalProjects);
    x.evidence = withEvidence(x.evidence, `${m.nowIso.slice(0, 16)}Z: stated again${m.ctx.session ? ` in session ${m.ctx.session}` : ''}`);
    saveFact(m, entry, x);
    return { id: x.id, fact: x.text, confidence: x.confidence, created: false, evicted: [] };
  }
  const global = input.scope === 'global' || m.ctx.project === null;
  let id = input.id ?? idFor('fact', statement);
  for (let n = 2; m.facts.some((e) => e.file === `${id}.md`); n++) id = `${input.id ?? idFor('fact', statement)}-${n}`;
  const x: Fact = {
    id,
    text: statement,
    domain: domainOf(input.domain, 'architecture'),
    scope: global ? 'global' : 'project',
    ...(global ? {} : { project: m.ctx.project! }),
    projects: m.ctx.project ? [m.ctx.project] : [],
    source,
    confidence: c.taughtStart,
    observations: 1,
    state: 'active',
    sessions: 0,
    session_ids: [],
    first_seen: m.nowIso,
    last_seen: m.nowIso,
    created: m.nowIso,
    ...zeroFeedback(),
    extra: {},
    evidence: [`${m.nowIso.slice(0, 16)}Z: ${source}${m.ctx.session ? ` in session ${m.ctx.session}` : ''}`],
    body: `# Fact\n\n${statement}\n`,
  };
  addSession(x, m.ctx.session);
  m.events.push(event(m.nowIso, factRef(x), x.confidence, `observe: new ${source} fact`));
  saveFact(m, undefined, x);
  // Caps: the least confident facts of the same scope go first.
  const same = m.facts.filter((e) => e.value && e.value.scope === x.scope && (x.scope === 'global' || e.value.project === x.project) && e.value.id !== x.id);
  const cap = capFor(x.scope, c, true);
  const evicted: string[] = [];
  same.sort((a, b) => a.value!.confidence - b.value!.confidence || (a.value!.last_seen < b.value!.last_seen ? -1 : 1));
  while (same.length + 1 > cap && same.length) {
    const e = same.shift()!;
    evicted.push(e.value!.id);
    archiveFact(m, e, `evicted: over the cap of ${cap} facts, least confident`);
  }
  return { id, fact: statement, confidence: x.confidence, created: true, evicted };
}

export function deleteFact(ctx: StoreCtx, id: string): { id: string; archived: true } {
  return mutate(ctx, (m) => {
    const e = m.facts.find((f) => f.value?.id === id);
    if (!e) throw new StoreError(`no fact ${JSON.stringify(id)}: list the facts for its id (${cli('facts list')}; over MCP fact_list)`);
    archiveFact(m, e, 'deleted');
    return { id, archived: true as const };
  });
}

// ---- import

export interface ImportRow extends TeachInput {
  fact?: string;
}

export interface ImportResult {
  created: string[];
  reinforced: string[];
  facts: string[];
  /** Rows over this run's caps (maxNewInstinctsPerRun, maxNewFactsPerRun), or invalid, with why. */
  skipped: { row: number; reason: string }[];
}

/** Each row reinforces like observe (new ones are `imported`); a given confidence raises, never lowers. */
export function importPatterns(ctx: StoreCtx, rows: readonly ImportRow[], from?: string): ImportResult {
  return mutate(ctx, (m) => {
    const out: ImportResult = { created: [], reinforced: [], facts: [], skipped: [] };
    let newFacts = 0;
    rows.forEach((row, i) => {
      try {
        if (typeof row.fact === 'string') {
          const known = m.facts.some((e) => e.value && textSimilarity(e.value.text, row.fact!) >= m.ctx.config.duplicateThreshold && !valuesDiffer(e.value.text, row.fact!));
          if (!known && newFacts >= m.ctx.config.maxNewFactsPerRun) {
            out.skipped.push({ row: i + 1, reason: `over maxNewFactsPerRun (${m.ctx.config.maxNewFactsPerRun}) new facts in one import` });
            return;
          }
          const r = writeFactIn(m, { fact: row.fact, ...(row.domain ? { domain: row.domain } : {}), ...(row.scope ? { scope: row.scope } : {}) }, 'imported');
          if (r.created) newFacts++;
          out.facts.push(r.id);
          return;
        }
        const pattern = key(row.pattern);
        if (resolve(m, pattern) === undefined && out.created.length >= m.ctx.config.maxNewInstinctsPerRun) {
          out.skipped.push({ row: i + 1, reason: `over maxNewInstinctsPerRun (${m.ctx.config.maxNewInstinctsPerRun}) new instincts in one import` });
          return;
        }
        const r = teachIn(m, { ...row, pattern, source: 'imported', ...(from ? { imported_from: from } : {}) });
        (r.created ? out.created : out.reinforced).push(r.id);
      } catch (e) {
        if (!(e instanceof StoreError)) throw e;
        out.skipped.push({ row: i + 1, reason: e.message });
      }
    });
    return out;
  });
}

// ---- housekeeping

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
      // in a merge, so the alike pairs of each scope are found once (store/candidates.ts: only
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

/** Marks which instincts are rules now (bye): promoted_at set or cleared, levels updated. */
export function markPromoted(ctx: StoreCtx, promoted: ReadonlyMap<string, string>, opts: { lockHeld?: boolean } = {}): string[] {
  return mutate(
    ctx,
    (m) => {
      const changed: string[] = [];
      for (const e of [...m.instincts]) {
        const x = e.value;
        if (!x) continue;
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

/** A day in ms, for callers that speak in days. */
export const DAY = DAY_MS;

// ---- dream (store/dream.ts plans, this carries out)

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

function promoteIn(m: Mut, id: string, by: string): Instinct {
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
