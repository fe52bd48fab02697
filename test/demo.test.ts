// `homunculus demo` and the README: every line the README quotes from the demo is the demo's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './helpers.js';

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
