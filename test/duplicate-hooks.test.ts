// Hooks registered twice (homunculus' entries in two settings scopes, or the plugin enabled beside
// them) run twice for every tool call: install and doctor say so, and what to do about it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, runCli } from './helpers.js';
import { settingsPath, setup } from './install-helpers.js';

type Check = { name: string; ok: boolean; detail: string; fix?: string };

async function doctor(b: ReturnType<typeof setup>) {
  const r = await runCli(['doctor', '--json', '--project', b.project], b.env);
  const out = JSON.parse(r.stdout as string) as { checks: Check[] };
  return { code: r.exitCode, check: (name: string) => out.checks.find((c) => c.name === name)! };
}

function enablePlugin(b: ReturnType<typeof setup>, scope: string, value: unknown = true) {
  const path = settingsPath(b, scope);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify({ enabledPlugins: { 'homunculus@acme-tools': value, 'other@acme-tools': true } }, null, 2)}\n`);
}

describe('hooks registered twice', () => {
  it('install says the plugin is enabled too; doctor counts the plugin as a registration of every event', async () => {
    const b = setup();
    enablePlugin(b, 'project');
    const inst = await runCli(['install'], b.env, { cwd: b.project });
    expect(inst.exitCode, inst.stderr as string).toBe(0);
    expect(inst.stdout).toContain(`the homunculus plugin is enabled too (homunculus@acme-tools in ${settingsPath(b, 'project')}): its hooks and these both run, so every tool call is recorded twice (counted once)`);
    const again = await runCli(['install', '--json'], b.env, { cwd: b.project });
    expect(JSON.parse(again.stdout as string).notes).toEqual([expect.stringContaining('the homunculus plugin is enabled too')]);
    const d = await doctor(b);
    expect(d.code).toBe(1);
    expect(d.check('duplicates')).toMatchObject({ ok: false, fix: `keep one: disable the plugin (/plugin in Claude Code), or node ${CLI} uninstall --scope user` });
    expect(d.check('duplicates').detail).toContain('PostToolUse registered 2x (user, plugin homunculus@acme-tools)');
  });

  it('the plugin alone: every hook registered once, none missing; disabled (false), not counted', async () => {
    const b = setup();
    enablePlugin(b, 'user');
    let d = await doctor(b);
    expect(d.check('hooks')).toMatchObject({ ok: true });
    expect(d.check('hooks').detail).toContain('every event (plugin homunculus@acme-tools, enabled in user settings)');
    expect(d.check('duplicates')).toMatchObject({ ok: true, detail: 'each hook registered once' });
    enablePlugin(b, 'user', false);
    d = await doctor(b);
    expect(d.check('hooks')).toMatchObject({ ok: false });
    expect(d.check('hooks').detail).toContain('the plugin is not enabled');
  });

  it('install at a second scope says the first one records every call too', async () => {
    const b = setup();
    expect((await runCli(['install'], b.env)).exitCode).toBe(0);
    const second = await runCli(['install', '--scope', 'local', '--project', b.project], b.env);
    expect(second.exitCode, second.stderr as string).toBe(0);
    expect(second.stdout).toContain(`homunculus' hooks are also registered in ${settingsPath(b, 'user')} (user settings): both run, so every tool call is recorded twice (counted once); keep one: node ${CLI} uninstall --scope user`);
  });
});
