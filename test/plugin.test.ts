// The Claude Code plugin: committed bundles that are never stale, manifests that validate, the
// same hooks as `homunculus install`, and a copy that works with nothing beside it (a plugin is
// copied from git into Claude Code's cache and gets no npm install).
import { Ajv } from 'ajv';
import { execa } from 'execa';
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hookCommands } from '../claude/installer.js';
import { cleanEnv, fixture, listFiles, readObservations, ROOT, sandbox, tempDir } from './helpers.js';

const PLUGIN = join(ROOT, 'plugin');
const schema = (name: string) => new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'schemas', name), 'utf8')));
const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

describe('the plugin', () => {
  it('its generated files are what `node build.mjs --plugin` makes from the current sources', async () => {
    const out = tempDir('plugin-build-');
    const r = await execa('node', [join(ROOT, 'build.mjs'), '--plugin', out], { reject: false });
    expect(r.exitCode, r.stderr).toBe(0);
    const generated = listFiles(out);
    expect(generated).toContain('dist/hooks/observe.js');
    expect(generated).toContain('dist/cli/homunculus.mjs');
    const stale = generated.filter((f) => !existsSync(join(PLUGIN, f)) || !readFileSync(join(PLUGIN, f)).equals(readFileSync(join(out, f))));
    expect(stale, 'plugin/ is stale: run `node build.mjs --plugin` and commit it').toEqual([]);
    // Nothing generated is left over from an older build either.
    for (const sub of ['dist', 'config', 'commands', 'hooks']) expect(listFiles(join(PLUGIN, sub)).map((f) => `${sub}/${f}`).filter((f) => !generated.includes(f))).toEqual([]);
  });

  it('plugin.json and marketplace.json validate against the published schemas; versions agree', () => {
    const manifest = json(join(PLUGIN, '.claude-plugin', 'plugin.json'));
    const v = schema('claude-code-plugin-manifest.json');
    expect(v(manifest), JSON.stringify(v.errors)).toBe(true);
    expect(manifest.version).toBe(json(join(ROOT, 'package.json')).version);
    const market = json(join(ROOT, '.claude-plugin', 'marketplace.json'));
    const m = schema('claude-code-marketplace.json');
    expect(m(market), JSON.stringify(m.errors)).toBe(true);
    expect(market.plugins.map((p: { name: string; source: string }) => [p.name, p.source])).toEqual([['homunculus', './plugin']]);
  });

  it('registers the same hooks, with the same options, as homunculus install', () => {
    const plugin = json(join(PLUGIN, 'hooks', 'hooks.json')).hooks as Record<string, { matcher: string; hooks: { command: string; async?: boolean; timeout: number }[] }[]>;
    const installed = hookCommands({ kind: 'absolute', root: '/x' }, {});
    expect(Object.keys(plugin).sort()).toEqual(Object.keys(installed).sort());
    for (const [event, entry] of Object.entries(installed)) {
      const [group] = plugin[event]!;
      expect(group!.matcher).toBe('*');
      const h = group!.hooks[0]!;
      expect({ async: h.async, timeout: h.timeout }).toEqual({ async: entry!.async, timeout: entry!.timeout });
      // Same script, found through the plugin's root.
      expect(h.command.replace('"${CLAUDE_PLUGIN_ROOT}/', "'/x/").replace(/\.js"$/, ".js'")).toBe(entry!.command.replace(' # homunculus', ''));
    }
  });

  it('a copy of plugin/ alone observes, delivers and consolidates, keeping its data in the XDG data home', async () => {
    const copy = join(tempDir('plugin-cache-'), 'homunculus', '0.1.0');
    cpSync(PLUGIN, copy, { recursive: true });
    const box = sandbox();
    const env = cleanEnv({ HOME: box.home, CLAUDE_PLUGIN_ROOT: copy });
    const run = (script: string, input: string, extra: Record<string, string> = {}) => execa('node', [join(copy, 'dist', 'hooks', `${script}.js`)], { input, env: { ...env, ...extra }, extendEnv: false, reject: false });
    for (let i = 0; i < 3; i++) {
      for (const f of ['post-tool-use-grep.json', 'post-tool-use-read.json', 'post-tool-use-edit.json']) {
        const r = await run('observe', JSON.stringify({ ...fixture(f), tool_use_id: `toolu_${f.length}_${i}` }), { HOMUNCULUS_NOW: `2026-11-08T10:0${i}:00Z` });
        expect(r.exitCode).toBe(0);
      }
    }
    const data = join(box.home, '.local', 'share', 'homunculus');
    expect(readObservations(data)).toHaveLength(9);
    expect(readdirSync(copy)).not.toContain('homunculus'); // never inside the plugin's folder
    const bye = await execa('node', [join(copy, 'dist', 'cli', 'homunculus.mjs'), 'bye', '--now', '2026-11-08T11:00:00Z', '--exit-zero'], { env, extendEnv: false, reject: false });
    expect(bye.exitCode, bye.stderr).toBe(0);
    expect(bye.stdout).toContain('Analyzed 9 tool calls');
    const start = await run('session-start', JSON.stringify({ ...fixture('session-start.json'), transcript_path: join(box.root, 't.jsonl') }));
    expect(start.exitCode).toBe(0);
    expect(readFileSync(join(copy, 'commands', 'bye.md'), 'utf8')).toContain('!`node "${CLAUDE_PLUGIN_ROOT}/dist/cli/homunculus.mjs" bye --exit-zero`');
  });
});
