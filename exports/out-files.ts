import { existsSync, readFileSync, statSync } from 'node:fs';
import { ExportError } from './service.js';
import { SHARE_FORMAT } from './share.js';

// The files an export or the report writes whole (json, cursor-mdc, SKILL.md, the HTML report).
// Such a write replaces only a file that is already that export, or an empty one: never a
// package.json, a settings file, a README or someone's notes. The CLI's --force replaces anyway.

export type WholeExport = 'json' | 'cursor-mdc' | 'skill' | 'report';

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
  const text = readFileSync(file, 'utf8');
  if (text.trim() !== '' && !isExport(kind, text)) {
    const name = kind === 'skill' ? 'SKILL.md export' : kind === 'report' ? 'report' : `${kind} export`;
    throw new ExportError(`${what}: ${file} exists and is not a homunculus ${name}; nothing was written (name a new file, or move that one aside${force ? `, or give ${force}` : ''})`);
  }
  return file;
}
