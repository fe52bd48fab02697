import { detailPartToken } from '../lib/tokens.js';
import { commandTable, PACKAGE_BINS, SCRIPT_WORDS } from './command-table.js';
import type { OptionTable, RunnerSpec } from './command-spec.js';
import { shellTokens, type ShellToken } from './shell-words.js';

// The Bash `detail`: the program that does the work and, for CLIs with subcommands, the
// subcommand (`cd app && npm test -- --run x` -> `npm test`). Never an argument: a subcommand is
// only taken where the command table says no option value can stand, and whenever that is not
// certain the program is recorded alone.

type Word = Extract<ShellToken, { kind: 'word' }>;

interface Options {
  values: Set<string>;
  flags: Set<string>;
  optional: Set<string>;
  pairs: Set<string>;
  negations: boolean;
  assignments: boolean;
  skip: RegExp | undefined;
}

const compiled = new WeakMap<OptionTable, Options>();
const set = (list: string | undefined) => new Set(list ? list.split(' ') : []);

function options(t: OptionTable): Options {
  let o = compiled.get(t);
  if (o === undefined) {
    o = {
      values: set(t.values),
      flags: set(t.flags),
      optional: set(t.optional),
      pairs: set(t.pairs),
      negations: t.negations === true,
      assignments: t.assignments === true,
      skip: t.skip,
    };
    compiled.set(t, o);
  }
  return o;
}

const NUMBER = /^[0-9]+(?:\.[0-9]+)?$/;
const isNumber = (w: Word | undefined) => w !== undefined && w.plain && NUMBER.test(w.text);

type Scan =
  | { kind: 'operand'; at: number } // words[at] is the first operand (at may be past the end)
  | { kind: 'after--'; at: number } // `--` ended the options
  | { kind: 'via'; option: string; at: number } // a module/command option; its value is words[at]
  | { kind: 'unsure' }; // an option the table does not know: its value could be anywhere

/** Steps over the options from words[k]. `via` names options that end the scan (python -m, bash -c). */
function scanOptions(words: readonly Word[], k: number, table: OptionTable, via: readonly string[] = []): Scan {
  const o = options(table);
  while (k < words.length) {
    const w = words[k]!;
    const t = w.text;
    if (!w.plain) return { kind: 'operand', at: k }; // the caller refuses what is not plain
    if (o.skip?.test(t)) {
      k++;
      continue;
    }
    if (o.assignments && w.assignment) {
      k++;
      continue;
    }
    if (t === '--') return { kind: 'after--', at: k + 1 };
    if (t.length < 2 || !t.startsWith('-')) return { kind: 'operand', at: k };
    if (via.includes(t)) return { kind: 'via', option: t, at: k + 1 };
    if (o.values.has(t)) {
      k += 2;
      continue;
    }
    if (o.pairs.has(t)) {
      k += 3;
      continue;
    }
    if (o.flags.has(t)) {
      k++;
      continue;
    }
    if (o.optional.has(t)) {
      k += isNumber(words[k + 1]) ? 2 : 1;
      continue;
    }
    const eq = t.indexOf('=');
    if (t.startsWith('--')) {
      // `--opt=value` carries its value whatever the option; `--no-x` negates a switch.
      if (eq !== -1 || (o.negations && t.startsWith('--no-'))) {
        k++;
        continue;
      }
      return { kind: 'unsure' };
    }
    if (eq !== -1 && (o.values.has(t.slice(0, eq)) || o.optional.has(t.slice(0, eq)))) {
      k++; // -v=6, -chdir=dir
      continue;
    }
    // A cluster of one-letter options: -xvf, -n5, -nkube-system, -lc.
    let step = 1;
    for (let j = 1; j < t.length; j++) {
      const opt = `-${t[j]}`;
      const last = j === t.length - 1;
      if (via.includes(opt)) {
        if (last) return { kind: 'via', option: opt, at: k + 1 };
        return { kind: 'unsure' }; // -mpytest: attached module names are too rare to parse
      }
      if (o.values.has(opt)) {
        if (last) step = 2;
        break; // the rest of the cluster is the value
      }
      if (o.optional.has(opt)) {
        if (last && isNumber(words[k + 1])) step = 2;
        break;
      }
      if (!o.flags.has(opt)) return { kind: 'unsure' };
    }
    k += step;
  }
  return { kind: 'operand', at: k };
}

function basename(word: string): string {
  const slash = word.lastIndexOf('/');
  return slash === -1 ? word : word.slice(slash + 1);
}

