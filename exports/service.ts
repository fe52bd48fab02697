import { existsSync, statSync } from 'node:fs';
import { readFailure, readRegularText } from '../lib/regular-file.js';
import { basename, dirname, resolve } from 'node:path';
import { UserFileError, writeUserFile } from '../lib/user-file.js';
import { snapshot, type StoreCtx } from '../store/views/snapshot.js';
import { cursorMdc, FORMATS, markdownBlock, plainRules, type ExportRule, type Format } from './formats.js';
import { injectBlock, type Injected } from './marker-block.js';
import { recordInjection } from './injected.js';
import { cli } from '../lib/invocation.js';
import { plural } from '../lib/plural.js';
import { scopeProblem } from '../store/service.js';
import { projectIdOf, selectRules, selectViews, type ExportFilter } from './select.js';
import { readShareDoc, shareDoc, ShareFormatError, type ShareDoc, type SharedProject } from './share.js';
import { readProjects } from '../store/files/projects.js';
import { idFor, normalizeKey } from '../store/model/keys.js';
import { importPatterns, type ImportRow } from '../store/verbs/import-rows.js';
import { StoreError } from '../store/verbs/mutate.js';
import { parseRulesMarkdown } from './import-md.js';
import { importShared, type ShareImportResult } from '../store/verbs/share-import.js';
import { DEFAULT_SKILL_NAME, renderSkill, type SkillOptions } from './skill.js';

// The exports as the CLI and the MCP server call them: the store's rules for a filter, rendered
// in a format, printed or written into the user's file (a marker block in a file that exists,
// written through lib/user-file: links followed, mode kept, nothing written when current).

/** An expected failure of an export (unknown format, unknown project, a file that cannot be used). */
export class ExportError extends Error {}

export function parseFormat(f: unknown): Format {
  if (typeof f === 'string' && (FORMATS as readonly string[]).includes(f)) return f as Format;
  throw new ExportError(`unknown format ${JSON.stringify(f)}: expected one of ${FORMATS.join(', ')}`);
}

/** The filter with its scope checked and its project (an id or a name) as an id; ExportError when either is unknown. */
function checkedFilter(f: ExportFilter, names: ReadonlyMap<string, string>): ExportFilter {
  const problem = f.scope === undefined ? undefined : scopeProblem(f.scope);
  if (problem !== undefined) throw new ExportError(problem);
  if (f.project === undefined) return f;
  const id = projectIdOf(f.project, names);
  if (id === undefined) throw new ExportError(`no project ${JSON.stringify(f.project)}: give a project id (12 hex digits) or a name that \`${cli('projects')}\` lists`);
  return { ...f, project: id };
}

/**
 * When `f` selects no rule but other scopes hold some: where they are, in one line ("No rules for
 * this project; 3 rules in other projects: --scope all"); undefined otherwise.
 */
export function noRulesHint(ctx: StoreCtx, f: ExportFilter): string | undefined {
  const { project: _project, ...rest } = f;
  const everywhere = exportRules(ctx, { ...rest, scope: 'all' }).length;
  if (everywhere === 0 || exportRules(ctx, f).length > 0) return undefined;
  const here = f.project !== undefined ? `project ${f.project}` : (f.scope ?? 'current') === 'current' ? 'this project' : f.scope === 'global' ? 'the global scope' : `project ${f.scope}`;
  return `No rules for ${here}; ${plural(everywhere, 'rule')} in other projects: --scope all`;
}

/** The rules the exports carry for `f`, most confident first. */
export function exportRules(ctx: StoreCtx, f: ExportFilter = {}, o: { notIn?: string } = {}): ExportRule[] {
  const s = snapshot(ctx);
  const filter = checkedFilter(f, s.ctx.names);
  // Instincts graduated into this file's guidelines block are there already: not twice in one file.
  const graduated = o.notIn === undefined ? [] : s.instincts.filter((v) => v.evolved_to === `guideline:${resolve(o.notIn!)}`);
  const views = o.notIn === undefined ? s.instincts : s.instincts.filter((v) => !graduated.includes(v));
  // The observed rules through the one owner of rules.json (rules/), with its figures; taught ones from the store.
  return selectRules(views, filter, ctx.project, { doc: s.ctx.rules, names: s.ctx.names, config: ctx.config, skip: new Set(graduated.map((v) => v.pattern)) });
}

/** The text of a format (json is exports/share.ts's). */
export function renderFormat(format: Exclude<Format, 'json'>, rules: readonly ExportRule[]): string {
  switch (format) {
    case 'claude-md':
    case 'agents-md':
      return `${markdownBlock(rules)}\n`;
    case 'cursorrules':
      return `${plainRules(rules, 'Cursor')}\n`;
    case 'windsurfrules':
      return `${plainRules(rules, 'Windsurf')}\n`;
    case 'cursor-mdc':
      return cursorMdc(rules);
  }
}

