import { event } from '../files/events.js';
import { oneLine } from '../model/frontmatter.js';
import { categoryOf, idFor, KeyError, normalizeKey, type Category } from '../model/keys.js';
import { clamp } from '../model/lifecycle.js';
import { DOMAIN, MAX_EXPLAIN, MAX_TEXT, PROJECT_ID, zeroFeedback, type Instinct, observedSource } from '../model/model.js';
import { enforceInstinctCap, factRef, mutate, resolve, save, saveFact, type Mut } from './mutate.js';
import { writeFactIn } from './facts.js';
import { textSimilarity, valuesDiffer } from '../views/similarity.js';
import type { StoreCtx } from '../views/snapshot.js';
import { whenClause } from '../../lib/safe-text.js';

// `homunculus import json`: instincts and facts another machine or a teammate exported. A new
// one becomes `source: imported` with the confidence it came with; a known one keeps the larger
// of its own and the imported confidence (never lower). Importing the same file again changes
// nothing (no write, no event). Observed instincts stay the analyzer's. The store's caps apply:
// at most maxNewInstinctsPerRun new instincts and maxNewFactsPerRun new facts per import (run it
// again for the rest), and the scope caps.

export interface ShareImportResult {
  created: string[];
  raised: string[];
  unchanged: string[];
  facts: { created: string[]; raised: string[]; unchanged: string[] };
  skipped: { item: string; why: string }[];
}

class RowError extends Error {}

function str(v: unknown, what: string, max: number, required: boolean): string {
  if (v === undefined || v === null || v === '') {
    if (required) throw new RowError(`${what} is missing`);
    return '';
  }
  if (typeof v !== 'string') throw new RowError(`${what} must be text, found ${typeof v}`);
  const s = oneLine(v);
  if (s.length > max) throw new RowError(`${what} must be at most ${max} characters, found ${s.length}`);
  return s;
}

function confidenceOf(v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1) throw new RowError(`confidence must be a number from 0 to 1, found ${JSON.stringify(v)?.slice(0, 30)}`);
  return v;
}

function scopeOf(o: Record<string, unknown>): { scope: 'global' | 'project'; project?: string } {
  if (o['scope'] === undefined || o['scope'] === 'global') return { scope: 'global' };
  if (o['scope'] !== 'project') throw new RowError(`scope must be "global" or "project", found ${JSON.stringify(o['scope'])?.slice(0, 30)}`);
  if (typeof o['project'] !== 'string' || !PROJECT_ID.test(o['project'])) throw new RowError(`a project-scoped row needs "project": 12 hex digits, found ${JSON.stringify(o['project'])?.slice(0, 30)}`);
  return { scope: 'project', project: o['project'] };
}

function domainOf(v: unknown, fallback: string): string {
  if (v === undefined || v === '') return fallback;
  if (typeof v !== 'string' || !DOMAIN.test(v)) throw new RowError(`domain must be a word of [a-z0-9-], found ${JSON.stringify(v)?.slice(0, 40)}`);
  return v;
}

function instinctRow(m: Mut, raw: unknown, from: string, out: ShareImportResult, label: string): void {
  if (typeof raw !== 'object' || raw === null) throw new RowError('expected an object');
  const o = raw as Record<string, unknown>;
  let pattern: string;
  try {
    pattern = normalizeKey(o['key'] as string);
  } catch (e) {
    if (e instanceof KeyError) throw new RowError(e.message);
    throw e;
  }
  const confidence = clamp(confidenceOf(o['confidence']), m.ctx.config);
  const entry = resolve(m, pattern);
  if (entry?.value) {
    const x = entry.value;
    if (observedSource(x)) {
      out.skipped.push({ item: `${label} ${pattern}`, why: 'observed on this machine: its own evidence decides its confidence' });
      return;
    }
    if (confidence <= x.confidence) {
      out.unchanged.push(x.id);
      return;
    }
    const y: Instinct = { ...x };
    const ref = { id: y.id, pattern: y.pattern, ...(y.project ? { project: y.project } : {}), source: y.source };
    m.events.push(event(m.nowIso, ref, confidence - y.confidence, `import: confidence ${confidence} from ${from}`));
    y.confidence = confidence;
    y.imported_from ??= from;
    y.evidence = [...y.evidence, `${m.nowIso.slice(0, 16)}Z: confidence raised to ${confidence} by an import from ${from}`].slice(-20);
    save(m, entry, y);
    out.raised.push(y.id);
    return;
  }
  if (out.created.length >= m.ctx.config.maxNewInstinctsPerRun) {
    out.skipped.push({ item: `${label} ${pattern}`, why: `over maxNewInstinctsPerRun (${m.ctx.config.maxNewInstinctsPerRun}) new instincts in one import: run the import again for the rest` });
    return;
  }
  const category = categoryOf(pattern) as Category;
  const trigger = str(o['trigger'], 'trigger', MAX_TEXT, true);
  const action = str(o['action'], 'action', MAX_TEXT, true);
  const explain = str(o['explain'], 'explain', MAX_EXPLAIN, false);
  const where = scopeOf(o);
  const observations = typeof o['observations'] === 'number' && Number.isInteger(o['observations']) && o['observations'] >= 1 ? Math.min(o['observations'], 1_000_000) : 1;
  let id = idFor('', pattern);
  for (let n = 2; m.instincts.some((e) => e.file === `${id}.md`); n++) id = `${idFor('', pattern)}-${n}`;
  const x: Instinct = {
    id,
    pattern,
    category,
    domain: domainOf(o['domain'], category === 'error_retry' ? 'error-handling' : category === 'preference' ? 'tool-preference' : 'workflow'),
    trigger,
    action,
    explain,
    ...where,
    projects: where.project ? [where.project] : [],
    source: 'imported',
    confidence,
    observations,
    level: 'seedling',
    state: 'active',
    sessions: 0,
    session_ids: [],
    first_seen: m.nowIso,
    last_seen: m.nowIso,
    created: m.nowIso,
    ...zeroFeedback(),
    imported_from: from,
    aliases: [],
    extra: {},
    evidence: [`${m.nowIso.slice(0, 16)}Z: imported from ${from}`],
    body: `# ${pattern}\n\nWhen ${whenClause(trigger)}: ${action}\n${explain ? `\n${explain}\n` : ''}`,
  };
  m.events.push(event(m.nowIso, { id, pattern, ...(x.project ? { project: x.project } : {}), source: 'imported' }, confidence, `import: new instinct from ${from}`));
  save(m, undefined, x);
  out.created.push(id);
  enforceInstinctCap(m, x.scope, x.project, x.id);
}

