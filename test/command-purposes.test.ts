import { describe, expect, it } from 'vitest';
import { isInspection, namesNoCommand, purposeOf } from '../analyzer/learners/command-purposes.js';

// What a command detail is for (analyzer/learners/command-purposes.ts): a placeholder or an
// interpreter alone names no command Claude could be told to run (issue 38, 6).

describe('namesNoCommand', () => {
  it.each([
    ['local-script', true],
    ['python3', true],
    ['python', true],
    ['node', true],
    ['bash', true],
    ['sh', true],
    ['ruby', true],
    ['bun', true],
    ['deno run', true],
    ['tsx', true],
    ['npx', true],
    ['pnpm dlx', true],
    ['bun x', true],
    ['uvx', true],
    // A command the table keeps something of is a command.
    ['python3 -m pytest', false],
    ['pytest', false],
    ['node-gyp', false],
    ['bun test', false],
    ['deno task', false],
    ['npm test', false],
    ['go run', false],
    ['bashate', false],
  ])('%s: %s', (detail, none) => {
    expect(namesNoCommand(detail)).toBe(none);
  });

  it('a placeholder has no purpose and is no inspection: only the table keeps it out', () => {
    for (const d of ['local-script', 'python3', 'node', 'npx']) {
      expect(purposeOf(d)).toBeUndefined();
      expect(isInspection(d)).toBe(false);
    }
  });
});
