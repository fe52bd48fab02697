// Writes where they do not belong: install and bye write only where they were asked to, through
// the user's links, never over a read-only file, and a refused install writes nothing at all.
import { execa } from 'execa';
import { chmodSync, chownSync, cpSync, existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, listFiles, ROOT, runCli, runHook } from './helpers.js';
import { settingsPath, setup } from './install-helpers.js';

type Settings = { hooks: Record<string, { hooks: { command: string }[] }[]> };
const commands = (path: string) => Object.values((JSON.parse(readFileSync(path, 'utf8')) as Settings).hooks).flatMap((g) => g.flatMap((x) => x.hooks.map((h) => h.command)));

// Each test has its own sandbox: they run at once.
describe.concurrent('install carries absolute locations', () => {
  it('--home given as a relative path is made absolute in every hook command and in /bye', async () => {
    const b = setup();
    const { HOMUNCULUS_HOME: _h, ...env } = b.env;
    const r = await runCli(['install', '--home', 'rel/data'], env, { cwd: b.root });
    expect(r.exitCode, r.stderr as string).toBe(0);
    for (const c of commands(settingsPath(b, 'user'))) expect(c).toContain(`HOMUNCULUS_HOME='${join(b.root, 'rel', 'data')}' `);
    expect(readFileSync(join(b.home, '.claude', 'commands', 'bye.md'), 'utf8')).toContain(`HOMUNCULUS_HOME='${join(b.root, 'rel', 'data')}' `);
  });

  it('HOMUNCULUS_RULES_FILE is carried, so /bye writes the file install was told about', async () => {
    const b = setup();
    const rules = b.env.HOMUNCULUS_RULES_FILE!;
    expect((await runCli(['install'], b.env)).exitCode).toBe(0);
    for (const c of commands(settingsPath(b, 'user'))) expect(c).toContain(`HOMUNCULUS_RULES_FILE='${rules}' `);
    // Run /bye's command line as Claude Code would, with neither variable in the environment.
    const cmd = readFileSync(join(b.home, '.claude', 'commands', 'bye.md'), 'utf8');
    const line = /^!`(.*)`$/m.exec(cmd)![1]!;
    writeFileSync(rules, 'stale\n');
    mkdirSync(b.data, { recursive: true });
    const r = await execa('sh', ['-c', line], { env: cleanEnv({ HOME: b.home, HOMUNCULUS_NOW: '2026-11-08T19:00:00Z' }), extendEnv: false, reject: false });
    expect(r.exitCode).toBe(0);
    expect(readFileSync(rules, 'utf8')).toContain('# Learned workflow rules');
  });
});

// Each test has its own sandbox: they run at once.
describe.concurrent('a symlinked, read-only or foreign-owned settings file', () => {
  it('writes through a symlinked settings.json to its target, keeping the link, the mode and the bytes on uninstall', async () => {
    const b = setup();
    const target = join(b.root, 'dotfiles', 'claude-settings.json');
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, '{\n  "model": "sonnet"\n}\n', { mode: 0o640 });
    chmodSync(target, 0o640);
    const link = settingsPath(b, 'user');
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(target, link);
    expect((await runCli(['install'], b.env)).exitCode).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(target);
    expect(readFileSync(target, 'utf8')).toContain('# homunculus');
    expect(statSync(target).mode & 0o777).toBe(0o640);
    expect(listFiles(dirname(target))).toEqual(['claude-settings.json']); // no temporary file left
    expect((await runCli(['uninstall'], b.env)).exitCode).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('{\n  "model": "sonnet"\n}\n');
  });

  it('refuses a read-only settings file and writes nothing anywhere', async () => {
    const b = setup();
    const path = settingsPath(b, 'user');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '{\n  "model": "sonnet"\n}\n');
    chmodSync(path, 0o444);
    const before = listFiles(b.root);
    const r = await runCli(['install'], b.env);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/settings\.json is read-only \(mode 444\); make it writable/);
    expect((r.stderr as string).trimEnd().split('\n')).toHaveLength(1);
    expect(readFileSync(path, 'utf8')).toBe('{\n  "model": "sonnet"\n}\n');
    expect(listFiles(b.root)).toEqual(before);
  });

  it.runIf(process.getuid?.() === 0)('keeps the owner of a settings file that belongs to another user', async () => {
    const b = setup();
    const path = settingsPath(b, 'project');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '{}\n');
    chownSync(path, 4242, 4343);
    expect((await runCli(['install', '--scope', 'project', '--project', b.project], b.env)).exitCode).toBe(0);
    expect(readFileSync(path, 'utf8')).toContain('# homunculus');
    expect([statSync(path).uid, statSync(path).gid]).toEqual([4242, 4343]);
  });

  it('bye writes a symlinked rules file through the link', async () => {
    const b = setup();
    const real = join(b.root, 'dotfiles', 'rules.md');
    mkdirSync(dirname(real), { recursive: true });
    writeFileSync(real, 'old\n');
    const rules = b.env.HOMUNCULUS_RULES_FILE!;
    symlinkSync(real, rules);
    mkdirSync(b.data, { recursive: true });
    const r = await runCli(['bye', '--now', '2026-11-08T19:00:00Z'], b.env);
    expect(r.exitCode, r.stderr as string).toBe(0);
    expect(lstatSync(rules).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toContain('# Learned workflow rules');
  });
});

