// Every way a stranger installs the npm package, from the packed tarball (`npm pack`), never from
// this working tree: a global install, and a project's dev dependency. Each runs with its own
// temporary npm prefix and HOME; npm reads this machine's npm cache and registry (--prefer-offline:
// after `npm ci` the packages are in the cache, so CI does not download them again). The plugin is
// tested from a copy of plugin/ alone in test/plugin.test.ts.
import { execa, type Options } from 'execa';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scriptOf } from '../claude/installer.js';
import { PACKAGE_NAME } from '../lib/package-name.js';
import { fixture, readObservations, ROOT, tempDir } from './helpers.js';

const EVENTS = ['PostToolUse', 'PostToolUseFailure', 'Stop', 'UserPromptSubmit', 'SessionStart', 'SessionEnd'];
const NOW = '2026-11-08T10:00:00Z';
const NPM_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund', '--no-update-notifier', '--loglevel=error'];

let tarball = '';
let packed: { path: string; size: number }[] = [];
/** What npm needs from this machine: its cache and registry (and a proxy, if one is set); nothing else of the developer's setup. */
let npmEnv: Record<string, string> = {};

beforeAll(async () => {
  const out = tempDir('pack-');
  // dist/ is built (npm test's pretest); --ignore-scripts: do not build it a second time.
  const r = await execa('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', out], { cwd: ROOT });
  const [info] = JSON.parse(r.stdout) as { filename: string; files: { path: string; size: number }[] }[];
  tarball = join(out, info!.filename);
  packed = info!.files;
  const get = async (key: string) => (await execa('npm', ['config', 'get', key], { cwd: ROOT })).stdout.trim();
  npmEnv = { npm_config_cache: await get('cache'), npm_config_registry: await get('registry') };
  for (const k of ['HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY', 'https_proxy', 'http_proxy', 'no_proxy']) if (process.env[k]) npmEnv[k] = process.env[k]!;
}, 120_000);

/** A clean HOME (no ~/.npmrc, no ~/.claude) and PATH with `bin` first. */
function envFor(home: string, bin?: string): Record<string, string> {
  return { PATH: `${bin ? `${bin}:` : ''}${process.env['PATH']}`, HOME: home, LANG: 'C.UTF-8', TZ: 'UTC', HOMUNCULUS_NOW: NOW, ...npmEnv };
}

const run = (file: string, args: string[], env: Record<string, string>, options: Options = {}) =>
  execa(file, args, { env, extendEnv: false, reject: false, timeout: 240_000, ...options });

/** The hooks a settings file registers: event -> command. */
function hookCommands(settingsPath: string): Record<string, string> {
  const s = JSON.parse(readFileSync(settingsPath, 'utf8')) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
  return Object.fromEntries(Object.entries(s.hooks).map(([ev, groups]) => [ev, groups[0]!.hooks[0]!.command]));
}

/** Runs the installed hooks as Claude Code would (through a shell): a session starts, one tool call. */
async function session(hooks: Record<string, string>, env: Record<string, string>, cwd: string) {
  const start = await run('sh', ['-c', hooks['SessionStart']!], env, { input: JSON.stringify({ ...fixture('session-start.json'), cwd, transcript_path: join(cwd, 'none.jsonl') }), cwd });
  expect(start.exitCode, start.stderr as string).toBe(0);
  const r = await run('sh', ['-c', hooks['PostToolUse']!], env, { input: JSON.stringify({ ...fixture('post-tool-use-grep.json'), cwd }), cwd });
  expect(r.exitCode, r.stderr as string).toBe(0);
}

describe('the packed tarball', () => {
  it('holds only what runs: dist/, config/, commands/, the README, the license', () => {
    const paths = packed.map((f) => f.path);
    expect(paths.filter((p) => !/^(dist|config|commands)\//.test(p) && !['README.md', 'LICENSE', 'package.json'].includes(p))).toEqual([]);
    expect(paths.filter((p) => p.endsWith('.ts') || p.endsWith('.map'))).toEqual([]);
    for (const p of ['dist/cli/homunculus.js', 'dist/cli/analyze.js', 'dist/hooks/observe.js', 'dist/mcp/main.js', 'config/defaults.json', 'commands/bye.md']) expect(paths).toContain(p);
    expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).name).toBe(PACKAGE_NAME);
    expect(tarball).toMatch(new RegExp(`/${PACKAGE_NAME}-[\\d.]+\\.tgz$`));
  });
});

