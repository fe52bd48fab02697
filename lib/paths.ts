import { isAbsolute, relative, sep } from 'node:path';

/** Whether `path` is `folder` or below it (both absolute, links not resolved). */
export function isWithin(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`));
}
