// The demo command (the README's first command, `npx homunculus demo`), as a user runs it: one
// real process playing the worked example in a temporary folder; and the package's bins.
import { execa } from 'execa';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { cleanEnv, listFiles, ROOT, sandbox } from './helpers.js';

// Independent temporary folders: the three run at once.
describe.concurrent('demo', () => {
  it('plays the worked example, prints the rule, and touches nothing outside its temporary folder', async ({ expect }) => {
    const box = sandbox();
    mkdirSync(box.home, { recursive: true });
    const dataBefore = listFiles(join(ROOT, 'homunculus'));
    const r = await execa('node', [join(ROOT, 'dist', 'cli', 'homunculus.js'), 'demo'], { env: cleanEnv({ HOME: box.home, TMPDIR: box.root }), extendEnv: false, cwd: box.home });
    expect(r.stdout).toContain('Bash(grep)->Read->Edit   rate  82%, score  84%  14 observations, 4/4 sessions');
    expect(r.stdout).toContain('generated-rules.md: no rule yet');
    expect(r.stdout).toContain('archived instinct: Bash(grep)->Read->Edit');
    expect(r.stdout).toContain('- **[90%, 30x seen]** Frequent tool chain: Grep->Read->Edit (seen 30x)');
    const top = readdirSync(box.root).filter((f) => f !== 'home');
    expect(top).toHaveLength(1);
    expect(top[0]).toMatch(/^homunculus-demo-/);
    expect(readdirSync(box.home)).toEqual([]);
    expect(listFiles(join(ROOT, 'homunculus'))).toEqual(dataBefore);
  }, 120_000);

  it('--json gives each step, the rules and the files, and prints nothing else', async ({ expect }) => {
    const box = sandbox();
    mkdirSync(box.home, { recursive: true });
    const r = await execa('node', [join(ROOT, 'dist', 'cli', 'homunculus.js'), 'demo', '--json'], { env: cleanEnv({ HOME: box.home, TMPDIR: box.root }), extendEnv: false, cwd: box.home });
    const out = JSON.parse(r.stdout);
    expect(out.steps).toHaveLength(2);
    expect(out.steps[0].rules).toEqual([]);
    expect(out.steps[1].archived).toContain('Bash(grep)->Read->Edit');
    expect(out.steps[1].rules.join('\n')).toContain('**[90%, 30x seen]** Frequent tool chain: Grep->Read->Edit (seen 30x)');
    expect(out.recorded[0] + out.recorded[1]).toBeGreaterThan(0);
    expect(readFileSync(out.rulesFile, 'utf8')).toContain('Grep->Read->Edit');
  }, 120_000);

  it('the bins resolve through npx inside the repository (npx homunculus, npx analyze)', async ({ expect }) => {
    const bins = ['homunculus', 'analyze'];
    // ignore-scripts: with an empty npm cache (CI's clean machine), npx runs the package's
    // `prepare` (a full build) in place, rewriting dist/ while other test files run it.
    const runs = await Promise.all(bins.map((bin) => execa('npx', ['--no', '--', bin, '--help'], { cwd: ROOT, reject: false, env: { ...process.env, CI: 'true', npm_config_ignore_scripts: 'true' } })));
    runs.forEach((r, i) => {
      expect(r.exitCode, `${bins[i]}: ${r.stderr}`).toBe(0);
      expect(r.stdout).toContain(bins[i] === 'analyze' ? '--now' : 'import-transcripts');
    });
  }, 60_000);
});
