import { describe, expect, it } from 'vitest';
import { stopOfResult } from '../observer/observation.js';

// A stop is read only from the shape of result Claude Code writes for a stopped call (issue 38, 2).

const HEAD = "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file).";
const STOP = `${HEAD} STOP what you are doing and wait for the user to tell you how to proceed.`;
const SAID = `${HEAD} To tell you how to proceed, the user said:\nuse pnpm, not npm`;
const INT = '[Request interrupted by user for tool use]';

describe('stopOfResult', () => {
  it.each([
    [STOP, 'reject'],
    [SAID, 'reject'],
    [`Error: ${STOP}`, 'reject'],
    [INT, 'interrupt'],
    [`Error: ${INT}`, 'interrupt'],
    [`${INT}\n# example.com/x\nx_test.go:6:2: cannot find package`, 'interrupt'],
    [`Exit code 137\n${INT}`, 'interrupt'],
    [`Exit code 130\n${INT}`, 'interrupt'],
    // Output holding the words, wherever they stand: never a stop.
    [`Exit code 1\n${STOP}`, undefined],
    [`Exit code 1\nFAIL x.test.ts: ${STOP}`, undefined],
    [`E   AssertionError: ${STOP}`, undefined],
    [`${STOP}\n`, undefined],
    [`${STOP} and more`, undefined],
    [`${HEAD} something else`, undefined],
    ["The user doesn't want to proceed with this tool use", undefined],
    [` ${STOP}`, undefined],
    [`Exit code 1\n${INT}\nmake: *** [all] Error 2`, undefined],
    [`Exit code 1\nE   assert\n${INT}`, undefined],
    [`x${INT}`, undefined],
    [`${INT} and more`, undefined],
    ['Exit code 1', undefined],
    ['', undefined],
    [undefined, undefined],
    [42, undefined],
  ])('%j -> %s', (result, stop) => {
    expect(stopOfResult(result)).toBe(stop);
  });
});