/** Formats that live in a marker block of a file the user also writes in; the others own their whole file. */
export function usesMarkerBlock(format: Format): boolean {
  return format !== 'cursor-mdc' && format !== 'json';
}

export interface WriteResult {
  file: string;
  changed: boolean;
  how: Injected['how'] | 'created' | 'written';
}

function readText(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  if (statSync(path).isDirectory()) throw new ExportError(`${path}: expected a file, found a folder; nothing was written`);
  try {
    return readRegularText(path);
  } catch (e) {
    throw new ExportError(`cannot read ${path}: ${readFailure(e)}; nothing was written`, { cause: e });
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function write(path: string, text: string): boolean {
  try {
    return writeUserFile(path, text);
  } catch (e) {
    if (e instanceof UserFileError) throw new ExportError(e.message, { cause: e });
    throw e;
  }
}

/**
 * Puts `body` into the marker block of `path` (created with the block when absent). Every byte
 * outside the block is kept; when the block is already current the file is not touched at all.
 */
export function injectFile(path: string, body: string, markers?: [string, string]): WriteResult {
  const file = resolve(path);
  // A block goes into a file of a folder that is there (a project's CLAUDE.md): a mistyped path
  // made the folders and an empty block.
  if (!isFolder(dirname(file))) throw new ExportError(`${dirname(file)}: no such folder; a block is written into a file of an existing folder (a project's CLAUDE.md or AGENTS.md); nothing was written`);
  const before = readText(file);
  const r = injectBlock(before ?? '', body, markers);
  if (!r.changed) return { file, changed: false, how: 'unchanged' };
  const changed = write(file, r.text);
  return { file, changed, how: before === undefined ? 'created' : r.how };
}

/** Writes a whole file we own (cursor-mdc, json, SKILL.md): untouched when already current. */
export function writeWhole(path: string, text: string): WriteResult {
  const file = resolve(path);
  const before = readText(file);
  if (before === text) return { file, changed: false, how: 'unchanged' };
  write(file, text);
  return { file, changed: true, how: before === undefined ? 'created' : 'written' };
}

/** Writes a rendered format to `path` and remembers which rules went there (not delivered twice). */
export function writeFormat(ctx: StoreCtx, format: Exclude<Format, 'json'>, rules: readonly ExportRule[], path: string): WriteResult {
  const text = renderFormat(format, rules);
  const r = usesMarkerBlock(format) ? injectFile(path, text) : writeWhole(path, text);
  recordInjection(ctx.home, r.file, rules.map((x) => x.key), ctx.now.toISOString());
  return r;
}

export interface SkillResult {
  /** The SKILL.md text, or undefined when there was no rule to put in it. */
  text?: string;
  rules: number;
  hint?: string;
}

export function skillText(ctx: StoreCtx, f: ExportFilter, o: SkillOptions): SkillResult {
  const rules = exportRules(ctx, f);
  let text: string | undefined;
  try {
    text = renderSkill(rules, o);
  } catch (e) {
    throw new ExportError((e as Error).message, { cause: e });
  }
  if (text === undefined) {
    return { rules: 0, hint: `no rule${o.category ? ` of category ${o.category}` : ''} to put in a skill yet: rules come from \`${cli('bye')}\` (promotion) or from instincts taught until approved (confidence 0.7 or more); see \`${cli('list')}\`` };
  }
  const count = o.category === undefined ? rules.length : rules.filter((r) => r.category === o.category).length;
  return { text, rules: count };
}

export { DEFAULT_SKILL_NAME };

/** `export json`: instincts (rule-level and approved, or all with `all`) and facts for the filter. */
export function shareExport(ctx: StoreCtx, f: ExportFilter = {}, o: { all?: boolean; withProjects?: boolean } = {}): ShareDoc {
  const s = snapshot(ctx);
  const filter = checkedFilter(f, s.ctx.names);
  const instincts = selectViews(s.instincts, filter, ctx.project, { all: o.all ?? false });
  const scope = filter.project ?? filter.scope ?? 'current';
  const facts = s.facts
    .filter((x) => (scope === 'all' ? true : scope === 'global' ? x.scope === 'global' : scope === 'current' ? x.scope === 'global' || x.project === ctx.project : x.project === scope))
    .sort((a, b) => b.confidence - a.confidence || (a.id < b.id ? -1 : 1));
  let projects: SharedProject[] | undefined;
  if (o.withProjects) {
    const ids = new Set([...instincts, ...facts].flatMap((x) => (x.project ? [x.project] : [])));
    projects = readProjects(ctx.home)
      .filter((p) => ids.has(p.id))
      .map((p) => ({ id: p.id, name: p.name, ...(p.path ? { path: p.path } : {}) }));
  }
  return shareDoc(instincts, facts, ctx.now.toISOString(), projects);
}

/** `import json <file>`. */
export function importJson(ctx: StoreCtx, file: string): ShareImportResult & { file: string; version: string } {
  const path = resolve(file);
  let text: string;
  try {
    text = readRegularText(path);
  } catch (e) {
    throw new ExportError(`cannot read ${file}: ${readFailure(e)}`);
  }
  let doc;
  try {
    doc = readShareDoc(text);
  } catch (e) {
    if (e instanceof ShareFormatError) throw new ExportError(`${file}: ${e.message}`);
    throw e;
  }
  return { file: path, version: doc.version, ...importShared(ctx, doc, basename(path)) };
}

export interface MdImportResult {
  file: string;
  /** Where the rules went: this project (its name), or global by the user's --global. */
  scope: 'global' | 'project';
  project?: string;
  imported: { key: string; id: string; line: number }[];
  merged: { key: string; id: string; line: number }[];
  skipped: { line: number; key?: string; why: string }[];
}

/** `When <trigger>: <action>` back into its parts; other words are the action. */
function splitRuleText(lead: string, explain: string | undefined, key: string): { trigger: string; action: string; explain?: string } {
  const m = /^When (.{1,500}?): (.{1,500})$/.exec(lead.trim());
  if (m) return { trigger: m[1]!, action: m[2]!, ...(explain ? { explain } : {}) };
  const words = lead.trim() || explain || '';
  return { trigger: `the situation ${key} names`, action: words || `follow ${key}`, ...(explain && explain !== words ? { explain } : {}) };
}

/**
 * `import claude-md <file>`: the bullets of a homunculus block (or hand-written keyed bullets),
 * through the store's import: into this project at the taught starting confidence whatever the
 * bullets say of scope and confidence; global only with the user's own `--global` (`opts.global`).
 */
export function importClaudeMd(ctx: StoreCtx, file: string, opts: { global?: boolean } = {}): MdImportResult {
  const path = resolve(file);
  let text: string;
  try {
    text = readRegularText(path);
  } catch (e) {
    throw new ExportError(`cannot read ${file}: ${readFailure(e)}`);
  }
  const parsed = parseRulesMarkdown(text);
  const lines = text.split(/\r?\n/);
  const rows: ImportRow[] = parsed.rules.map((r) => {
    const raw = lines[r.line - 1] ?? '';
    const lead = raw.replace(/^\s*[-*+]\s+/, '').split('`')[0] ?? '';
    const ownBullet = r.domain !== undefined;
    const parts = ownBullet ? splitRuleText(lead, r.explain, r.key) : splitRuleText('', r.explain, r.key);
    return {
      pattern: r.key,
      ...parts,
      ...(r.domain !== undefined && /^[a-z0-9][a-z0-9-]{0,39}$/.test(r.domain) ? { domain: r.domain } : {}),
    };
  });
  let out;
  try {
    out = importPatterns(ctx, rows, basename(path), { global: opts.global === true });
  } catch (e) {
    if (e instanceof StoreError) throw new ExportError(e.message, { cause: e });
    throw e;
  }
  const where = opts.global === true ? { scope: 'global' as const } : { scope: 'project' as const, ...(ctx.projectName !== undefined ? { project: ctx.projectName } : {}) };
  const result: MdImportResult = { file: path, ...where, imported: [], merged: [], skipped: parsed.skipped.map((x) => ({ line: x.line, why: x.why })) };
  const skippedRows = new Map(out.skipped.map((x) => [x.row, x.reason]));
  // created and reinforced each list ids in row order, every row that was not skipped in one of
  // them; a new instinct's id is made from its key, which tells the two apart.
  let ci = 0;
  let ri = 0;
  parsed.rules.forEach((r, i) => {
    const why = skippedRows.get(i + 1);
    if (why !== undefined) {
      result.skipped.push({ line: r.line, key: r.key, why });
      return;
    }
    const c = out.created[ci];
    if (c !== undefined && c.startsWith(idFor('', normalizeKey(r.key)))) {
      result.imported.push({ key: r.key, id: c, line: r.line });
      ci++;
    } else {
      result.merged.push({ key: r.key, id: out.reinforced[ri++] ?? '', line: r.line });
    }
  });
  return { ...result, skipped: result.skipped.sort((a, b) => a.line - b.line) };
}
