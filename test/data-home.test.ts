import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot, resolveDataHome } from '../lib/data-home.js';
import { ROOT } from './helpers.js';

describe('data home', () => {
  it('is homunculus/ in a checkout', () => {
    expect(packageRoot()).toBe(ROOT);
    expect(resolveDataHome({}, '/src/homunculus-checkout')).toBe('/src/homunculus-checkout/homunculus');
  });
  it('is the XDG data folder when installed under node_modules', () => {
    expect(resolveDataHome({}, '/proj/node_modules/homunculus')).toBe(join(homedir(), '.local', 'share', 'homunculus'));
    expect(resolveDataHome({ XDG_DATA_HOME: '/xdg' }, '/proj/node_modules/homunculus')).toBe('/xdg/homunculus');
  });
  it('HOMUNCULUS_HOME wins, resolved to an absolute path', () => {
    expect(resolveDataHome({ HOMUNCULUS_HOME: '/data/h' }, '/proj/node_modules/homunculus')).toBe('/data/h');
    expect(resolveDataHome({ HOMUNCULUS_HOME: 'rel' }, '/x')).toBe(join(process.cwd(), 'rel'));
  });
});
