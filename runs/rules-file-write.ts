import { resolve } from 'node:path';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { readDataFile } from '../lib/data-files.js';
import { fnv1a64Hex } from '../lib/fnv.js';
import { isWithin } from '../lib/paths.js';
import { readFailure, readRegularTextIfPresent } from '../lib/regular-file.js';
import { writeTarget, writeUserFile } from '../lib/user-file.js';
import { recordInjection } from '../exports/injected.js';
import { blockBody, injectBlock, isGeneratedRules, RULES_FILE_BLOCK } from '../exports/marker-block.js';

// Where and how bye writes the rules text. The rules file may be any path (rulesFile,
// HOMUNCULUS_RULES_FILE), so it follows the rule `export --out` follows: the whole file is
// replaced only when it is empty or an earlier rules file (its header says so); a Markdown file of
// the user's (a ~/.claude/CLAUDE.md) gets a marker block of its own, every other byte kept; any
// other file (a package.json) is refused, before anything is committed. What went into a file
// Claude Code loads is recorded in state/injected.json, so that the SessionStart hook does not
// give the same rules twice.

/** A rules file bye must not write (exit EXIT_RULES_FILE); nothing was written. */
export class RulesFileRefused extends Error {}

const MARKDOWN = /\.(md|markdown)$/i;

export type RulesFileMode = 'whole' | 'block';

/** Inside the data home the rules file is a data file: a link planted at its name is replaced, never followed. */
export function inDataHome(home: string, path: string): boolean {
  return isWithin(home, path) && path !== home;
}

/** The file's text now, or undefined when there is none (or, in the data home, a link to be replaced). */
function currentText(home: string, path: string): string | undefined {
  try {
    if (!inDataHome(home, path)) return readRegularTextIfPresent(path);
    return readDataFile(path).toString('utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (inDataHome(home, path) && (code === 'ENOENT' || code === 'ELOOP')) return undefined;
    if (code === 'EISDIR') throw new RulesFileRefused(`the rules file ${path} is a folder; expected a file (set rulesFile in config.json, or HOMUNCULUS_RULES_FILE, to a file path)`);
    throw new RulesFileRefused(`the rules file ${path} cannot be used: ${readFailure(e)}; nothing was written`);
  }
}

/** How the rules go into a file holding `text` (undefined: no file yet), or a refusal. */
export function rulesFileMode(path: string, text: string | undefined): RulesFileMode {
  if (text === undefined || text.trim() === '' || isGeneratedRules(text.replace(/^\uFEFF/, ''))) return 'whole';
  let target = path;
  try {
    target = writeTarget(path); // a link's target is what is written: its name says what it is
  } catch {
    // a loop of links: the write says so
  }
  if (MARKDOWN.test(path) && MARKDOWN.test(target)) return 'block';
  throw new RulesFileRefused(
    `the rules file ${path} holds something else (it is not empty, not a rules file homunculus wrote, and not a Markdown file to put a block in); bye never replaces it: set rulesFile in config.json, or HOMUNCULUS_RULES_FILE, to a new file, an empty one or a Markdown file; nothing was written`,
  );
}

/** Refuses (RulesFileRefused) a rules file bye must not write: checked before anything is committed. */
export function checkRulesFileContent(home: string, path: string): void {
  rulesFileMode(path, currentText(home, path));
}

/**
 * Writes the rules text as the rules file, or into its block; returns whether the file changed.
 * `keys` are the rules' delivery keys, recorded for a file outside the data home.
 */
export function writeRulesFile(o: { home: string; path: string; text: string; keys: readonly string[]; nowIso: string }): boolean {
  const { home, path } = o;
  const before = currentText(home, path);
  const mode = rulesFileMode(path, before);
  const out = mode === 'block' ? injectBlock(before!, o.text, RULES_FILE_BLOCK).text : o.text;
  const changed = inDataHome(home, path) ? writeFileAtomic(path, out) : writeUserFile(path, out, { createMode: 0o600 });
  if (!inDataHome(home, path)) {
    // The body as keysLoadedIn (exports/injected.ts) will read it back: the block's, or the whole file.
    const body = mode === 'block' ? blockBody(out, RULES_FILE_BLOCK)! : out;
    recordInjection(home, `${resolve(path)}#rules-file`, o.keys, o.nowIso, fnv1a64Hex(body));
  }
  return changed;
}
