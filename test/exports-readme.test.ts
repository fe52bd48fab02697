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

describe('which memory files a session loads', () => {
  it('CLAUDE.md and CLAUDE.local.md in the folder or above, .claude/CLAUDE.md, the user\'s, and graduate\'s block in them; nothing else', async () => {
    const { mkdtempSync, mkdirSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { recordInjection, keysLoadedIn } = await import('../exports/injected.js');
    const home = mkdtempSync(join(tmpdir(), 'homunculus-injected-'));
    mkdirSync(join(home, 'state'), { recursive: true });
    const at = '2026-11-20T00:00:00.000Z';
    recordInjection(home, '/p/CLAUDE.md', ['a:1'], at);
    recordInjection(home, '/p/CLAUDE.md#guidelines', ['b:2'], at);
    recordInjection(home, '/p/.claude/CLAUDE.md', ['c:3'], at);
    recordInjection(home, '/p/sub/CLAUDE.local.md', ['d:4'], at);
    recordInjection(home, '/p/AGENTS.md', ['e:5'], at);
    recordInjection(home, '/u/.claude/CLAUDE.md', ['f:6'], at);
    recordInjection(home, '/pother/CLAUDE.md', ['g:7'], at);
    expect([...keysLoadedIn(home, '/p', '/u')].sort()).toEqual(['a:1', 'b:2', 'c:3', 'f:6']);
    expect([...keysLoadedIn(home, '/p/sub/deeper', '/u')].sort()).toEqual(['a:1', 'b:2', 'c:3', 'd:4', 'f:6']);
    expect([...keysLoadedIn(home, '/elsewhere', '/u')]).toEqual(['f:6']);
  });
});
