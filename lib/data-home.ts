import { accessSync, constants, existsSync, lstatSync, mkdirSync, readdirSync, realpathSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fnv1a64Hex } from './fnv.js';

/**
 * The package's own folder: the first folder above this module holding `config/defaults.json`
 * (works from `lib/`, from `dist/lib/` and from the bundled hooks in `dist/hooks/`).
 */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'config', 'defaults.json'))) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error(`homunculus: no config/defaults.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
}

/**
 * Where observations, instincts and state live: `HOMUNCULUS_HOME` when set, else the XDG data
 * folder (`$XDG_DATA_HOME/homunculus`, `~/.local/share/homunculus`), however homunculus was
 * installed (npm, a project's node_modules, the plugin, a clone), so that an upgrade never wipes
 * what was learned and every copy shares one data home. (A clone used to keep it in its own
 * `homunculus/` folder: `legacyCheckoutData` finds what was left there.)
 */
export function resolveDataHome(env: NodeJS.ProcessEnv): string {
  const fromEnv = env['HOMUNCULUS_HOME'];
  if (fromEnv) return resolve(fromEnv);
  const xdg = env['XDG_DATA_HOME'];
  return join(xdg && xdg.startsWith('/') ? xdg : join(userHome(env), '.local', 'share'), 'homunculus');
}

/**
 * The user's home folder: HOME when it is an absolute path, else the one the system's user
 * database names (HOME unset under cron or `env -i`). Never a relative path: `.claude/projects`
 * or `.local/share` would then be read and written below whatever folder a command runs in.
 */
export function userHome(env: NodeJS.ProcessEnv, systemHome: () => string | undefined = accountHome): string {
  const fromEnv = env['HOME'];
  if (fromEnv && isAbsolute(fromEnv)) return fromEnv;
  const system = systemHome();
  if (system && isAbsolute(system)) return system;
  throw new DataHomeError(`HOME is ${fromEnv ? `not an absolute path (${JSON.stringify(fromEnv.slice(0, 80))})` : 'not set'} and the system names no home folder for this user: set HOME to your home folder (or HOMUNCULUS_HOME to the data home)`);
}

/** The home folder the system's user database names for this process's user, if any. */
function accountHome(): string | undefined {
  try {
    return userInfo().homedir;
  } catch {
    return undefined; // no entry for this user
  }
}

/** A git work tree of the project itself (not a copy under node_modules, npx's cache or a plugin cache). */
export function isCheckout(pkgRoot: string): boolean {
  return !pkgRoot.split(sep).includes('node_modules') && existsSync(join(pkgRoot, '.git'));
}

/**
 * The data an earlier version kept in a clone's own `homunculus/` folder, when `pkgRoot` is a
 * clone and that folder holds more than its README: doctor says to move it. Undefined otherwise.
 */
export function legacyCheckoutData(pkgRoot: string): string | undefined {
  if (!isCheckout(pkgRoot)) return undefined;
  const dir = join(pkgRoot, 'homunculus');
  try {
    return readdirSync(dir).some((f) => f !== 'README.md') ? dir : undefined;
  } catch {
    return undefined;
  }
}

/** The data home's layout, in one place. */
export const layout = {
  observations: (home: string) => join(home, 'observations'),
  observationFile: (home: string, day: string) => join(home, 'observations', `${day}.jsonl`),
  streams: (home: string) => join(home, 'state', 'streams'),
  state: (home: string) => join(home, 'state'),
  hookErrors: (home: string) => join(home, 'hook-errors.log'),
  instincts: (home: string) => join(home, 'instincts'),
  archive: (home: string) => join(home, 'archive'),
  dailySummary: (home: string) => join(home, 'daily-summary.md'),
  lock: (home: string) => join(home, 'analysis.lock'),
  cache: (home: string) => join(home, 'state', 'cache'),
  codeCache: (home: string) => join(home, 'state', 'cache', 'v8'),
  lastAnalysis: (home: string) => join(home, 'state', 'last-analysis.json'),
  /** What import-transcripts learned from history (analyzer/history.ts). */
  history: (home: string) => join(home, 'state', 'history.json'),
  rulesJson: (home: string) => join(home, 'rules.json'),
  rulesFile: (home: string) => join(home, 'generated-rules.md'),
  config: (home: string) => join(home, 'config.json'),
  promptCounts: (home: string) => join(home, 'state', 'prompts'),
  sessions: (home: string) => join(home, 'state', 'sessions'),
  // The instinct store (store/).
  facts: (home: string) => join(home, 'facts'),
  events: (home: string) => join(home, 'events.jsonl'),
  projects: (home: string) => join(home, 'projects.json'),
  aliases: (home: string) => join(home, 'aliases.json'),
  storeMarker: (home: string) => join(home, 'store.json'),
  storeIndex: (home: string) => join(home, 'state', 'store-index.json'),
  /** A store change being committed (store/files/txn.ts): finished or undone by the next writer. */
  storeJournal: (home: string) => join(home, 'state', 'store-journal.json'),
  suggestions: (home: string) => join(home, 'state', 'suggestions.jsonl'),
  // In-session context and its feedback (store/delivery/inject.ts, store/delivery/turn-feedback.ts), the analysis log.
  // One file per UTC day, so that the Stop hook reads only the days it can still judge and old
  // days are pruned with the observations of their day.
  injectionsDir: (home: string) => join(home, 'state', 'injections'),
  injections: (home: string, day: string) => join(home, 'state', 'injections', `${day}.jsonl`),
  injectionsJudged: (home: string, day: string) => join(home, 'state', 'injections', `${day}.judged.jsonl`),
  /** The single logs of earlier versions (read while they are recent, then removed). */
  legacyInjections: (home: string) => join(home, 'state', 'injections.jsonl'),
  legacyInjectionsJudged: (home: string) => join(home, 'state', 'injections-judged.jsonl'),
  analysisLog: (home: string) => join(home, 'analysis.log'),
  lastDream: (home: string) => join(home, 'state', 'last-dream.json'),
};

/**
 * The names homunculus writes at the top of a data home, from the layout above (with the logs'
 * rotated copies and a checkout's README.md): what `uninstall --purge` may delete.
 */
export function dataHomeNames(): Set<string> {
  const names = new Set<string>(['README.md']);
  const fns = Object.values(layout) as ((home: string, day: string) => string)[];
  for (const f of fns) names.add(f('/home', 'day').slice('/home/'.length).split('/')[0]!);
  for (const log of [layout.hookErrors, layout.analysisLog]) names.add(`${log('/home').slice('/home/'.length)}.1`);
  return names;
}

export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

export function ensurePrivateDir(path: string): void {
  try {
    mkdirSync(path, { recursive: true, mode: PRIVATE_DIR });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new DataHomeError(`${path} is a file, expected a folder; move it aside (or set HOMUNCULUS_HOME to another folder)`);
    // A recursive mkdir reports ENOENT for a read-only filesystem and for a link to nowhere on
    // the way: say which it is, in one line.
    if (code === 'ENOENT') throw new DataHomeError(cannotCreate(path));
    throw e;
  }
}

/** Why the folders of `path` cannot be made: what the nearest thing that exists on its way is. */
function cannotCreate(path: string): string {
  let below = path;
  let at = dirname(path);
  while (!existsSync(at) && dirname(at) !== at) {
    below = at;
    at = dirname(at);
  }
  const hint = 'set HOMUNCULUS_HOME to a folder you can write';
  if (isLink(below)) return `cannot create ${path}: ${below} is a symbolic link to nowhere (${hint}, or make the folder it points to)`;
  try {
    accessSync(at, constants.W_OK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EROFS') return `cannot create ${path}: ${at} is on a read-only filesystem (${hint})`;
    return `cannot create ${path}: ${at} is not writable (${code ?? String(e)}; ${hint})`;
  }
  return `cannot create ${path}: ENOENT below ${at} (${hint})`;
}

/** The data home cannot be used as it is (one line, for the CLI's error and the hooks' log). */
export class DataHomeError extends Error {}

/** Every folder of the data home, parents before children. */
export const DATA_DIRS = ['observations', 'state', join('state', 'streams'), join('state', 'prompts'), join('state', 'sessions'), join('state', 'cache'), join('state', 'injections'), 'instincts', 'archive', 'facts'];

/**
 * Refuses a data home whose own folders are symbolic links leading out of it (or nowhere): every
 * write below them would land outside. Links that stay inside, and a data home that is itself a
 * link (the user chose where it lives), are fine. Absent folders are fine: they are created as
 * real folders. realpath(3) only (through realpathSync.native): the observe hook runs this on
 * every tool call, and in a fresh process three of them cost a fraction of one lstatSync.
 */
export function assertDataHome(home: string, dirs: readonly string[] = DATA_DIRS): void {
  let realHome: string | undefined;
  for (const d of dirs) {
    const path = join(home, d);
    let real: string;
    try {
      real = realpathSync.native(path);
    } catch (e) {
      // Absent (created later as a real folder), or a link to nowhere.
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' && isLink(path)) {
        throw new DataHomeError(`${path} is a symbolic link to nowhere; homunculus writes only inside its data home ${home}: replace the link with a folder`);
      }
      continue;
    }
    realHome ??= realpathSync.native(home);
    if (real === realHome || real.startsWith(realHome + sep)) continue; // itself, or a link that stays inside
    throw new DataHomeError(`${path} is a symbolic link to ${real}, outside the data home ${home}; homunculus never writes through it: replace the link with a folder`);
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * A file name (without extension) for a key made of ids. Session and agent ids may each be 128
 * characters, so `<session>.agent-<agentId>` plus an extension and a temporary suffix can pass
 * the 255-byte limit of a file name (ENAMETOOLONG on every hook call). Long keys become
 * `h.<16 hex>`: ids hold no dot, so no key of ids ever has that form.
 */
export function idFileStem(key: string): string {
  return key.length <= 100 ? key : `h.${fnv1a64Hex(key)}`;
}
