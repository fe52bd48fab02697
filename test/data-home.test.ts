import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot, resolveDataHome } from '../lib/data-home.js';
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
    expect(resolveDataHome({}, '/proj/node_modules/homunculus')).toBe(join(homedir(), '.local', 'share', 'homunculus'));
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
