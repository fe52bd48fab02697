// Build steps after tsc.
// 1. Each hook becomes one self-contained CommonJS file in dist/hooks/. Hooks run as a new node
//    process on every tool call; loading one CJS file instead of a dozen ES modules is the
//    difference between ~1.3x and ~1.05x of bare `node -e 0` start-up (see BENCHMARKS.md).
// 2. The bins and hooks are made executable.
// `node build.mjs --plugin [DIR]` instead builds the Claude Code plugin's generated files into DIR
// (default plugin/): the hooks and the CLI bundled from source, the config defaults, the command
// and hooks.json. A plugin is copied from git and gets no `npm install`, so these are committed;
// test/plugin.test.ts fails when they are stale.
import { build } from 'esbuild';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = import.meta.dirname;
export const HOOKS = ['observe', 'stop', 'prompt-router', 'session-start', 'session-end', 'reconcile'];

// lib/ finds the package through import.meta.url; give the CJS bundle the same value.
const cjsMeta = {
  define: { 'import.meta.url': '__homunculus_import_meta_url' },
  banner: { js: "const __homunculus_import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
};

async function bundleHooks(entryPoints, outdir) {
  await build({ entryPoints, outdir, allowOverwrite: true, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning', ...cjsMeta });
  // dist/hooks/*.js are CommonJS although the package is "type": "module".
  writeFileSync(join(outdir, 'package.json'), '{ "type": "commonjs" }\n');
}

async function buildDist() {
  const out = join(root, 'dist', 'hooks');
  const entries = HOOKS.map((h) => join(out, `${h}.js`)).filter((p) => existsSync(p));
  await bundleHooks(entries, out);
  // `homunculus suggest` answers from one module too (loading ~20 small ES modules was a fifth of its time).
  // `homunculus analyze` too (its fast path: no yargs, one module instead of ~60), and import-transcripts.
  for (const name of ['suggest-fast', 'analyze-fast', 'import-fast']) {
    const fast = join(root, 'dist', 'cli', `${name}.js`);
    // yaml's CommonJS build (what its exports give node) calls require(): give the ES module one.
    const banner = { js: "import { createRequire as __homunculus_createRequire } from 'node:module'; const require = __homunculus_createRequire(import.meta.url);" };
    if (existsSync(fast)) await build({ entryPoints: [fast], outfile: fast, allowOverwrite: true, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning', banner });
  }
  // `npm ci` links bins before the prepare script has built them, and tsc writes 0644.
  for (const f of ['cli/homunculus.js', 'cli/analyze.js', 'mcp/main.js', ...entries.map((p) => p.slice(join(root, 'dist').length + 1))]) {
    chmodSync(join(root, 'dist', f), 0o755);
  }
}

/** The plugin's hooks.json: the same events and options as `homunculus install` writes. */
function pluginHooks() {
  const cmd = (name, flags = '') => `node ${flags}"\${CLAUDE_PLUGIN_ROOT}/dist/hooks/${name}.js"`;
  const group = (entry) => [{ matcher: '*', hooks: [{ type: 'command', ...entry }] }];
  return {
    description: 'homunculus: observe tool calls, analyse after each turn, deliver the learned rules at session start, reconcile each session with its transcript',
    hooks: {
      PostToolUse: group({ command: cmd('observe'), async: true, timeout: 10 }),
      PostToolUseFailure: group({ command: cmd('observe'), async: true, timeout: 10 }),
      Stop: group({ command: cmd('stop', '--max-semi-space-size=2 '), async: true, timeout: 120 }),
      UserPromptSubmit: group({ command: cmd('prompt-router'), timeout: 5 }),
      SessionStart: group({ command: cmd('session-start'), timeout: 10 }),
      SessionEnd: group({ command: cmd('session-end'), timeout: 2 }),
    },
  };
}

export async function buildPlugin(dir) {
  for (const sub of ['dist', 'config', 'commands', 'hooks']) rmSync(join(dir, sub), { recursive: true, force: true });
  await bundleHooks(HOOKS.map((h) => join(root, 'hooks', `${h}.ts`)), join(dir, 'dist', 'hooks'));
  await build({
    entryPoints: [join(root, 'cli', 'homunculus.ts')],
    outfile: join(dir, 'dist', 'cli', 'homunculus.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // ES module builds of dependencies (jsonc-parser's UMD build requires its parts at run time).
    mainFields: ['module', 'main'],
    minify: true,
    legalComments: 'eof',
    // Some bundled dependencies are CommonJS and call require(): give the ES module one.
    banner: { js: "import { createRequire as __homunculus_createRequire } from 'node:module'; const require = __homunculus_createRequire(import.meta.url);" },
  });
  // The MCP server, its own bundle (the SDK and zod stay out of the CLI's), run by .mcp.json.
  await build({
    entryPoints: [join(root, 'mcp', 'main.ts')],
    outfile: join(dir, 'dist', 'mcp', 'server.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    mainFields: ['module', 'main'],
    minify: true,
    legalComments: 'eof',
    banner: { js: "import { createRequire as __homunculus_createRequire } from 'node:module'; const require = __homunculus_createRequire(import.meta.url);" },
  });
  writeFileSync(join(dir, '.mcp.json'), `${JSON.stringify({ mcpServers: { homunculus: { command: 'node', args: ['${CLAUDE_PLUGIN_ROOT}/dist/mcp/server.mjs'] } } }, null, 2)}\n`);
  mkdirSync(join(dir, 'config'), { recursive: true });
  for (const f of ['defaults.json', 'decay-config.json']) copyFileSync(join(root, 'config', f), join(dir, 'config', f));
  mkdirSync(join(dir, 'commands'), { recursive: true });
  // /homunculus:bye and the others: each template with the plugin's CLI.
  for (const name of ['bye', 'status', 'learn', 'forget', 'dream', 'graduate', 'export', 'projects']) {
    const text = readFileSync(join(root, 'commands', `${name}.md`), 'utf8').replaceAll('node "{{HOMUNCULUS_CLI}}"', 'node "${CLAUDE_PLUGIN_ROOT}/dist/cli/homunculus.mjs"');
    writeFileSync(join(dir, 'commands', `${name}.md`), text);
  }
  mkdirSync(join(dir, 'hooks'), { recursive: true });
  writeFileSync(join(dir, 'hooks', 'hooks.json'), `${JSON.stringify(pluginHooks(), null, 2)}\n`);
  for (const h of HOOKS) chmodSync(join(dir, 'dist', 'hooks', `${h}.js`), 0o755);
  chmodSync(join(dir, 'dist', 'cli', 'homunculus.mjs'), 0o755);
  chmodSync(join(dir, 'dist', 'mcp', 'server.mjs'), 0o755);
}

const args = process.argv.slice(2);
if (import.meta.url === `file://${process.argv[1]}`) {
  if (args[0] === '--plugin') await buildPlugin(args[1] ?? join(root, 'plugin'));
  else await buildDist();
}
