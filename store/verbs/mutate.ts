import { readOnlyReason } from '../../lib/clock-guard.js';
import { layout } from '../../lib/data-home.js';
import { archiveText, keepUserVersion } from '../files/archive.js';
import { event, type StoreEvent } from '../files/events.js';
import { factFields, instinctFields, renderFact, renderInstinct } from '../model/file-format.js';
import { updateUserFile, oneLine } from '../model/frontmatter.js';
import { writeIndex } from '../files/index-file.js';
import { storePaths, withStoreLock } from '../files/io.js';
import { KeyError, normalizeKey, isFormerId } from '../model/keys.js';
import { decayed, finishLevelState } from '../model/lifecycle.js';
import { migrateLegacy } from '../files/migrate.js';
import { DOMAIN, MAX_SESSION_IDS, type Fact, type Instinct, type Scope, type Source, observedSource } from '../model/model.js';
import { promotedKeys } from '../files/promoted-keys.js';
import { readRulesState } from '../../rules/read.js';
import { writeRulesDoc } from '../../rules/write.js';
import { decideTaught } from '../promotion/taught-decisions.js';
import { classifyEntry, scanFacts, scanInstincts, type Entry } from '../files/scan.js';
import { readAliases, type StoreCtx } from '../views/snapshot.js';
import { recoverStore, StoreTxn, unchanged } from '../files/txn.js';

// The core of every change to the store: `mutate` runs a change under the store's lock (the
// analysis lock), reads the files afresh, lets the change stage its files and its confidence
// changes, commits them all or nothing with their event log lines (store/files/txn.ts), and rewrites
// the index. Observed files are rewritten whole (they are the analyzer's; a hand edit is kept in
// archive/ first); taught and imported files are the user's and are changed minimally. Here too
// the helpers the verbs share (lookups, save and archive, decay, sessions and projects, input
// checks, caps); the verbs are one module a family: teach, feedback, facts, merge, import-rows,
// housekeep, promotion-marks, dream-apply.

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
  /** The files this change writes and removes, committed with `events` (store/files/txn.ts). */
  txn: StoreTxn;
  /** Lookups by id and by file, built when first needed and kept in step by save and archive. */
  index?: { of: Entry<Instinct>[]; length: number; byId: Map<string, Entry<Instinct>>; byFile: Map<string, Entry<Instinct>> };
  /** rules.json's promoted keys, read once a change (nothing writes it under the store's lock). */
  promoted?: Map<string, string>;
}

/**
 * The taught and imported instincts as the rules decision reads them, as one string: a change
 * whose staged files leave it unchanged does not touch rules.json. Computed before the change
 * (the entries read) and after (the entries as staged).
 */
function taughtState(entries: readonly Entry<Instinct>[]): string {
  return JSON.stringify(entries.flatMap((e) => (e.value && !observedSource(e.value) ? [[e.value.id, e.value.pattern, e.value.confidence, e.value.observations, e.value.sessions, e.value.state, e.value.scope, e.value.project ?? null, e.value.trigger, e.value.action, e.value.last_seen]] : [])).sort());
}

/**
 * rules.json's taught rules, decided again from the instincts as they are now (store/promotion/taught-decisions.ts);
 * written through the one writer only when they changed, and never over a rules.json that does not
 * read whole (bye reports that, and keeps the user's file).
 */
function syncTaughtRules(ctx: StoreCtx, instincts: readonly Instinct[]): void {
  let state: ReturnType<typeof readRulesState>;
  try {
    state = readRulesState(ctx.home);
  } catch {
    return;
  }
  if (state.problems.length > 0) return;
  const taught = decideTaught(state.doc.taught, instincts, ctx.now.getTime(), ctx.config).rules;
  if (JSON.stringify(taught) === JSON.stringify(state.doc.taught)) return;
  try {
    writeRulesDoc(ctx.home, { ...state.doc, taught });
  } catch {
    // The change itself is committed; the next change of the store, or bye, writes the rules again.
  }
}

