import { readRegularTextIfPresent } from '../lib/regular-file.js';
import { userHome } from '../lib/data-home.js';
import { join, resolve } from 'node:path';
import { findNodeAtLocation, parseTree, printParseErrorCode, type JSONPath, type Node, type ParseError } from 'jsonc-parser';
import type { Scope } from './paths.js';

// Where Claude Code looks for MCP servers, and homunculus' entry there. User scope: `mcpServers`
// of ~/.claude.json (or $CLAUDE_CONFIG_DIR/.claude.json); local scope: that file's
// `projects["<project>"].mcpServers`; project scope: the project's committed `.mcp.json`. Edits
// are minimal (jsonc-parser's modify: one key added or removed, every other byte kept).

export const SERVER_NAME = 'homunculus';

export interface McpEntry {
  type: 'stdio';
  command: string;
  args: string[];
  env?: Record<string, string>;
}

export function mcpConfigPath(scope: Scope, projectDir: string, env: NodeJS.ProcessEnv): string {
  if (scope === 'project') return join(resolve(projectDir), '.mcp.json');
  const dir = env['CLAUDE_CONFIG_DIR'];
  return dir ? join(resolve(dir), '.claude.json') : join(userHome(env), '.claude.json');
}

function entryPath(scope: Scope, projectDir: string): JSONPath {
  return scope === 'local' ? ['projects', resolve(projectDir), 'mcpServers', SERVER_NAME] : ['mcpServers', SERVER_NAME];
}

/** Ours: it runs homunculus' CLI with `mcp`. */
export function isOurEntry(v: unknown): boolean {
  const e = v as McpEntry;
  return typeof e === 'object' && e !== null && Array.isArray(e.args) && e.args.includes('mcp') && e.args.some((a) => typeof a === 'string' && /(?:^|\/)(?:homunculus\.m?js|server\.mjs)$/.test(a));
}

/** ~/.claude.json keeps every project's history: it may be large, but it is read and edited whole. */
const MAX_CONFIG_BYTES = 512 * 1024 * 1024;

function readOrEmpty(path: string): string | null {
  try {
    return readRegularTextIfPresent(path, { maxBytes: MAX_CONFIG_BYTES }) ?? null;
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'ENOTREG' || err.code === 'EISDIR' || err.code === 'EFBIG') throw new McpConfigError(`${path}: ${err.message}; nothing was written`);
    throw e;
  }
}

export class McpConfigError extends Error {}

/** What is wrong with a config file's JSON, in one line: where it stops parsing, or that it is no object. */
function notAnObject(file: string, text: string, errors: readonly ParseError[]): McpConfigError {
  const e = errors[0];
  let what = 'not a JSON object';
  if (e !== undefined) {
    const before = text.slice(0, e.offset);
    const line = before.split('\n').length;
    what = `not valid JSON (${printParseErrorCode(e.error)} at line ${line}, column ${e.offset - before.lastIndexOf('\n')})`;
  }
  return new McpConfigError(`${file}: ${what}; left as it is (fix the file, or add the homunculus MCP server by hand); nothing was written`);
}

function current(text: string, path: JSONPath, file: string): unknown {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length || (tree && tree.type !== 'object')) throw notAnObject(file, text, errors);
  const node = tree && findNodeAtLocation(tree, path);
  return node ? JSON.parse(text.slice(node.offset, node.offset + node.length)) : undefined;
}

function tree(text: string, file: string): Node {
  const errors: ParseError[] = [];
  const t = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length || t === undefined || t.type !== 'object') throw notAnObject(file, text, errors);
  return t;
}

/** The whitespace a line starts with, at `offset`. */
function indentAt(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))![0];
}

function format(value: unknown, indent: string, unit: string, eol: string): string {
  return JSON.stringify(value, null, unit).split('\n').join(`${eol}${indent}`);
}

