// Build step (after tsc). 1. Each hook becomes one self-contained CommonJS file in dist/hooks/.
// Hooks run as a new node process on every tool call; loading one CJS file instead of a dozen
// ES modules is the difference between ~1.3x and ~1.05x of bare `node -e 0` start-up
// (see BENCHMARKS.md). esbuild does the bundling at build time; nothing is added at run time.
import { build } from 'esbuild';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = import.meta.dirname;
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

// 2. The bins and hooks are executables: tsc writes 0644, and `npm ci` links bins before the
// prepare script has built them, so nothing else makes them runnable for npx.
for (const f of ['cli/homunculus.js', 'cli/analyze.js', ...entries.map((p) => p.slice(join(root, 'dist').length + 1))]) {
  chmodSync(join(root, 'dist', f), 0o755);
}
