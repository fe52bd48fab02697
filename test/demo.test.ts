// The demo command (the README's first command, `npx homunculus demo`), as a user runs it: one
// real process playing the worked example in a temporary folder; the package's bins; and every line
// the README quotes from the demo is the demo's.
import { execa } from 'execa';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, listFiles, ROOT, runCli, sandbox } from './helpers.js';

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

describe("the README's worked example and demo agree", () => {
  it("every line the README quotes from the demo is a line of the demo's output, in the same order", async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const at = readme.indexOf('played by `homunculus demo`');
    expect(at).toBeGreaterThan(-1);
    const block = /```\n([\s\S]*?)\n```/.exec(readme.slice(at))![1]!.split('\n');
    expect(block.length).toBeGreaterThan(3);
    const demo = await runCli(['demo'], {});
    expect(demo.exitCode, demo.stderr as string).toBe(0);
    const lines = (demo.stdout as string).split('\n');
    let from = 0;
    for (const quoted of block) {
      const i = lines.indexOf(quoted, from);
      expect(i, `README line not in the demo's output (after line ${from}): ${quoted}`).toBeGreaterThanOrEqual(from);
      from = i + 1;
    }
    // The sentence before the block names the same figures.
    expect(readme.slice(at, at + 200)).toMatch(/Bash\(grep\)->Read->Edit a score of 84% after four sessions \(no rule\), then Grep->Read->Edit a score\nof 95% and a rule after seven, stated at its rate, 90%/);
  });
});
