import { Document, isSeq, parse as parseYaml, parseDocument, type ToStringOptions } from 'yaml';
import { isoToMs } from '../lib/clock.js';
import { categoryOf, normalizeKey, validId } from './keys.js';
import { parseLevel } from './lifecycle.js';
import { DOMAIN, MAX_EVIDENCE, PROJECT_ID, SOURCES, STATES, zeroFeedback, type Fact, type Instinct, type Scope, type Source, type State, observedSource } from './model.js';

// Instinct and fact files: YAML frontmatter (the `yaml` package, never by hand), then Markdown.
// Files the store renders read back to the same bytes, which is how a hand edit of an observed
// file is told from the analyzer's own output. Taught and imported files are the user's: an
// update changes only the frontmatter keys it must (comments and order kept) and appends to the
// `## Evidence` list, leaving every other byte of the body as the user wrote it.

export const YAML_OUT: ToStringOptions = { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN', lineWidth: 0, flowCollectionPadding: false };

const EVIDENCE_HEADING = '## Evidence';

export interface Split {
  front: string;
  body: string;
}

/** A file's text as the parser reads it: without a BOM, with LF line endings (as a Windows editor may save it). */
function plainText(text: string): string {
  const t = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return t.includes('\r\n') ? t.replace(/\r\n/g, '\n') : t;
}

/** Frontmatter and body, or undefined when the text does not start with a `---` block (a BOM and CRLF line endings are read through). */
export function splitFrontmatter(raw: string): Split | undefined {
  const text = plainText(raw);
  if (!text.startsWith('---\n')) return undefined;
  const end = text.indexOf('\n---\n', 3);
  if (end === -1) return undefined;
  return { front: text.slice(4, end + 1), body: text.slice(end + 5) };
}

/** The body split around its `## Evidence` list: text before, the list's items, text after. */
export function splitEvidence(body: string): { before: string; evidence: string[]; after: string } {
  const at = body.startsWith(`${EVIDENCE_HEADING}\n`) ? 0 : body.indexOf(`\n${EVIDENCE_HEADING}\n`);
  if (at === -1) return { before: body, evidence: [], after: '' };
  const start = at === 0 ? 0 : at + 1;
  const lines = body.slice(start + EVIDENCE_HEADING.length + 1).split('\n');
  const evidence: string[] = [];
  let i = 0;
  for (; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.startsWith('- ')) evidence.push(l.slice(2));
    else break;
  }
  return { before: body.slice(0, start), evidence, after: lines.slice(i).join('\n') };
}

function joinEvidence(before: string, evidence: readonly string[], after: string): string {
  const list = evidence.map((e) => `- ${e}`).join('\n');
  const head = before === '' || before.endsWith('\n\n') ? before : before.endsWith('\n') ? `${before}\n` : `${before}\n\n`;
  return `${head}${EVIDENCE_HEADING}\n${list}${list ? '\n' : ''}${after}`;
}

/** Keeps the most recent MAX_EVIDENCE lines. */
export function withEvidence(list: readonly string[], line: string): string[] {
  return [...list, oneLine(line)].slice(-MAX_EVIDENCE);
}

/** Free text on one line: newlines and other control characters become spaces. */
export function oneLine(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

/** Keys yaml writes plain under YAML_OUT (not a word yaml would read as null, a bool, a number). */
const PLAIN_KEY = /^[a-z][a-z0-9_]*$/;
const WORD_KEYS = new Set(['null', 'true', 'false', 'yes', 'no', 'on', 'off', 'y', 'n']);
/** Printable ASCII: yaml's double-quoted form and JSON's then escape the same two characters. */
const PRINTABLE = /^[\x20-\x7e]*$/;

function scalarText(v: unknown): string | undefined {
  if (typeof v === 'string') return PRINTABLE.test(v) ? JSON.stringify(v) : undefined;
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0) ? JSON.stringify(v) : undefined;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v === null) return 'null';
  return undefined;
}

/**
 * The yaml package's own bytes for the fields the store writes (plain keys; printable ASCII
 * strings, finite numbers, booleans, null, flat lists of those), written without it: rendering a
 * Document is most of what a warm Stop hook spends on instinct files. Undefined for anything
 * else, and the yaml package renders the whole block. test/frontmatter-fast.test.ts holds the
 * two to the same bytes.
 */
