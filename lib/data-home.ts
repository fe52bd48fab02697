import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

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
 * Where observations, instincts and state live. `HOMUNCULUS_HOME` wins; a checkout keeps data in
 * its own `homunculus/` folder; an npm-installed copy uses the XDG data folder so that upgrading
 * (which replaces `node_modules/homunculus`) never wipes what was learned.
 */
export function resolveDataHome(env: NodeJS.ProcessEnv, pkgRoot?: string): string {
  const fromEnv = env['HOMUNCULUS_HOME'];
  if (fromEnv) return resolve(fromEnv);
  // Only now look for the package (stat calls): the hooks run with HOMUNCULUS_HOME set as often as not.
  pkgRoot ??= packageRoot();
  if (pkgRoot.split(sep).includes('node_modules')) {
    const xdg = env['XDG_DATA_HOME'];
    return join(xdg && xdg.startsWith('/') ? xdg : join(homedir(), '.local', 'share'), 'homunculus');
  }
  return join(pkgRoot, 'homunculus');
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
  lastAnalysis: (home: string) => join(home, 'state', 'last-analysis.json'),
  rulesJson: (home: string) => join(home, 'rules.json'),
  config: (home: string) => join(home, 'config.json'),
  promptCounts: (home: string) => join(home, 'state', 'prompts'),
};

export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

export function ensurePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR });
}
