import { join, resolve } from 'node:path';
import { userHome } from '../lib/data-home.js';

export type Scope = 'user' | 'project' | 'local';
export const SCOPES: Scope[] = ['user', 'project', 'local'];

/** Where Claude Code keeps settings, commands and rules for a scope. */
export function claudePaths(scope: Scope, projectDir: string, env: NodeJS.ProcessEnv): { dir: string; settings: string; command: string; rulesLink: string } {
  const dir = scope === 'user' ? resolve(env['CLAUDE_CONFIG_DIR'] || join(userHome(env), '.claude')) : join(resolve(projectDir), '.claude');
  return {
    dir,
    settings: join(dir, scope === 'local' ? 'settings.local.json' : 'settings.json'),
    command: join(dir, 'commands', 'bye.md'),
    rulesLink: join(dir, 'rules', 'homunculus.md'),
  };
}
