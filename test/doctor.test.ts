// doctor right after install, with history imported from before it (issue 33, 3): it judges
// only sessions that started after the hooks went in, and every hint names the command as this
// installation runs it (a clone, a global bin, a project's node_modules, npx's cache, the plugin).
import { execa } from 'execa';
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { transcriptText } from './history-helpers.js';
import { cleanEnv, fixture, ROOT, runCli, tempDir } from './helpers.js';
import { setup } from './install-helpers.js';

type Doctor = { healthy: boolean; checks: { name: string; ok: boolean; detail: string; fix?: string }[] };
const check = (out: Doctor, name: string) => out.checks.find((c) => c.name === name)!;
const CLONE_CLI = `node ${join(ROOT, 'dist', 'cli', 'homunculus.js')}`;

async function doctor(b: ReturnType<typeof setup>, env: Record<string, string> = {}) {
  const r = await runCli(['doctor', '--json', '--project', b.project], { ...b.env, ...env });
  return { code: r.exitCode, out: JSON.parse(r.stdout as string) as Doctor };
}

describe('doctor after install, with history imported from before it', () => {
  it('does not fail on an imported session that could never have had the hook; the next session without it does fail', async () => {
    const b = setup();
    // Two months of history in Claude Code's transcripts, older than the install.
    const dir = join(b.home, '.claude', 'projects', '-home-dev-work-shop');
    mkdirSync(dir, { recursive: true });
    const calls = (day: string) => [1, 2, 3].map((i) => ({ id: `toolu_${day}_${i}`, tool: ['Grep', 'Read', 'Edit'][i - 1]!, at: `${day}T10:0${i}:00Z`, resultAt: `${day}T10:0${i}:01Z` }));
    writeFileSync(join(dir, 'old-1.jsonl'), transcriptText('old-1', calls('2026-09-01')));
    writeFileSync(join(dir, 'old-2.jsonl'), transcriptText('old-2', calls('2026-10-15')));
    const at = { HOMUNCULUS_NOW: '2026-11-08T12:00:00Z' };
    expect((await runCli(['install'], { ...b.env, ...at })).exitCode).toBe(0);
    const imported = await runCli(['import-transcripts', '--since', '2026-08-01'], { ...b.env, ...at });
    expect(imported.exitCode, imported.stderr as string).toBe(0);
    let { code, out } = await doctor(b, at);
    expect(check(out, 'rules delivery')).toMatchObject({ ok: true, detail: expect.stringContaining('no session has started since the hooks were installed (2026-11-08T12:00:00.000Z); the newest seen, old-2, started before') });
    expect(out.checks.filter((c) => !c.ok)).toEqual([]);
    expect(code).toBe(0);

    // A session after the install whose SessionStart hook never ran: that one is judged.
    const later = { HOMUNCULUS_NOW: '2026-11-08T13:00:00Z' };
    const observe = await execa('node', [join(ROOT, 'dist', 'hooks', 'observe.js')], { input: JSON.stringify({ ...fixture('post-tool-use-read.json'), session_id: 'after-install' }), env: cleanEnv({ ...b.env, ...later }), extendEnv: false });
    expect(observe.exitCode).toBe(0);
    ({ code, out } = await doctor(b, later));
    expect(code).toBe(1);
    expect(check(out, 'rules delivery')).toMatchObject({ ok: false, detail: expect.stringContaining('session after-install'), fix: `${CLONE_CLI} install (or enable the plugin): the SessionStart hook gives Claude the rules` });
  });

  it('a session already running when the hooks went in is not judged either', async () => {
    const b = setup();
    const hook = (now: string) =>
      execa('node', [join(ROOT, 'dist', 'hooks', 'observe.js')], { input: JSON.stringify({ ...fixture('post-tool-use-read.json'), session_id: 'running' }), env: cleanEnv({ ...b.env, HOMUNCULUS_NOW: now }), extendEnv: false });
    await hook('2026-11-08T11:50:00Z');
    expect((await runCli(['install'], { ...b.env, HOMUNCULUS_NOW: '2026-11-08T12:00:00Z' })).exitCode).toBe(0);
    await hook('2026-11-08T12:10:00Z');
    const { code, out } = await doctor(b, { HOMUNCULUS_NOW: '2026-11-08T12:20:00Z' });
    expect(check(out, 'rules delivery')).toMatchObject({ ok: true, detail: expect.stringContaining('the newest seen, running, started before') });
    expect(code).toBe(0);
  });
});

