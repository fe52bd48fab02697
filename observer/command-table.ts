import type { CommandTable } from './command-spec.js';
import { devClis } from './commands-dev.js';
import { opsClis } from './commands-ops.js';
import { shellTables } from './commands-shell.js';

// What the Bash `detail` knows about programs, as data (observer/bash-detail.ts reads it).
//
// The privacy rule: a detail is a program and, for CLIs with subcommands, the subcommand, which
// is the first word after the program that is not an option and does not follow an option that
// takes a value. So for each CLI the options that may come before the subcommand are listed: the
// ones that take a value (`kubectl --token T get`) and the ones that do not (`git --no-pager log`).
// An option that is not listed makes the subcommand unknown and only the program is recorded:
// `--opt=value` is the one form that is always safe to step over. Lists are space-separated
// strings, compiled on first use, so the hook pays for nothing it does not look up.
//
// The table is cut by family: the shell's own words, wrappers and interpreters
// (observer/commands-shell.ts); the CLIs of development (observer/commands-dev.ts); those of
// operations (observer/commands-ops.ts). Their shapes are in observer/command-spec.ts.

/** Common tools a package manager runs from the project's packages (`pnpm vitest`, `yarn eslint`). */
export const PACKAGE_BINS: ReadonlySet<string> = new Set(
  (
    'vitest jest mocha ava eslint tsc vue-tsc prettier biome playwright cypress next vite webpack rollup esbuild tsx ts-node nodemon turbo nx ' +
    'astro nuxt remix expo react-scripts tailwindcss drizzle-kit prisma knip lerna changeset semantic-release storybook svelte-kit svelte-check'
  ).split(' '),
);

/**
 * The names of scripts, tasks and targets common enough to say what a command is for (a build,
 * the tests, a dev server) without saying anything of the user's project: `npm run build` is
 * recorded whole, `npm run deploy-acme` as `npm run`. A user adds names with `commandWords`.
 */
export const SCRIPT_WORDS: ReadonlySet<string> = new Set(
  (
    'build test tests lint dev start serve preview watch typecheck type-check types tsc check format fmt e2e unit integration coverage cov ' +
    'ci release clean install setup bootstrap generate gen codegen docs doc compile bundle verify validate bench all default run migrate seed ' +
    'storybook prettier eslint vet tidy deploy'
  ).split(' '),
);

let table: CommandTable | undefined;

/**
 * The table, built on first use. It is a function so that a hook handling anything but a Bash
 * call only skims this text (V8 pre-parses function bodies) instead of compiling and building
 * it: measured, that is most of the start-up cost the table would otherwise add to every call.
 */
export function commandTable(): CommandTable {
  return (table ??= build());
}

function build(): CommandTable {
  return { ...shellTables(), CLIS: { ...devClis(), ...opsClis() } };
}
