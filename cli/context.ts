import { statSync, type Stats } from 'node:fs';
import { resolveNow } from '../lib/clock.js';
import { ConfigError, loadConfig, type LoadedConfig } from '../lib/config.js';
import { DataHomeError, resolveDataHome } from '../lib/data-home.js';
import { CliError } from './errors.js';

/** Options every data command shares. */
export const commonOptions = {
  home: { type: 'string', describe: 'data home (default: HOMUNCULUS_HOME, else $XDG_DATA_HOME/homunculus, ~/.local/share/homunculus)' },
  now: { type: 'string', describe: 'the current time, ISO 8601 (default: HOMUNCULUS_NOW, else the clock)' },
  json: { type: 'boolean', default: false, describe: 'print JSON for machines' },
} as const;

export interface Context extends LoadedConfig {
  home: string;
  homeExists: boolean;
  now: Date;
  /** With `defaultsOnBadConfig`: why the user's configuration was not used (the defaults were). */
  configProblem?: string;
}

/**
 * The data home, `now` and the configuration. A configuration that cannot be used is an error
 * (exit 2), unless `defaultsOnBadConfig` (doctor, which reports it as a check): then the defaults,
 * and why, in `configProblem`.
 */
export function context(argv: { home?: string | undefined; now?: string | undefined }, env: NodeJS.ProcessEnv = process.env, opts: { defaultsOnBadConfig?: boolean } = {}): Context {
  const home = argv.home ? resolveDataHome({ HOMUNCULUS_HOME: argv.home }) : resolveDataHome(env);
  // A file where the data home belongs: every command says so, rather than finding nothing in it.
  let st: Stats | undefined;
  try {
    st = statSync(home);
  } catch {
    st = undefined; // not there (or below a file: the command that writes says so)
  }
  if (st !== undefined && !st.isDirectory()) throw new DataHomeError(`${home} is a file, expected a folder; move it aside (or set HOMUNCULUS_HOME to another folder)`);
  const now = resolveNow(argv.now, env);
  try {
    return { home, homeExists: st !== undefined, now, ...loadConfig(home, env) };
  } catch (e) {
    if (e instanceof ConfigError && opts.defaultsOnBadConfig) return { home, homeExists: st !== undefined, now, ...loadConfig(home, env, undefined, { defaultsOnly: true }), configProblem: e.message };
    if (e instanceof ConfigError) throw new CliError(e.message, 2, { cause: e });
    throw e;
  }
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