export function mutate<T>(ctx: StoreCtx, fn: (m: Mut) => T, opts: { lockHeld?: boolean; syncTaught?: boolean } = {}): T {
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
      const taughtBefore = taughtState(m.instincts);
      // A step that throws (a refused change) leaves nothing written: the change is only staged.
      const result = fn(m);
      commit(m);
      // What a person taught is a rule at once: rules.json's taught list follows every change of it.
      if (taughtState(m.instincts) !== taughtBefore || opts.syncTaught) syncTaughtRules(ctx, live(m));
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

/** Commits what the change has staged, with its events and aliases: all of it, or nothing (store/files/txn.ts). */
export function commit(m: Mut): void {
  if (m.aliasesChanged) m.txn.write(layout.aliases(m.ctx.home), `${JSON.stringify({ aliases: Object.fromEntries([...m.aliases].sort()) }, null, 2)}\n`);
  m.aliasesChanged = false;
  m.txn.commit(m.events);
  m.events = [];
}

export const norm = (k: string) => k.toLowerCase();

export function live(m: Mut): Instinct[] {
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

export function entryOf(m: Mut, id: string): Entry<Instinct> | undefined {
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
export function resolveRef(m: Mut, ref: string): Entry<Instinct> | undefined {
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

export function archiveFact(m: Mut, entry: Entry<Fact>, reason: string): void {
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
export function settleDecay<T extends { confidence: number; last_seen: string }>(m: Mut, x: T, ref: { id: string; pattern: string; project?: string; source: Source }): void {
  const eff = decayed(x.confidence, Date.parse(x.last_seen), m.nowMs, m.ctx.config);
  if (eff < x.confidence) {
    m.events.push(event(m.nowIso, ref, eff - x.confidence, `decay: unseen since ${x.last_seen.slice(0, 10)}`));
    x.confidence = eff;
  }
}

/** The later of two ISO times: a reinforcement at a clock set back never dates a record back (a later gc would archive what was just seen). */
export function latest(seen: string, nowIso: string): string {
  return Date.parse(nowIso) > Date.parse(seen) ? nowIso : seen;
}

export function addSession<T extends { sessions: number; session_ids: string[] }>(x: T, session: string | undefined): void {
  if (session === undefined || x.session_ids.includes(session)) return;
  x.sessions++;
  x.session_ids = [...x.session_ids, session].slice(-MAX_SESSION_IDS);
}

export function addProject<T extends { scope: Scope; project?: string; projects: string[] }>(x: T, project: string | null, universal: number): void {
  if (project === null || x.projects.includes(project)) return;
  x.projects = [...x.projects, project].sort();
  if (x.projects.length >= universal) {
    x.scope = 'global';
    delete x.project;
  }
}

export function text(v: unknown, what: string, max: number, required: boolean): string {
  if (v === undefined || v === null || v === '') {
    if (required) throw new StoreError(`${what} is required: say it in a few words`);
    return '';
  }
  if (typeof v !== 'string') throw new StoreError(`${what} must be text, found ${typeof v}`);
  const s = oneLine(v);
  if (s.length > max) throw new StoreError(`${what} must be at most ${max} characters, found ${s.length}`);
  return s;
}

export function domainOf(v: unknown, fallback: string): string {
  if (v === undefined || v === null || v === '') return fallback;
  if (typeof v !== 'string' || !DOMAIN.test(v)) throw new StoreError(`domain must be a word of [a-z0-9-] (workflow, tool-preference, testing, code-style, error-handling, architecture, documentation, or a tag of your own), found ${JSON.stringify(v)?.slice(0, 40)}`);
  return v;
}

export function key(raw: unknown): string {
  try {
    return normalizeKey(raw as string);
  } catch (e) {
    if (e instanceof KeyError) throw new StoreError(e.message);
    throw e;
  }
}

export function capFor(scope: Scope, c: StoreCtx['config'], facts: boolean): number {
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
