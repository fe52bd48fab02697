import { existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CommandModule } from 'yargs';
import { rulesFilePath } from '../analyzer/consolidate-run.js';
import { renderRules } from '../analyzer/rules-file.js';
import { stamp } from '../analyzer/run.js';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { claudePaths, SCOPES, type Scope } from '../claude/paths.js';
import { MARKER, parseSettings, serialize, SettingsError, shQuote, withOurHooks, withoutOurHooks, type OurHooks } from '../claude/settings.js';
import { packageRoot } from '../lib/data-home.js';
import { CliError } from './errors.js';
import { context } from './context.js';

// install / uninstall: the settings file is merged, never rewritten wholesale; other files
// (the /bye command, the rules link) are ours alone and marked as such.

export const COMMAND_MARKER = '<!-- installed by homunculus -->';
export const STOP_NODE_FLAGS = '--max-semi-space-size=2';

export function hookCommands(root: string, env: NodeJS.ProcessEnv): OurHooks {
  const prefix = env['HOMUNCULUS_HOME'] ? `HOMUNCULUS_HOME=${shQuote(env['HOMUNCULUS_HOME'])} ` : '';
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

export function commandFile(root: string, env: NodeJS.ProcessEnv): string {
  const template = readFileSync(join(root, 'commands', 'bye.md'), 'utf8');
  const cli = join(root, 'dist', 'cli', 'homunculus.js');
  const home = env['HOMUNCULUS_HOME'] ? `HOMUNCULUS_HOME=${shQuote(env['HOMUNCULUS_HOME'])} ` : '';
  // The template quotes the path with double quotes for the permission rule; use it as is only
  // when the path needs no escaping there.
  if (/["`$\\\n]/.test(cli)) throw new CliError(`cannot install the /bye command: the path ${cli} contains a character ("\`$\\) that a command line cannot quote safely`);
  // The same command line in the permission rule and in the !-line, so the rule matches it.
  const withPath = template.replaceAll('node "{{HOMUNCULUS_CLI}}"', `${home}node "${cli}"`);
  return withPath.replace(/^---\n([\s\S]*?)\n---\n/, (m) => `${m}${COMMAND_MARKER}\n`);
}

interface Plan {
  settingsPath: string;
  before: string | null;
  after: string;
  settingsChanged: boolean;
  files: { path: string; action: string; apply: () => void }[];
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

function settingsPlan(path: string, change: (s: Record<string, unknown>) => Record<string, unknown>) {
  const before = readText(path);
  let parsed: Record<string, unknown>;
  try {
    parsed = parseSettings(before ?? '', path);
  } catch (e) {
    if (e instanceof SettingsError) throw new CliError(e.message, 2, { cause: e });
    throw e;
  }
  let next: Record<string, unknown>;
  try {
    next = change(parsed);
  } catch (e) {
    if (e instanceof SettingsError) throw new CliError(e.message, 2, { cause: e });
    throw e;
  }
  const changed = JSON.stringify(next) !== JSON.stringify(parsed) || (before === null && Object.keys(next).length > 0);
  return { before, after: serialize(next), changed };
}

function isOurLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

function planInstall(scope: Scope, projectDir: string, env: NodeJS.ProcessEnv, rulesFile: string): Plan {
  const root = packageRoot();
  const paths = claudePaths(scope, projectDir, env);
  const s = settingsPlan(paths.settings, (x) => withOurHooks(x, hookCommands(root, env), paths.settings));
  const files: Plan['files'] = [];
  const cmd = commandFile(root, env);
  const existingCmd = readText(paths.command);
  if (existingCmd !== null && !existingCmd.includes(COMMAND_MARKER)) {
    throw new CliError(`${paths.command} exists and was not installed by homunculus; move it aside (or rename your /bye) and install again`);
  }
  if (existingCmd !== cmd) files.push({ path: paths.command, action: existingCmd === null ? 'create' : 'update', apply: () => writeFileAtomic(paths.command, cmd, { mode: 0o644 }) });
  if (!existsSync(rulesFile)) files.push({ path: rulesFile, action: 'create (empty rules)', apply: () => writeFileAtomic(rulesFile, renderRules([]), { mode: 0o644 }) });
  const link = paths.rulesLink;
  const current = isOurLink(link) ? readlinkSync(link) : existsSync(link) ? 'not-a-link' : null;
  if (current === 'not-a-link') throw new CliError(`${link} exists and is not the link homunculus installs; move it aside and install again`);
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
  return { settingsPath: paths.settings, before: s.before, after: s.after, settingsChanged: s.changed, files };
}

function planUninstall(scope: Scope, projectDir: string, env: NodeJS.ProcessEnv): Plan {
  const paths = claudePaths(scope, projectDir, env);
  const s = settingsPlan(paths.settings, (x) => withoutOurHooks(x, paths.settings));
  const files: Plan['files'] = [];
  const cmd = readText(paths.command);
  if (cmd !== null && cmd.includes(COMMAND_MARKER)) files.push({ path: paths.command, action: 'remove', apply: () => rmSync(paths.command, { force: true }) });
  if (isOurLink(paths.rulesLink)) files.push({ path: paths.rulesLink, action: 'remove link', apply: () => rmSync(paths.rulesLink, { force: true }) });
  return { settingsPath: paths.settings, before: s.before, after: s.after, settingsChanged: s.changed, files };
}

async function describe(plan: Plan, dryRun: boolean): Promise<string> {
  const { createTwoFilesPatch } = await import('diff'); // loaded on use, not at every CLI start
  const out: string[] = [];
  if (plan.settingsChanged) {
    out.push(createTwoFilesPatch(plan.settingsPath, plan.settingsPath, plan.before ?? '', plan.after, dryRun ? 'current' : 'before', dryRun ? 'after install' : 'after').trimEnd());
  }
  for (const f of plan.files) out.push(`${f.action}: ${f.path}`);
  return out.join('\n');
}

function apply(plan: Plan, now: Date): string | undefined {
  let backup: string | undefined;
  if (plan.settingsChanged) {
    mkdirSync(dirname(plan.settingsPath), { recursive: true });
    let mode = 0o644;
    if (plan.before !== null) {
      mode = statSync(plan.settingsPath).mode & 0o777;
      backup = `${plan.settingsPath}.homunculus-backup-${stamp(now.toISOString())}`;
      writeFileSync(backup, plan.before, { mode });
    }
    writeFileAtomic(plan.settingsPath, plan.after, { skipIfSame: false, mode });
  }
  for (const f of plan.files) f.apply();
  return backup;
}

type Args = { scope: Scope; project?: string; 'dry-run': boolean; home?: string; purge?: boolean };

const scopeOptions = {
  scope: { choices: SCOPES, default: 'user' as Scope, describe: 'which settings file: ~/.claude/settings.json, <project>/.claude/settings.json or settings.local.json' },
  project: { type: 'string', describe: 'project folder for --scope project|local (default: the current folder)' },
  'dry-run': { type: 'boolean', default: false, describe: 'print the exact changes and write nothing' },
} as const;

export const installCommand: CommandModule<object, Args> = {
  command: 'install',
  describe: 'register the hooks, the /bye command and the rules link in Claude Code settings',
  builder: (y) => y.options({ ...scopeOptions, home: { type: 'string', describe: 'data home to carry in the hook commands' } }),
  handler: async (argv) => {
    const env = argv.home ? { ...process.env, HOMUNCULUS_HOME: argv.home } : process.env;
    const ctx = context({ home: argv.home }, env);
    const plan = planInstall(argv.scope, argv.project ?? process.cwd(), env, rulesFilePath(ctx.home, ctx.config, env));
    if (!plan.settingsChanged && plan.files.length === 0) {
      process.stdout.write(`homunculus is already installed in ${plan.settingsPath}; nothing changed.\n`);
      return;
    }
    if (argv['dry-run']) {
      process.stdout.write(`Dry run: nothing was written. These changes would be made:\n${await describe(plan, true)}\n`);
      return;
    }
    const backup = apply(plan, new Date());
    process.stdout.write(`${await describe(plan, false)}\nInstalled into ${plan.settingsPath}${backup ? ` (backup: ${backup})` : ''}.\n`);
  },
};

const KNOWN_DATA = new Set(['observations', 'state', 'instincts', 'archive', 'daily-summary.md', 'rules.json', 'config.json', 'hook-errors.log', 'hook-errors.log.1', 'analysis.lock', 'README.md']);

export const uninstallCommand: CommandModule<object, Args> = {
  command: 'uninstall',
  describe: 'remove exactly what install added (the data home stays unless --purge)',
  builder: (y) => y.options({ ...scopeOptions, purge: { type: 'boolean', default: false, describe: 'also delete the data home' }, home: { type: 'string', describe: 'data home (for --purge)' } }),
  handler: async (argv) => {
    const plan = planUninstall(argv.scope, argv.project ?? process.cwd(), process.env);
    const nothing = !plan.settingsChanged && plan.files.length === 0;
    if (argv['dry-run']) {
      process.stdout.write(nothing ? 'Dry run: nothing to remove.\n' : `Dry run: nothing was written. These changes would be made:\n${await describe(plan, true)}\n`);
      return;
    }
    if (nothing) process.stdout.write(`homunculus is not installed in ${plan.settingsPath}; nothing changed.\n`);
    else {
      const backup = apply(plan, new Date());
      process.stdout.write(`${await describe(plan, false)}\nRemoved from ${plan.settingsPath}${backup ? ` (backup: ${backup})` : ''}.\n`);
    }
    if (argv.purge) {
      const home = context({ home: argv.home }).home;
      if (existsSync(home)) {
        const foreign = readdirSync(home).filter((f) => !KNOWN_DATA.has(f) && !f.endsWith('.tmp'));
        if (foreign.length > 0) throw new CliError(`not purging ${home}: it holds files homunculus did not write (${foreign.slice(0, 5).join(', ')})`);
        // A checkout's homunculus/README.md is tracked by git: keep it, delete the data.
        for (const f of readdirSync(home)) if (f !== 'README.md') rmSync(join(home, f), { recursive: true, force: true });
        if (readdirSync(home).length === 0) rmSync(home, { recursive: true, force: true });
        process.stdout.write(`Purged the data home ${home}.\n`);
      }
    }
  },
};

