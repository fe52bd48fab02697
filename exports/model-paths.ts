import { existsSync, realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isWithin } from '../lib/paths.js';
import { ExportError } from './service.js';

// Paths a model gives the MCP server's export tools. A person at the CLI may write an export
// anywhere; a model may not: its paths stay inside the project folder (no absolute path
// elsewhere, no `..` out of it, no link that leads out of it).

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
  if (!isWithin(folder, file) || file === folder) throw outside();
  // A link on the way (or the file itself a link) must not lead out of the project folder.
  let realFolder: string;
  try {
    realFolder = realpathSync(folder);
  } catch {
    throw new ExportError(`${what}: the project folder ${folder} cannot be read; nothing was written`);
  }
  if (!isWithin(realFolder, realAncestor(file))) throw outside();
  return file;
}
