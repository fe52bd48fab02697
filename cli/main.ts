import yargs, { type Argv } from 'yargs';
import { BadTimeError } from '../lib/clock.js';
import { CliError } from './errors.js';
import { commands } from './commands.js';

export function buildParser(rawArgs: string[]): Argv {
  let parser = yargs(rawArgs)
    .scriptName('homunculus')
    .usage('$0 <command> [options]\n\nA continuous-learning loop for Claude Code.')
    .strict()
    .demandCommand(1, 'Name a command; see --help.')
    .recommendCommands()
    .help()
    .version()
    .wrap(Math.min(100, process.stdout.columns || 100))
    .fail((msg, err) => {
      throw err ?? new CliError(msg, 2);
    });
  for (const c of commands) parser = parser.command(c);
  return parser;
}

/** The one place that turns errors into exit codes. */
export async function runMain(rawArgs: string[]): Promise<void> {
  try {
    await buildParser(rawArgs).parseAsync();
  } catch (e) {
    if (e instanceof CliError || e instanceof BadTimeError) {
      process.stderr.write(`homunculus: ${e.message}\n`);
      process.exitCode = e instanceof CliError ? e.exitCode : 2;
      return;
    }
    process.stderr.write(`homunculus: unexpected error: ${(e as Error)?.stack ?? String(e)}\n`);
    process.exitCode = 1;
  }
}
