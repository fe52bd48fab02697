import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { legacyCheckoutData, packageRoot, resolveDataHome } from '../lib/data-home.js';
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
    expect(resolveDataHome({})).toBe(join(homedir(), '.local', 'share', 'homunculus'));
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