/** Adds `"key": value` as the last property of the object node: one insertion, nothing else moved. */
function insertProperty(text: string, obj: Node, key: string, value: unknown, eol: string): string {
  const kids = obj.children ?? [];
  const objIndent = indentAt(text, obj.offset);
  const unit = kids.length ? indentAt(text, kids[0]!.offset).slice(objIndent.length) || '  ' : /\n\t/.test(text) ? '\t' : '  ';
  if (kids.length) {
    const last = kids[kids.length - 1]!;
    const indent = text.slice(0, last.offset).endsWith('\n' + indentAt(text, last.offset)) ? indentAt(text, last.offset) : objIndent + unit;
    const at = last.offset + last.length;
    return `${text.slice(0, at)},${eol}${indent}${JSON.stringify(key)}: ${format(value, indent, unit, eol)}${text.slice(at)}`;
  }
  const inner = objIndent + unit;
  return `${text.slice(0, obj.offset + 1)}${eol}${inner}${JSON.stringify(key)}: ${format(value, inner, unit, eol)}${eol}${objIndent}${text.slice(obj.offset + obj.length - 1)}`;
}

/** Removes the property node: exactly what insertProperty added, when it was added there. */
function removeProperty(text: string, obj: Node, prop: Node): string {
  const kids = obj.children ?? [];
  const i = kids.indexOf(prop);
  if (kids.length === 1) return `${text.slice(0, obj.offset + 1)}${text.slice(obj.offset + obj.length - 1)}`;
  if (i > 0) {
    const prev = kids[i - 1]!;
    return text.slice(0, prev.offset + prev.length) + text.slice(prop.offset + prop.length);
  }
  return text.slice(0, prop.offset) + text.slice(kids[1]!.offset);
}

/** The file's text with our entry set (or removed when `entry` is undefined); null when it would not change. */
export function withMcpEntry(scope: Scope, projectDir: string, file: string, entry: McpEntry | undefined): { before: string | null; after: string } | null {
  const before = readOrEmpty(file);
  const text = before ?? '{}\n';
  const path = entryPath(scope, projectDir);
  const existing = current(text, path, file);
  if (existing !== undefined && !isOurEntry(existing)) {
    if (entry === undefined) return null; // not ours to remove
    throw new McpConfigError(`${file} already has an MCP server named "${SERVER_NAME}" that homunculus did not add; rename or remove it and install again; nothing was written`);
  }
  if (entry === undefined && existing === undefined) return null;
  if (entry !== undefined && JSON.stringify(existing) === JSON.stringify(entry)) return null;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  let after = text;
  if (existing !== undefined) {
    // Ours, to replace or remove; then containers left empty by the removal go too.
    for (let depth = path.length; depth > 0; depth--) {
      const t = tree(after, file);
      const prop = findNodeAtLocation(t, path.slice(0, depth))!.parent!;
      const obj = prop.parent!;
      after = removeProperty(after, obj, prop);
      if (depth === path.length && entry !== undefined) break;
      const parent = findNodeAtLocation(tree(after, file), path.slice(0, depth - 1));
      if (depth - 1 === 0 || (parent?.children?.length ?? 1) > 0) break;
    }
  }
  if (entry !== undefined) {
    const t = tree(after, file);
    let depth = path.length - 1;
    while (depth > 0 && findNodeAtLocation(t, path.slice(0, depth))?.type !== 'object') depth--;
    const obj = depth === 0 ? t : findNodeAtLocation(t, path.slice(0, depth))!;
    let value: unknown = entry;
    for (let k = path.length - 1; k > depth; k--) value = { [path[k] as string]: value };
    after = insertProperty(after, obj, path[depth] as string, value, eol);
  }
  return { before, after };
}

/** What Claude Code should run: this package's CLI, `mcp`, with the locators install carries. */
export function mcpEntry(cli: string, loc: Record<string, string | undefined>): McpEntry {
  const env = Object.fromEntries(Object.entries(loc).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
  return { type: 'stdio', command: 'node', args: [cli, 'mcp'], ...(Object.keys(env).length ? { env } : {}) };
}
