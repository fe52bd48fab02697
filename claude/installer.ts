import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { PACKAGE_NAME } from '../lib/package-name.js';
import { checkWritable, writeUserFile } from '../lib/user-file.js';
import { readRegularText, readRegularTextIfPresent } from '../lib/regular-file.js';
import { claudePaths, type Scope } from './paths.js';
import { missingFolders, type InstallRecord } from './install-record.js';
import { commandState, markedCommand } from './command-files.js';
import { backupsOf } from './settings-backups.js';
import { mcpConfigPath, mcpEntry, withMcpEntry } from './mcp-config.js';
import { otherRegistrations, registrations } from './registrations.js';
import { MARKER, ourEntries, ourHooksOf, parseSettingsDoc, shQuote, withOurHooks, withoutOurHooks, type OurHooks, type SettingsDoc } from './settings.js';

// What install and uninstall change, planned in full (and every check made) before anything is
// written: a refused install leaves no half of itself behind.

/**
 * Marks the /bye command file as ours. A YAML comment inside the frontmatter: Claude Code strips
 * the frontmatter, so the marker never reaches the model (an HTML comment in the body did).
 */
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

/**
 * Where the hook commands find the package: an absolute path (user and local scope: files of this
 * machine), or a path inside the project, reached through `$CLAUDE_PROJECT_DIR` (project scope:
 * `.claude/settings.json` is committed, and must hold no path of this machine).
 */
export type HookRoot = { kind: 'absolute'; root: string } | { kind: 'project'; rel: string };

const PROJECT_DIR = '"$CLAUDE_PROJECT_DIR"/';

function scriptPath(where: HookRoot, relFile: string): string {
  return where.kind === 'absolute' ? shQuote(join(where.root, relFile)) : `${PROJECT_DIR}${shQuote(`${where.rel}/${relFile}`)}`;
}

/** The script a hook command runs: its quoted path ending in .js (`$CLAUDE_PROJECT_DIR` read as `projectDir`). */
export function scriptOf(command: string, projectDir?: string): string | undefined {
  const m = /node (?:--[\w=-]+ )*("\$CLAUDE_PROJECT_DIR"\/)?'((?:[^']|'\\'')+\.js)'/.exec(command);
  if (!m) return undefined;
  const path = m[2]!.replace(/'\\''/g, "'");
  if (m[1] === undefined) return path;
  return projectDir === undefined ? undefined : join(projectDir, path);
}

export function hookCommands(where: HookRoot, loc: Locators): OurHooks {
  const prefix = envPrefix(loc);
  const cmd = (name: string, flags = '') => `${prefix}node ${flags}${scriptPath(where, `dist/hooks/${name}.js`)} ${MARKER}`;
  const observe = { type: 'command' as const, command: cmd('observe'), async: true, timeout: 10 };
  return {
    PostToolUse: observe,
    PostToolUseFailure: { ...observe },
    // A small young generation makes the analyzer both faster and ~25 MiB lighter on large weeks
    // (it allocates many short-lived strings): see docs/performance-notes.md.
    Stop: { type: 'command', command: cmd('stop', `${STOP_NODE_FLAGS} `), async: true, timeout: 120 },
    UserPromptSubmit: { type: 'command', command: cmd('prompt-router'), timeout: 5 },
    // Synchronous: its output (the rules) must be there before Claude's first request.
    SessionStart: { type: 'command', command: cmd('session-start'), timeout: 10 },
    // Synchronous and short (Claude Code gives SessionEnd hooks 1.5 s): it only starts the
    // detached reconciliation worker, which neither blocks the exit nor is cancelled by it.
    SessionEnd: { type: 'command', command: cmd('session-end'), timeout: 2 },
  };
}

/**
 * The slash commands beside /bye, each a template in commands/ that runs the CLI. Installed as
 * homunculus-<name>.md (Claude Code's own /status and /export would hide plain names); the
 * plugin has them as /homunculus:<name>.
 */
export const EXTRA_COMMANDS = ['status', 'learn', 'forget', 'dream', 'graduate', 'export', 'projects'] as const;

