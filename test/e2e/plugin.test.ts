// `claude plugin validate` (the real binary, offline) accepts the plugin and the marketplace with
// no warning; a headless marketplace add + install from the repository works.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain .mjs harness shared with the experiment scripts
import { startMockApi } from './mock-api.mjs';
// @ts-expect-error: plain .mjs harness shared with the experiment scripts
import { ROOT, runClaude, tempDir } from './harness.mjs';

describe('claude plugin validate', () => {
  let mock: any;
  beforeAll(async () => {
    mock = await startMockApi();
  });
  afterAll(() => mock?.close());
  const validate = async (dir: string, extra: string[] = []) => {
    const r = await runClaude('', { mock, home: tempDir(), cwd: ROOT, print: false, args: ['plugin', 'validate', dir, ...extra] });
    return { code: r.code, out: `${r.stdout}${r.stderr}` };
  };

  it.each([
    ['the plugin', join(ROOT, 'plugin'), []],
    ['the plugin, directory profile', join(ROOT, 'plugin'), ['--profile', 'directory']],
    ['the marketplace (repository root)', ROOT, []],
  ])('%s: passes with no warning', async (_name, dir, extra) => {
    const { code, out } = await validate(dir, extra as string[]);
    expect(code, out).toBe(0);
    expect(out).toContain('Validation passed');
    expect(out).not.toMatch(/warning|⚠|✘/i);
  });

  it('installs headless from the repository as a marketplace', async () => {
    const home = tempDir();
    const add = await runClaude('', { mock, home, cwd: ROOT, print: false, args: ['plugin', 'marketplace', 'add', ROOT] });
    expect(add.code, add.stdout + add.stderr).toBe(0);
    const install = await runClaude('', { mock, home, cwd: ROOT, print: false, args: ['plugin', 'install', 'homunculus@homunculus'] });
    expect(install.code, install.stdout + install.stderr).toBe(0);
    expect(install.stdout + install.stderr).toContain('Successfully installed plugin: homunculus@homunculus');
  });
});
