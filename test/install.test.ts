import Ajv from 'ajv';
import { execa } from 'execa';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, fixture, readObservations, ROOT, runCli, sandbox, SHARED } from './helpers.js';

const EXAMPLES = join(SHARED, 'claude-code', 'settings-examples');
const schema = JSON.parse(readFileSync(join(SHARED, 'claude-code', 'schemas', 'claude-code-settings.json'), 'utf8'));
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const validate = ajv.compile(schema);
const EVENTS = ['PostToolUse', 'PostToolUseFailure', 'Stop', 'UserPromptSubmit'];

function setup() {
  const box = sandbox();
  mkdirSync(box.home, { recursive: true });
  mkdirSync(box.project, { recursive: true });
  const env = { HOME: box.home, HOMUNCULUS_HOME: box.data, HOMUNCULUS_RULES_FILE: join(box.root, 'generated-rules.md') };
  return { ...box, env };
}

const settingsPath = (b: ReturnType<typeof setup>, scope: string) =>
  scope === 'user' ? join(b.home, '.claude', 'settings.json') : join(b.project, '.claude', scope === 'local' ? 'settings.local.json' : 'settings.json');

describe('install / uninstall over real settings files', () => {
  const examples = readdirSync(EXAMPLES).filter((f) => f.endsWith('.json'));
  it.each(examples.flatMap((f) => [[f, 'user'], [f, 'project'], [f, 'local']]))('%s (%s scope): preserved, schema-valid, idempotent, restored', async (file, scope) => {
    const b = setup();
    const path = settingsPath(b, scope);
    mkdirSync(join(path, '..'), { recursive: true });
    cpSync(join(EXAMPLES, file), path);
    const originalText = readFileSync(path, 'utf8');
    const original = JSON.parse(originalText);
    const args = ['--scope', scope, '--project', b.project];

    const first = await runCli(['install', ...args], b.env);
    expect(first.exitCode, first.stderr as string).toBe(0);
    const after = JSON.parse(readFileSync(path, 'utf8'));
    // Every other key: same value, same order; our hooks appended.
    expect(Object.keys(after).slice(0, Object.keys(original).length)).toEqual(Object.keys(original));
    for (const k of Object.keys(original)) if (k !== 'hooks') expect(after[k]).toEqual(original[k]);
    for (const [event, groups] of Object.entries(original.hooks ?? {})) expect(after.hooks[event].slice(0, (groups as unknown[]).length)).toEqual(groups);
    for (const event of EVENTS) expect(after.hooks[event].filter((g: { hooks: { command: string }[] }) => g.hooks.some((h) => h.command?.endsWith('# homunculus')))).toHaveLength(1);
    expect(validate(after), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(readFileSync(path, 'utf8')).toMatch(/^\{\n {2}"/);
    const backups = readdirSync(join(path, '..')).filter((f) => f.includes('.homunculus-backup-'));
    expect(backups).toHaveLength(1);
    expect(readFileSync(join(path, '..', backups[0]!), 'utf8')).toBe(originalText);

    const bytes = readFileSync(path);
    const second = await runCli(['install', ...args], b.env);
    expect(second.stdout).toContain('already installed');
    expect(readFileSync(path).equals(bytes)).toBe(true);

    const un = await runCli(['uninstall', ...args], b.env);
    expect(un.exitCode, un.stderr as string).toBe(0);
    expect(JSON.stringify(JSON.parse(readFileSync(path, 'utf8')))).toBe(JSON.stringify(original));
    const claudeDir = join(path, '..');
    expect(existsSync(join(claudeDir, 'commands', 'bye.md'))).toBe(false);
    expect(existsSync(join(claudeDir, 'rules', 'homunculus.md'))).toBe(false);
  }, 60_000);

  it('installs the /bye command and the rules link; a new location replaces the old entries', async () => {
    const b = setup();
    expect((await runCli(['install'], b.env)).exitCode).toBe(0);
    const cmd = readFileSync(join(b.home, '.claude', 'commands', 'bye.md'), 'utf8');
    expect(cmd).toContain(`!\`HOMUNCULUS_HOME='${b.data}' node "${join(ROOT, 'dist', 'cli', 'homunculus.js')}" bye --exit-zero\``);
    expect(cmd).toContain(`allowed-tools: Bash(HOMUNCULUS_HOME='${b.data}' node "${join(ROOT, 'dist', 'cli', 'homunculus.js')}" bye:*)`);
    expect(cmd).not.toContain('{{');
    expect(readlinkSync(join(b.home, '.claude', 'rules', 'homunculus.md'))).toBe(b.env.HOMUNCULUS_RULES_FILE);
    expect(readFileSync(b.env.HOMUNCULUS_RULES_FILE, 'utf8')).toContain('_No rules promoted yet._');
    // Same installation, another data home: entries are replaced, never duplicated.
    const again = await runCli(['install'], { ...b.env, HOMUNCULUS_HOME: join(b.root, 'other') });
    expect(again.exitCode).toBe(0);
    const s = JSON.parse(readFileSync(settingsPath(b, 'user'), 'utf8'));
    for (const e of EVENTS) {
      expect(s.hooks[e]).toHaveLength(1);
      expect(s.hooks[e][0].hooks[0].command).toContain(join(b.root, 'other'));
    }
  });

  it('--dry-run prints the diff and writes nothing', async () => {
    const b = setup();
    const r = await runCli(['install', '--dry-run'], b.env);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('+    "PostToolUse": [');
    expect(r.stdout).toContain(`${join(b.home, '.claude', 'commands', 'bye.md')}`);
    expect(existsSync(join(b.home, '.claude'))).toBe(false);
  });

  it.each([
    ['invalid JSON', '{\n  "model": "x",\n  "env": {\n    "A": 1,\n  }\n}\n', ':5:3: not valid JSON'],
    ['a truncated file', '{\n  "model": "x",\n', ':3:1: not valid JSON'],
    ['hooks as an array', '{\n  "hooks": []\n}\n', 'expected "hooks" to be an object of events'],
    ['an event that is not an array', '{"hooks": {"Stop": {"command": "x"}}}', 'expected "hooks.Stop" to be an array'],
    ['a handler without the group wrapper', '{"hooks": {"Stop": [{"type": "command", "command": "x"}]}}', 'expected "hooks.Stop[0]" to be {matcher, hooks: [...]}'],
    ['a top-level array', '[]', 'expected a JSON object of settings'],
  ])('refuses %s, naming the place, and leaves the file byte-identical', async (_name, text, message) => {
    const b = setup();
    const path = settingsPath(b, 'user');
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
    for (const cmd of ['install', 'uninstall']) {
      const r = await runCli([cmd], b.env);
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain(path);
      expect(r.stderr).toContain(message);
      expect(readFileSync(path, 'utf8')).toBe(text);
    }
    expect(readdirSync(join(path, '..'))).toEqual(['settings.json']);
  });
});

describe('the real wiring: installed commands run through sh -c', () => {
  const b = setup();
  let hooks: Record<string, { hooks: { command: string }[] }[]>;
  const run = (command: string, input: string, extra: Record<string, string> = {}) =>
    execa('sh', ['-c', command], { input, env: cleanEnv({ HOME: b.home, HOMUNCULUS_RULES_FILE: b.env.HOMUNCULUS_RULES_FILE, ...extra }), extendEnv: false, reject: false, cwd: b.project });

  beforeAll(async () => {
    // A data home whose path needs quoting: spaces and a single quote.
    b.env.HOMUNCULUS_HOME = join(b.root, "data dir with 'quotes'");
    const r = await runCli(['install'], b.env);
    expect(r.exitCode, r.stderr as string).toBe(0);
    hooks = JSON.parse(readFileSync(settingsPath(b, 'user'), 'utf8')).hooks;
  });
  const commandOf = (event: string) => hooks[event]![0]!.hooks[0]!.command;

  it('PostToolUse and PostToolUseFailure record, into the carried data home', async () => {
    const now = { HOMUNCULUS_NOW: '2026-11-08T10:00:00Z' };
    for (const [event, file] of [['PostToolUse', 'post-tool-use-read.json'], ['PostToolUseFailure', 'post-tool-use-failure-bash.json'], ['PostToolUse', 'post-tool-use-edit.json']] as const) {
      const r = await run(commandOf(event), JSON.stringify(fixture(file)), now);
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toBe('');
    }
    const records = readObservations(b.env.HOMUNCULUS_HOME);
    expect(records.map((r) => [r['tool'], r['ok']])).toEqual([['Read', true], ['Bash', false], ['Edit', true]]);
  });

  it('Stop runs the analysis', async () => {
    const r = await run(commandOf('Stop'), JSON.stringify(fixture('stop.json')), { HOMUNCULUS_NOW: '2026-11-08T10:05:00Z' });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('');
    expect(readFileSync(join(b.env.HOMUNCULUS_HOME, 'daily-summary.md'), 'utf8')).toContain('- Tool calls: 3');
  });

  it('UserPromptSubmit: prompts 1-4 print nothing, prompt 5 prints the rules, per session', async () => {
    writeFileSync(
      join(b.env.HOMUNCULUS_HOME, 'rules.json'),
      JSON.stringify({ rules: [
        { id: 'a', kind: 'error-retry', pattern: 'Bash error-retry', promoted_at: '', confidence_at_promotion: 0.93, last_confidence: 0.93, last_seen: '2026-11-08T09:00:00.000Z', observations: 21, sessions: 3, confidence_now: 0.93 },
        { id: 'b', kind: 'chain', pattern: 'Grep->Read->Edit', promoted_at: '', confidence_at_promotion: 0.95, last_confidence: 0.95, last_seen: '2026-11-08T09:00:00.000Z', observations: 30, sessions: 4, confidence_now: 0.95 },
      ] }),
    );
    const prompt = fixture('user-prompt-submit.json');
    const outputs: Record<string, string[]> = { a: [], b: [] };
    for (let i = 0; i < 6; i++) {
      for (const s of ['a', 'b']) {
        const r = await run(commandOf('UserPromptSubmit'), JSON.stringify({ ...prompt, session_id: `session-${s}` }));
        expect(r.exitCode).toBe(0);
        outputs[s]!.push(r.stdout as string);
      }
    }
    for (const s of ['a', 'b']) {
      expect(outputs[s]!.map((o) => o !== '')).toEqual([false, false, false, false, true, false]);
      const out = JSON.parse(outputs[s]![4]!);
      expect(out.hookSpecificOutput.hookEventName).toBe('UserPromptSubmit');
      const lines = out.hookSpecificOutput.additionalContext.split('\n').slice(1);
      expect(lines).toEqual([
        '- **[95%, 30x seen]** Frequent tool chain: Grep->Read->Edit (seen 30x)',
        '- **[93%, 21x seen]** Bash error-retry pairs detected (21x). Consider pre-validation.',
      ]);
    }
  });
});

describe('doctor', () => {
  async function doctor(b: ReturnType<typeof setup>, extra: Record<string, string> = {}) {
    const r = await runCli(['doctor', '--json', '--project', b.project], { ...b.env, ...extra });
    return { code: r.exitCode, out: JSON.parse(r.stdout as string) as { healthy: boolean; checks: { name: string; ok: boolean; detail: string; fix?: string }[] } };
  }
  const check = (out: { checks: { name: string; ok: boolean; detail: string; fix?: string }[] }, name: string) => out.checks.find((c) => c.name === name)!;

  it('is healthy after install, exit 0', async () => {
    const b = setup();
    await runCli(['install'], b.env);
    const { code, out } = await doctor(b);
    expect(out.checks.filter((c) => !c.ok)).toEqual([]);
    expect(code).toBe(0);
  });

  it('reports a missing hook with its fix', async () => {
    const b = setup();
    await runCli(['install'], b.env);
    const path = settingsPath(b, 'user');
    const s = JSON.parse(readFileSync(path, 'utf8'));
    delete s.hooks.PostToolUseFailure;
    writeFileSync(path, JSON.stringify(s, null, 2));
    const { code, out } = await doctor(b);
    expect(code).toBe(1);
    expect(check(out, 'hooks')).toMatchObject({ ok: false, fix: expect.stringContaining('npx homunculus install') });
    expect(check(out, 'hooks').detail).toContain('missing: PostToolUseFailure');
  });

  it('reports a duplicate hook with its fix', async () => {
    const b = setup();
    await runCli(['install'], b.env);
    await runCli(['install', '--scope', 'project', '--project', b.project], b.env);
    const { code, out } = await doctor(b);
    expect(code).toBe(1);
    expect(check(out, 'duplicates')).toMatchObject({ ok: false, fix: 'keep one scope: npx homunculus uninstall --scope project' });
    expect(check(out, 'duplicates').detail).toContain('PostToolUse registered 2x (user, project)');
  });

  it('reports an unwritable data home with its fix', async () => {
    const b = setup();
    await runCli(['install'], b.env);
    writeFileSync(join(b.root, 'a-file'), '');
    const { code, out } = await doctor(b, { HOMUNCULUS_HOME: join(b.root, 'a-file', 'data') });
    expect(code).toBe(1);
    expect(check(out, 'data home')).toMatchObject({ ok: false, fix: expect.stringContaining('HOMUNCULUS_HOME') });
  });

  it('reports hook errors (the tail of hook-errors.log) with its fix', async () => {
    const b = setup();
    await runCli(['install'], b.env);
    const r = await execa('node', [join(ROOT, 'dist', 'hooks', 'observe.js')], { input: '{"broken', env: cleanEnv(b.env), extendEnv: false });
    expect(r.exitCode).toBe(0);
    const { code, out } = await doctor(b);
    expect(code).toBe(1);
    expect(check(out, 'hook errors').detail).toContain('observe: payload: incomplete JSON object');
    expect(check(out, 'hook errors').fix).toContain('hook-errors.log');
  });
});
