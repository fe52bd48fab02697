// cli/fail.ts through the CLI: with --json, a failure is its one line on stderr and
// {"error", "exit"} on stdout.
import { describe, expect, it } from 'vitest';
import { CLI, runCli, sandbox } from './helpers.js';
import { PAST } from './history-helpers.js';
import { oneLine } from './one-line.js';

// Three commands, each in its own sandbox: run at once.
describe.concurrent('--json on a failure', () => {
  it.each([
    [['list', '--limit', 'abc', '--json'], 2, '--limit: expected a whole number above 0, found "abc"'],
    [['analyze', '--now', 'garbage', '--json'], 2, '--now: expected an ISO 8601 time'],
    [['get', 'nothing-like-it', '--json'], 2, `no instinct "nothing-like-it": search or list the instincts for its id or pattern (node ${CLI} search, node ${CLI} list`],
  ])('%j: the one line on stderr, and {"error", "exit"} on stdout', async (args, exit, says) => {
    const box = sandbox();
    const r = await runCli(args, { HOME: box.home, HOMUNCULUS_HOME: box.data, HOMUNCULUS_NOW: PAST }, { cwd: box.root });
    expect(r.exitCode).toBe(exit);
    expect(oneLine(r.stderr)).toContain(says);
    const out = JSON.parse(r.stdout as string) as { error: string; exit: number };
    expect(out.exit).toBe(exit);
    expect(out.error).toContain(says);
    expect(`homunculus: ${out.error}`).toBe(r.stderr);
  });
});