function factRow(m: Mut, raw: unknown, from: string, out: ShareImportResult, label: string): void {
  if (typeof raw !== 'object' || raw === null) throw new RowError('expected an object');
  const o = raw as Record<string, unknown>;
  const text = str(o['text'], 'text', MAX_TEXT, true);
  const confidence = clamp(confidenceOf(o['confidence']), m.ctx.config);
  const where = scopeOf(o);
  const known = m.facts.find((e) => e.value && textSimilarity(e.value.text, text) >= m.ctx.config.duplicateThreshold && !valuesDiffer(e.value.text, text) && e.value.scope === where.scope && e.value.project === where.project);
  if (known?.value) {
    if (confidence <= known.value.confidence) {
      out.facts.unchanged.push(known.value.id);
      return;
    }
    const y = { ...known.value };
    m.events.push(event(m.nowIso, factRef(y), confidence - y.confidence, `import: confidence ${confidence} from ${from}`));
    y.confidence = confidence;
    y.imported_from ??= from;
    saveFact(m, known, y);
    out.facts.raised.push(y.id);
    return;
  }
  if (out.facts.created.length >= m.ctx.config.maxNewFactsPerRun) {
    out.skipped.push({ item: `${label} ${text.slice(0, 60)}`, why: `over maxNewFactsPerRun (${m.ctx.config.maxNewFactsPerRun}) new facts in one import: run the import again for the rest` });
    return;
  }
  // Created as the store creates facts (caps, evidence), then given the imported confidence and scope.
  const saved = { ...m.ctx };
  m.ctx = { ...m.ctx, project: where.project ?? null };
  let r: { id: string };
  try {
    r = writeFactIn(m, { fact: text, domain: domainOf(o['domain'], 'architecture'), scope: where.scope }, 'imported');
  } finally {
    m.ctx = saved;
  }
  const e = m.facts.find((f) => f.value?.id === r.id)!;
  const y = { ...e.value!, imported_from: from };
  if (confidence !== y.confidence) {
    m.events.push(event(m.nowIso, factRef(y), confidence - y.confidence, `import: confidence ${confidence} from ${from}`));
    y.confidence = confidence;
  }
  saveFact(m, e, y);
  out.facts.created.push(r.id);
}

export function importShared(ctx: StoreCtx, doc: { instincts: readonly unknown[]; facts: readonly unknown[] }, from: string): ShareImportResult {
  const source = oneLine(from).slice(0, 200);
  return mutate(ctx, (m) => {
    const out: ShareImportResult = { created: [], raised: [], unchanged: [], facts: { created: [], raised: [], unchanged: [] }, skipped: [] };
    doc.instincts.forEach((raw, i) => {
      try {
        instinctRow(m, raw, source, out, `instincts[${i}]`);
      } catch (e) {
        if (!(e instanceof RowError)) throw e;
        out.skipped.push({ item: `instincts[${i}]`, why: e.message });
      }
    });
    doc.facts.forEach((raw, i) => {
      try {
        factRow(m, raw, source, out, `facts[${i}]`);
      } catch (e) {
        if (!(e instanceof RowError)) throw e;
        out.skipped.push({ item: `facts[${i}]`, why: e.message });
      }
    });
    return out;
  });
}
