import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, sandbox } from './helpers.js';

export const EVENTS = ['PostToolUse', 'PostToolUseFailure', 'Stop', 'UserPromptSubmit', 'SessionStart', 'SessionEnd'];
export const SETTINGS_FIXTURES = join(import.meta.dirname, 'fixtures', 'settings');
export const SETTINGS_SCHEMA = join(import.meta.dirname, 'fixtures', 'schemas', 'claude-code-settings.json');

/** A sandbox with a HOME and a project folder, and the env that points install at them. */
export function setup() {
  const box = sandbox();
  mkdirSync(box.home, { recursive: true });
  mkdirSync(box.project, { recursive: true });
  // The project has homunculus (the npm package homunculus-claude-code) as a dependency, as a project-scope install requires.
  mkdirSync(join(box.project, 'node_modules'), { recursive: true });
  symlinkSync(ROOT, join(box.project, 'node_modules', 'homunculus-claude-code'));
  const env: Record<string, string> = { HOME: box.home, HOMUNCULUS_HOME: box.data, HOMUNCULUS_RULES_FILE: join(box.root, 'generated-rules.md') };
  return { ...box, env };
}

export const settingsPath = (b: { home: string; project: string }, scope: string) =>
  scope === 'user' ? join(b.home, '.claude', 'settings.json') : join(b.project, '.claude', scope === 'local' ? 'settings.local.json' : 'settings.json');
