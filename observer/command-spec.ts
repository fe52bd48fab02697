// The shapes of the command table (observer/command-table.ts): how a program's options are
// listed, and what a CLI, a wrapper and an interpreter add to them.

export interface OptionTable {
  /** Options that take a value: the next word, or attached (`-n5`, `-nX`, `--opt=value`). */
  values?: string;
  /** Options that take no value. */
  flags?: string;
  /** Options whose value is optional: attached (`-j4`, `--jobs=4`) or a number as the next word. */
  optional?: string;
  /** `--no-<x>` switches are flags (npm-style CLIs). */
  negations?: boolean;
  /** `NAME=value` words before the subcommand are settings, not the subcommand (make, env). */
  assignments?: boolean;
  /** Words of this form before the subcommand are neither options nor the subcommand (cargo +nightly). */
  skip?: RegExp;
  /** Options that take two values (just --set NAME VALUE). */
  pairs?: string;
}

export interface CliSpec extends OptionTable {
  /** Subcommands that run another program: `uv run pytest` is learned as `pytest`. */
  runs?: Record<string, RunnerSpec>;
  /** Only these subcommands are recorded (the first operand may otherwise be a file name). */
  only?: string;
  /**
   * Subcommands followed by the name of a project's script or task (`npm run build`,
   * `mise run lint`, `deno task dev`): the name is recorded only when it is one of SCRIPT_WORDS
   * (or the user's `commandWords`), never an arbitrary one.
   */
  scripts?: string;
  /**
   * The subcommand position itself may name a script or target (`make test`, `just build`, `yarn
   * build`, `pnpm lint`): a word that is not one of `builtins` is recorded only when it is one of
   * SCRIPT_WORDS (or `commandWords`); otherwise the program alone.
   */
  targets?: { builtins?: string };
}

export interface RunnerSpec extends OptionTable {
  /** Words the runner takes before the program (timeout DURATION). */
  operands?: number;
  /** The program is a package spec (`@scope/name@1.2`, `name==1.2`): keep the bare name. */
  packages?: boolean;
  /** Options whose value says where the program comes from (`npx -p SPEC`, `uvx --from SPEC`): checked as the program's spec is. */
  specs?: string;
}

export interface ViaSpec extends OptionTable {
  /** The option whose value names what runs: `python -m pytest`. */
  module?: string;
  /** The option whose value is a command line to read again: `bash -c "npm test"`. */
  command?: string;
}

export interface CommandTable {
  NO_OPS: ReadonlySet<string>;
  PREFIX_WORDS: ReadonlySet<string>;
  WRAPPERS: Readonly<Record<string, RunnerSpec>>;
  VIA: Readonly<Record<string, ViaSpec>>;
  CLIS: Readonly<Record<string, CliSpec>>;
}
