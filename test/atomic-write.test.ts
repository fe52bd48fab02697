import { lstatSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { tempDir } from './helpers.js';

describe('writeFileAtomic', () => {
  it.each([[false], [true]])('replaces a file, and a link planted at its name without writing through it (cache: %s)', (cache) => {
    const dir = tempDir();
    const outside = join(tempDir(), 'outside.txt');
    writeFileSync(outside, 'theirs');
    writeFileSync(join(dir, 'a.json'), 'old');
    symlinkSync(outside, join(dir, 'b.json'));
    expect(writeFileAtomic(join(dir, 'a.json'), 'new a', { skipIfSame: false, cache })).toBe(true);
    expect(writeFileAtomic(join(dir, 'b.json'), 'new b', { skipIfSame: false, cache })).toBe(true);
    expect(writeFileAtomic(join(dir, 'c.json'), 'new c', { skipIfSame: false, cache })).toBe(true);
    expect(readFileSync(join(dir, 'a.json'), 'utf8')).toBe('new a');
    expect(lstatSync(join(dir, 'b.json')).isFile()).toBe(true);
    expect(readFileSync(join(dir, 'b.json'), 'utf8')).toBe('new b');
    expect(readFileSync(outside, 'utf8')).toBe('theirs');
    for (const f of ['a.json', 'b.json', 'c.json']) expect(lstatSync(join(dir, f)).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).sort()).toEqual(['a.json', 'b.json', 'c.json']);
  });

  it('leaves a file with the same content untouched', () => {
    const dir = tempDir();
    const path = join(dir, 'same.md');
    writeFileAtomic(path, 'x');
    const ino = lstatSync(path).ino;
    expect(writeFileAtomic(path, 'x')).toBe(false);
    expect(lstatSync(path).ino).toBe(ino);
    expect(writeFileAtomic(path, 'y')).toBe(true);
    expect(lstatSync(path).ino).not.toBe(ino);
  });
});
