// checkOptionValues (cli/option-values.ts): an option that takes a value given without one, or a
// number option given words, is refused before any command runs. In process against the CLI's own
// commands (yargs with their declarations, the handlers replaced by nothing), as a table; then
// through the CLI: one line, exit 2, nothing written, and the same commands with values run.
import { describe, expect, it } from 'vitest';
import { commands } from '../cli/commands.js';
import { CliError } from '../cli/errors.js';
import { buildParser } from '../cli/main.js';
import { listFiles, runCli, sandbox } from './helpers.js';
import { PAST } from './history-helpers.js';
import { oneLine } from './one-line.js';

/** The error the CLI's own parser (cli/main.ts, checkOptionValues among its middleware) gives `args`, or undefined. */
async function optionError(args: string[]): Promise<CliError | undefined> {
  const stubs = commands.map((c) => ({ ...c, handler: () => {} }));
  try {
    await buildParser(args, stubs).help(false).version(false).parseAsync();
  } catch (e) {
    if (e instanceof CliError) return e;
    throw e;
  }
  return undefined;
}

const REFUSED: [string[], string][] = [
  [['install', '--scope'], '--scope: expected a value, found none'],
  [['install', '--scope', '--dry-run'], '--scope: expected a value, found the option --dry-run'],
  [['uninstall', '--scope'], '--scope: expected a value, found none'],
  [['list', '--scope'], '--scope: expected a value, found none'],
  [['report', '--out'], '--out: expected a value, found none'],
  [['status', '--days'], '--days: expected a value, found none'],
  [['list', '--limit', 'abc'], '--limit: expected a whole number above 0, found "abc"'],
  [['list', '--limit', '-1'], '--limit: expected a whole number above 0, found "-1"'],
  [['search', 'pnpm', '--limit=1.5'], '--limit: expected a whole number above 0, found "1.5"'],
  [['status', '--days', 'abc'], '--days: expected a whole number above 0, found "abc"'],
  [['trending', '--days', '1e400'], '--days: expected a whole number above 0, found "1e400"'],
];
const RUN = [['install', '--scope', 'user', '--dry-run'], ['list', '--limit', '2', '--json'], ['status', '--days=3', '--json']];

describe('checkOptionValues', () => {
  it.each(REFUSED)('%j is refused, exit 2', async (args, says) => {
    const e = await optionError(args);
    expect(e?.message).toBe(says);
    expect(e?.exitCode).toBe(2);
  });

  it.each(RUN)('%j is let through', async (...args) => {
    expect(await optionError(args)).toBeUndefined();
  });
});

describe('an option given without its value, or a number option given words, through the CLI', () => {
  it.each(REFUSED.filter((_, i) => i === 1 || i === 6 || i === 8))('%j: one line, exit 2, nothing written', async (args, says) => {
    const box = sandbox();
    const r = await runCli(args, { HOME: box.home, HOMUNCULUS_HOME: box.data, HOMUNCULUS_NOW: PAST }, { cwd: box.root });
    expect(r.exitCode).toBe(2);
    expect(oneLine(r.stderr)).toBe(`homunculus: ${says}`);
    expect(listFiles(box.root)).toEqual([]);
  });

  it('the same commands with their values run', async () => {
    const box = sandbox();
    const env = { HOME: box.home, HOMUNCULUS_HOME: box.data, HOMUNCULUS_NOW: PAST };
    for (const args of RUN) {
      const r = await runCli(args, env, { cwd: box.root });
      expect(r.exitCode, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    }
  });
});
