import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { checkWritable, writeUserFile } from '../lib/user-file.js';
import { claudePaths, type Scope } from './paths.js';
import { MARKER, ourEntries, ourHooksOf, parseSettingsDoc, shQuote, withOurHooks, withoutOurHooks, type OurHooks, type SettingsDoc } from './settings.js';

// What install and uninstall change, planned in full (and every check made) before anything is
// written: a refused install leaves no half of itself behind.

/**
 * Marks the /bye command file as ours. A YAML comment inside the frontmatter: Claude Code strips
 * the frontmatter, so the marker never reaches the model (an HTML comment in the body did).
 */
export const COMMAND_MARKER = '# installed by homunculus';
const LEGACY_COMMAND_MARKER = '<!-- installed by homunculus -->';
export const STOP_NODE_FLAGS = '--max-semi-space-size=2';

export class InstallError extends Error {}

/**
 * Settings that locate the data, carried in every hook command and in /bye, so that the hooks,
 * /bye and doctor all use the data home, rules file and config that install was given. Absolute.
 */
export interface Locators {
  HOMUNCULUS_HOME?: string;
  HOMUNCULUS_RULES_FILE?: string;
  HOMUNCULUS_CONFIG?: string;
}

function envPrefix(loc: Locators): string {
  return Object.entries(loc)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${shQuote(v!)} `)
    .join('');
}

/** The `NAME='value'` assignments at the start of one of our hook commands. */
export function locatorsOf(command: string): Locators {
  const out: Record<string, string> = {};
  const re = /^(HOMUNCULUS_[A-Z_]+)='((?:[^']|'\\'')*)' /;
  let rest = command;
  for (let m = re.exec(rest); m; m = re.exec(rest)) {
    out[m[1]!] = m[2]!.replace(/'\\''/g, "'");
    rest = rest.slice(m[0].length);
  }
  return out;
}

/** The script a hook command runs: the first quoted path ending in .js. */
export function scriptOf(command: string): string | undefined {
  const m = /node (?:--[\w=-]+ )*'((?:[^']|'\\'')+\.js)'/.exec(command);
  return m ? m[1]!.replace(/'\\''/g, "'") : undefined;
}

export function hookCommands(root: string, loc: Locators): OurHooks {
  const prefix = envPrefix(loc);
  const cmd = (name: string, flags = '') => `${prefix}node ${flags}${shQuote(join(root, 'dist', 'hooks', `${name}.js`))} ${MARKER}`;
  const observe = { type: 'command' as const, command: cmd('observe'), async: true, timeout: 10 };
  return {
    PostToolUse: observe,
    PostToolUseFailure: { ...observe },
    // A small young generation makes the analyzer both faster and ~25 MiB lighter on large weeks
    // (it allocates many short-lived strings): see BENCHMARKS.md.
    Stop: { type: 'command', command: cmd('stop', `${STOP_NODE_FLAGS} `), async: true, timeout: 120 },
    UserPromptSubmit: { type: 'command', command: cmd('prompt-router'), timeout: 5 },
  };
}

export function commandFile(root: string, loc: Locators): string {
  const template = readFileSync(join(root, 'commands', 'bye.md'), 'utf8');
  const cli = join(root, 'dist', 'cli', 'homunculus.js');
  // The template quotes the path with double quotes for the permission rule; use it as is only
  // when the path needs no escaping there.
  if (/["`$\\\n]/.test(cli)) throw new InstallError(`cannot install the /bye command: the path ${cli} contains a character ("\`$\\) that a command line cannot quote safely`);
  // The same command line in the permission rule and in the !-line, so the rule matches it.
  const withPath = template.replaceAll('node "{{HOMUNCULUS_CLI}}"', `${envPrefix(loc)}node "${cli}"`);
  return withPath.replace(/^---\n/, `---\n${COMMAND_MARKER}\n`);
}

function isOurCommand(text: string): boolean {
  return text.includes(`\n${COMMAND_MARKER}\n`) || text.includes(LEGACY_COMMAND_MARKER);
}

export interface Action {
  path: string;
  action: string;
  apply: () => void;
}

export interface Plan {
  settingsPath: string;
  before: string | null;
  after: string;
  settingsChanged: boolean;
  files: Action[];
  /** What was left alone, and why (for the report). */
  notes: string[];
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'EISDIR') throw new InstallError(`${path}: expected a file, found a folder; nothing was written`);
    throw e;
  }
}

function linkTarget(path: string): string | null | 'not-a-link' {
  try {
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : 'not-a-link';
  } catch {
    return null;
  }
}

/** The first existing folder on the way to `dir`, which must be a folder for `dir` to be made. */
function checkCanMakeDir(dir: string): void {
  let p = dir;
  while (!existsSync(p) && dirname(p) !== p) p = dirname(p);
  if (!statSync(p).isDirectory()) throw new InstallError(`${p} is a file where a folder is needed (for ${dir}); move it aside and install again; nothing was written`);
}

function settings(path: string, change: (d: SettingsDoc) => SettingsDoc): { before: string | null; after: string; changed: boolean } {
  const before = readText(path);
  const doc = parseSettingsDoc(before ?? '', path);
  const after = change(doc).text;
  return { before, after, changed: after !== (before ?? '') };
}

