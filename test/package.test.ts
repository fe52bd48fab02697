// What the npm registry shows and installs: the package's own name (`homunculus` alone is another
// project's), the page's fields, and every place a user is told to install naming that package.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_NAME } from '../lib/package-name.js';
import { ROOT, runCli } from './helpers.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;

/** Every doc a user reads: the READMEs, docs/, the plugin's README, the slash commands. */
function userDocs(): string[] {
  const docs = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join('docs', f));
  return ['README.md', 'BENCHMARKS.md', join('plugin', 'README.md'), ...docs];
}

describe('the npm package', () => {
  it('is named homunculus-claude-code, and installs the homunculus and analyze commands', () => {
    expect(PACKAGE_NAME).toBe('homunculus-claude-code');
    expect(pkg['name']).toBe(PACKAGE_NAME);
    expect(Object.keys(pkg['bin'] as object).sort()).toEqual(['analyze', 'homunculus']);
    expect(JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')).name).toBe(PACKAGE_NAME);
  });

  it('says what a registry page shows: description, keywords, repository, license, engines', () => {
    expect(pkg['description']).toMatch(/Claude Code/);
    expect(pkg['keywords']).toEqual(expect.arrayContaining(['claude-code', 'hooks', 'memory']));
    expect(pkg['repository']).toMatchObject({ type: 'git', url: expect.stringMatching(/^git\+https:\/\/github\.com\/.+\.git$/) });
    expect(pkg['license']).toBe('MIT');
    expect(pkg['engines']).toEqual({ node: '>=20' });
  });

  it.each(userDocs())('%s tells no one to install the npm package named homunculus (another project)', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    // `npm install -g homunculus`, `npm i -D homunculus`, `npx homunculus@…`, `npm view homunculus`, ...
    const wrong = text.match(/\bnpm (?:install|i|add|view|info)\b(?: -[-\w]+)* homunculus(?![-\w])|\bnpx (?:-[-\w]+ )*homunculus@/g);
    expect(wrong).toBeNull();
  });

  it('README and docs/install.md name the package for each way in', () => {
    for (const file of ['README.md', join('docs', 'install.md')]) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      expect(text, file).toContain(`npm install -g ${PACKAGE_NAME}`);
      expect(text, file).toContain(`npm install --save-dev ${PACKAGE_NAME}`);
    }
  });

  it('--help names the package', async () => {
    const r = await runCli(['--help'], {});
    expect(r.stdout).toContain(`A continuous-learning loop for Claude Code (the npm package ${PACKAGE_NAME}).`);
  });
});
