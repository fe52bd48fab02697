import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './helpers.js';
import { setup } from './install-helpers.js';

const NAMES = ['status', 'learn', 'forget', 'dream', 'graduate', 'export', 'projects'];

describe('the slash commands beside /bye', () => {
  it('install writes each as homunculus-<name>.md running the same CLI as /bye; uninstall removes them; a file of the user\'s is left alone', async () => {
    const b = setup();
    const dir = join(b.home, '.claude', 'commands');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'homunculus-export.md'), 'my own command\n');
    const r = await runCli(['install'], b.env);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('homunculus-export.md exists and was not installed by homunculus: left alone');
    const cli = `node "${join(ROOT, 'dist', 'cli', 'homunculus.js')}"`;
    for (const name of NAMES.filter((n) => n !== 'export')) {
      const text = readFileSync(join(dir, `homunculus-${name}.md`), 'utf8');
      expect(text).toMatch(/^---\n# installed by homunculus\ndescription: /);
      expect(text).not.toContain('{{');
      expect(text).toContain(`${cli} ${name === 'learn' ? 'observe' : name === 'forget' ? 'search' : name}`);
    }
    expect(readFileSync(join(dir, 'homunculus-status.md'), 'utf8')).toContain(`!\`HOMUNCULUS_HOME='${b.data}' HOMUNCULUS_RULES_FILE='${b.env.HOMUNCULUS_RULES_FILE}' ${cli} status\``);
    expect(readFileSync(join(dir, 'homunculus-export.md'), 'utf8')).toBe('my own command\n');
    expect((await runCli(['uninstall'], b.env)).exitCode).toBe(0);
    expect(readdirSync(dir)).toEqual(['homunculus-export.md']);
  });

  it('the plugin has every command as /homunculus:<name>, with the plugin\'s CLI', () => {
    for (const name of ['bye', ...NAMES]) {
      const text = readFileSync(join(ROOT, 'plugin', 'commands', `${name}.md`), 'utf8');
      expect(text).toContain('node "${CLAUDE_PLUGIN_ROOT}/dist/cli/homunculus.mjs"');
      expect(text).not.toContain('{{');
    }
    expect(existsSync(join(ROOT, 'plugin', 'commands', 'status.md'))).toBe(true);
  });

  it('forget removes a taught instinct or a fact, and names what it cannot find', async () => {
    const b = setup();
    const env = { ...b.env };
    expect((await runCli(['observe', 'pref:pkg=pnpm', '--trigger', 'installing', '--action', 'use pnpm'], env)).exitCode).toBe(0);
    expect((await runCli(['facts', 'add', 'the', 'db', 'listens', 'on', '3306', '--global'], env)).exitCode).toBe(0);
    const f = await runCli(['forget', 'pref:pkg=pnpm'], env);
    expect(f.stdout).toMatch(/^Forgot instinct pref:pkg=pnpm \(pref-pkg-pnpm-[0-9a-f]+\); kept in archive\/\.$/m);
    const facts = JSON.parse((await runCli(['facts', 'list', '--json'], env)).stdout as string) as { facts: { id: string }[] };
    const g = await runCli(['forget', facts.facts[0]!.id], env);
    expect(g.stdout).toContain('Forgot fact');
    const miss = await runCli(['forget', 'pref:nothing=here'], env);
    expect(miss.exitCode).toBe(2);
    expect(miss.stderr).toContain('no instinct or fact "pref:nothing=here"');
  });
});
