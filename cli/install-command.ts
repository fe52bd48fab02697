import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { rulesFilePath } from '../runs/consolidate-run.js';
import { stamp } from '../runs/run.js';
import { InstallError, planInstall, planUninstall, type Locators, type Plan } from '../claude/installer.js';
import { claudePaths, SCOPES, type Scope } from '../claude/paths.js';
import { forgetInstall, readInstallRecords, recordInstall } from '../claude/install-record.js';
import { SettingsError } from '../claude/settings.js';
import { tidyBackups } from '../claude/settings-backups.js';
import { plural } from '../lib/plural.js';
import { McpConfigError } from '../claude/mcp-config.js';
import { packageRoot } from '../lib/data-home.js';
import { deleteOurs, walkDataHome, type DataHomeWalk } from '../lib/data-home-tree.js';
import { backupUserFile, UserFileError, writeUserFile } from '../lib/user-file.js';
import { CliError } from './errors.js';
import { context, printJson } from './context.js';

// install / uninstall: the settings file gets minimal text edits, never a rewrite; other files
// (the /bye command, the rules link) are ours alone and marked as such.

/** The locating settings in effect, as absolute paths (a relative one would differ per project). */
function locators(env: NodeJS.ProcessEnv): Locators {
  const abs = (v: string | undefined) => (v ? resolve(v) : undefined);
  const loc: Locators = {};
  const home = abs(env['HOMUNCULUS_HOME']);
  const rules = abs(env['HOMUNCULUS_RULES_FILE']);
  const config = abs(env['HOMUNCULUS_CONFIG']);
  if (home) loc.HOMUNCULUS_HOME = home;
  if (rules) loc.HOMUNCULUS_RULES_FILE = rules;
  if (config) loc.HOMUNCULUS_CONFIG = config;
  return loc;
}

/** Expected failures of planning and applying, as one-line CLI errors. */
function expected<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof SettingsError || e instanceof InstallError || e instanceof UserFileError || e instanceof McpConfigError) throw new CliError(e.message, 2, { cause: e });
    throw e;
  }
}

async function describe(plan: Plan, dryRun: boolean): Promise<string> {
  const { createTwoFilesPatch } = await import('diff'); // loaded on use, not at every CLI start
  const out: string[] = [];
  if (plan.settingsChanged) {
    out.push(createTwoFilesPatch(plan.settingsPath, plan.settingsPath, plan.before ?? '', plan.after, dryRun ? 'current' : 'before', dryRun ? 'after' : 'after').trimEnd());
  }
  if (plan.removeSettings) out.push(`remove (install created it; nothing else is in it): ${plan.settingsPath}`);
  for (const f of plan.files) out.push(`${f.action}: ${f.path}`);
  out.push(...plan.notes);
  return out.join('\n');
}

function apply(plan: Plan, now: Date): string | undefined {
  let backup: string | undefined;
  if (plan.removeSettings) rmSync(plan.settingsPath, { force: true }); // install made it; only its hooks were in it
  else if (plan.settingsChanged) {
    if (plan.before !== null) backup = backupUserFile(plan.settingsPath, stamp(now.toISOString()));
    writeUserFile(plan.settingsPath, plan.after);
  }
  for (const f of plan.files) f.apply();
  return backup;
}

type Args = { scope: Scope; project?: string; 'dry-run': boolean; home?: string; purge?: boolean; json: boolean };

/** What install and uninstall did (or, on a dry run, would do), for --json. */
function planJson(plan: Plan, extra: { dryRun: boolean; backup?: string | undefined; purged?: string | undefined }) {
  return {
    settings: plan.settingsPath,
    settingsChanged: plan.settingsChanged,
    files: plan.files.map((f) => ({ action: f.action, path: f.path })),
    notes: plan.notes,
    dryRun: extra.dryRun,
    written: !extra.dryRun && (plan.settingsChanged || plan.files.length > 0),
    ...(extra.backup ? { backup: extra.backup } : {}),
    ...(extra.purged ? { purged: extra.purged } : {}),
  };
}

