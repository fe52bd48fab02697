// Build step (after tsc): each hook becomes one self-contained CommonJS file in dist/hooks/.
// Hooks run as a new node process on every tool call; loading one CJS file instead of a dozen
// ES modules is the difference between ~1.3x and ~1.05x of bare `node -e 0` start-up
// (see BENCHMARKS.md). esbuild does the bundling at build time; nothing is added at run time.
import { build } from 'esbuild';
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'dist', 'hooks');
const entries = ['observe', 'stop', 'prompt-router'].map((h) => join(out, `${h}.js`)).filter((p) => existsSync(p));

await build({
  entryPoints: entries,
  outdir: out,
  allowOverwrite: true,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
  // lib/ finds the package through import.meta.url; give the CJS bundle the same value.
  define: { 'import.meta.url': '__homunculus_import_meta_url' },
  banner: { js: "const __homunculus_import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
});
// dist/hooks/*.js are CommonJS although the package is "type": "module".
writeFileSync(join(out, 'package.json'), '{ "type": "commonjs" }\n');
