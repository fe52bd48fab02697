// lib/plural.ts: counts in words, one helper. In process as a table, the one rule that nothing
// else pluralises by hand, and the CLI's counts through stats, status and projects.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { plural } from '../lib/plural.js';
import { ROOT, runCli, tempDir } from './helpers.js';

describe('plural', () => {
  it.each([
    [1, 'fact', undefined, '1 fact'],
    [2, 'fact', undefined, '2 facts'],
    [0, 'instinct', undefined, '0 instincts'],
    [1, 'entry', 'entries', '1 entry'],
    [3, 'entry', 'entries', '3 entries'],
    [1.5, 'day', undefined, '1.5 days'],
  ])('%s %s (%s) is "%s"', (n, one, many, words) => {
    expect(plural(n, one, many)).toBe(words);
  });
});

describe('counts in words: one plural helper', () => {
  it('one fact is "1 fact", one instinct "1 instinct", everywhere they are counted', async () => {
    const root = tempDir();
    const project = join(root, 'shop');
    mkdirSync(project);
    const env = { HOMUNCULUS_HOME: join(root, 'data'), HOMUNCULUS_NOW: '2026-11-08T12:00:00Z' };
    for (const args of [['observe', 'pref:pkg=pnpm', '--trigger', 'installing packages', '--action', 'use pnpm'], ['facts', 'add', 'the', 'api', 'listens', 'on', 'port', '3000']]) {
      expect((await runCli(args, env, { cwd: project })).exitCode).toBe(0);
    }
    const [stats, status, projects] = await Promise.all([runCli(['stats'], env, { cwd: project }), runCli(['status'], env, { cwd: project }), runCli(['projects'], env, { cwd: project })]);
    // What a person taught is a rule at once.
    expect((stats.stdout as string).split('\n')[0]).toBe('1 instinct, 1 fact, 1 rule, 1 project, 2 events');
    expect(status.stdout).toMatch(/trends over 7 days\n[\s\S]*\n1 fact\.$/);
    expect(status.stdout).not.toMatch(/\b1 facts\b/);
    expect(projects.stdout).toMatch(/shop +1 instinct, 1 fact, last seen 2026-11-08/);
  });

  it('no count is pluralised by hand outside lib/plural.ts', () => {
    const inline = /[!=]== 1 \? '(?:|y)' : '(?:s|ies)'|\? 's' : ''/;
    const offenders: string[] = [];
    for (const dir of ['analyzer', 'claude', 'cli', 'exports', 'hooks', 'lib', 'mcp', 'observer', 'report', 'runs', 'store']) {
      for (const f of readdirSync(join(ROOT, dir), { recursive: true }) as string[]) {
        if (!f.endsWith('.ts') || `${dir}/${f}` === 'lib/plural.ts') continue;
        readFileSync(join(ROOT, dir, f), 'utf8').split('\n').forEach((line, i) => {
          if (inline.test(line)) offenders.push(`${dir}/${f}:${i + 1}`);
        });
      }
    }
    expect(offenders).toEqual([]);
  });
});
