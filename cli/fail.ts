import { BadTimeError } from '../lib/clock.js';
import { DataHomeError } from '../lib/data-home.js';
import { CliError, EXIT_DATA_HOME } from './errors.js';

// Errors to messages and exit codes, for the yargs path (cli/main.ts) and the fast paths that
// skip yargs (cli/analyze-fast.ts): one place, so both print the same.

const HINTS: Record<string, string> = {
  EACCES: 'check its permissions, or set HOMUNCULUS_HOME to a folder you can write',
  EPERM: 'check its permissions, or set HOMUNCULUS_HOME to a folder you can write',
  EROFS: 'it is on a read-only filesystem: set HOMUNCULUS_HOME to a writable folder',
  ENOSPC: 'the disk is full: free some space and run again',
  EDQUOT: 'the disk quota is used up: free some space and run again',
  ENOTDIR: 'a file stands where a folder belongs: move it aside',
  EISDIR: 'a folder stands where a file belongs: move it aside',
  ELOOP: 'homunculus does not follow symbolic links in its data home: replace the link',
  ENAMETOOLONG: 'a path is too long',
};

/** A filesystem error (EACCES, ENOSPC, ...) from a system call, with a path: the user's to fix. */
function fsError(e: unknown): (NodeJS.ErrnoException & { code: string }) | undefined {
  const x = e as NodeJS.ErrnoException;
  return e instanceof Error && typeof x.code === 'string' && typeof x.syscall === 'string' && HINTS[x.code] !== undefined ? (x as NodeJS.ErrnoException & { code: string }) : undefined;
}

/** The one line, its exit code, and whether it was expected; nothing printed. */
function describeFailure(e: unknown): { message: string; exit: number; expected: boolean } {
  if (e instanceof CliError || e instanceof BadTimeError) return { message: e.message, exit: e instanceof CliError ? e.exitCode : 2, expected: true };
  if (e instanceof DataHomeError) return { message: e.message, exit: EXIT_DATA_HOME, expected: true };
  // runs/run.ts's AnalysisTimeout, by name: this module stays light for the fast paths.
  if (e instanceof Error && e.name === 'AnalysisTimeout') return { message: e.message, exit: 1, expected: true };
  const fs = fsError(e);
  if (fs) return { message: `${fs.message.replace(/[\r\n]+/g, ' ')} (${HINTS[fs.code]})`, exit: EXIT_DATA_HOME, expected: true };
  return { message: `unexpected error: ${(e as Error)?.stack ?? String(e)}`, exit: 1, expected: false };
}

/**
 * Expected failures are one line, never a stack. Sets process.exitCode. With --json the same
 * failure is also a JSON object on stdout ({"error", "exit"}), so that a script reading stdout
 * is never left with nothing to parse.
 */
export function reportFailure(e: unknown, args: readonly string[] = process.argv.slice(2)): void {
  const f = describeFailure(e);
  process.stderr.write(`homunculus: ${f.message}\n`);
  process.exitCode = f.exit;
  if (args.includes('--json') || args.includes('--json=true')) {
    process.stdout.write(`${JSON.stringify({ error: f.expected ? f.message : (f.message.split('\n')[0] ?? f.message), exit: f.exit })}\n`);
  }
}