/** `@scope/name@1.2.3` -> `name`, `black==24.1` -> `black`, `ruff[extra]` -> `ruff`. */
function packageName(spec: string): string {
  const name = basename(spec);
  const end = name.slice(1).search(/[@=<>~![]/);
  return end === -1 ? name : name.slice(0, end + 1);
}

/** The user's own script names (`commandWords`), for the call being read. */
let userWords: ReadonlySet<string> | undefined;

/** A program the table knows, or a common tool a package manager runs from node_modules/.bin. */
function knownProgram(name: string): boolean {
  const { CLIS, WRAPPERS, VIA } = commandTable();
  return Object.hasOwn(CLIS, name) || Object.hasOwn(WRAPPERS, name) || Object.hasOwn(VIA, name) || PACKAGE_BINS.has(name);
}

/** A script, task or target name common enough to record (SCRIPT_WORDS, or the user's `commandWords`). */
function scriptWord(name: string): boolean {
  return (SCRIPT_WORDS.has(name) || userWords?.has(name) === true) && detailPartToken(name) !== undefined;
}

function programToken(word: string): string | undefined {
  return word.startsWith('-') ? undefined : detailPartToken(word);
}

type Outcome = { work: string | undefined } | { noop: string | undefined };

/** A table's own entry for a word of the command, never an Object.prototype member (`constructor`, `toString`). */
function own<T>(table: Readonly<Record<string, T>>, word: string): T | undefined {
  return Object.hasOwn(table, word) ? table[word] : undefined;
}

/** The detail of a file run by its path that the table does not know. */
export const LOCAL_SCRIPT = 'local-script';

/** Where installed programs live: a path there names a program, not a user's file. */
const SYSTEM_BIN = /^\/(?:usr|bin|sbin|opt|nix|snap|Library|System|Applications)\//;

const MAX_DEPTH = 2; // bash -c "sh -c '…'" is read twice at most

/** The command that starts at words[k] (after any assignments). */
function commandAt(words: readonly Word[], k: number, depth: number, isPackage = false): Outcome {
  const { CLIS, NO_OPS, VIA, WRAPPERS } = commandTable();
  // `NAME=value cmd` sets the environment; a package spec (`ruff==0.6`) only looks like it.
  while (!isPackage && k < words.length && words[k]!.assignment) k++;
  const w = words[k];
  if (w === undefined) return { noop: undefined };
  if (!w.plain) return { work: undefined };
  const program = isPackage ? packageName(w.text) : basename(w.text);
  // A file run by its path (`./deploy-prod.sh`, `scripts/x.py`, `~/bin/x`) is named by the user:
  // its name is data, unless it is a program the table knows (`./gradlew`, `node_modules/.bin/
  // vitest`) or it is installed where programs are (`/usr/local/bin/pytest`).
  if (!isPackage && w.text.includes('/') && !SYSTEM_BIN.test(w.text) && !knownProgram(program) && !scriptWord(program)) return { work: LOCAL_SCRIPT };
  if (NO_OPS.has(program)) return { noop: programToken(program) };
  const alone = { work: programToken(program) };

  const wrapper = own(WRAPPERS, program);
  if (wrapper !== undefined) return wrapped(words, k, wrapper, depth) ?? alone;

  const via = own(VIA, program);
  if (via !== undefined) {
    const stops = [via.module, via.command].filter((s): s is string => s !== undefined);
    const scan = scanOptions(words, k + 1, via, stops);
    if (scan.kind !== 'via' || scan.at >= words.length) return alone;
    if (scan.option === via.module) {
      const inner = commandAt(words, scan.at, depth);
      return 'work' in inner && inner.work !== undefined ? inner : alone;
    }
    const script = words[scan.at]!;
    if (depth >= MAX_DEPTH) return alone;
    return { work: detailOf(script.text, depth + 1) ?? alone.work };
  }

  const cli = own(CLIS, program);
  if (cli === undefined) return alone;
  const scan = scanOptions(words, k + 1, cli);
  if (scan.kind !== 'operand' || scan.at >= words.length) return alone;
  const subWord = words[scan.at]!;
  if (!subWord.plain) return { work: undefined };
  const sub = detailPartToken(subWord.text);
  // A program that takes only known subcommands runs anything else as a file (`bun src/x.ts`): the program alone.
  if (sub === undefined) return cli.only !== undefined ? alone : { work: undefined };
  if (cli.only !== undefined && !cli.only.split(' ').includes(sub)) return alone;
  const both = `${program} ${sub}`;
  // A script after its subcommand (`npm run build`): a common name only, else the two words.
  if (cli.scripts !== undefined && cli.scripts.split(' ').includes(sub)) {
    const next = scanOptions(words, scan.at + 1, cli);
    const name = next.kind === 'operand' && next.at < words.length && words[next.at]!.plain ? words[next.at]!.text : undefined;
    return { work: name !== undefined && scriptWord(name) ? `${both} ${name}` : both };
  }
  // A target or script in the subcommand's place (`make test`, `yarn build`): a common name, or a
  // known program run from the project's packages (`pnpm vitest`); anything else is the program alone.
  if (cli.targets !== undefined && !(cli.targets.builtins ?? '').split(' ').includes(sub)) return scriptWord(sub) || (program !== 'make' && program !== 'gmake' && knownProgram(sub)) ? { work: both } : alone;
  const runner = cli.runs === undefined ? undefined : own(cli.runs, sub);
  if (runner !== undefined) {
    const inner = wrapped(words, scan.at, runner, depth);
    return inner !== undefined && 'work' in inner && inner.work !== undefined ? inner : { work: both };
  }
  return alone.work === undefined ? alone : { work: both };
}

/**
 * A package as a registry names it (`jest`, `@scope/name@1.2`, `black==24.1`, `ruff[extra]`):
 * no repository (`github:acme/x`, `acme/x`, `git+https://…`), URL, path or tarball, whose words
 * name the user's or a stranger's code and are data.
 */
const REGISTRY_SPEC = /^(?:@[A-Za-z0-9][\w.-]*\/)?[A-Za-z0-9][\w.-]*(?:[@=<>~![][^/\\:#]*)?$/;
const ARCHIVE = /\.(?:tgz|tar|gz|bz2|xz|zip|whl|egg|gem|jar)$/i;
const registrySpec = (text: string) => REGISTRY_SPEC.test(text) && !ARCHIVE.test(text);

/** Every spec a package runner was given (its program, and the values of `specs` options) is a registry's name. */
function registrySpecs(words: readonly Word[], from: number, at: number, spec: RunnerSpec): boolean {
  if (!words[at]!.plain || !registrySpec(words[at]!.text)) return false;
  if (spec.specs === undefined) return true;
  const specs = spec.specs.split(' ');
  for (let j = from; j < at; j++) {
    const t = words[j]!.text;
    const eq = t.indexOf('=');
    let value: Word | string | undefined;
    if (specs.includes(t)) value = words[j + 1];
    else if (t.startsWith('--') && eq !== -1 && specs.includes(t.slice(0, eq))) value = t.slice(eq + 1);
    else if (/^-[A-Za-z]./.test(t) && specs.includes(t.slice(0, 2))) value = t.slice(2);
    if (value === undefined) continue;
    if (typeof value === 'string' ? !registrySpec(value) : !value.plain || !registrySpec(value.text)) return false;
  }
  return true;
}

/** A wrapper at words[k] (`timeout 60 pytest`, `uv run pytest`): the command it runs, if certain. */
function wrapped(words: readonly Word[], k: number, spec: RunnerSpec, depth: number): Outcome | undefined {
  const scan = scanOptions(words, k + 1, spec);
  if (scan.kind === 'unsure' || scan.kind === 'via') return undefined;
  const at = scan.at + (spec.operands ?? 0);
  if (at >= words.length) return undefined;
  // A package runner of anything but a registry's package: the runner alone.
  if (spec.packages === true && !registrySpecs(words, k + 1, at, spec)) return undefined;
  return commandAt(words, at, depth, spec.packages === true);
}

/** The reserved word that starts a simple command, if any (`if`, `while`, `!` are stepped over). */
function firstWord(words: readonly Word[]): { at: number; text: string | undefined } {
  const { PREFIX_WORDS } = commandTable();
  let k = 0;
  while (k < words.length && words[k]!.plain && PREFIX_WORDS.has(words[k]!.text)) k++;
  const w = words[k];
  return { at: k, text: w?.plain ? w.text : undefined };
}

function detailOf(command: string, depth: number): string | undefined {
  const tokens = shellTokens(command.length > 4096 ? command.slice(0, 4096) : command);
  let firstNoop: string | undefined;
  let i = 0;
  while (i < tokens.length) {
    if (tokens[i]!.kind === 'op') {
      i++;
      continue;
    }
    let j = i;
    while (j < tokens.length && tokens[j]!.kind === 'word') j++;
    const words = tokens.slice(i, j) as Word[];
    const head = firstWord(words);
    if (head.text === '[[') {
      // a condition: its && and || are its own, so step to the closing ]]
      let end = i + head.at + 1;
      while (end < tokens.length && !(tokens[end]!.kind === 'word' && (tokens[end] as Word).text === ']]')) end++;
      i = end + 1;
      continue;
    }
    if (head.text === 'for' || head.text === 'select') {
      // the loop header names no command: go on from its `do`
      let end = i + head.at + 1;
      while (end < tokens.length && !(tokens[end]!.kind === 'word' && (tokens[end] as Word).text === 'do')) end++;
      i = end;
      continue;
    }
    if (head.text === 'case' || head.text === 'function' || head.text === 'coproc') return undefined;
    const outcome = commandAt(words, head.at, depth);
    if ('work' in outcome) return outcome.work;
    firstNoop ??= outcome.noop; // `A=$(…) && echo` -> echo
    i = j;
  }
  return firstNoop;
}

/**
 * The detail of a Bash command: the first command in it that does work (skipping `cd`, `sleep`,
 * `echo` and the like, looking through wrappers such as `timeout`, `sudo`, `npx`, `uv run`),
 * as `program` or `program subcommand`. Undefined when no part of it is a plain, safe token.
 */
export function bashDetail(command: unknown, words?: ReadonlySet<string>): string | undefined {
  if (typeof command !== 'string' || command.length === 0) return undefined;
  userWords = words;
  try {
    return detailOf(command, 0);
  } catch {
    return undefined; // a detail is worth less than the record it would cost (hook) or the import
  } finally {
    userWords = undefined;
  }
}