/** Where an extra command goes, beside bye.md. */
export function extraCommandPath(byePath: string, name: string): string {
  return join(dirname(byePath), `homunculus-${name}.md`);
}

export function commandFile(root: string, where: HookRoot, loc: Locators, name = 'bye'): string {
  const text = template(root, name);
  const cli = where.kind === 'absolute' ? join(where.root, 'dist', 'cli', 'homunculus.js') : `\${CLAUDE_PROJECT_DIR:-.}/${where.rel}/dist/cli/homunculus.js`;
  // The template quotes the path with double quotes for the permission rule; use it as is only
  // when the path needs no escaping there.
  if (/["`\\\n]/.test(cli) || (where.kind === 'absolute' && cli.includes('$'))) throw new InstallError(`cannot install the /bye command: the path ${cli} contains a character ("\`$\\) that a command line cannot quote safely`);
  // The same command line in the permission rule and in the !-line, so the rule matches it.
  const withPath = text.replaceAll('node "{{HOMUNCULUS_CLI}}"', `${envPrefix(loc)}node "${cli}"`);
  return markedCommand(withPath);
}

/** A command's template (commands/<name>.md), for telling whether a file there is what install wrote. */
function template(root: string, name: string): string {
  return readFileSync(join(root, 'commands', `${name}.md`), 'utf8');
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
  /** Install: the paths it creates (the settings file, folders), for state/install.json (claude/install-record.ts). */
  created?: string[];
  /** Uninstall: the settings file is removed, not rewritten (install created it, and it holds nothing else now). */
  removeSettings?: boolean;
}

function readText(path: string): string | null {
  try {
    // ENOTDIR: a file where its folder should be (checked next).
    return readRegularTextIfPresent(path) ?? null;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EISDIR') throw new InstallError(`${path}: expected a file, found a folder; nothing was written`);
    if (code === 'ENOTREG' || code === 'EFBIG') throw new InstallError(`${path}: ${(e as Error).message}; nothing was written`);
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

/**
 * Where project-scope hooks find the package: inside the project (its own node_modules, or the
 * project is a checkout of homunculus itself), so the committed settings name no path of this
 * machine and work on every teammate's clone after `npm install`.
 */
export function projectHookRoot(projectDir: string, root: string): HookRoot {
  const inside = (p: string) => {
    const rel = relative(projectDir, p);
    return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : rel === '' ? '.' : undefined;
  };
  const own = inside(root);
  const rel = own ?? (existsSync(join(projectDir, 'node_modules', PACKAGE_NAME, 'dist', 'hooks', 'observe.js')) ? `node_modules/${PACKAGE_NAME}` : undefined);
  if (rel === undefined) {
    throw new InstallError(
      `--scope project writes .claude/settings.json, which is committed, so its hooks must find homunculus inside the project: add it (npm install --save-dev ${PACKAGE_NAME}) and install again, or use --scope local (this machine only) or the Claude Code plugin; nothing was written`,
    );
  }
  if (/["`$\\\n']/.test(rel)) throw new InstallError(`cannot install: the path ${rel} inside the project contains a character a command line cannot quote safely`);
  return { kind: 'project', rel };
}

/** npx runs a package from a temporary cache, which is cleaned: hooks must never point there. */
export function checkNotNpxCache(root: string): void {
  if (root.split(sep).includes('_npx')) {
    throw new InstallError(
      `homunculus is running from npx's temporary cache (${root}), which npm cleans: hooks pointing there would stop working. Install it for good first (npm install -g ${PACKAGE_NAME}, then homunculus install), add it to the project (npm install --save-dev ${PACKAGE_NAME}, then npx homunculus install --scope project), or install the Claude Code plugin; nothing was written`,
    );
  }
}

/**
 * The rules link of the first release (`.claude/rules/homunculus.md`), if it is one homunculus
 * made: a link to the rules file, or to the package's own generated-rules.md where it used to be.
 * The rules now reach Claude through the SessionStart hook, so the link would deliver them twice.
 */
function ourLegacyLink(link: string, targets: string[]): string | null | 'foreign' {
  const current = linkTarget(link);
  if (current === null) return null;
  return current !== 'not-a-link' && targets.includes(current) ? current : 'foreign';
}

export interface InstallRequest {
  scope: Scope;
  projectDir: string;
  env: NodeJS.ProcessEnv;
  /** The package's folder (where dist/ is). */
  root: string;
  loc: Locators;
  rulesFile: string;
}

export function planInstall(r: InstallRequest): Plan {
  const { scope, projectDir, env, root, loc, rulesFile } = r;
  checkProject(scope, projectDir);
  checkNotNpxCache(root);
  const where: HookRoot = scope === 'project' ? projectHookRoot(projectDir, root) : { kind: 'absolute', root };
  const notes: string[] = [];
  // Locations of this machine never go into the committed file; the hooks still honour them
  // when they are set in Claude Code's environment.
  const carried = scope === 'project' ? {} : loc;
  if (scope === 'project' && Object.keys(loc).length > 0) notes.push(`not written into the committed ${scope} settings: ${Object.keys(loc).join(', ')} (a path of this machine); the hooks use it when it is set in Claude Code's environment, or use --scope local`);
  const paths = claudePaths(scope, projectDir, env);
  const s = settings(paths.settings, (d) => withOurHooks(d, hookCommands(where, carried)));
  if (s.changed) checkWritable(paths.settings);
  const files: Action[] = [];
  const existingCmd = readText(paths.command);
  if (commandState(existingCmd, template(root, 'bye')) === 'foreign') {
    throw new InstallError(`${paths.command} exists and was not installed by homunculus; move it aside (or rename your /bye) and install again; nothing was written`);
  }
  checkCanMakeDir(dirname(paths.command));
  for (const [name, path] of [['bye', paths.command] as const, ...EXTRA_COMMANDS.map((n) => [n, extraCommandPath(paths.command, n)] as const)]) {
    const text = commandFile(root, where, carried, name);
    const existing = readText(path);
    const state = commandState(existing, template(root, name));
    if (state === 'foreign') {
      notes.push(`${path} exists and was not installed by homunculus: left alone (no /homunculus-${name})`);
      continue;
    }
    // A command file changed since install wrote it holds the user's edits: never replaced.
    if (state === 'edited') {
      if (existing !== text) notes.push(`${path} was changed since homunculus installed it: left alone, your edits kept (to take this version's, move it aside and install again)`);
      continue;
    }
    if (existing !== text) {
      checkWritable(path);
      files.push({ path, action: existing === null ? 'create' : 'update', apply: () => writeUserFile(path, text) });
    }
  }
  // The MCP server (`homunculus mcp`): the store's tools for Claude.
  const mcpFile = mcpConfigPath(scope, projectDir, env);
  const cli = where.kind === 'absolute' ? join(where.root, 'dist', 'cli', 'homunculus.js') : `\${CLAUDE_PROJECT_DIR:-.}/${where.rel}/dist/cli/homunculus.js`;
  const mcp = withMcpEntry(scope, projectDir, mcpFile, mcpEntry(cli, carried as Record<string, string | undefined>));
  if (mcp) {
    if (mcp.before !== null) checkWritable(mcpFile);
    files.push({ path: mcpFile, action: mcp.before === null ? 'create, with the homunculus MCP server' : 'add the homunculus MCP server', apply: () => writeUserFile(mcpFile, mcp.after) });
  }
  const legacy = ourLegacyLink(paths.rulesLink, [rulesFile, join(root, 'generated-rules.md')]);
  if (legacy !== null && legacy !== 'foreign') {
    files.push({ path: paths.rulesLink, action: 'remove the old rules link (the SessionStart hook delivers the rules now)', apply: () => rmSync(paths.rulesLink, { force: true }) });
  }
  // Hooks registered at another scope, or by the plugin, run beside these: said, not undone.
  notes.push(...otherRegistrations(registrations(projectDir, env), scope));
  // What install makes that was not there: uninstall removes it again once it is left empty.
  const created = [...new Set([...missingFolders(paths.settings), ...(s.before === null ? [paths.settings] : []), ...files.filter((f) => f.path === paths.command || f.path.startsWith(`${dirname(paths.command)}/`)).flatMap((f) => missingFolders(f.path))])];
  return { settingsPath: paths.settings, before: s.before, after: s.after, settingsChanged: s.changed, files, notes, created };
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
        backup = parseSettingsDoc(readRegularText(b), doc.path);
      } catch {
        continue;
      }
      if (ourEntries(backup).length === 0 && withOurHooks(backup, ours).text === doc.text) return backup;
    }
  }
  return withoutOurHooks(doc);
}

/** A settings text that holds nothing at all: `{}`, with any whitespace. */
function emptySettings(text: string): boolean {
  return /^\s*\{\s*\}\s*$/.test(text);
}

export function planUninstall(scope: Scope, projectDir: string, env: NodeJS.ProcessEnv, root: string, rulesFile: string, record?: InstallRecord): Plan {
  checkProject(scope, projectDir);
  const paths = claudePaths(scope, projectDir, env);
  const s = settings(paths.settings, uninstalled);
  if (s.changed) checkWritable(paths.settings);
  // Install created the file and nothing but its hooks is in it: it goes, rather than stay as `{}`.
  const removeSettings = s.changed && record !== undefined && record.created.includes(paths.settings) && emptySettings(s.after);
  const files: Action[] = [];
  const notes: string[] = [];
  for (const [name, path] of [['bye', paths.command] as const, ...EXTRA_COMMANDS.map((n) => [n, extraCommandPath(paths.command, n)] as const)]) {
    const state = commandState(readText(path), template(root, name));
    if (state === 'ours') files.push({ path, action: 'remove', apply: () => rmSync(path, { force: true }) });
    // Changed since install wrote it: the user's edits stay, and so does the file.
    else if (state === 'edited') notes.push(`left ${path} in place: it was changed since homunculus installed it (remove it yourself if you no longer want it)`);
  }
  const mcpFile = mcpConfigPath(scope, projectDir, env);
  const mcp = withMcpEntry(scope, projectDir, mcpFile, undefined);
  if (mcp) {
    // A file that held nothing but our server (install created it) is removed whole.
    const empty = mcp.after.trim() === '{}';
    files.push({ path: mcpFile, action: empty ? 'remove (it held only the homunculus MCP server)' : 'remove the homunculus MCP server', apply: () => (empty ? rmSync(mcpFile, { force: true }) : writeUserFile(mcpFile, mcp.after)) });
  }
  const link = ourLegacyLink(paths.rulesLink, [rulesFile, join(root, 'generated-rules.md')]);
  if (link === 'foreign') notes.push(`left ${paths.rulesLink} in place: homunculus did not make it (it ${linkTarget(paths.rulesLink) === 'not-a-link' ? 'is not a link' : `points at ${linkTarget(paths.rulesLink)}`})`);
  else if (link !== null) files.push({ path: paths.rulesLink, action: 'remove link', apply: () => rmSync(paths.rulesLink, { force: true }) });
  // The folders install made, deepest first, once nothing but what is removed here is left in them.
  const gone = new Set([...files.map((f) => f.path), ...(removeSettings ? [paths.settings] : [])]);
  for (const dir of [...(record?.created ?? [])].sort((a, b) => b.length - a.length)) {
    if (dir === paths.settings || !isFolder(dir)) continue;
    if (!readdirSync(dir).every((name) => gone.has(join(dir, name)))) continue;
    gone.add(dir);
    files.push({ path: dir, action: 'remove the folder install made (now empty)', apply: () => rmdirIfEmpty(dir) });
  }
  return { settingsPath: paths.settings, before: s.before, after: removeSettings ? '' : s.after, settingsChanged: s.changed, files, notes, removeSettings };
}

function isFolder(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Removes a folder only if it is empty now (something written there since the plan stays, with its folder). */
function rmdirIfEmpty(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // not empty, or gone: left as it is
  }
}
