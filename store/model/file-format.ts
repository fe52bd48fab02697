import { isoToMs } from '../../lib/clock.js';
import { categoryOf, normalizeKey, validId } from './keys.js';
import { parseLevel } from './lifecycle.js';
import { FileProblem, frontmatterObject, joinEvidence, renderFrontmatter, splitEvidence, splitFrontmatter } from './frontmatter.js';
import { DOMAIN, PROJECT_ID, SOURCES, STATES, zeroFeedback, type Fact, type Instinct, type Scope, type Source, type State, observedSource } from './model.js';

// Instinct and fact files: YAML frontmatter (the `yaml` package, never by hand), then Markdown.
// Files the store renders read back to the same bytes, which is how a hand edit of an observed
// file is told from the analyzer's own output. Taught and imported files are the user's: an
// update changes only the frontmatter keys it must (comments and order kept) and appends to the
// `## Evidence` list, leaving every other byte of the body as the user wrote it.

// ---- instincts

const INSTINCT_KEYS = [
  'id', 'pattern', 'category', 'domain', 'trigger', 'action', 'explain', 'scope', 'project', 'projects', 'source', 'confidence', 'observations', 'level', 'state',
  'sessions', 'session_ids', 'first_seen', 'last_seen', 'created', 'confirmed', 'contradicted', 'corrected', 'suggested', 'inactive', 'evolved_to', 'imported_from',
  'aliases', 'promoted_at', 'score', 'adjustment', 'adjustment_runs', 'adjustment_at', 'contradicts', 'claim', 'hits', 'opportunities', 'rate',
] as const;
const KNOWN = new Set<string>(INSTINCT_KEYS);

export function instinctFields(x: Instinct): Record<string, unknown> {
  const f: Record<string, unknown> = {};
  for (const k of INSTINCT_KEYS) {
    const v = (x as unknown as Record<string, unknown>)[k];
    if (v === undefined) continue;
    if ((k === 'aliases' || k === 'contradicts') && Array.isArray(v) && v.length === 0) continue;
    f[k] = v;
  }
  for (const [k, v] of Object.entries(x.extra)) if (!KNOWN.has(k)) f[k] = v;
  return f;
}

export function renderInstinct(x: Instinct): string {
  return `---\n${renderFrontmatter(instinctFields(x))}---\n${joinEvidence(x.body, x.evidence, x.tail ?? '')}`;
}

const str = (o: Record<string, unknown>, k: string, fallback?: string): string => {
  const v = o[k];
  if (typeof v === 'string') return v;
  if (v === undefined && fallback !== undefined) return fallback;
  throw new FileProblem(`"${k}" must be a string, found ${JSON.stringify(v)?.slice(0, 40)}`);
};
const num = (o: Record<string, unknown>, k: string, fallback?: number): number => {
  const v = o[k];
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (v === undefined && fallback !== undefined) return fallback;
  throw new FileProblem(`"${k}" must be a number, found ${JSON.stringify(v)?.slice(0, 40)}`);
};
const count = (o: Record<string, unknown>, k: string): number => {
  const v = num(o, k, 0);
  if (!Number.isInteger(v) || v < 0) throw new FileProblem(`"${k}" must be a whole number, 0 or more, found ${v}`);
  return v;
};
const time = (o: Record<string, unknown>, k: string, fallback?: string): string => {
  const v = str(o, k, fallback);
  if (Number.isNaN(isoToMs(v))) throw new FileProblem(`"${k}" must be an ISO 8601 time, found ${JSON.stringify(v).slice(0, 40)}`);
  return v;
};
const strings = (o: Record<string, unknown>, k: string, test: (s: string) => boolean = () => true): string[] => {
  const v = o[k];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || !v.every((s) => typeof s === 'string' && test(s))) throw new FileProblem(`"${k}" must be a list of strings, found ${JSON.stringify(v)?.slice(0, 40)}`);
  return v as string[];
};

