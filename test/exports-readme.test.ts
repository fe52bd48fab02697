// The README's table of formats says what exports/formats.ts says: where each file goes and
// which agent reads it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMAT_TARGETS, FORMATS } from '../exports/formats.js';
import { ROOT } from './helpers.js';

describe('README table of formats', () => {
  it('has one row per format, matching FORMAT_TARGETS', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const rows = readme.split('\n').filter((l) => /^\| `[a-z-]+` \| /.test(l) && l.split(' | ').length === 3);
    for (const f of FORMATS) {
      expect(rows, f).toContain(`| \`${f}\` | ${FORMAT_TARGETS[f].file} | ${FORMAT_TARGETS[f].reader} |`);
    }
    expect(rows.some((r) => r.startsWith('| `skill` | '))).toBe(true);
  });
});