const scopeOptions = {
  scope: { type: 'string', choices: SCOPES, default: 'user' as Scope, describe: 'which settings file: ~/.claude/settings.json, <project>/.claude/settings.json or settings.local.json' },
  project: { type: 'string', describe: 'project folder for --scope project|local (default: the current folder; it must exist)' },
  'dry-run': { type: 'boolean', default: false, describe: 'print the exact changes and write nothing' },
  json: { type: 'boolean', default: false, describe: 'print JSON for machines: the settings file, the files, what changed' },
} as const;

function envWith(argv: { home?: string | undefined }): NodeJS.ProcessEnv {
  return argv.home ? { ...process.env, HOMUNCULUS_HOME: resolve(argv.home) } : process.env;
}

function projectOf(argv: { project?: string | undefined }): string {
  return resolve(argv.project ?? process.cwd());
}

/**
 * Records the install in the data home the hooks use (claude/install-record.ts): for doctor and
 * uninstall, not for the hooks, so a data home that cannot be written yet (doctor says so) does
 * not fail an install that is done.
 */
function remember(home: string, plan: Plan, now: Date): void {
  try {
    recordInstall(home, plan.settingsPath, plan.created ?? [], now.toISOString());
  } catch {
    // not recorded: doctor then judges every session, and uninstall leaves empty folders
  }
}

function forget(home: string, settings: string): void {
  try {
    forgetInstall(home, settings);
  } catch {
    // the record stays; a later install keeps its time
  }
}

export const installCommand: CommandModule<object, Args> = {
  command: 'install',
  describe: 'register the hooks (observe, analyse, deliver the rules, reconcile) and the /bye command in Claude Code settings',
  builder: (y) => y.options({ ...scopeOptions, home: { type: 'string', describe: 'data home to carry in the hook commands (made absolute)' } }),
  handler: async (argv) => {
    if (argv.scope === 'project' && argv.home) throw new CliError('--home with --scope project would write a path of this machine into the committed .claude/settings.json; use --scope local, or set HOMUNCULUS_HOME in your environment');
    const env = envWith(argv);
    const ctx = context({ home: argv.home }, env);
    const loc = locators(env);
    const rulesFile = rulesFilePath(ctx.home, ctx.config, env);
    const plan = expected(() => planInstall({ scope: argv.scope, projectDir: projectOf(argv), env, root: packageRoot(), loc, rulesFile }));
    if (argv.json) {
      const backup = argv['dry-run'] ? undefined : expected(() => apply(plan, new Date()));
      if (!argv['dry-run']) remember(ctx.home, plan, ctx.now);
      printJson(planJson(plan, { dryRun: argv['dry-run'], backup }));
      return;
    }
    if (!plan.settingsChanged && plan.files.length === 0) {
      process.stdout.write(`homunculus is already installed in ${plan.settingsPath}; nothing changed.${plan.notes.length ? `\n${plan.notes.join('\n')}` : ''}\n`);
      return;
    }
    if (argv['dry-run']) {
      process.stdout.write(`Dry run: nothing was written. These changes would be made:\n${await describe(plan, true)}\n`);
      return;
    }
    const backup = expected(() => apply(plan, new Date()));
    remember(ctx.home, plan, ctx.now);
    process.stdout.write(`${await describe(plan, false)}\nInstalled into ${plan.settingsPath}${backup ? ` (backup: ${backup})` : ''}.\n`);
  },
};

/**
 * What --purge would delete: every file and folder of the data home, all of them homunculus's
 * (by name and kind, the whole tree walked). Anything else there refuses the purge, before
 * anything is uninstalled or removed, naming what it found.
 */
function purgeCheck(home: string): DataHomeWalk | undefined {
  if (!existsSync(home)) return undefined;
  let walk: DataHomeWalk;
  try {
    walk = walkDataHome(home);
  } catch (e) {
    throw new CliError(`not purging ${home}: cannot read it whole (${(e as NodeJS.ErrnoException).code ?? String(e)} at ${(e as NodeJS.ErrnoException).path ?? home}); nothing was changed`, 2, { cause: e });
  }
  const { foreign } = walk;
  if (foreign.length > 0) {
    const more = foreign.length > 5 ? ` and ${foreign.length - 5} more` : '';
    throw new CliError(`not purging ${home}: it holds files homunculus did not write (${foreign.slice(0, 5).join(', ')}${more}); move them out of it, or delete it yourself; nothing was changed`);
  }
  return walk;
}

