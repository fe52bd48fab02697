import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataHomeError, idFileStem, legacyCheckoutData, packageRoot, resolveDataHome, userHome } from '../lib/data-home.js';
import { claudePaths } from '../claude/paths.js';
import { mcpConfigPath } from '../claude/mcp-config.js';
import { ROOT, tempDir } from './helpers.js';

describe('data home', () => {
  it('is the XDG data folder in a clone too (as the README says), and a clone\'s old homunculus/ data is found', () => {
    expect(packageRoot()).toBe(ROOT);
    expect(resolveDataHome({ HOME: '/home/u' })).toBe('/home/u/.local/share/homunculus');
    const checkout = tempDir();
    mkdirSync(join(checkout, '.git'));
    mkdirSync(join(checkout, 'homunculus'));
    writeFileSync(join(checkout, 'homunculus', 'README.md'), 'x');
    expect(legacyCheckoutData(checkout)).toBeUndefined(); // its README alone is no data
    mkdirSync(join(checkout, 'homunculus', 'observations'));
    expect(legacyCheckoutData(checkout)).toBe(join(checkout, 'homunculus'));
    rmSync(join(checkout, '.git'), { recursive: true });
    expect(legacyCheckoutData(checkout)).toBeUndefined(); // not a clone: not ours to judge
  });
  it('is the XDG data folder: $XDG_DATA_HOME/homunculus when that is absolute, else ~/.local/share/homunculus', () => {
    expect(resolveDataHome({ HOME: '/elsewhere/me' })).toBe('/elsewhere/me/.local/share/homunculus');
    expect(resolveDataHome({ XDG_DATA_HOME: '/xdg', HOME: '/home/u' })).toBe('/xdg/homunculus');
    expect(resolveDataHome({ XDG_DATA_HOME: 'rel', HOME: '/home/u' })).toBe('/home/u/.local/share/homunculus');
    // A .git inside node_modules (a dependency installed from git) is no clone either.
    const fromGit = join(tempDir(), 'node_modules', 'homunculus-claude-code');
    mkdirSync(join(fromGit, '.git'), { recursive: true });
    mkdirSync(join(fromGit, 'homunculus', 'observations'), { recursive: true });
    expect(legacyCheckoutData(fromGit)).toBeUndefined();
  });
  it('HOMUNCULUS_HOME wins, resolved to an absolute path', () => {
    expect(resolveDataHome({ HOMUNCULUS_HOME: '/data/h', XDG_DATA_HOME: '/xdg' })).toBe('/data/h');
    expect(resolveDataHome({ HOMUNCULUS_HOME: 'rel' })).toBe(join(process.cwd(), 'rel'));
  });
});

// Issue 38, item 13: this file compared a data home resolved without HOME with os.homedir(), which
// reads HOME: it failed wherever HOME is not the account's home, and depended on the machine's
// account. The rule is a function of HOME, and of the system's entry only when HOME is unset or
// relative; the entry is given here, never read from the machine.
describe('the home folder: HOME, as the docs say', () => {
  const system = () => '/home/account';
  it.each([
    ['an absolute HOME', { HOME: '/tmp/sandbox/home' }, '/tmp/sandbox/home'],
    ['an absolute HOME that is not the account\'s', { HOME: '/srv/ci' }, '/srv/ci'],
    ['HOME unset', {}, '/home/account'],
    ['HOME empty', { HOME: '' }, '/home/account'],
    ['HOME relative', { HOME: 'relative/home' }, '/home/account'],
    ['HOME .', { HOME: '.' }, '/home/account'],
  ])('%s: %s', (_, env, want) => {
    expect(userHome(env, system)).toBe(want);
  });

  it.each([
    ['no entry', () => undefined],
    ['a relative entry', () => 'home/x'],
  ])('HOME unset and the system gives %s: refused, never a relative path', (_, sys) => {
    expect(() => userHome({}, sys)).toThrow(DataHomeError);
    expect(() => userHome({ HOME: '.' }, sys)).toThrow(/set HOME to your home folder/);
  });

  it('every path below the home follows HOME', () => {
    const env = { HOME: '/srv/ci' };
    expect(claudePaths('user', '/proj', env).settings).toBe('/srv/ci/.claude/settings.json');
    expect(mcpConfigPath('user', '/proj', env)).toBe('/srv/ci/.claude.json');
    expect(resolveDataHome(env)).toBe('/srv/ci/.local/share/homunculus');
  });
});

// A file name made of a session and an agent id (each up to 128 characters) stays under 255 bytes.
describe('idFileStem', () => {
  it.each([
    ['a short session id', 's1', 's1'],
    ['a session and agent id', 'sess.agent-a1', 'sess.agent-a1'],
    ['100 characters', 'x'.repeat(100), 'x'.repeat(100)],
  ])('%s is kept as it is', (_name, key, stem) => {
    expect(idFileStem(key)).toBe(stem);
  });

  it.each([
    ['101 characters', 'x'.repeat(101)],
    ['two 128-character ids', `${'S'.repeat(128)}.agent-${'a'.repeat(128)}`],
  ])('%s is hashed: h. and 16 hex digits, the same for the same key, another for another', (_name, key) => {
    expect(idFileStem(key)).toMatch(/^h\.[0-9a-f]{16}$/);
    expect(idFileStem(key)).toBe(idFileStem(key));
    expect(idFileStem(key)).not.toBe(idFileStem(`${key}x`));
  });
});