function scopeOf(o: Record<string, unknown>): { scope: Scope; project?: string } {
  const scope = str(o, 'scope', 'global');
  if (scope !== 'global' && scope !== 'project') throw new FileProblem(`"scope" must be "global" or "project", found ${JSON.stringify(scope)}`);
  if (scope === 'global') return { scope };
  const project = str(o, 'project');
  if (!PROJECT_ID.test(project)) throw new FileProblem(`"project" must be a project id of 12 hex characters, found ${JSON.stringify(project)}`);
  return { scope, project };
}

function sourceOf(o: Record<string, unknown>): Source {
  const s = str(o, 'source');
  if (!(SOURCES as readonly string[]).includes(s)) throw new FileProblem(`"source" must be observed, taught or imported, found ${JSON.stringify(s)}`);
  return s as Source;
}

function stateValue(o: Record<string, unknown>): State {
  const s = str(o, 'state', 'active');
  return (STATES as readonly string[]).includes(s) ? (s as State) : 'active';
}

function confidenceOf(o: Record<string, unknown>): number {
  const c = num(o, 'confidence');
  if (!(c >= 0 && c <= 1)) throw new FileProblem(`"confidence" must be a number from 0 to 1, found ${c}`);
  return c;
}

function domainOf(o: Record<string, unknown>): string {
  const d = str(o, 'domain', 'workflow');
  if (!DOMAIN.test(d)) throw new FileProblem(`"domain" must be a word of [a-z0-9-] like workflow or testing, found ${JSON.stringify(d).slice(0, 40)}`);
  return d;
}

/** Parses an instinct file of the current format. Throws FileProblem saying what is wrong. */
export function parseInstinct(text: string): Instinct {
  const split = splitFrontmatter(text);
  if (split === undefined) throw new FileProblem('expected YAML frontmatter between two --- lines at the start');
  const o = frontmatterObject(split.front);
  const id = str(o, 'id');
  if (!validId(id)) throw new FileProblem(`"id" must be a slug of [a-z0-9-], at most 120 characters, found ${JSON.stringify(id).slice(0, 60)}`);
  let pattern: string;
  try {
    pattern = normalizeKey(str(o, 'pattern'));
  } catch (e) {
    throw new FileProblem(`"pattern": ${(e as Error).message}`);
  }
  const category = categoryOf(pattern)!;
  const level = parseLevel(o['level'] ?? 'seedling');
  if (level === undefined) throw new FileProblem(`"level" must be seedling, mature, rule or universal, found ${JSON.stringify(o['level'])}`);
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (!KNOWN.has(k)) extra[k] = v;
  const { before, evidence, after } = splitEvidence(split.body);
  const x: Instinct = {
    id,
    pattern,
    category,
    domain: domainOf(o),
    trigger: str(o, 'trigger', ''),
    action: str(o, 'action', ''),
    explain: str(o, 'explain', ''),
    ...scopeOf(o),
    projects: strings(o, 'projects', (s) => PROJECT_ID.test(s)),
    source: sourceOf(o),
    confidence: confidenceOf(o),
    observations: count(o, 'observations'),
    level,
    state: stateValue(o),
    sessions: count(o, 'sessions'),
    session_ids: strings(o, 'session_ids'),
    first_seen: time(o, 'first_seen'),
    last_seen: time(o, 'last_seen'),
    created: time(o, 'created', str(o, 'first_seen')),
    ...zeroFeedback(),
    confirmed: count(o, 'confirmed'),
    contradicted: count(o, 'contradicted'),
    corrected: count(o, 'corrected'),
    suggested: count(o, 'suggested'),
    inactive: count(o, 'inactive'),
    aliases: strings(o, 'aliases'),
    extra,
    evidence,
    body: before,
    tail: after,
  };
  for (const k of ['evolved_to', 'imported_from', 'promoted_at', 'adjustment_at'] as const) if (o[k] !== undefined && o[k] !== null) x[k] = str(o, k);
  if (o['score'] !== undefined) x.score = num(o, 'score');
  if (o['adjustment'] !== undefined) x.adjustment = num(o, 'adjustment');
  if (o['adjustment_runs'] !== undefined) x.adjustment_runs = count(o, 'adjustment_runs');
  if (o['contradicts'] !== undefined) x.contradicts = strings(o, 'contradicts', validId);
  if (o['claim'] !== undefined) x.claim = str(o, 'claim');
  if (o['hits'] !== undefined) x.hits = count(o, 'hits');
  if (o['opportunities'] !== undefined) x.opportunities = count(o, 'opportunities');
  if (o['rate'] !== undefined) {
    const rate = num(o, 'rate');
    if (!(rate >= 0 && rate <= 1)) throw new FileProblem(`"rate" must be a number from 0 to 1, found ${rate}`);
    x.rate = rate;
  }
  // The lift stays among the analyzer's statistics in the file; the index keeps a typed copy.
  if (typeof o['lift'] === 'number' && Number.isFinite(o['lift'])) x.lift = o['lift'];
  if (!observedSource(x) && (x.trigger === '' || x.action === '')) throw new FileProblem(`a ${x.source} instinct needs "trigger" and "action"`);
  return x;
}

