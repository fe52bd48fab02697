/** An expected failure: its message is for the user, its code is the exit code. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode: number = 2, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * Exit codes: 0 done; 1 the data home or a file in it cannot be used (unwritable, full, a link
 * out of it, a folder where a file belongs), or an unexpected error; 2 bad option, configuration
 * or state file; 73 (EX_CANTCREAT: cannot create the output file) bye's rules file holds
 * something bye must not replace; 75 (EX_TEMPFAIL in sysexits.h: try again later) bye gave up
 * waiting for the analysis lock.
 */
export const EXIT_DATA_HOME = 1;
export const EXIT_RULES_FILE = 73;
export const EXIT_LOCK_TIMEOUT = 75;