export function plainFrontmatter(fields: Record<string, unknown>): string | undefined {
  if (Object.getPrototypeOf(fields) !== Object.prototype) return undefined;
  let out = '';
  for (const key of Object.keys(fields)) {
    if (!PLAIN_KEY.test(key) || WORD_KEYS.has(key)) return undefined;
    const v = fields[key];
    let text: string | undefined;
    if (Array.isArray(v)) {
      const items: string[] = [];
      for (const item of v) {
        const t = scalarText(item);
        if (t === undefined) return undefined;
        items.push(t);
      }
      text = `[${items.join(', ')}]`;
    } else {
      text = scalarText(v);
    }
    if (text === undefined) return undefined;
    out += `${key}: ${text}\n`;
  }
  return out === '' ? undefined : out;
}

/** The yaml package's rendering (the reference plainFrontmatter must match). */
export function yamlFrontmatter(fields: Record<string, unknown>): string {
  const doc = new Document(fields);
  const map = doc.contents as unknown as { items: { value: unknown }[] };
  for (const pair of map.items) if (isSeq(pair.value)) pair.value.flow = true;
  return doc.toString(YAML_OUT);
}

export function renderFrontmatter(fields: Record<string, unknown>): string {
  return plainFrontmatter(fields) ?? yamlFrontmatter(fields);
}

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

export class FileProblem extends Error {}

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

const SIMPLE_LINE = /^([A-Za-z_][A-Za-z0-9_]*): (.+)$/;

/**
 * The frontmatter the store writes, read without the YAML parser: one `key: value` per line with
 * a value that is also JSON (a double-quoted string with JSON's escapes, a number, true, false,
 * null, or a flow sequence of those). YAML 1.2 reads those exactly as JSON does, and this is ~10x
 * cheaper than the yaml package in a fresh process (the Stop hook reads every instinct file).
 * Anything else -- a comment, a block list, a YAML-only escape, a duplicate key, a flow mapping
 * -- answers undefined, and the yaml package decides.
 */
export function jsonFrontmatter(front: string): Record<string, unknown> | undefined {
  const lines = front.split('\n');
  if (lines.at(-1) === '') lines.pop();
  if (lines.length === 0) return undefined;
  const out: Record<string, unknown> = {};
  for (const line of lines) {
    const m = SIMPLE_LINE.exec(line);
    if (m === null) return undefined;
    const key = m[1]!;
    const raw = m[2]!;
    if (key === '__proto__' || Object.hasOwn(out, key)) return undefined;
    const c = raw.charCodeAt(0);
    // a string, a sequence, a number, true, false, null: nothing else (no flow mappings)
    if (!(c === 0x22 || c === 0x5b || c === 0x2d || (c >= 0x30 && c <= 0x39) || raw === 'true' || raw === 'false' || raw === 'null')) return undefined;
    if (raw.endsWith(' ') || raw.includes('{')) return undefined;
    let v: unknown;
    try {
      v = JSON.parse(raw);
    } catch {
      return undefined;
    }
    out[key] = v;
  }
  return out;
}

function frontmatterObject(front: string): Record<string, unknown> {
  const fast = jsonFrontmatter(front);
  if (fast !== undefined) return fast;
  let v: unknown;
  try {
    v = parseYaml(front, { uniqueKeys: true, maxAliasCount: 0 });
  } catch (e) {
    throw new FileProblem(`the frontmatter is not valid YAML (${(e as Error).message.split('\n')[0]})`);
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new FileProblem('the frontmatter must be a YAML mapping of keys to values');
  return v as Record<string, unknown>;
}

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

/**
 * Writes changed fields into a user's file: the frontmatter's other keys, comments and order are
 * kept, and the body is kept byte for byte but for new evidence lines.
 */
export function updateUserFile(text: string, changes: Record<string, unknown>, newEvidence: readonly string[]): string {
  const split = splitFrontmatter(text);
  if (split === undefined) throw new FileProblem('expected YAML frontmatter between two --- lines at the start');
  const doc = parseDocument(split.front, { uniqueKeys: true });
  if (doc.errors.length) throw new FileProblem(`the frontmatter is not valid YAML (${doc.errors[0]!.message.split('\n')[0]})`);
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) doc.delete(k);
    else {
      const node = doc.createNode(v);
      if (isSeq(node)) node.flow = true;
      doc.set(k, node);
    }
  }
  let body = split.body;
  if (newEvidence.length) {
    const { before, evidence, after } = splitEvidence(body);
    let list = [...evidence];
    for (const e of newEvidence) list = withEvidence(list, e);
    body = joinEvidence(before, list, after);
  }
  const out = `---\n${doc.toString(YAML_OUT)}---\n${body}`;
  // In the file's own BOM and line endings: a CRLF file stays CRLF.
  return `${text.charCodeAt(0) === 0xfeff ? '\uFEFF' : ''}${text.includes('\r\n') ? out.replace(/\n/g, '\r\n') : out}`;
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
