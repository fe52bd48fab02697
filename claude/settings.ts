// Claude Code settings files, edited the way a careful person would: only the bytes of
// homunculus' own hook entries change. Everything else (line endings, indentation, a BOM, number
// literals such as 1.0 or 12345678901234567890, duplicate keys, key order) stays as it was, and
// uninstall after install gives back the original bytes.
//
// jsonc-parser (the parser VS Code uses for its settings) gives the syntax tree with offsets, so
// errors name file:line:column and edits can be placed exactly. Its own `modify` re-formats
// neighbouring elements (an inline `{"matcher": ""}` becomes multi-line when an element is
// appended after it), so the insertions and removals below are computed from the offsets directly.
import { getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

export class SettingsError extends Error {}

export const MARKER = '# homunculus';

export interface HookEntry {
  type: 'command';
  command: string;
  timeout: number;
  async?: boolean;
}

/** Our entry per event; install adds one group `{matcher: "*", hooks: [entry]}` per event. */
export type OurHooks = Partial<Record<string, HookEntry>>;

export function isOurs(command: unknown): boolean {
  return typeof command === 'string' && command.trimEnd().endsWith(MARKER);
}

/** Line and column (1-based) of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const line = before.split('\n').length;
  return { line, column: before.length - before.lastIndexOf('\n') };
}

const BOM = '\uFEFF';

const ERROR_TEXT: Record<string, string> = {
  InvalidSymbol: 'an unexpected character',
  InvalidNumberFormat: 'an invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected a colon',
  CommaExpected: 'expected a comma',
  CloseBraceExpected: 'expected a closing brace',
  CloseBracketExpected: 'expected a closing bracket',
  EndOfFileExpected: 'expected the end of the file',
  InvalidCommentToken: 'a comment (not allowed in JSON)',
  UnexpectedEndOfComment: 'an unfinished comment',
  UnexpectedEndOfString: 'an unfinished string',
  UnexpectedEndOfNumber: 'an unfinished number',
  InvalidUnicode: 'an invalid unicode escape',
  InvalidEscapeCharacter: 'an invalid escape character',
  InvalidCharacter: 'an invalid character in a string',
};

/** A parsed settings file: its text, syntax tree and the conventions its author used. */
export interface SettingsDoc {
  path: string;
  /** The whole file, BOM included. */
  text: string;
  /** Offsets in the tree are relative to the text after the BOM. */
  bom: boolean;
  tree: Node | undefined;
  eol: string;
  unit: string;
}

function body(doc: SettingsDoc): string {
  return doc.bom ? doc.text.slice(1) : doc.text;
}

function where(doc: SettingsDoc, offset: number): string {
  const { line, column } = lineColumn(body(doc), offset);
  return `${doc.path}:${line}:${column}`;
}

/** The indentation unit of the file: a tab, or the first indentation found; two spaces if none. */
function indentUnit(text: string): string {
  const m = /\n([ \t]+)\S/.exec(text);
  if (!m) return '  ';
  return m[1]!.startsWith('\t') ? '\t' : m[1]!;
}

/** Parses a settings file (strict JSON, a leading BOM allowed). An empty file is an empty object. */
export function parseSettingsDoc(text: string, path: string): SettingsDoc {
  const bom = text.startsWith(BOM);
  const b = bom ? text.slice(1) : text;
  const doc: SettingsDoc = { path, text, bom, tree: undefined, eol: b.includes('\r\n') ? '\r\n' : '\n', unit: indentUnit(b) };
  if (b.trim() === '') return doc;
  const errors: ParseError[] = [];
  const tree = parseTree(b, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length > 0) {
    const e = errors[0]!;
    const name = printParseErrorCode(e.error);
    throw new SettingsError(`${where(doc, e.offset)}: not valid JSON (${ERROR_TEXT[name] ?? name}); the file was left as it is`);
  }
  if (tree === undefined || tree.type !== 'object') {
    throw new SettingsError(`${where(doc, tree?.offset ?? 0)}: expected a JSON object of settings, found ${tree?.type === 'array' ? 'an array' : `a ${tree?.type ?? 'nothing'}`}; the file was left as it is`);
  }
  doc.tree = tree;
  return doc;
}

/** The value node of `key` in an object: the last one when a key is repeated (as JSON.parse reads it). */
function property(obj: Node, key: string): Node | undefined {
  let found: Node | undefined;
  for (const p of obj.children ?? []) if (p.children?.[0]?.value === key) found = p;
  return found;
}

const valueOf = (prop: Node) => prop.children?.[1];

function describeNode(n: Node | undefined): string {
  if (n === undefined) return 'nothing';
  if (n.type === 'object') return 'an object';
  if (n.type === 'array') return 'an array';
  return JSON.stringify(n.value)?.slice(0, 40) ?? n.type;
}

interface Handler {
  node: Node;
  command: unknown;
}
interface Group {
  node: Node;
  handlers: Handler[];
}
interface Event {
  prop: Node;
  name: string;
  array: Node;
  groups: Group[];
}

/** The `hooks` object of a document, its shape checked where homunculus reads or writes. */
function hooksOf(doc: SettingsDoc): { prop: Node; obj: Node; events: Event[] } | undefined {
  if (doc.tree === undefined) return undefined;
  const prop = property(doc.tree, 'hooks');
  if (prop === undefined) return undefined;
  const obj = valueOf(prop)!;
  const bad = (n: Node, what: string, expected: string) =>
    new SettingsError(`${where(doc, n.offset)}: expected "${what}" to be ${expected}, found ${describeNode(n)}; the file was left as it is`);
  if (obj.type !== 'object') throw bad(obj, 'hooks', 'an object of events');
  const events: Event[] = [];
  const seen = new Set<string>();
  for (const ep of [...(obj.children ?? [])].reverse()) {
    const name = String(ep.children?.[0]?.value);
    if (seen.has(name)) continue; // a repeated key: only the last one counts
    seen.add(name);
    const array = valueOf(ep)!;
    if (array.type !== 'array') throw bad(array, `hooks.${name}`, 'an array of {matcher, hooks}');
    const groups = (array.children ?? []).map((g, i): Group => {
      const hooks = g.type === 'object' ? property(g, 'hooks') : undefined;
      const list = hooks && valueOf(hooks);
      if (list === undefined || list.type !== 'array') throw bad(g, `hooks.${name}[${i}]`, '{matcher, hooks: [...]}');
      const handlers = (list.children ?? []).map((h, j): Handler => {
        if (h.type !== 'object') throw bad(h, `hooks.${name}[${i}].hooks[${j}]`, 'a {type, command} object');
        const c = property(h, 'command');
        return { node: h, command: c && valueOf(c)?.value };
      });
      return { node: g, handlers };
    });
    events.unshift({ prop: ep, name, array, groups });
  }
  return { prop, obj, events };
}

/** Our entries as values (the first per event), as withOurHooks would take them. */
export function ourHooksOf(doc: SettingsDoc): OurHooks {
  const out: OurHooks = {};
  for (const e of hooksOf(doc)?.events ?? []) {
    for (const g of e.groups) {
      const h = g.handlers.find((x) => isOurs(x.command));
      if (h && out[e.name] === undefined) out[e.name] = getNodeValue(h.node) as HookEntry;
    }
  }
  return out;
}

/** Our entries per event, for doctor. */
export function ourEntries(doc: SettingsDoc): { event: string; command: string }[] {
  return (hooksOf(doc)?.events ?? []).flatMap((e) => e.groups.flatMap((g) => g.handlers.filter((h) => isOurs(h.command)).map((h) => ({ event: e.name, command: String(h.command) }))));
}

/** The plugin's name in its manifest (plugin/.claude-plugin/plugin.json): enabled as `homunculus@<marketplace>`. */
export const PLUGIN_NAME = 'homunculus';

/**
 * The `enabledPlugins` keys of a settings document that enable the homunculus plugin
 * (`homunculus@<marketplace>`: true, or a list; false disables it). Its hooks then run beside
 * any registered in a settings file.
 */
export function ourPluginKeys(doc: SettingsDoc): string[] {
  if (doc.tree === undefined) return [];
  const prop = property(doc.tree, 'enabledPlugins');
  const obj = prop && valueOf(prop);
  if (obj === undefined || obj.type !== 'object') return [];
  const out: string[] = [];
  for (const p of obj.children ?? []) {
    const key = p.children?.[0]?.value;
    const value = valueOf(p);
    if (typeof key !== 'string' || !key.startsWith(`${PLUGIN_NAME}@`)) continue;
    if (value === undefined || value.value === false || value.type === 'null') continue;
    out.push(key);
  }
  return out;
}

interface Edit {
  offset: number;
  length: number;
  content: string;
}

function applyEdit(doc: SettingsDoc, e: Edit): SettingsDoc {
  const b = body(doc);
  const next = b.slice(0, e.offset) + e.content + b.slice(e.offset + e.length);
  return parseSettingsDoc((doc.bom ? BOM : '') + next, doc.path);
}

/**
 * Removes child `i` of a container: with the separator before it (`, <child>`) when it has a
 * predecessor, so that it undoes exactly what `appendChild` inserted; with everything between
 * the brackets when it is the only child.
 */
function removeChild(container: Node, i: number): Edit {
  const c = container.children!;
  const end = (n: Node) => n.offset + n.length;
  if (i > 0) return { offset: end(c[i - 1]!), length: end(c[i]!) - end(c[i - 1]!), content: '' };
  if (c.length > 1) return { offset: c[0]!.offset, length: c[1]!.offset - c[0]!.offset, content: '' };
  return { offset: container.offset + 1, length: container.length - 2, content: '' };
}

/** The whitespace that starts the line `offset` is on. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))![0];
}

/** Does the node start its own line (only whitespace before it on the line)? */
function startsLine(text: string, offset: number): boolean {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*$/.test(text.slice(start, offset));
}

/** Appends a child (a property `"k": v` or an array element, rendered at an indent) last in a container. */
function appendChild(doc: SettingsDoc, container: Node, render: (indent: string | null) => string): Edit {
  const b = body(doc);
  const c = container.children ?? [];
  if (c.length > 0) {
    const last = c[c.length - 1]!;
    const end = last.offset + last.length;
    if (startsLine(b, last.offset)) {
      const indent = lineIndent(b, last.offset);
      return { offset: end, length: 0, content: `,${doc.eol}${indent}${render(indent)}` };
    }
    return { offset: end, length: 0, content: `, ${render(null)}` }; // an inline container stays inline
  }
  // An empty container inside one written on a single line is filled on that line too.
  let parent = container.parent;
  while (parent !== undefined && parent.type !== 'object' && parent.type !== 'array') parent = parent.parent;
  if (parent !== undefined && !b.slice(parent.offset, parent.offset + parent.length).includes('\n')) {
    return { offset: container.offset + 1, length: container.length - 2, content: render(null) };
  }
  const outer = lineIndent(b, container.offset);
  const inner = outer + doc.unit;
  return { offset: container.offset + 1, length: container.length - 2, content: `${doc.eol}${inner}${render(inner)}${doc.eol}${outer}` };
}

/** JSON text of a value in the file's own indentation, continuing at `indent` (null: on one line). */
function formatValue(doc: SettingsDoc, value: unknown, indent: string | null): string {
  if (indent === null) return JSON.stringify(value);
  return JSON.stringify(value, null, doc.unit).replace(/\n/g, `${doc.eol}${indent}`);
}

/**
 * The next single removal of one of our handlers, or undefined when none is left. With
 * `keepContainers`, an event array (and `hooks`) that only held ours is left empty rather than
 * removed, so that installing again puts the entries back exactly where they were.
 */
function nextRemoval(doc: SettingsDoc, keepContainers: boolean): Edit | undefined {
  const hooks = hooksOf(doc);
  if (hooks === undefined) return undefined;
  for (const e of hooks.events) {
    for (let gi = 0; gi < e.groups.length; gi++) {
      const g = e.groups[gi]!;
      const ours = g.handlers.findIndex((h) => isOurs(h.command));
      if (ours === -1) continue;
      if (g.handlers.some((h) => !isOurs(h.command))) {
        return removeChild(valueOf(property(g.node, 'hooks')!)!, ours);
      }
      // The whole group is ours. Remove the event when it was its only group, `hooks` when that
      // was its only event.
      if (e.groups.length > 1 || keepContainers) return removeChild(e.array, gi);
      if ((hooks.obj.children ?? []).length > 1) return removeChild(hooks.obj, hooks.obj.children!.indexOf(e.prop));
      return removeChild(doc.tree!, doc.tree!.children!.indexOf(hooks.prop));
    }
  }
  return undefined;
}

/** The text without any homunculus entry (groups, events and `hooks` it leaves empty go too, unless kept). */
export function withoutOurHooks(doc: SettingsDoc, opts: { keepContainers?: boolean } = {}): SettingsDoc {
  let d = doc;
  const keep = opts.keepContainers === true;
  for (let e = nextRemoval(d, keep); e !== undefined; e = nextRemoval(d, keep)) d = applyEdit(d, e);
  return d;
}

/** The text with homunculus' entries replaced by `ours`: one group per event, appended last. */
export function withOurHooks(doc: SettingsDoc, ours: OurHooks): SettingsDoc {
  let d = withoutOurHooks(doc, { keepContainers: true });
  if (d.tree === undefined) d = parseSettingsDoc(`${d.bom ? BOM : ''}{}${d.eol}`, d.path);
  for (const [event, entry] of Object.entries(ours)) {
    if (!entry) continue;
    const group = { matcher: '*', hooks: [{ ...entry }] };
    const hooks = hooksOf(d);
    if (hooks === undefined) {
      d = applyEdit(d, appendChild(d, d.tree!, (i) => `"hooks": ${formatValue(d, { [event]: [group] }, i)}`));
      continue;
    }
    const existing = hooks.events.find((e) => e.name === event);
    d = existing
      ? applyEdit(d, appendChild(d, existing.array, (i) => formatValue(d, group, i)))
      : applyEdit(d, appendChild(d, hooks.obj, (i) => `${JSON.stringify(event)}: ${formatValue(d, [group], i)}`));
  }
  return d;
}

/** POSIX shell quoting: safe for any path, spaces and quotes included. */
export function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
