// cli/closed-pipe.ts through the CLI: a reader that stops early (`homunculus config | head -1`)
// closes the pipe, and the command ends as it would have, exit 0, no stack trace.
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { CLI, cleanEnv, tempDir } from './helpers.js';

// Every command and --help run concurrently: each is its own process, and the pipe each writes to is closed.
describe.concurrent('a closed pipe is a normal end', () => {
  // The reader is gone before the command writes its first byte: every write meets EPIPE.
  async function closedPipe(args: string[]) {
    const env = cleanEnv({ HOMUNCULUS_HOME: tempDir(), HOMUNCULUS_NOW: '2026-11-08T12:00:00Z' });
    const child = execa('node', [CLI, ...args], { cwd: tempDir(), env, extendEnv: false, reject: false, timeout: 60_000, stdout: 'pipe' });
    child.stdout!.destroy();
    return child;
  }

  for (const args of [['config'], ['report', '--json'], ['list'], ['status', '--json'], ['suggest'], ['analyze', '--json'], ['--help']]) {
    it(`homunculus ${args.join(' ')} | (closed) exits 0, no stack trace`, async () => {
      const r = await closedPipe(args);
      expect(r.stderr).toBe('');
      expect(r.exitCode).toBe(0);
    });
  }
});
