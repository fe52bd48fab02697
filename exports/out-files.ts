import { existsSync, statSync } from 'node:fs';
import { readFailure, readRegularText } from '../lib/regular-file.js';
import { ExportError } from './service.js';
import type { Format } from './formats.js';
import { SHARE_FORMAT } from './share.js';

// The files an export or the report writes whole (json, cursor-mdc, SKILL.md, the HTML report).
// Such a write replaces only a file that is already that export, or an empty one: never a
// package.json, a settings file, a README or someone's notes. The CLI's --force replaces anyway.

/** A kind of file an export writes: how its name ends, and how to name it in a message. */
export interface FileKind {
  test: RegExp;
  names: string;
}

const MARKDOWN: FileKind = { test: /\.(md|markdown)$/i, names: 'a Markdown file (.md)' };

/** The kind of file each format belongs in (skill: a SKILL.md), for the MCP tools and the CLI's checks. */
export const FORMAT_FILES: Record<Format | 'skill', FileKind> = {
  'claude-md': MARKDOWN,
  'agents-md': MARKDOWN,
  cursorrules: { test: /(^|\/)\.cursorrules$/, names: 'a .cursorrules file' },
  'cursor-mdc': { test: /\.mdc$/i, names: 'a .mdc file' },
  windsurfrules: { test: /(^|\/)\.windsurfrules$/, names: 'a .windsurfrules file' },
  json: { test: /\.json$/i, names: 'a .json file' },
  skill: MARKDOWN,
};

export type WholeExport = 'json' | 'cursor-mdc' | 'skill' | 'report';

/** The formats written as a whole file (every other one is a marker block in the file). */
export const isWholeExport = (format: string): format is WholeExport => format === 'json' || format === 'cursor-mdc' || format === 'skill' || format === 'report';

/** Text that only the export of each kind holds (what the renderers in formats.ts, skill.ts, share.ts and report/html.ts write). */
function isExport(kind: WholeExport, text: string): boolean {
  if (kind === 'json') {
    try {
      return (JSON.parse(text) as { format?: unknown } | null)?.format === SHARE_FORMAT;
    } catch {
      return false;
    }
  }
  if (kind === 'cursor-mdc') return text.includes('\ndescription: Workflow rules homunculus learned from your sessions\n');
  if (kind === 'report') return text.includes('<title>homunculus report ');
  return text.includes('\n# Learned patterns (homunculus)\n');
}

/** Refuses (ExportError) to replace an existing file that is not already this export; an empty file counts as free. */
export function replaceableExport(file: string, kind: WholeExport, what: string, force?: string): string {
  if (!existsSync(file)) return file;
  if (statSync(file).isDirectory()) throw new ExportError(`${what}: expected a file, found a folder at ${file}; nothing was written`);
  let text: string;
  try {
    text = readRegularText(file);
  } catch (e) {
    throw new ExportError(`${what}: cannot read ${file}: ${readFailure(e)}; nothing was written`, { cause: e });
  }
  if (text.trim() !== '' && !isExport(kind, text)) {
    const name = kind === 'skill' ? 'SKILL.md export' : kind === 'report' ? 'report' : `${kind} export`;
    throw new ExportError(`${what}: ${file} exists and is not a homunculus ${name}; nothing was written (name a new file, or move that one aside${force ? `, or give ${force}` : ''})`);
  }
  return file;
}
