import { basename, dirname, join, resolve, sep } from 'node:path';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { readDataFile } from '../lib/data-files.js';
import { readRegularText } from '../lib/regular-file.js';
import { fnv1a64Hex } from '../lib/fnv.js';
import { userHome as homeOf } from '../lib/data-home.js';
import { blockBody, GUIDELINES, isGeneratedRules, RULES_FILE_BLOCK } from './marker-block.js';

// What was written where (inject, export --out, graduate): state/injected.json, file -> the rule
// keys its block holds. The session-start rules leave out a key that already reaches the model
// through a CLAUDE.md Claude Code loads in that session, so that no rule is given twice. Light:
// the hooks import it.

export interface InjectedFile {
  keys: string[];
  at: string;
  /**
   * The hash (fnv1a64Hex) of the block's body as written, for text that does not name its keys
   * (bye's rules file): the keys count as loaded only while the body is unchanged.
   */
  hash?: string;
}

export interface InjectedDoc {
  version: 1;
  files: Record<string, InjectedFile>;
}

export function injectedPath(home: string): string {
  return join(home, 'state', 'injected.json');
}

export function readInjected(home: string): InjectedDoc {
  try {
    const v = JSON.parse(readDataFile(injectedPath(home)).toString('utf8')) as InjectedDoc;
    if (v?.version === 1 && typeof v.files === 'object' && v.files !== null) return v;
  } catch {
    // none yet, or damaged: nothing recorded
  }
  return { version: 1, files: {} };
}

/**
 * Remembers the keys now in `file`'s block (replacing what it held before); `file#guidelines` for
 * graduate's block, `file#rules-file` for bye's rules file (a block, or the whole file), with `hash`.
 */
export function recordInjection(home: string, file: string, keys: readonly string[], at: string, hash?: string): void {
  const doc = readInjected(home);
  const before = doc.files[file];
  const sorted = [...new Set(keys)].sort();
  if (before && JSON.stringify(before.keys) === JSON.stringify(sorted) && before.hash === hash) return; // unchanged: keep its time, and the file
  doc.files[file] = hash === undefined ? { keys: sorted, at } : { keys: sorted, at, hash };
  writeFileAtomic(injectedPath(home), `${JSON.stringify(doc, null, 2)}\n`);
}

/** Memory files Claude Code loads at the start of a session in `cwd`: the user's, and CLAUDE.md / CLAUDE.local.md in cwd and every folder above it. */
/** The user's home as every other path of homunculus finds it (HOME, as the docs say; never a relative path), or undefined when there is none. */
function processHome(): string | undefined {
  try {
    return homeOf(process.env);
  } catch {
    return undefined;
  }
}

function loadedBy(record: string, cwd: string | undefined, userHome: string | undefined): boolean {
  const file = record.replace(/#[a-z-]+$/, ''); // `<file>#guidelines`: graduate's block in the same file
  const name = basename(file);
  if (userHome !== undefined && file === join(userHome, '.claude', 'CLAUDE.md')) return true;
  if (cwd === undefined || !(name === 'CLAUDE.md' || name === 'CLAUDE.local.md')) return false;
  let dir = dirname(file);
  if (basename(dir) === '.claude') dir = dirname(dir);
  const c = resolve(cwd);
  return c === dir || c.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

/** A memory file's text as Claude Code would load it now; undefined when it is gone or not a regular file (a FIFO is never waited on). */
function memoryText(file: string): string | undefined {
  try {
    return readRegularText(file);
  } catch {
    return undefined;
  }
}

/**
 * Keys that reach a session in `cwd` through a block homunculus wrote into a loaded memory file,
 * and that the block still holds: a file deleted or edited since, or a block taken out of it,
 * holds nothing back (the record says what was written, the file what is loaded).
 */
export function keysLoadedIn(home: string, cwd: string | undefined, userHome: string | undefined = processHome()): Set<string> {
  const out = new Set<string>();
  for (const [record, f] of Object.entries(readInjected(home).files)) {
    if (!Array.isArray(f?.keys) || !loadedBy(record, cwd, userHome)) continue;
    const text = memoryText(record.replace(/#[a-z-]+$/, ''));
    if (text === undefined) continue;
    const rulesFile = record.endsWith('#rules-file');
    // bye's rules file: its block, or the whole file when bye wrote it whole.
    const body = blockBody(text, record.endsWith('#guidelines') ? GUIDELINES : rulesFile ? RULES_FILE_BLOCK : undefined) ?? (rulesFile && isGeneratedRules(text) ? text : undefined);
    if (body === undefined) continue;
    if (typeof f.hash === 'string') {
      if (fnv1a64Hex(body) === f.hash) for (const k of f.keys) if (typeof k === 'string') out.add(k);
      continue;
    }
    for (const k of f.keys) if (typeof k === 'string' && body.includes(`\`${k}\``)) out.add(k);
  }
  return out;
}
