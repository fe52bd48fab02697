import { existsSync, realpathSync } from 'node:fs';
import { basename, delimiter, dirname, join, sep } from 'node:path';
import { packageRoot } from './data-home.js';
import { PACKAGE_NAME } from './package-name.js';

// How this copy of homunculus is run, so that every hint, doctor's fixes and demo's "Next:" name
// the command a user can type: `homunculus` when the bin on PATH is this copy, `npx homunculus`
// from a project's node_modules (or npx's cache), the plugin's bundle, or `node …/homunculus.js`
// from a clone. Computed on first use (a few stat calls), never on a hook's normal path.

export type InvocationKind = 'global' | 'npx' | 'project' | 'plugin' | 'clone';

export interface Invocation {
  kind: InvocationKind;
  /** The command line that runs this copy's CLI, without arguments. */
  command: string;
}

/** A path as a shell word: as it is when it needs no quoting, else in single quotes. */
function shellWord(path: string): string {
  return /^[A-Za-z0-9_/.@%+=:,-]+$/.test(path) ? path : `'${path.replace(/'/g, "'\\''")}'`;
}

/** What decides the invocation, gathered by `invocation()`; pure from here. */
export interface InvocationFacts {
  /** The package's folder (where dist/ is). */
  root: string;
  /** The real path of the `homunculus` PATH finds first, if any. */
  onPath: string | undefined;
  /** The real path of this copy's CLI (dist/cli/homunculus.js). */
  cli: string;
  /** The folder is the Claude Code plugin (its bundle, .claude-plugin/plugin.json). */
  plugin: boolean;
}

export function invocationOf(f: InvocationFacts): Invocation {
  if (f.plugin) return { kind: 'plugin', command: `node ${shellWord(join(f.root, 'dist', 'cli', 'homunculus.mjs'))}` };
  if (f.onPath !== undefined && f.onPath === f.cli) return { kind: 'global', command: 'homunculus' };
  const parts = f.root.split(sep);
  if (parts.includes('_npx')) return { kind: 'npx', command: 'npx homunculus' };
  if (basename(dirname(f.root)) === 'node_modules') return { kind: 'project', command: 'npx homunculus' };
  return { kind: 'clone', command: `node ${shellWord(join(f.root, 'dist', 'cli', 'homunculus.js'))}` };
}

function realpathOr(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/**
 * The first `homunculus` on PATH, as a real path. `node_modules/.bin` folders are skipped: npx and
 * npm scripts put them on PATH for their run only, so a project's copy is not on the user's PATH.
 */
function onPath(env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env['PATH'] ?? '').split(delimiter)) {
    if (!dir.startsWith('/')) continue; // a relative PATH entry depends on where the user stands
    if (/\/node_modules\/\.bin\/?$/.test(dir)) continue;
    const real = realpathOr(join(dir, 'homunculus'));
    if (real !== undefined) return real;
  }
  return undefined;
}

let cached: Invocation | undefined;

export function invocation(env: NodeJS.ProcessEnv = process.env): Invocation {
  if (cached !== undefined) return cached;
  const root = packageRoot();
  const cliPath = join(root, 'dist', 'cli', 'homunculus.js');
  cached = invocationOf({ root, onPath: onPath(env), cli: realpathOr(cliPath) ?? cliPath, plugin: existsSync(join(root, '.claude-plugin', 'plugin.json')) });
  return cached;
}

/** The command line for `args` as this copy runs it: `homunculus bye`, `npx homunculus bye`, `node …/homunculus.js bye`. */
export function cli(args: string): string {
  return `${invocation().command} ${args}`;
}

/**
 * How to install the hooks from here. From npx's cache install refuses (npm cleans it), so it
 * names an install that lasts; the plugin has its hooks already, so it says to enable it.
 */
export function installHint(args = 'install'): string {
  const inv = invocation();
  if (inv.kind === 'npx') return `npm install -g ${PACKAGE_NAME}, then homunculus ${args}`;
  if (inv.kind === 'plugin') return 'enable the homunculus plugin in Claude Code (/plugin), which registers the hooks';
  return cli(args);
}
