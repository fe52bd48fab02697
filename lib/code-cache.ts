import { lstatSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { writeFileAtomic } from './atomic-write.js';
import { readDataFile } from './data-files.js';
import { resolveNow } from './clock.js';
import { readOnlyReason } from './clock-guard.js';
import { assertDataHome, layout, resolveDataHome } from './data-home.js';
import { fnv1a64Hex } from './fnv.js';

// A large hook bundle run through V8's code cache. The Stop hook's bundle is ~450 KB, and a fresh
// process spends ~60 ms of each run parsing and compiling it (docs/performance-notes.md). The cache (what
// V8 compiled in the first run, functions compiled lazily included) is kept in the data home's
// state/cache/v8/, private like every data file, as Node 22's own compile cache keeps one per
// user. Its name holds what must not change under it: the bundle's content hash (from the build),
// its size and mtime (a hand edit), node's version and architecture and the V8 flags. V8 checks
// version and flags again and rejects a cache that does not fit; the bundle then runs compiled
// from source and the cache is written anew. The loader writes nothing unless the data home's
// state/cache folder exists (the hook's own first run creates it), nor when the clock override
// makes the run read-only (far ahead of the real clock, or behind the data), and follows no link
// out of the data home.
// HOMUNCULUS_CODE_CACHE=0 turns it off.

const V8_DIRS = ['state', join('state', 'cache'), join('state', 'cache', 'v8')];

/** Where the cache of this build of a bundle lives, for this node and these flags. */
export function codeCachePath(home: string, name: string, bundle: string, buildHash: string): string {
  const st = statSync(bundle);
  const key = fnv1a64Hex(`${buildHash} ${st.size} ${st.mtimeMs} ${process.version} ${process.arch} ${process.execArgv.join(' ')}`);
  return join(layout.codeCache(home), `${name}-${key}.bin`);
}

function isFolder(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** A run that may write: not one a clock override far ahead or behind the data has made read-only (lib/clock-guard.ts). */
function writable(home: string, env: NodeJS.ProcessEnv): boolean {
  try {
    return readOnlyReason(home, resolveNow(undefined, env).getTime()) === undefined;
  } catch {
    return false;
  }
}

/** Writes the cache V8 can make now, and removes this bundle's caches of other builds. */
function saveCache(home: string, name: string, path: string, script: Script): void {
  assertDataHome(home, V8_DIRS);
  if (!isFolder(layout.cache(home))) return;
  const dir = dirname(path);
  writeFileAtomic(path, script.createCachedData(), { skipIfSame: false, cache: true });
  for (const f of readdirSync(dir)) {
    if (f.startsWith(`${name}-`) && f.endsWith('.bin') && join(dir, f) !== path) rmSync(join(dir, f), { force: true });
  }
}

/**
 * Runs `dir/name.bundle.js` (a CommonJS bundle that requires node built-ins only) as node would,
 * compiled from the code cache when there is one that fits.
 */
export function runCached(dir: string, name: string, buildHash: string): void {
  const bundle = join(dir, `${name}.bundle.js`);
  const env = process.env;
  let home: string | undefined;
  let cachePath: string | undefined;
  let cached: Buffer | undefined;
  if (env['HOMUNCULUS_DISABLE'] !== '1' && env['HOMUNCULUS_CODE_CACHE'] !== '0') {
    try {
      home = resolveDataHome(env);
      cachePath = codeCachePath(home, name, bundle, buildHash);
      assertDataHome(home, V8_DIRS);
      cached = readDataFile(cachePath);
    } catch {
      // no cache yet, or none to use: compiled from source
    }
  }
  let source = readFileSync(bundle, 'utf8');
  // A hashbang is valid only at the very start of a script, not inside the module wrapper.
  if (source.startsWith('#!')) source = `//${source.slice(2)}`;
  const wrapped = `(function (exports, require, module, __filename, __dirname) { ${source}\n})`;
  const script = new Script(wrapped, { filename: bundle, cachedData: cached });
  if (home !== undefined && cachePath !== undefined && (cached === undefined || script.cachedDataRejected === true) && writable(home, env)) {
    const [h, p] = [home, cachePath];
    process.on('exit', () => {
      try {
        saveCache(h, name, p, script);
      } catch {
        // a cache is an optimisation
      }
    });
  }
  const mod = { exports: {} as unknown, filename: bundle, id: bundle, loaded: false };
  const fn = script.runInThisContext() as (e: unknown, r: NodeRequire, m: unknown, f: string, d: string) => void;
  fn.call(mod.exports, mod.exports, createRequire(bundle), mod, bundle, dir);
}