function checkProject(scope: Scope, projectDir: string): void {
  if (scope === 'user') return;
  let st;
  try {
    st = statSync(projectDir);
  } catch {
    throw new InstallError(`--project ${projectDir}: no such folder; name an existing project folder (nothing was written)`);
  }
  if (!st.isDirectory()) throw new InstallError(`--project ${projectDir}: expected a folder, found a file (nothing was written)`);
}

export function planInstall(scope: Scope, projectDir: string, env: NodeJS.ProcessEnv, root: string, loc: Locators, rulesFile: string, renderEmptyRules: () => string): Plan {
  checkProject(scope, projectDir);
  const paths = claudePaths(scope, projectDir, env);
  const s = settings(paths.settings, (d) => withOurHooks(d, hookCommands(root, loc)));
  if (s.changed) checkWritable(paths.settings);
  const files: Action[] = [];
  const cmd = commandFile(root, loc);
  const existingCmd = readText(paths.command);
  if (existingCmd !== null && !isOurCommand(existingCmd)) {
    throw new InstallError(`${paths.command} exists and was not installed by homunculus; move it aside (or rename your /bye) and install again; nothing was written`);
  }
  checkCanMakeDir(dirname(paths.command));
  if (existingCmd !== cmd) checkWritable(paths.command);
  if (existingCmd !== cmd) files.push({ path: paths.command, action: existingCmd === null ? 'create' : 'update', apply: () => writeUserFile(paths.command, cmd) });
  if (!existsSync(rulesFile)) {
    checkCanMakeDir(dirname(rulesFile));
    files.push({ path: rulesFile, action: 'create (empty rules)', apply: () => writeUserFile(rulesFile, renderEmptyRules(), { createMode: 0o600 }) });
  } else if (statSync(rulesFile).isDirectory()) {
    throw new InstallError(`the rules file ${rulesFile} is a folder; set HOMUNCULUS_RULES_FILE (or rulesFile) to a file path; nothing was written`);
  }
  const link = paths.rulesLink;
  checkCanMakeDir(dirname(link));
  const current = linkTarget(link);
  if (current === 'not-a-link') throw new InstallError(`${link} exists and is not the link homunculus installs; move it aside and install again; nothing was written`);
  if (current !== rulesFile) {
    files.push({
      path: link,
      action: `${current === null ? 'link' : 'relink'} -> ${rulesFile}`,
      apply: () => {
        mkdirSync(dirname(link), { recursive: true });
        rmSync(link, { force: true });
        symlinkSync(rulesFile, link);
      },
    });
  }
  return { settingsPath: paths.settings, before: s.before, after: s.after, settingsChanged: s.changed, files, notes: [] };
}

/**
 * Uninstall's text: when the file is exactly what installing into one of its backups gave (the
 * user changed nothing since), that backup's bytes; otherwise the entries are removed in place.
 * Only the backup tells whether an event array that holds nothing but ours existed before (as
 * `"Stop": []`) or was made by install.
 */
function uninstalled(doc: SettingsDoc): SettingsDoc {
  const ours = ourHooksOf(doc);
  if (Object.keys(ours).length > 0) {
    for (const b of backupsOf(doc.path)) {
      let backup: SettingsDoc;
      try {
        backup = parseSettingsDoc(readFileSync(b, 'utf8'), doc.path);
      } catch {
        continue;
      }
      if (ourEntries(backup).length === 0 && withOurHooks(backup, ours).text === doc.text) return backup;
    }
  }
  return withoutOurHooks(doc);
}

/** Backups of a settings file, newest first. */
function backupsOf(path: string): string[] {
  const dir = dirname(path);
  const prefix = `${basename(path)}.homunculus-backup-`;
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => f.startsWith(prefix));
  } catch {
    return [];
  }
  return names.map((f) => join(dir, f)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs || (a < b ? 1 : -1));
}

export function planUninstall(scope: Scope, projectDir: string, env: NodeJS.ProcessEnv, rulesFile: string): Plan {
  checkProject(scope, projectDir);
  const paths = claudePaths(scope, projectDir, env);
  const s = settings(paths.settings, uninstalled);
  if (s.changed) checkWritable(paths.settings);
  const files: Action[] = [];
  const notes: string[] = [];
  const cmd = readText(paths.command);
  if (cmd !== null && isOurCommand(cmd)) files.push({ path: paths.command, action: 'remove', apply: () => rmSync(paths.command, { force: true }) });
  const target = linkTarget(paths.rulesLink);
  if (target === rulesFile) files.push({ path: paths.rulesLink, action: 'remove link', apply: () => rmSync(paths.rulesLink, { force: true }) });
  else if (target !== null) notes.push(`left ${paths.rulesLink} in place: it ${target === 'not-a-link' ? 'is not a link' : `points at ${target}`}, not at homunculus' rules file ${rulesFile}`);
  return { settingsPath: paths.settings, before: s.before, after: s.after, settingsChanged: s.changed, files, notes };
}
