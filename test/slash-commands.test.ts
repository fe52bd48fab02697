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
      expect(text).toMatch(/^---\n# installed by homunculus \(sha256 [0-9a-f]{16}\)\ndescription: /);
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

// Issue 38, item 10: install overwrote, and uninstall deleted, a slash-command file the user had
// edited. A file changed since install wrote it is left alone, and both say so.
describe('slash-command files the user edited', () => {
  it('install leaves them, updates the others, and says which; uninstall leaves them and says so', async () => {
    const b = setup();
    expect((await runCli(['install'], b.env)).exitCode).toBe(0);
    const dir = join(b.home, '.claude', 'commands');
    const bye = join(dir, 'bye.md');
    const status = join(dir, 'homunculus-status.md');
    const editedBye = readFileSync(bye, 'utf8').replace('--exit-zero`', '--exit-zero`\n\nThen tell me a joke.');
    const editedStatus = `${readFileSync(status, 'utf8')}Also list the projects.\n`;
    writeFileSync(bye, editedBye);
    writeFileSync(status, editedStatus);
    // Installed again with another data home: every command file would change.
    const env = { ...b.env, HOMUNCULUS_HOME: join(b.root, 'other') };
    const again = await runCli(['install'], env);
    expect(again.exitCode, again.stderr as string).toBe(0);
    expect(again.stdout).toContain(`${bye} was changed since homunculus installed it: left alone, your edits kept`);
    expect(again.stdout).toContain(`${status} was changed since homunculus installed it: left alone, your edits kept`);
    expect(readFileSync(bye, 'utf8')).toBe(editedBye);
    expect(readFileSync(status, 'utf8')).toBe(editedStatus);
    expect(readFileSync(join(dir, 'homunculus-learn.md'), 'utf8')).toContain(join(b.root, 'other'));
    const json = JSON.parse((await runCli(['install', '--json'], env)).stdout as string) as { notes: string[]; files: unknown[] };
    expect(json.files).toEqual([]);
    expect(json.notes).toEqual(expect.arrayContaining([expect.stringContaining(`${status} was changed since homunculus installed it`)]));
    const un = await runCli(['uninstall'], env);
    expect(un.exitCode, un.stderr as string).toBe(0);
    expect(un.stdout).toContain(`left ${status} in place: it was changed since homunculus installed it`);
    expect(un.stdout).toContain(`left ${bye} in place: it was changed since homunculus installed it`);
    expect(readdirSync(dir).sort()).toEqual(['bye.md', 'homunculus-status.md']);
    expect(readFileSync(status, 'utf8')).toBe(editedStatus);
  });
});
