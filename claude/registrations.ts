import { existsSync } from 'node:fs';
import { cli } from '../lib/invocation.js';
import { readFailure, readRegularText } from '../lib/regular-file.js';
import { claudePaths, SCOPES, type Scope } from './paths.js';
import { ourEntries, ourPluginKeys, parseSettingsDoc } from './settings.js';

// Where homunculus' hooks are registered for a project: its entries in each settings file that
// applies (user, project, local), and the plugin enabled in any of them. Each registration runs
// the hooks once per event: two of them record every tool call twice (the analyzer counts it
// once, analyzer/record-table.ts, but both hooks still run), so install and doctor say so.

export interface Registrations {
  hooks: { scope: Scope; path: string; event: string; command: string }[];
  /** `enabledPlugins` keys that enable the plugin, with the settings file that holds them. */
  plugin: { scope: Scope; path: string; key: string }[];
  /** Settings files that cannot be read as settings. */
  problems: { scope: Scope; path: string; message: string }[];
}

export function registrations(projectDir: string, env: NodeJS.ProcessEnv): Registrations {
  const out: Registrations = { hooks: [], plugin: [], problems: [] };
  const read = new Set<string>();
  for (const scope of SCOPES) {
    const path = claudePaths(scope, projectDir, env).settings;
    // In the home folder, the project's .claude/settings.json is the user's: one file, read once.
    if (read.has(path) || !existsSync(path)) continue;
    read.add(path);
    try {
      const doc = parseSettingsDoc(readRegularText(path), path);
      out.hooks.push(...ourEntries(doc).map((e) => ({ scope, path, ...e })));
      out.plugin.push(...ourPluginKeys(doc).map((key) => ({ scope, path, key })));
    } catch (e) {
      out.problems.push({ scope, path, message: (e as NodeJS.ErrnoException).code ? `${path}: ${readFailure(e)}` : (e as Error).message });
    }
  }
  return out;
}

/** What else registers the hooks beside settings scope `scope`: one line each, for install's report. */
export function otherRegistrations(r: Registrations, scope: Scope): string[] {
  const notes: string[] = [];
  for (const other of SCOPES) {
    if (other === scope) continue;
    const h = r.hooks.find((x) => x.scope === other);
    if (h) notes.push(`homunculus' hooks are also registered in ${h.path} (${other} settings): both run, so every tool call is recorded twice (counted once); keep one: ${cli(`uninstall --scope ${other === 'user' ? 'user' : `${other} --project <the project>`}`)}`);
  }
  for (const p of r.plugin) notes.push(`the homunculus plugin is enabled too (${p.key} in ${p.path}): its hooks and these both run, so every tool call is recorded twice (counted once); keep one: disable the plugin (/plugin in Claude Code), or ${cli(`uninstall --scope ${scope}`)}`);
  return notes;
}