describe('npm install -g of the tarball', () => {
  it('homunculus --help, install, and doctor healthy; the hooks it wrote run and record in ~/.local/share/homunculus', async () => {
    const root = tempDir('global-');
    const home = join(root, 'home');
    const prefix = join(root, 'prefix');
    mkdirSync(home);
    const i = await run('npm', ['install', '-g', '--prefix', prefix, ...NPM_FLAGS, tarball], envFor(home), { cwd: root });
    expect(i.exitCode, i.stderr as string).toBe(0);
    const env = envFor(home, join(prefix, 'bin'));
    expect(readdirSync(join(prefix, 'bin')).sort()).toEqual(['analyze', 'homunculus']);

    const help = await run('homunculus', ['--help'], env, { cwd: home });
    expect(help.exitCode, help.stderr as string).toBe(0);
    expect(help.stdout).toContain(`(the npm package ${PACKAGE_NAME})`);
    const install = await run('homunculus', ['install'], env, { cwd: home });
    expect(install.exitCode, install.stderr as string).toBe(0);

    const pkg = join(prefix, 'lib', 'node_modules', PACKAGE_NAME);
    const hooks = hookCommands(join(home, '.claude', 'settings.json'));
    expect(Object.keys(hooks).sort()).toEqual([...EVENTS].sort());
    for (const command of Object.values(hooks)) {
      const script = scriptOf(command);
      expect(script?.startsWith(join(pkg, 'dist', 'hooks')), command).toBe(true);
      expect(existsSync(script!), command).toBe(true);
    }
    const data = join(home, '.local', 'share', 'homunculus');
    await session(hooks, env, home);
    expect(readObservations(data)).toHaveLength(1);

    // From the home folder, where the project's .claude/settings.json is the user's (read once).
    const doctor = await run('homunculus', ['doctor'], env, { cwd: home });
    expect(doctor.exitCode, doctor.stdout as string).toBe(0);
    const lines = (doctor.stdout as string).trimEnd().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^Data home ${data} \\(the default, `));
    expect(lines.at(-1)).toBe('Healthy.');
    const analyze = await run('analyze', ['--json'], env, { cwd: home });
    expect(analyze.exitCode, analyze.stderr as string).toBe(0);
  }, 300_000);
});

describe("a project's dev dependency, from the tarball", () => {
  it('npx homunculus install --scope project writes hooks that point at files that exist; npx analyze runs; doctor names the data home the hooks use', async () => {
    const root = tempDir('project-');
    const home = join(root, 'home');
    const app = join(root, 'app');
    mkdirSync(home);
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'app', version: '1.0.0', private: true }, null, 2)}\n`);
    const env = envFor(home);
    const i = await run('npm', ['install', '--save-dev', ...NPM_FLAGS, tarball], env, { cwd: app });
    expect(i.exitCode, i.stderr as string).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')).devDependencies)).toEqual([PACKAGE_NAME]);

    const install = await run('npx', ['homunculus', 'install', '--scope', 'project'], env, { cwd: app });
    expect(install.exitCode, install.stderr as string).toBe(0);
    const hooks = hookCommands(join(app, '.claude', 'settings.json'));
    expect(Object.keys(hooks).sort()).toEqual([...EVENTS].sort());
    for (const command of Object.values(hooks)) {
      // The committed file names no path of this machine: only the project's own node_modules.
      expect(command).toContain(`"$CLAUDE_PROJECT_DIR"/'node_modules/${PACKAGE_NAME}/dist/hooks/`);
      expect(command).not.toContain(root);
      expect(existsSync(scriptOf(command, app)!), command).toBe(true);
    }
    // The hook as Claude Code runs it: $CLAUDE_PROJECT_DIR set, in the project.
    const data = join(home, '.local', 'share', 'homunculus');
    await session(hooks, { ...env, CLAUDE_PROJECT_DIR: app }, app);
    expect(readObservations(data)).toHaveLength(1);

    const analyze = await run('npx', ['analyze', '--json'], env, { cwd: app });
    expect(analyze.exitCode, analyze.stderr as string).toBe(0);
    expect(JSON.parse(analyze.stdout as string)).toMatchObject({ status: 'done', recordsInWindow: 1 });

    const doctor = await run('npx', ['homunculus', 'doctor', '--json'], env, { cwd: app });
    const d = JSON.parse(doctor.stdout as string) as { healthy: boolean; where: { dataHome: string; settings: { scope: string; hooks: string[] }[] }; checks: { name: string; detail: string; fix?: string }[] };
    expect(d.where.dataHome).toBe(data);
    expect(d.checks.find((c) => c.name === 'data home')?.detail).toBe(`${data} is writable (the one the installed hooks use)`);
    expect(d.where.settings.find((s) => s.scope === 'project')?.hooks).toHaveLength(EVENTS.length);
    expect(d.healthy, JSON.stringify(d.checks)).toBe(true);
    // Its hints name the command a user types in the project (npx put node_modules/.bin on PATH for its run only).
    expect(d.checks.find((c) => c.name === 'hooks')?.fix).toBe('npx homunculus install (add --scope project|local for a project)');
  }, 300_000);
});
