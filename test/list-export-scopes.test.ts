// list and export through the CLI: list's columns, an unknown --scope or --format refused in one
// line, and a scope or project with nothing of its own says where the instincts and rules are.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, runCli, tempDir } from './helpers.js';

describe('list and export say where the instincts are', () => {
  // One project with a taught rule (eight times: confidence 0.95), one global seedling, and a
  // second project folder with nothing of its own.
  async function twoProjects() {
    const root = tempDir();
    const env = { HOMUNCULUS_HOME: join(root, 'data'), HOMUNCULUS_NOW: '2026-11-08T12:00:00Z' };
    const a = join(root, 'alpha');
    const b = join(root, 'beta');
    mkdirSync(a);
    mkdirSync(b);
    for (let i = 0; i < 8; i++) expect((await runCli(['observe', 'pref:pkg=pnpm', '--trigger', 'installing packages', '--action', 'use pnpm'], env, { cwd: a })).exitCode).toBe(0);
    expect((await runCli(['observe', 'seq:Grep->Read->Edit', '--global', '--trigger', 'finding code', '--action', 'grep, read, then edit'], env, { cwd: b })).exitCode).toBe(0);
    return { env, a, b };
  }
  // Built once: the tests read it, and the last one (export) forgets the global seedling at its end.
  let box: Awaited<ReturnType<typeof twoProjects>>;
  beforeAll(async () => {
    box = await twoProjects();
  });

  it('list has column headers, aligned with its rows', async () => {
    const { env, a } = box;
    const r = await runCli(['list'], env, { cwd: a });
    const lines = (r.stdout as string).split('\n');
    expect(lines[0]).toMatch(/^rate {2}live {2}score {2}level +source +scope +id +pattern$/);
    expect(lines).toHaveLength(3);
    // Each column starts where its header does.
    for (const h of ['level', 'source', 'scope', 'id', 'pattern']) {
      const at = lines[0]!.search(new RegExp(`  ${h}\\b`)) + 2;
      for (const row of lines.slice(1)) expect(row[at - 1]).toBe(' ');
      for (const row of lines.slice(1)) expect(row[at]).not.toBe(' ');
    }
    // A taught instinct makes no measured claim: no rate, nothing held since it was given, its score under the score heading.
    expect(lines[1]).toMatch(/^ +- {2} +- {2} +95% {2}rule +taught +project alpha +pref-pkg-pnpm-[0-9a-f]{8} +pref:pkg=pnpm$/);
  });

  it('list --scope bogus is refused in one line, exit 2; a scope with nothing says where the instincts are', async () => {
    const { env, a, b } = box;
    const [bad, json, empty] = await Promise.all([
      runCli(['list', '--scope', 'bogus'], env, { cwd: a }),
      runCli(['list', '--scope', 'bogus', '--json'], env, { cwd: a }),
      runCli(['list', '--scope', '0123456789ab'], env, { cwd: b }),
    ]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toBe(`homunculus: unknown scope "bogus": expected current, all, global or a project id (12 hex digits, as \`node ${CLI} projects\` lists them)`);
    expect(JSON.parse(json.stdout as string)).toMatchObject({ exit: 2, error: expect.stringContaining('unknown scope "bogus"') });
    // A well-formed project id with nothing in it: no instincts there, and where they are.
    expect(empty.exitCode).toBe(0);
    expect(empty.stdout).toBe(`No instincts in this scope; 2 instincts in other scopes: node ${CLI} list --scope all`);
  });

  it('export --format nope names every format, skill too; export claude-md elsewhere says where the rules are', async () => {
    const { env, a, b } = box;
    const [nope, badScope, inAlpha, there, all] = await Promise.all([
      runCli(['export', '--format', 'nope'], env, { cwd: a }),
      runCli(['export', 'claude-md', '--scope', 'bogus'], env, { cwd: a }),
      runCli(['export', 'claude-md'], env, { cwd: a }),
      runCli(['export', 'claude-md'], env, { cwd: b }),
      runCli(['export', 'claude-md', '--scope', 'all'], env, { cwd: b }),
    ]);
    expect(nope.exitCode).toBe(2);
    expect(nope.stderr).toBe('homunculus: unknown format "nope": expected one of claude-md, agents-md, cursorrules, cursor-mdc, windsurfrules, json, or skill');
    expect(badScope.stderr).toContain('unknown scope "bogus"');
    // In alpha its rule is exported; in beta, alpha's is not (what a person taught for every project is, at once).
    expect(inAlpha.stdout).toContain('`pref:pkg=pnpm`');
    expect(there.exitCode).toBe(0);
    expect(there.stdout).not.toContain('pref:pkg=pnpm');
    expect(there.stdout).toContain('`seq:Grep->Read->Edit`');
    expect(all.stdout).toContain('`pref:pkg=pnpm`');
    // A folder with nothing of its own, and no global rule: it says where the rules are.
    await runCli(['forget', 'seq:Grep->Read->Edit'], env, { cwd: b });
    const [none, noneJson] = await Promise.all([runCli(['export', 'claude-md'], env, { cwd: b }), runCli(['export', 'claude-md', '--json'], env, { cwd: b })]);
    expect(none.stdout).toContain('_No rules yet._');
    expect(none.stderr).toBe('No rules for this project; 1 rule in other projects: --scope all');
    expect(JSON.parse(noneJson.stdout as string)).toMatchObject({ rules: 0, hint: 'No rules for this project; 1 rule in other projects: --scope all' });
  });
});
