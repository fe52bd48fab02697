import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, sandbox } from './helpers.js';
import { projectId } from '../observer/project-id.js';
import { bash, writeTranscripts } from './transcript-writer.js';

// Issue 31, 2: an observed command never overrides a taught one. Where a person taught
// `cmd:test=pnpm test` and the records say `npm test` runs the tests, the taught one wins: the
// observed one is not promoted (or its rule goes), and bye says so.

describe('a taught command wins over an observed one of the same purpose', () => {
  it('bye archives the observed rule, names the contradiction, and keeps the taught instinct', async () => {
    const s = sandbox();
    const projects = join(s.root, 'projects');
    writeTranscripts(
      projects,
      [2, 3, 4, 5].map((d) => ({ id: `t${d}`, cwd: '/home/dev/shop', start: `2026-11-0${d}T10:00:00Z`, calls: [{ tool: 'Read' }, { tool: 'Edit' }, bash('npm test', true), { tool: 'Edit' }, bash('npm test', true)] })),
    );
    const now = ['--now', '2026-11-06T00:00:00Z'];
    const env = { HOMUNCULUS_RULES_FILE: join(s.root, 'rules.md') };
    expect((await runCli(['import-transcripts', projects, '--home', s.data, '--since', '2026-11-01', ...now], env)).exitCode).toBe(0);
    const rulesOf = () => (JSON.parse(readFileSync(join(s.data, 'rules.json'), 'utf8')) as { rules: { pattern: string }[] }).rules.map((r) => r.pattern);
    // Without the taught one, the observed command is a rule.
    const before = await runCli(['bye', '--home', s.data, '--json', ...now], env);
    expect(before.exitCode, before.stderr as string).toBe(0);
    expect(rulesOf()).toContain('cmd:test=npm test');

    const taught = await runCli(['observe', 'cmd:test=pnpm test', '--trigger', 'running the tests', '--action', 'run pnpm test', '--global', '--home', s.data, ...now], env);
    expect(taught.exitCode, taught.stderr as string).toBe(0);
    const bye = await runCli(['bye', '--home', s.data, '--json', ...now], env);
    expect(bye.exitCode, bye.stderr as string).toBe(0);
    const r = JSON.parse(bye.stdout as string) as { overridden: { pattern: string; taught: string }[]; changes: { archived: { rule: { pattern: string }; reason: string }[] } };
    expect(r.overridden).toEqual([{ pattern: 'cmd:test=npm test', taught: 'cmd:test=pnpm test', project: projectId('/home/dev/shop'), project_name: 'shop' }]);
    expect(r.changes.archived).toEqual([expect.objectContaining({ rule: expect.objectContaining({ pattern: 'cmd:test=npm test' }), reason: 'the taught cmd:test=pnpm test says otherwise in this project' })]);
    expect(rulesOf()).not.toContain('cmd:test=npm test');
    const text = await runCli(['bye', '--home', s.data, ...now], env);
    expect(text.stdout).toContain('Contradicted by what you taught (the taught one wins there, the observed one is not given to Claude there): cmd:test=npm test in shop (taught cmd:test=pnpm test).');
    expect(rulesOf()).not.toContain('cmd:test=npm test');
  });
});
