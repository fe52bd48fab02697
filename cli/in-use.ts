import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { claudePaths, SCOPES } from '../claude/paths.js';
import { locatorsOf, type Locators } from '../claude/installer.js';
import { registrations } from '../claude/registrations.js';
import { ConfigError, loadConfig } from '../lib/config.js';
import { layout, legacyCheckoutData, packageRoot, resolveDataHome } from '../lib/data-home.js';
import { rulesFilePath } from '../runs/consolidate-run.js';

// What is in use here: homunculus' entries in the settings files that apply to a project, the data
// home its hooks write to (and why that one), the rules and config files there. `where` prints it,
// and doctor starts from it.

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
  fix?: string;
}

export interface Installed {
  found: { scope: string; event: string; command: string }[];
  installedScopes: string[];
  /** The plugin enabled (`homunculus@<marketplace>`), and where. */
  plugin: { scope: string; path: string; key: string }[];
  problems: Check[];
}

/** homunculus' hook entries in every settings file that applies to the project, and the plugin enabled in any. */
export function installedEntries(projectDir: string, env: NodeJS.ProcessEnv): Installed {
  const r = registrations(projectDir, env);
  return {
    found: r.hooks.map(({ scope, event, command }) => ({ scope, event, command })),
    installedScopes: [...new Set(r.hooks.map((h) => h.scope))],
    plugin: r.plugin,
    problems: r.problems.map((p) => ({ name: `settings (${p.scope})`, ok: false, detail: p.message, fix: `repair ${p.path} (the line and column are above)` })),
  };
}

/**
 * The data home (and other locating settings) the installed hooks really use: what their commands
 * carry, else what Claude Code's environment gives them, else the default data home.
 */
export function hookLocators(found: Installed['found'], env: NodeJS.ProcessEnv): { homes: string[]; locators: Locators } {
  const homes = new Set<string>();
  let locators: Locators = {};
  for (const f of found) {
    const loc = locatorsOf(f.command);
    let home = loc.HOMUNCULUS_HOME;
    if (home === undefined) {
      try {
        home = resolveDataHome(env);
      } catch {
        home = undefined;
      }
    }
    if (home !== undefined) homes.add(home);
    locators = { ...loc, ...locators };
  }
  return { homes: [...homes], locators };
}

export interface Where {
  dataHome: string;
  /** Why this data home: --home, the hook commands, HOMUNCULUS_HOME, XDG_DATA_HOME or the default. */
  from: string;
  exists: boolean;
  /** Other data homes the installed hooks write to (doctor fails on them). */
  otherDataHomes: string[];
  rulesJson: string;
  rulesFile: string;
  config: { path: string; exists: boolean; problem?: string };
  settings: { scope: string; path: string; exists: boolean; hooks: string[]; plugin: string[] }[];
  /** Data an earlier version kept in this clone's own homunculus/ folder. */
  oldCloneData?: string;
}

/** Where homunculus reads and writes for `projectDir`, as the installed hooks see it (`home`: --home). */
export function whereInUse(opts: { home?: string | undefined; projectDir: string; env: NodeJS.ProcessEnv; installed?: Installed }): Where {
  const { projectDir } = opts;
  const installed = opts.installed ?? installedEntries(projectDir, opts.env);
  const { homes, locators } = hookLocators(installed.found, opts.env);
  const env: NodeJS.ProcessEnv = { ...opts.env, ...locators };
  const dataHome = opts.home ? resolve(opts.home) : resolveDataHome(env);
  const xdg = env['XDG_DATA_HOME'];
  const from = opts.home
    ? '--home'
    : locators.HOMUNCULUS_HOME !== undefined
      ? 'HOMUNCULUS_HOME in the installed hook commands'
      : env['HOMUNCULUS_HOME']
        ? 'HOMUNCULUS_HOME'
        : xdg && isAbsolute(xdg)
          ? 'XDG_DATA_HOME'
          : 'the default, ~/.local/share/homunculus';
  const configPath = env['HOMUNCULUS_CONFIG'] ? resolve(env['HOMUNCULUS_CONFIG']) : layout.config(dataHome);
  let problem: string | undefined;
  let config;
  try {
    config = loadConfig(dataHome, env).config;
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    problem = e.message.replace(/:?\n\s*-\s*/g, '; ');
    config = loadConfig(dataHome, env, undefined, { defaultsOnly: true }).config;
  }
  const rulesFile = rulesFilePath(dataHome, config, env);
  const paths = SCOPES.map((scope) => ({ scope, path: claudePaths(scope, projectDir, env).settings }));
  // In the home folder the project's settings file is the user's: listed once.
  const settings = paths.filter((p, i) => paths.findIndex((q) => q.path === p.path) === i).map(({ scope, path }) => ({
    scope,
    path,
    exists: existsSync(path),
    hooks: [...new Set(installed.found.filter((f) => f.scope === scope).map((f) => f.event))],
    plugin: installed.plugin.filter((p) => p.scope === scope).map((p) => p.key),
  }));
  let oldCloneData: string | undefined;
  try {
    oldCloneData = legacyCheckoutData(packageRoot());
  } catch {
    oldCloneData = undefined;
  }
  return {
    dataHome,
    from,
    exists: existsSync(dataHome),
    otherDataHomes: homes.filter((h) => h !== dataHome),
    rulesJson: layout.rulesJson(dataHome),
    rulesFile,
    config: { path: configPath, exists: existsSync(configPath), ...(problem !== undefined ? { problem } : {}) },
    settings,
    ...(oldCloneData !== undefined && resolve(oldCloneData) !== dataHome ? { oldCloneData } : {}),
  };
}

/** The data home as one line: doctor's first. */
export function whereLine(w: Where): string {
  const used = w.settings.filter((s) => s.hooks.length > 0 || s.plugin.length > 0).map((s) => s.path);
  return `Data home ${w.dataHome} (${w.from}${w.exists ? '' : '; not created yet'}); rules ${w.rulesJson}, ${w.rulesFile}; settings ${used.length ? used.join(', ') : 'none holds homunculus'}`;
}

/** `where` as text, one thing a line. */
export function whereText(w: Where): string {
  const lines = [
    `data home  ${w.dataHome} (${w.from}${w.exists ? '' : '; not created yet'})`,
    ...w.otherDataHomes.map((h) => `           also ${h}: other installed hooks write there (homunculus doctor)`),
    `rules      ${w.rulesJson} (the promoted rules)`,
    `           ${w.rulesFile} (the same, to read)`,
    `config     ${w.config.path}${w.config.problem !== undefined ? `: ${w.config.problem}` : w.config.exists ? '' : ' (absent: the defaults apply)'}`,
  ];
  w.settings.forEach((s, i) => {
    const what = s.hooks.length || s.plugin.length ? [...(s.hooks.length ? [`homunculus' hooks (${s.hooks.join(', ')})`] : []), ...s.plugin.map((k) => `the plugin ${k}`)].join('; ') : s.exists ? 'nothing of homunculus' : 'absent';
    lines.push(`${i === 0 ? 'settings  ' : '          '} ${s.path} (${s.scope}): ${what}`);
  });
  if (w.oldCloneData !== undefined) lines.push(`old data   ${w.oldCloneData}: what this clone kept before its data moved to the data home (homunculus doctor says how to move it)`);
  return `${lines.join('\n')}\n`;
}
