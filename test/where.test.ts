// `homunculus where` and doctor's first line: the data home in use (and why that one), the rules
// and config files, the settings files that hold homunculus. A clone keeps its data where the
// README says (the XDG data folder), and doctor finds what an earlier version left in the clone.
import { execa } from 'execa';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setup } from './install-helpers.js';
import { cleanEnv, ROOT, runCli, tempDir } from './helpers.js';

interface Where {
  dataHome: string;
  from: string;
  exists: boolean;
  rulesJson: string;
  rulesFile: string;
  config: { path: string; exists: boolean; problem?: string };
  settings: { scope: string; path: string; exists: boolean; hooks: string[]; plugin: string[] }[];
  oldCloneData?: string;
}

const where = async (env: Record<string, string | undefined>, args: string[] = []) => {
  const r = await runCli(['where', '--json', ...args], env);
  expect(r.exitCode, r.stderr as string).toBe(0);
  return JSON.parse(r.stdout as string) as Where;
};

describe('homunculus where', () => {
  it('from a clone with nothing set: ~/.local/share/homunculus, as the README says (never the clone\'s own folder)', async () => {
    const b = setup();
    const w = await where({ HOME: b.home }, ['--project', b.project]);
    expect(w.dataHome).toBe(join(b.home, '.local', 'share', 'homunculus'));
    expect(w.from).toBe('the default, ~/.local/share/homunculus');
    expect(w.exists).toBe(false);
    expect(w.rulesJson).toBe(join(w.dataHome, 'rules.json'));
    expect(w.rulesFile).toBe(join(w.dataHome, 'generated-rules.md'));
    expect(w.config).toEqual({ path: join(w.dataHome, 'config.json'), exists: false });
    expect(w.settings.map((s) => [s.scope, s.path, s.exists])).toEqual([
      ['user', join(b.home, '.claude', 'settings.json'), false],
      ['project', join(b.project, '.claude', 'settings.json'), false],
      ['local', join(b.project, '.claude', 'settings.local.json'), false],
    ]);
    const xdg = await where({ HOME: b.home, XDG_DATA_HOME: join(b.root, 'xdg') });
    expect([xdg.dataHome, xdg.from]).toEqual([join(b.root, 'xdg', 'homunculus'), 'XDG_DATA_HOME']);
    const env = await where({ HOME: b.home, HOMUNCULUS_HOME: b.data });
    expect([env.dataHome, env.from]).toEqual([b.data, 'HOMUNCULUS_HOME']);
  });

  it('after install: the data home the hook commands carry, the settings file that holds them; doctor says the same first', async () => {
    const b = setup();
    expect((await runCli(['install', '--project', b.project], b.env)).exitCode).toBe(0);
    // Without HOMUNCULUS_HOME in this shell: the hooks carry it.
    const w = await where({ HOME: b.home }, ['--project', b.project]);
    expect([w.dataHome, w.from]).toEqual([b.data, 'HOMUNCULUS_HOME in the installed hook commands']);
    expect(w.rulesFile).toBe(b.env['HOMUNCULUS_RULES_FILE']);
    expect(w.settings[0]).toMatchObject({ scope: 'user', exists: true, hooks: ['PostToolUse', 'PostToolUseFailure', 'Stop', 'UserPromptSubmit', 'SessionStart', 'SessionEnd'] });
    const text = await runCli(['where', '--project', b.project], { HOME: b.home });
    expect(text.stdout).toContain(`data home  ${b.data} (HOMUNCULUS_HOME in the installed hook commands)`);
    expect(text.stdout).toContain(`settings   ${join(b.home, '.claude', 'settings.json')} (user): homunculus' hooks (PostToolUse, `);
    const doctor = await runCli(['doctor', '--project', b.project], { HOME: b.home });
    expect((doctor.stdout as string).split('\n')[0]).toBe(
      `Data home ${b.data} (HOMUNCULUS_HOME in the installed hook commands); rules ${join(b.data, 'rules.json')}, ${b.env['HOMUNCULUS_RULES_FILE']}; settings ${join(b.home, '.claude', 'settings.json')}`,
    );
    const json = JSON.parse((await runCli(['doctor', '--json', '--project', b.project], { HOME: b.home })).stdout as string) as { where: Where };
    expect(json.where.dataHome).toBe(b.data);
  });

  it("from the home folder, whose .claude/settings.json is the user's: one file, read once (no duplicates)", async () => {
    const b = setup();
    expect((await runCli(['install'], b.env)).exitCode).toBe(0);
    const w = await where(b.env, ['--project', b.home]);
    expect(w.settings.map((s) => [s.scope, s.path])).toEqual([
      ['user', join(b.home, '.claude', 'settings.json')],
      ['local', join(b.home, '.claude', 'settings.local.json')],
    ]);
    const d = JSON.parse((await runCli(['doctor', '--json', '--project', b.home], b.env)).stdout as string) as { checks: { name: string; ok: boolean; detail: string }[] };
    expect(d.checks.find((c) => c.name === 'duplicates')).toMatchObject({ ok: true, detail: 'each hook registered once' });
  });

  it('a config.json that does not read: where still answers, and says what is wrong with it', async () => {
    const b = setup();
    mkdirSync(b.data, { recursive: true });
    writeFileSync(join(b.data, 'config.json'), '{"windowDays": ');
    const w = await where({ HOME: b.home, HOMUNCULUS_HOME: b.data });
    expect(w.dataHome).toBe(b.data);
    expect(w.config.exists).toBe(true);
    expect(w.config.problem).toContain('config.json: expected JSON');
    expect(w.rulesFile).toBe(join(b.data, 'generated-rules.md'));
  });

  it("what an earlier version kept in a clone's homunculus/: where names it, doctor fails with how to move it", async () => {
    // A clone: the package with a .git, and data the old rule put in its homunculus/ folder.
    const clone = join(tempDir(), 'clone');
    for (const f of ['dist', 'config', 'commands', 'package.json']) cpSync(join(ROOT, f), join(clone, f), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'));
    mkdirSync(join(clone, '.git'));
    mkdirSync(join(clone, 'homunculus', 'observations'), { recursive: true });
    writeFileSync(join(clone, 'homunculus', 'observations', '2026-01-02.jsonl'), '');
    const home = tempDir();
    const run = (args: string[]) => execa('node', [join(clone, 'dist', 'cli', 'homunculus.js'), ...args], { env: cleanEnv({ HOME: home }), extendEnv: false, reject: false, cwd: home });
    const w = JSON.parse((await run(['where', '--json'])).stdout) as Where;
    const data = join(home, '.local', 'share', 'homunculus');
    expect(w.dataHome).toBe(data);
    expect(w.oldCloneData).toBe(join(clone, 'homunculus'));
    const d = await run(['doctor', '--json']);
    expect(d.exitCode).toBe(1);
    const check = (JSON.parse(d.stdout) as { checks: { name: string; ok: boolean; fix?: string }[] }).checks.find((c) => c.name === 'old clone data');
    expect(check).toMatchObject({ ok: false, fix: `mkdir -p ${dirname(data)} && mv ${join(clone, 'homunculus')} ${data}` });
    // Once moved, nothing is left to say.
    mkdirSync(dirname(data), { recursive: true });
    cpSync(join(clone, 'homunculus'), data, { recursive: true });
    rmSync(join(clone, 'homunculus'), { recursive: true });
    expect((JSON.parse((await run(['where', '--json'])).stdout) as Where).oldCloneData).toBeUndefined();
  });

  it('README and docs/data-layout.md state the rule where gives: a clone too keeps its data in ~/.local/share/homunculus', () => {
    for (const file of ['README.md', join('docs', 'data-layout.md')]) {
      const text = readFileSync(join(ROOT, file), 'utf8').replace(/\s+/g, ' ');
      expect(text, file).toContain('~/.local/share/homunculus');
      expect(text, file).toMatch(/a clone (included|all use it|too)|and a clone all use it/);
      expect(text, file).not.toMatch(/`homunculus\/` in a (git )?(checkout|clone)/);
      expect(text, file).toContain('$XDG_DATA_HOME/homunculus');
      expect(text, file).toContain('HOMUNCULUS_HOME');
      expect(text, file).toContain('homunculus where');
    }
  });
});
