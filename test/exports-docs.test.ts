// docs/exports.md's table of formats says what exports/formats.ts says: where each file goes and
// which agent reads it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMAT_TARGETS, FORMATS } from '../exports/formats.js';
import { ROOT } from './helpers.js';

describe('docs/exports.md table of formats', () => {
  it('has one row per format, matching FORMAT_TARGETS', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'exports.md'), 'utf8');
    const rows = doc.split('\n').filter((l) => /^\| `[a-z-]+` \| /.test(l) && l.split(' | ').length === 3);
    for (const f of FORMATS) {
      expect(rows, f).toContain(`| \`${f}\` | ${FORMAT_TARGETS[f].file} | ${FORMAT_TARGETS[f].reader} |`);
    }
    expect(rows.some((r) => r.startsWith('| `skill` | '))).toBe(true);
  });
});

describe('which memory files a session loads', () => {
  it('CLAUDE.md and CLAUDE.local.md in the folder or above, .claude/CLAUDE.md, the user\'s, and graduate\'s block in them; nothing else', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { dirname } = await import('node:path');
    const { recordInjection, keysLoadedIn } = await import('../exports/injected.js');
    const { injectBlock, GUIDELINES } = await import('../exports/marker-block.js');
    const home = mkdtempSync(join(tmpdir(), 'homunculus-injected-'));
    const root = mkdtempSync(join(tmpdir(), 'homunculus-memory-'));
    mkdirSync(join(home, 'state'), { recursive: true });
    const at = '2026-11-20T00:00:00.000Z';
    // Each file holds the block it was recorded with (a key in backticks, as the exports write it).
    const write = (file: string, text: string) => {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    };
    const [p, u] = [join(root, 'p'), join(root, 'u')];
    write(join(p, 'CLAUDE.md'), injectBlock(injectBlock('', '- `a:1`').text, '- `b:2`', GUIDELINES).text);
    for (const [file, key] of [[join(p, '.claude', 'CLAUDE.md'), 'c:3'], [join(p, 'sub', 'CLAUDE.local.md'), 'd:4'], [join(p, 'AGENTS.md'), 'e:5'], [join(u, '.claude', 'CLAUDE.md'), 'f:6'], [join(root, 'pother', 'CLAUDE.md'), 'g:7']] as const) {
      write(file, injectBlock('# mine\n', `- \`${key}\``).text);
      recordInjection(home, file, [key], at);
    }
    recordInjection(home, join(p, 'CLAUDE.md'), ['a:1'], at);
    recordInjection(home, `${join(p, 'CLAUDE.md')}#guidelines`, ['b:2'], at);
    expect([...keysLoadedIn(home, p, u)].sort()).toEqual(['a:1', 'b:2', 'c:3', 'f:6']);
    expect([...keysLoadedIn(home, join(p, 'sub', 'deeper'), u)].sort()).toEqual(['a:1', 'b:2', 'c:3', 'd:4', 'f:6']);
    expect([...keysLoadedIn(home, join(root, 'elsewhere'), u)]).toEqual(['f:6']);
    // What the record says was written counts only while the file still holds it.
    write(join(p, 'CLAUDE.md'), injectBlock('', '- `a:1`').text);
    expect([...keysLoadedIn(home, p, u)].sort()).toEqual(['a:1', 'c:3', 'f:6']);
  });
});
