import yargs, { type Arguments, type Argv, type CommandModule, type MiddlewareFunction } from 'yargs';
import { PACKAGE_NAME } from '../lib/package-name.js';
import { CliError } from './errors.js';
import { reportFailure } from './fail.js';
import { commands } from './commands.js';
import { checkOptionValues, type DeclaredOptions } from './option-values.js';

/** The CLI's parser over `rawArgs`; `list` is the commands (cli/commands.ts; a test gives them empty handlers). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function buildParser(rawArgs: string[], list: CommandModule<any, any>[] = commands): Argv {
  let parser = yargs(rawArgs)
    .scriptName('homunculus')
    .usage(`$0 <command> [options]\n\nA continuous-learning loop for Claude Code (the npm package ${PACKAGE_NAME}).`)
    .strict()
    .demandCommand(1, 'Name a command; see --help.')
    .recommendCommands()
    .help()
    .version()
    .wrap(Math.min(100, process.stdout.columns || 100))
    .fail((msg, err) => {
      throw err ?? new CliError(msg, 2);
    })
    .middleware(((argv: Arguments, y: Argv) => checkOptionValues(rawArgs, argv, (y as unknown as { getOptions(): DeclaredOptions }).getOptions())) as MiddlewareFunction, true);
  for (const c of list) parser = parser.command(c);
  return parser;
}

/** The one place that turns errors into exit codes (see cli/fail.ts). */
export async function runMain(rawArgs: string[]): Promise<void> {
  try {
    await buildParser(rawArgs).parseAsync();
  } catch (e) {
    reportFailure(e, rawArgs);
  }
}