/** Deletes the data home's files (checked by purgeCheck first); its path when there was one. */
function purge(home: string, walk: DataHomeWalk | undefined): string | undefined {
  if (walk === undefined) return undefined;
  // A checkout's homunculus/README.md is tracked by git: keep it, delete the data.
  deleteOurs(home, walk, new Set(['README.md']));
  return home;
}

/** After uninstall, the backups of the settings file homunculus made: those holding its hooks or what the file holds now go, the rest are kept (tidyBackups). */
function tidy(plan: Plan): { removed: string[]; kept: string[] } {
  return tidyBackups(plan.settingsPath, plan.removeSettings ? undefined : plan.after);
}

function backupLines(b: { removed: string[]; kept: string[] }): string {
  const lines: string[] = [];
  if (b.removed.length) lines.push(`Removed ${plural(b.removed.length, 'backup')} of it that install and uninstall made (each held the hooks, or what the file holds now).`);
  if (b.kept.length) lines.push(`Kept ${plural(b.kept.length, 'earlier backup')} of it (the settings as they were before an install; no hook of homunculus in ${b.kept.length === 1 ? 'it' : 'them'}): ${b.kept.join(', ')}`);
  return lines.map((l) => `${l}\n`).join('');
}

export const uninstallCommand: CommandModule<object, Args> = {
  command: 'uninstall',
  describe: 'remove exactly what install added (the data home stays unless --purge)',
  builder: (y) => y.options({ ...scopeOptions, purge: { type: 'boolean', default: false, describe: 'also delete the data home' }, home: { type: 'string', describe: 'data home (for --purge)' } }),
  handler: async (argv) => {
    const env = envWith(argv);
    const ctx = context({ home: argv.home }, env);
    const walk = argv.purge ? purgeCheck(ctx.home) : undefined;
    const settingsFile = claudePaths(argv.scope, projectOf(argv), env).settings;
    const plan = expected(() => planUninstall(argv.scope, projectOf(argv), env, packageRoot(), rulesFilePath(ctx.home, ctx.config, env), readInstallRecords(ctx.home)[settingsFile]));
    const nothing = !plan.settingsChanged && plan.files.length === 0;
    if (argv.json) {
      const backup = argv['dry-run'] || nothing ? undefined : expected(() => apply(plan, new Date()));
      if (!argv['dry-run'] && !nothing) forget(ctx.home, plan.settingsPath);
      const backups = argv['dry-run'] || nothing ? undefined : tidy(plan);
      const purged = !argv['dry-run'] && argv.purge ? purge(ctx.home, walk) : undefined;
      printJson({ ...planJson(plan, { dryRun: argv['dry-run'], backup: backups?.kept.includes(backup ?? '') ? backup : undefined, purged }), ...(backups ? { backups } : {}) });
      return;
    }
    if (argv['dry-run']) {
      process.stdout.write(nothing ? `Dry run: nothing to remove.${plan.notes.length ? `\n${plan.notes.join('\n')}` : ''}\n` : `Dry run: nothing was written. These changes would be made:\n${await describe(plan, true)}\n`);
      return;
    }
    if (nothing) process.stdout.write(`homunculus is not installed in ${plan.settingsPath}; nothing changed.${plan.notes.length ? `\n${plan.notes.join('\n')}` : ''}\n`);
    else {
      expected(() => apply(plan, new Date()));
      forget(ctx.home, plan.settingsPath);
      const backups = tidy(plan);
      process.stdout.write(`${await describe(plan, false)}\nRemoved from ${plan.settingsPath}.\n${backupLines(backups)}`);
    }
    if (argv.purge && purge(ctx.home, walk)) process.stdout.write(`Purged the data home ${ctx.home}.\n`);
  },
};