// Each test has its own sandbox: they run at once.
describe.concurrent('a refused install or uninstall writes nothing', () => {
  it("refuses to point hooks into npx's temporary cache, and says what to do instead", async () => {
    const b = setup();
    // A copy of the package where npx unpacks one: ~/.npm/_npx/<hash>/node_modules/homunculus.
    const copy = join(b.root, '.npm', '_npx', '1a2b3c', 'node_modules', 'homunculus');
    for (const f of ['dist', 'config', 'commands', 'package.json']) cpSync(join(ROOT, f), join(copy, f), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    const before = listFiles(b.home);
    const r = await execa('node', [join(copy, 'dist', 'cli', 'homunculus.js'), 'install'], { env: cleanEnv(b.env), extendEnv: false, reject: false });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("homunculus is running from npx's temporary cache");
    expect(r.stderr).toContain('npm install -g homunculus-claude-code, then homunculus install');
    expect(listFiles(b.home)).toEqual(before);
  });

  it('--scope project refuses a project without homunculus, and --home (a path of this machine in a committed file)', async () => {
    const b = setup();
    const bare = join(b.root, 'bare-project');
    mkdirSync(bare);
    const r = await runCli(['install', '--scope', 'project', '--project', bare], b.env);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('npm install --save-dev homunculus-claude-code)');
    expect(existsSync(join(bare, '.claude'))).toBe(false);
    const h = await runCli(['install', '--scope', 'project', '--project', b.project, '--home', join(b.root, 'd')], b.env);
    expect(h.exitCode).toBe(2);
    expect(h.stderr).toContain('--home with --scope project');
    expect(existsSync(join(b.project, '.claude'))).toBe(false);
  });

  it('refuses a project folder that does not exist', async () => {
    const b = setup();
    const typo = join(b.root, 'no-such-project');
    for (const scope of ['project', 'local']) {
      const r = await runCli(['install', '--scope', scope, '--project', typo], b.env);
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain(`--project ${typo}: no such folder`);
    }
    expect(existsSync(typo)).toBe(false);
  });

  it('fails before writing anything when .claude/commands is a file', async () => {
    const b = setup();
    mkdirSync(join(b.project, '.claude'), { recursive: true });
    writeFileSync(join(b.project, '.claude', 'commands'), 'my notes\n');
    const before = listFiles(b.root);
    const r = await runCli(['install', '--scope', 'local', '--project', b.project], b.env);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`${join(b.project, '.claude', 'commands')} is a file where a folder is needed`);
    expect(listFiles(b.root)).toEqual(before);
  });

  it('the old rules link: install and uninstall remove the one homunculus made, never another', async () => {
    const b = setup();
    const link = join(b.home, '.claude', 'rules', 'homunculus.md');
    mkdirSync(dirname(link), { recursive: true });
    // The first release linked it to the rules file: now the SessionStart hook delivers the rules.
    symlinkSync(b.env.HOMUNCULUS_RULES_FILE!, link);
    const r = await runCli(['install'], b.env);
    expect(r.stdout).toContain(`remove the old rules link (the SessionStart hook delivers the rules now): ${link}`);
    expect(existsSync(link) || lstatSync(dirname(link)).isDirectory()).toBe(true);
    expect(() => lstatSync(link)).toThrow();
    // A link the user made to their own file stays, through install and uninstall alike.
    const mine = join(b.root, 'my-own-rules.md');
    writeFileSync(mine, 'mine\n');
    symlinkSync(mine, link);
    expect((await runCli(['install'], b.env)).exitCode).toBe(0);
    expect(readlinkSync(link)).toBe(mine);
    const un = await runCli(['uninstall'], b.env);
    expect(un.exitCode).toBe(0);
    expect(readlinkSync(link)).toBe(mine);
    expect(un.stdout).toContain(`left ${link} in place: homunculus did not make it (it points at ${mine})`);
  });

  it('--purge deletes a data home the whole loop has used: every file there is one homunculus writes', async () => {
    const b = setup();
    const env = { ...b.env, HOMUNCULUS_NOW: '2026-11-08T19:00:00Z' };
    expect((await runCli(['install'], env)).exitCode).toBe(0);
    const payload = readFileSync(join(ROOT, 'test', 'fixtures', 'hook-payloads', 'post-tool-use-edit.json'));
    for (let i = 0; i < 3; i++) expect((await runHook(payload, env)).exitCode).toBe(0);
    for (const args of [['analyze'], ['observe', 'pref:pkg=pnpm', '--trigger', 'installing packages', '--action', 'use pnpm'], ['bye']]) {
      const r = await runCli(args, env);
      expect(r.exitCode, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    }
    expect(existsSync(join(b.data, 'analysis.log'))).toBe(true);
    const r = await runCli(['uninstall', '--purge'], env);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(existsSync(b.data)).toBe(false);
  });

  it('--purge checks the data home before uninstalling anything', async () => {
    const b = setup();
    expect((await runCli(['install'], b.env)).exitCode).toBe(0);
    mkdirSync(b.data, { recursive: true });
    writeFileSync(join(b.data, 'my-thesis.tex'), 'precious\n');
    const settings = readFileSync(settingsPath(b, 'user'));
    const r = await runCli(['uninstall', '--purge'], b.env);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('not purging');
    expect(readFileSync(settingsPath(b, 'user')).equals(settings)).toBe(true);
    expect(existsSync(join(b.home, '.claude', 'commands', 'bye.md'))).toBe(true);
    expect(readFileSync(join(b.data, 'my-thesis.tex'), 'utf8')).toBe('precious\n');
  });
});
