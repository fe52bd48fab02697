/** An expected failure: its message is for the user, its code is the exit code. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode: number = 2, options?: { cause?: unknown }) {
    super(message, options);
  }
}
