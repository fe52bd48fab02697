// The user's settings through the CLI, byte for byte: install edits the text minimally, uninstall
// gives back the original bytes, backups are never overwritten, errors name file:line:column and
// nothing is written. The text edits themselves, for every fixture at every scope and every refused
// text, are checked in process in test/settings.test.ts.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers.js';
import { EVENTS, SETTINGS_FIXTURES, settingsPath, setup } from './install-helpers.js';
import { expectMinimalInstall, REFUSED, SETTINGS_FILES } from './settings-helpers.js';

const SCOPES = ['user', 'project', 'local'];

describe('settings byte for byte', () => {
  // Every fixture once through the CLI, the scopes taken in turn.
  it.each(SETTINGS_FILES.map((f, i) => [f, SCOPES[i % SCOPES.length]!]))('%s (%s scope): minimal edit, schema-valid, idempotent, uninstall restores the bytes', async (file, scope) => {
    const b = setup();
    const path = settingsPath(b, scope);
    mkdirSync(dirname(path), { recursive: true });
    copyFileSync(join(SETTINGS_FIXTURES, file), path);
    const original = readFileSync(path);
    const text = original.toString('utf8');
    const args = ['--scope', scope, '--project', b.project];

    const first = await runCli(['install', ...args], b.env);
    expect(first.exitCode, first.stderr as string).toBe(0);
    expectMinimalInstall(text, readFileSync(path, 'utf8'), EVENTS);
    const backups = readdirSync(dirname(path)).filter((f) => f.includes('.homunculus-backup-'));
    expect(backups).toHaveLength(1);
    expect(readFileSync(join(dirname(path), backups[0]!)).equals(original)).toBe(true);

    const installed = readFileSync(path);
    const second = await runCli(['install', ...args], b.env);
    expect(second.stdout).toContain('already installed');
    expect(readFileSync(path).equals(installed)).toBe(true);

    const un = await runCli(['uninstall', ...args], b.env);
    expect(un.exitCode, un.stderr as string).toBe(0);
    expect(readFileSync(path).toString('utf8')).toBe(text);
    expect(readFileSync(path).equals(original)).toBe(true);
  });

  it('never overwrites a backup: installs within a second keep every version; uninstall then removes those it made redundant', async () => {
    const b = setup();
    const path = settingsPath(b, 'user');
    mkdirSync(dirname(path), { recursive: true });
    copyFileSync(join(SETTINGS_FIXTURES, 'typical.json'), path);
    const original = readFileSync(path);
    const backupsNow = () => readdirSync(dirname(path)).filter((f) => f.includes('.homunculus-backup-')).sort((x, y) => x.length - y.length || (x < y ? -1 : 1));
    expect((await runCli(['install'], b.env)).exitCode).toBe(0);
    const installed = readFileSync(path);
    // Installed again at once, the hooks carrying another data home: a second backup, the first kept.
    expect((await runCli(['install'], { ...b.env, HOMUNCULUS_HOME: join(b.root, 'other') })).exitCode).toBe(0);
    const contents = backupsNow().map((f) => readFileSync(join(dirname(path), f)));
    expect(contents).toHaveLength(2);
    expect(contents[0]!.equals(original)).toBe(true);
    expect(contents[1]!.equals(installed)).toBe(true);
    // Issue 38, item 13: uninstall gives back the original, and leaves no backup it made redundant
    // (the original's copy), nor one that still holds the hook commands.
    const un = await runCli(['uninstall', '--json'], { ...b.env, HOMUNCULUS_HOME: join(b.root, 'other') });
    expect(un.exitCode, un.stderr as string).toBe(0);
    expect(readFileSync(path).equals(original)).toBe(true);
    expect(backupsNow()).toEqual([]);
    expect(JSON.parse(un.stdout as string).backups).toMatchObject({ kept: [] });
    expect(JSON.parse(un.stdout as string).backups.removed).toHaveLength(3);
  });

  it('uninstall keeps, and names, a backup of settings the user changed since, and none with the hooks', async () => {
    const b = setup();
    const path = settingsPath(b, 'user');
    mkdirSync(dirname(path), { recursive: true });
    copyFileSync(join(SETTINGS_FIXTURES, 'typical.json'), path);
    const original = readFileSync(path);
    expect((await runCli(['install'], b.env)).exitCode).toBe(0);
    // The user changes a setting of their own while installed.
    writeFileSync(path, readFileSync(path, 'utf8').replace('{', '{\n  "outputStyle": "concise",'));
    const un = await runCli(['uninstall'], b.env);
    expect(un.exitCode, un.stderr as string).toBe(0);
    const left = readdirSync(dirname(path)).filter((f) => f.includes('.homunculus-backup-'));
    expect(left).toHaveLength(1);
    expect(readFileSync(join(dirname(path), left[0]!)).equals(original)).toBe(true);
    expect(un.stdout).toContain(`Kept 1 earlier backup of it (the settings as they were before an install; no hook of homunculus in it): ${join(dirname(path), left[0]!)}`);
    expect(un.stdout).toContain('Removed 1 backup of it that install and uninstall made');
    expect(readFileSync(path, 'utf8')).toContain('"outputStyle": "concise"');
    expect(readFileSync(path, 'utf8')).not.toContain('homunculus');
  });

  // The wiring of the refusals: one text that is not JSON and one of the wrong shape, through each command at once.
  it.each(REFUSED.filter(([name]) => name === 'a BOM and an error on line 2' || name === 'a null handler'))('refuses %s with one line naming file:line:column, and writes nothing', async (_name, text, message) => {
    const b = setup();
    const path = settingsPath(b, 'user');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    const cmds = ['install', 'uninstall', 'doctor'];
    const runs = await Promise.all(cmds.map((cmd) => runCli([cmd, '--project', b.project], b.env)));
    runs.forEach((r, i) => {
      expect(r.exitCode).not.toBe(0);
      const out = cmds[i] === 'doctor' ? (r.stdout as string) : (r.stderr as string);
      expect(out).toContain(`${path}${message}`);
      if (cmds[i] !== 'doctor') expect((r.stderr as string).trimEnd().split('\n')).toHaveLength(1);
    });
    expect(readFileSync(path, 'utf8')).toBe(text);
    expect(readdirSync(dirname(path))).toEqual(['settings.json']);
  });
});
