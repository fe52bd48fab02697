// uninstall through the CLI: what install created goes again once it is left empty; what was
// there before, and what the user added since, stays. (--purge: test/uninstall-purge.test.ts.)
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers.js';
import { settingsPath, setup } from './install-helpers.js';

describe('uninstall removes what install created, once it is left empty', () => {
  const tree = (dir: string): string[] => {
    const out: string[] = [];
    const walk = (d: string, rel: string) => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        out.push(`${rel}${e.name}${e.isDirectory() ? '/' : ''}`);
        if (e.isDirectory()) walk(join(d, e.name), `${rel}${e.name}/`);
      }
    };
    walk(dir, '');
    return out.sort();
  };

  it('a fresh HOME is left as it was: no settings.json holding {}, no empty commands/, no data home', async () => {
    const b = setup();
    expect(tree(b.home)).toEqual([]);
    expect((await runCli(['install'], b.env)).exitCode).toBe(0);
    expect(tree(b.home)).toContain('.claude/commands/bye.md');
    const r = await runCli(['uninstall'], b.env);
    expect(r.exitCode, r.stderr as string).toBe(0);
    expect(r.stdout).toContain(`remove (install created it; nothing else is in it): ${settingsPath(b, 'user')}`);
    expect(tree(b.home)).toEqual([]);
    expect(existsSync(b.data)).toBe(false);
  });

  it('never removes what was there before install, nor a folder that holds a file of the user', async () => {
    const b = setup();
    mkdirSync(join(b.home, '.claude', 'commands'), { recursive: true });
    writeFileSync(settingsPath(b, 'user'), '{}\n');
    expect((await runCli(['install'], b.env)).exitCode).toBe(0);
    expect((await runCli(['uninstall'], b.env)).exitCode).toBe(0);
    // The empty settings file and the empty folder were the user's: both stay, byte for byte.
    expect(readFileSync(settingsPath(b, 'user'), 'utf8')).toBe('{}\n');
    expect(tree(b.home).filter((f) => !f.includes('homunculus-backup'))).toEqual(['.claude/', '.claude/commands/', '.claude/settings.json']);

    // A fresh HOME where the user adds a command of their own after install: it and its folders stay.
    const c = setup();
    expect((await runCli(['install'], c.env)).exitCode).toBe(0);
    writeFileSync(join(c.home, '.claude', 'commands', 'mine.md'), 'my command\n');
    expect((await runCli(['uninstall'], c.env)).exitCode).toBe(0);
    expect(tree(c.home)).toEqual(['.claude/', '.claude/commands/', '.claude/commands/mine.md']);
  });
});
