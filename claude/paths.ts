import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export type Scope = 'user' | 'project' | 'local';
export const SCOPES: Scope[] = ['user', 'project', 'local'];

/** Where Claude Code keeps settings, commands and rules for a scope. */
export function claudePaths(scope: Scope, projectDir: string, env: NodeJS.ProcessEnv): { dir: string; settings: string; command: string; rulesLink: string } {
  const dir = scope === 'user' ? resolve(env['CLAUDE_CONFIG_DIR'] || join(env['HOME'] || homedir(), '.claude')) : join(resolve(projectDir), '.claude');
  return {
    dir,
    settings: join(dir, scope === 'local' ? 'settings.local.json' : 'settings.json'),
    command: join(dir, 'commands', 'bye.md'),
    rulesLink: join(dir, 'rules', 'homunculus.md'),
  };
}
