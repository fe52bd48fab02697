import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { ExportError } from './service.js';
import { SHARE_FORMAT } from './share.js';

// Paths a model gives the MCP server's export tools. A person at the CLI may write an export
// anywhere; a model may not. Its paths stay inside the project folder (no absolute path
// elsewhere, no `..` out of it, no link that leads out of it), and a whole-file export replaces
// only a file that is already that export: never a package.json, a settings file or a README.

/** Whether `file` is `folder` or inside it (both absolute). */
function within(folder: string, file: string): boolean {
  const rel = relative(folder, file);
  return rel === '' || (!isAbsolute(rel) && rel !== '..' && !rel.startsWith('../'));
}

/** The real path of `file`'s nearest existing ancestor (itself when it exists), its links resolved. */
function realAncestor(file: string): string {
  let p = file;
  while (!existsSync(p)) {
    const up = dirname(p);
    if (up === p) break;
    p = up;
  }
  return realpathSync(p);
}

/** `p` (relative to the project folder, or absolute inside it) as an absolute path, or an ExportError saying why not. */
export function projectFile(projectDir: string, p: string, what: string): string {
  const folder = resolve(projectDir);
  const file = resolve(folder, p);
  const outside = () => new ExportError(`${what}: expected a path inside the project folder ${folder}, found ${JSON.stringify(p).slice(0, 200)}; nothing was written`);
  if (!within(folder, file) || file === folder) throw outside();
  // A link on the way (or the file itself a link) must not lead out of the project folder.
  let realFolder: string;
  try {
    realFolder = realpathSync(folder);
  } catch {
    throw new ExportError(`${what}: the project folder ${folder} cannot be read; nothing was written`);
  }
  if (!within(realFolder, realAncestor(file))) throw outside();
  return file;
}

export type WholeExport = 'json' | 'cursor-mdc' | 'skill';

/** Text that only the export of each kind holds (what the renderers in formats.ts, skill.ts and share.ts write). */
function isExport(kind: WholeExport, text: string): boolean {
  if (kind === 'json') {
    try {
      return (JSON.parse(text) as { format?: unknown } | null)?.format === SHARE_FORMAT;
    } catch {
      return false;
    }
  }
  if (kind === 'cursor-mdc') return text.includes('\ndescription: Workflow rules homunculus learned from your sessions\n');
  return text.includes('\n# Learned patterns (homunculus)\n');
}

/** Refuses (ExportError) to replace an existing file that is not already this export; an empty file counts as free. */
export function replaceableExport(file: string, kind: WholeExport, what: string): string {
  if (!existsSync(file)) return file;
  if (statSync(file).isDirectory()) throw new ExportError(`${what}: expected a file, found a folder at ${file}; nothing was written`);
  const text = readFileSync(file, 'utf8');
  if (text.trim() !== '' && !isExport(kind, text)) {
    throw new ExportError(`${what}: ${file} exists and is not a homunculus ${kind === 'skill' ? 'SKILL.md' : kind} export; nothing was written (name a new file, or move that one aside)`);
  }
  return file;
}