// ---- facts

const FACT_KEYS = [
  'id', 'fact', 'domain', 'scope', 'project', 'projects', 'source', 'confidence', 'observations', 'state', 'sessions', 'session_ids', 'first_seen', 'last_seen', 'created',
  'confirmed', 'contradicted', 'corrected', 'suggested', 'inactive', 'imported_from',
] as const;
const FACT_KNOWN = new Set<string>(FACT_KEYS);

export function factFields(x: Fact): Record<string, unknown> {
  const f: Record<string, unknown> = {};
  for (const k of FACT_KEYS) {
    const v = k === 'fact' ? x.text : (x as unknown as Record<string, unknown>)[k];
    if (v !== undefined) f[k] = v;
  }
  for (const [k, v] of Object.entries(x.extra)) if (!FACT_KNOWN.has(k)) f[k] = v;
  return f;
}

export function renderFact(x: Fact): string {
  return `---\n${renderFrontmatter(factFields(x))}---\n${joinEvidence(x.body, x.evidence, x.tail ?? '')}`;
}

export function parseFact(text: string): Fact {
  const split = splitFrontmatter(text);
  if (split === undefined) throw new FileProblem('expected YAML frontmatter between two --- lines at the start');
  const o = frontmatterObject(split.front);
  const id = str(o, 'id');
  if (!validId(id)) throw new FileProblem(`"id" must be a slug of [a-z0-9-], at most 120 characters, found ${JSON.stringify(id).slice(0, 60)}`);
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (!FACT_KNOWN.has(k)) extra[k] = v;
  const { before, evidence, after } = splitEvidence(split.body);
  const text_ = str(o, 'fact');
  if (text_.trim() === '') throw new FileProblem('"fact" must state something');
  const x: Fact = {
    id,
    text: text_,
    domain: domainOf(o),
    ...scopeOf(o),
    projects: strings(o, 'projects', (s) => PROJECT_ID.test(s)),
    source: sourceOf(o),
    confidence: confidenceOf(o),
    observations: count(o, 'observations'),
    state: stateValue(o),
    sessions: count(o, 'sessions'),
    session_ids: strings(o, 'session_ids'),
    first_seen: time(o, 'first_seen'),
    last_seen: time(o, 'last_seen'),
    created: time(o, 'created', str(o, 'first_seen')),
    ...zeroFeedback(),
    confirmed: count(o, 'confirmed'),
    contradicted: count(o, 'contradicted'),
    corrected: count(o, 'corrected'),
    suggested: count(o, 'suggested'),
    inactive: count(o, 'inactive'),
    extra,
    evidence,
    body: before,
    tail: after,
  };
  if (typeof o['imported_from'] === 'string') x.imported_from = o['imported_from'];
  return x;
}