describe('hints name the command as this installation runs it', () => {
  it('from a clone: node …/dist/cli/homunculus.js, in doctor, demo and bye', async () => {
    const b = setup();
    const [{ out }, bye] = await Promise.all([doctor(b), runCli(['bye'], b.env)]);
    expect(check(out, 'hooks').fix).toBe(`${CLONE_CLI} install (add --scope project|local for a project)`);
    expect(JSON.stringify(out)).not.toContain('npx');
    expect(bye.stdout).toContain(`Install the hooks (${CLONE_CLI} install)`);
  });

  it('from a global bin on PATH: homunculus', async () => {
    const b = setup();
    const bin = tempDir();
    symlinkSync(join(ROOT, 'dist', 'cli', 'homunculus.js'), join(bin, 'homunculus'));
    const env = { PATH: `${bin}:${process.env['PATH']}` };
    const { out } = await doctor(b, env);
    expect(check(out, 'hooks').fix).toBe('homunculus install (add --scope project|local for a project)');
    expect((await runCli(['install'], { ...b.env, ...env })).exitCode).toBe(0);
    expect((await runCli(['install', '--scope', 'local', '--project', b.project], { ...b.env, ...env })).exitCode).toBe(0);
    expect(check((await doctor(b, env)).out, 'duplicates').fix).toBe('keep one scope: homunculus uninstall --scope local');
  });

  it("from a project's node_modules and from npx's cache: npx homunculus; from npx, install names an install that lasts", async () => {
    const b = setup();
    const copy = (at: string) => {
      for (const f of ['dist', 'config', 'commands', 'package.json']) cpSync(join(ROOT, f), join(at, f), { recursive: true });
      symlinkSync(join(ROOT, 'node_modules'), join(at, 'node_modules'));
      return join(at, 'dist', 'cli', 'homunculus.js');
    };
    const dep = copy(join(b.root, 'app', 'node_modules', 'homunculus'));
    const npx = copy(join(b.root, '.npm', '_npx', '1a2b3c', 'node_modules', 'homunculus'));
    const run = async (cli: string) => JSON.parse((await execa('node', [cli, 'doctor', '--json', '--project', b.project], { env: cleanEnv(b.env), extendEnv: false, reject: false })).stdout) as Doctor;
    const [fromDep, fromNpx] = await Promise.all([run(dep), run(npx)]);
    expect(check(fromDep, 'hooks').fix).toBe('npx homunculus install (add --scope project|local for a project)');
    expect(check(fromNpx, 'hooks').fix).toBe('npm install -g homunculus-claude-code, then homunculus install (add --scope project|local for a project)');
  });

  it("the plugin's bundle: its own command line, and demo's Next names /homunculus:bye", async () => {
    const [demo, clone] = await Promise.all([execa('node', [join(ROOT, 'plugin', 'dist', 'cli', 'homunculus.mjs'), 'demo'], { env: cleanEnv({}), extendEnv: false, reject: false, timeout: 120_000 }), runCli(['demo'], {})]);
    expect(demo.exitCode, demo.stderr).toBe(0);
    expect(demo.stdout.trimEnd().split('\n').pop()).toBe("Next: work with Claude (the plugin's hooks are on), then /homunculus:bye.");
    expect((clone.stdout as string).trimEnd().split('\n').pop()).toBe(`Next: ${CLONE_CLI} install, work with Claude, then /bye.`);
  });
});

// Issue 38, item 13: doctor, what a user runs when something is wrong, refused to run with a
// config.json it could not use. The configuration is one of its checks; the others still run.
describe('doctor with a configuration it cannot use', () => {
  it.each([
    ['not JSON', '{windowDays: 7', 'expected JSON'],
    ['a value out of range and an unknown key', '{"windowDays": 400, "bogus": 1}', '"windowDays" must be a whole number of days from 1 to 365, found 400; '],
    ['retention shorter than the window', '{"retentionDays": 3}', '"retentionDays" (3) must be at least "windowDays" (7)'],
  ])('%s: a failed configuration check, every other check run', async (_, text, says) => {
    const b = setup();
    expect((await runCli(['install'], b.env)).exitCode).toBe(0);
    writeFileSync(join(b.data, 'config.json'), text);
    // doctor --json, doctor and status only read: at once.
    const [{ code, out }, text2, status] = await Promise.all([doctor(b), runCli(['doctor', '--project', b.project], b.env), runCli(['status'], b.env)]);
    expect(code).toBe(1);
    expect(out.checks[0]).toMatchObject({ name: 'configuration', ok: false, detail: expect.stringContaining(says), fix: expect.stringContaining(`correct ${join(b.data, 'config.json')}`) });
    expect(out.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(['configuration']);
    expect(out.checks.map((c) => c.name)).toEqual(expect.arrayContaining(['node', 'hooks', 'data home', 'store', 'rules state']));
    expect(text2.exitCode).toBe(1);
    expect(text2.stderr).toBe('');
    // Its first line says where the data home is (homunculus where); the configuration is its first check.
    expect(text2.stdout).toMatch(/^Data home .*\nFAIL configuration: .*\n {5}fix: correct /);
    // Every other command still refuses it, in one line.
    expect(status.exitCode).toBe(2);
  });

  it('a usable one is an ok check saying how many settings are the user\'s', async () => {
    const b = setup();
    expect((await runCli(['install'], b.env)).exitCode).toBe(0);
    let { out } = await doctor(b);
    expect(check(out, 'configuration')).toMatchObject({ ok: true, detail: 'the defaults (no config.json)' });
    writeFileSync(join(b.data, 'config.json'), '\ufeff{"windowDays": 5, "minSessions": 3}');
    ({ out } = await doctor(b));
    expect(check(out, 'configuration')).toMatchObject({ ok: true, detail: `${join(b.data, 'config.json')} reads: 2 settings of yours` });
  });
});
