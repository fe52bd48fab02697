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

/** Expected failures are one line, never a stack. Sets process.exitCode. */
export function reportFailure(e: unknown): void {
  if (e instanceof CliError || e instanceof BadTimeError) {
    process.stderr.write(`homunculus: ${e.message}\n`);
    process.exitCode = e instanceof CliError ? e.exitCode : 2;
    return;
  }
  if (e instanceof DataHomeError) {
    process.stderr.write(`homunculus: ${e.message}\n`);
    process.exitCode = EXIT_DATA_HOME;
    return;
  }
  // analyzer/run.ts's AnalysisTimeout, by name: this module stays light for the fast paths.
  if (e instanceof Error && e.name === 'AnalysisTimeout') {
    process.stderr.write(`homunculus: ${e.message}\n`);
    process.exitCode = 1;
    return;
  }
  const fs = fsError(e);
  if (fs) {
    process.stderr.write(`homunculus: ${fs.message.replace(/[\r\n]+/g, ' ')} (${HINTS[fs.code]})\n`);
    process.exitCode = EXIT_DATA_HOME;
    return;
  }
  process.stderr.write(`homunculus: unexpected error: ${(e as Error)?.stack ?? String(e)}\n`);
  process.exitCode = 1;
}
