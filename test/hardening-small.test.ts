// Smaller ones from issue 30 (11): HOME unset or relative never makes a relative path.
import { execa } from 'execa';
import { mkdirSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, cleanEnv, tempDir } from './helpers.js';
import { transcriptText } from './hardening-helpers.js';

describe('HOME unset or relative', () => {
  it('import-transcripts reads the home folder the system names, never ./.claude/projects', async () => {
    // A folder with transcripts at ./.claude/projects, where the command runs.
    const cwd = tempDir();
    const calls = [1, 2, 3].map((i) => ({ id: `toolu_cwd${i}`, tool: 'Read', at: `2026-11-08T10:0${i}:00Z`, resultAt: `2026-11-08T10:0${i}:01Z` }));
    mkdirSync(join(cwd, '.claude', 'projects', '-w'), { recursive: true });
    writeFileSync(join(cwd, '.claude', 'projects', '-w', 'fromcwd.jsonl'), transcriptText('fromcwd', calls));
    const run = (home: string | undefined, dir: string) =>
      execa('node', [CLI, 'import-transcripts', '--dry-run', '--json', '--since', '2000-01-01'], { cwd: dir, env: { ...cleanEnv({ HOMUNCULUS_HOME: join(tempDir(), 'data'), HOMUNCULUS_NOW: '2026-11-08T12:00:00Z' }), HOME: home }, extendEnv: false, reject: false, timeout: 120_000 });
    // What the system's home gives, run from a folder with nothing in it.
    const expected = await run(userInfo().homedir, tempDir());
    for (const home of [undefined, '.', 'relative/home']) {
      const r = await run(home, cwd);
      expect(`${r.exitCode} ${r.stdout}`, `HOME=${home}`).toBe(`${expected.exitCode} ${expected.stdout}`);
      expect(r.stderr).not.toContain('.claude/projects and');
      expect(r.stdout + r.stderr).not.toMatch(/(^|[ '"])\.?\/?\.claude\/projects/m);
    }
  });
});
