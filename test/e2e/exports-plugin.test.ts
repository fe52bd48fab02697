// The files `homunculus graduate` writes pass the real binary's `claude plugin validate` (offline,
// against the loopback mock API): a plugin made of its slash command and its SKILL.md.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instinct, NOW, seedStore } from '../exports-helpers.js';
// @ts-expect-error: plain .mjs harness shared with the experiment scripts
import { startMockApi } from './mock-api.mjs';
// @ts-expect-error: plain .mjs harness shared with the experiment scripts
import { ROOT, runClaude, tempDir } from './harness.mjs';

const ready = { first_seen: '2026-11-01T10:00:00.000Z', confidence: 0.85, confirmed: 3, contradicted: 0 };

describe('graduated files as a plugin', () => {
  let mock: any;
  beforeAll(async () => {
    mock = await startMockApi();
  });
  afterAll(() => mock?.close());

  it('claude plugin validate accepts the command and the skill graduate wrote, with no warning', async () => {
    const root = tempDir();
    const data = join(root, 'data');
    const project = join(root, 'project');
    mkdirSync(project, { recursive: true });
    seedStore(data, [
      instinct({ pattern: 'seq:Grep->Read->Edit', domain: 'workflow', trigger: 'changing code', action: 'search, read, then edit', ...ready }),
      instinct({ pattern: 'seq:Edit->Bash->Read', domain: 'workflow', trigger: 'after an edit', action: 'run the tests', ...ready }),
      instinct({ pattern: 'fix:commit-small', domain: 'workflow', trigger: 'committing', action: 'one change at a time', ...ready }),
      instinct({ pattern: 'pref:runner=vitest', domain: 'testing', trigger: 'writing tests', action: 'use vitest', ...ready }),
      instinct({ pattern: 'fix:flaky', domain: 'testing', trigger: 'a test is flaky', action: 'fix the wait', ...ready }),
      instinct({ pattern: 'combo:test+coverage', domain: 'testing', trigger: 'running tests', action: 'add coverage', ...ready }),
    ]);
    const g = await execa('node', [join(ROOT, 'dist', 'cli', 'homunculus.js'), 'graduate', '--json'], { cwd: project, env: { PATH: process.env['PATH'], HOME: root, HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: NOW }, extendEnv: false, reject: false });
    expect(g.exitCode, g.stderr).toBe(0);
    const plugin = join(root, 'graduated-plugin');
    mkdirSync(join(plugin, '.claude-plugin'), { recursive: true });
    writeFileSync(join(plugin, '.claude-plugin', 'plugin.json'), `${JSON.stringify({ name: 'graduated', version: '0.0.1', description: 'What homunculus graduated in a test project', author: { name: 'homunculus tests' }, license: 'MIT' }, null, 2)}\n`);
    // The wrapper's own listing needs (an icon, a license) are the repository plugin's; what is checked is what graduate wrote.
    cpSync(join(ROOT, 'plugin', '.claude-plugin', 'icon.png'), join(plugin, '.claude-plugin', 'icon.png'));
    writeFileSync(join(plugin, 'README.md'), '# graduated\n\nA test plugin made of what homunculus graduate wrote into a project: a slash command that applies the workflow habits it learned, and an Agent Skill with the testing habits it learned. It exists only to check that those files pass the validation Claude Code runs on plugins.\n');
    cpSync(join(project, '.claude', 'commands'), join(plugin, 'commands'), { recursive: true });
    cpSync(join(project, '.claude', 'skills'), join(plugin, 'skills'), { recursive: true });
    const r = await runClaude('', { mock, home: tempDir(), cwd: root, print: false, args: ['plugin', 'validate', plugin] });
    const out = `${r.stdout}${r.stderr}`;
    expect(r.code, out).toBe(0);
    expect(out).toContain('Validation passed');
    expect(out).toContain('skills: graduated:homunculus-testing');
    expect(out).toContain('commands: graduated:homunculus-workflow');
    expect(out).not.toMatch(/warning|⚠|✘/i);
  });
});
