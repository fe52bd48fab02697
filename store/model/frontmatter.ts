import { Document, isSeq, parse as parseYaml, parseDocument, type ToStringOptions } from 'yaml';
import { MAX_EVIDENCE } from './model.js';

// The frontmatter and evidence of the store's Markdown files (store/model/file-format.ts): split from the
// body, rendered (plain `key: value` lines where JSON reads them the same, YAML otherwise), read
// back (without the YAML parser where the lines are the store's own), and a user's file updated
// minimally.

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

export function joinEvidence(before: string, evidence: readonly string[], after: string): string {
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

export class FileProblem extends Error {}

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

export function frontmatterObject(front: string): Record<string, unknown> {
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
