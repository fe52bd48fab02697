import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataHomeError, packageRoot, resolveDataHome, userHome } from '../lib/data-home.js';
import { claudePaths } from '../claude/paths.js';
import { mcpConfigPath } from '../claude/mcp-config.js';
import { ROOT, tempDir } from './helpers.js';

describe('data home', () => {
  it('is homunculus/ in a git checkout', () => {
    expect(packageRoot()).toBe(ROOT);
    const checkout = tempDir();
    mkdirSync(join(checkout, '.git'));
    expect(resolveDataHome({}, checkout)).toBe(join(checkout, 'homunculus'));
  });
  it('is the XDG data folder anywhere else: under node_modules, in npx\'s cache, in a plugin folder', () => {
    expect(resolveDataHome({ HOME: '/home/u' }, '/proj/node_modules/homunculus')).toBe('/home/u/.local/share/homunculus');
    expect(resolveDataHome({ HOME: '/elsewhere/me' }, '/proj/node_modules/homunculus')).toBe('/elsewhere/me/.local/share/homunculus');
    expect(resolveDataHome({ XDG_DATA_HOME: '/xdg' }, '/proj/node_modules/homunculus')).toBe('/xdg/homunculus');
    // A copy with no .git (a plugin's folder, an unpacked tarball) is not a checkout either.
    expect(resolveDataHome({ XDG_DATA_HOME: '/xdg' }, tempDir())).toBe('/xdg/homunculus');
    // A .git inside node_modules (a dependency installed from git) does not count.
    const fromGit = join(tempDir(), 'node_modules', 'homunculus');
    mkdirSync(join(fromGit, '.git'), { recursive: true });
    expect(resolveDataHome({ XDG_DATA_HOME: '/xdg' }, fromGit)).toBe('/xdg/homunculus');
  });
  it('HOMUNCULUS_HOME wins, resolved to an absolute path', () => {
    expect(resolveDataHome({ HOMUNCULUS_HOME: '/data/h' }, '/proj/node_modules/homunculus')).toBe('/data/h');
    expect(resolveDataHome({ HOMUNCULUS_HOME: 'rel' }, '/x')).toBe(join(process.cwd(), 'rel'));
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
    expect(resolveDataHome(env, '/proj/node_modules/homunculus')).toBe('/srv/ci/.local/share/homunculus');
  });
});
