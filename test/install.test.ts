import { execa } from 'execa';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, cleanEnv, fixture, readObservations, ROOT, runCli } from './helpers.js';
import { EVENTS, settingsPath, setup } from './install-helpers.js';

// Each test has its own sandbox: they run at once.
describe.concurrent('install / uninstall', () => {
  it('installs the hooks and the /bye command, no rules link; a new location replaces the old entries', async () => {
    const b = setup();
    expect((await runCli(['install'], b.env)).exitCode).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(settingsPath(b, 'user'), 'utf8')).hooks).sort()).toEqual([...EVENTS].sort());
    const cmd = readFileSync(join(b.home, '.claude', 'commands', 'bye.md'), 'utf8');
    const line = `HOMUNCULUS_HOME='${b.data}' HOMUNCULUS_RULES_FILE='${b.env.HOMUNCULUS_RULES_FILE}' node "${join(ROOT, 'dist', 'cli', 'homunculus.js')}" bye`;
    expect(cmd).toContain(`!\`${line} --exit-zero\``);
    expect(cmd).toContain(`allowed-tools: Bash(${line}:*)`);
    expect(cmd).not.toContain('{{');
    // The SessionStart hook delivers the rules: no link into .claude/rules (it would deliver them twice).
    expect(existsSync(join(b.home, '.claude', 'rules'))).toBe(false);
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

  it('--json says what install and uninstall did (or would do), with --dry-run writing nothing', async () => {
    const b = setup();
    const settings = settingsPath(b, 'user');
    const dry = await runCli(['install', '--json', '--dry-run'], b.env);
    expect(dry.exitCode, dry.stderr as string).toBe(0);
    const planned = JSON.parse(dry.stdout as string);
    expect(planned).toMatchObject({ settings, settingsChanged: true, dryRun: true, written: false });
    expect(planned.files.map((f: { path: string }) => f.path)).toContain(join(b.home, '.claude', 'commands', 'bye.md'));
    expect(existsSync(join(b.home, '.claude'))).toBe(false);
    const done = JSON.parse((await runCli(['install', '--json'], b.env)).stdout as string);
    expect(done).toMatchObject({ settings, settingsChanged: true, dryRun: false, written: true });
    expect(Object.keys(JSON.parse(readFileSync(settings, 'utf8')).hooks).sort()).toEqual([...EVENTS].sort());
    // Installed already: nothing to write, and --json says so.
    expect(JSON.parse((await runCli(['install', '--json'], b.env)).stdout as string)).toMatchObject({ settingsChanged: false, files: [], written: false });
    const removed = JSON.parse((await runCli(['uninstall', '--json'], b.env)).stdout as string);
    expect(removed).toMatchObject({ settings, settingsChanged: true, written: true });
    expect(existsSync(join(b.home, '.claude', 'commands', 'bye.md'))).toBe(false);
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
    const records = readObservations(b.env.HOMUNCULUS_HOME!);
    expect(records.map((r) => [r['tool'], r['ok']])).toEqual([['Read', true], ['Bash', false], ['Edit', true]]);
  });

  it('Stop runs the analysis', async () => {
    const r = await run(commandOf('Stop'), JSON.stringify(fixture('stop.json')), { HOMUNCULUS_NOW: '2026-11-08T10:05:00Z' });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('');
    expect(readFileSync(join(b.env.HOMUNCULUS_HOME!, 'daily-summary.md'), 'utf8')).toContain('- Tool calls: 3');
  });

  it('UserPromptSubmit: prompts 1-4 print nothing, prompt 5 reminds of the rules without repeating them, per session; task notifications neither count nor get it', async () => {
    writeFileSync(
      join(b.env.HOMUNCULUS_HOME!, 'rules.json'),
      JSON.stringify({ rules: [
        { id: 'a', kind: 'error-retry', pattern: 'Bash error-retry', promoted_at: '', confidence_at_promotion: 0.93, last_confidence: 0.93, last_seen: '2026-11-08T09:00:00.000Z', observations: 21, sessions: 3, confidence_now: 0.93, hits: 21, opportunities: 30, rate: 0.68, lift: 5 },
        { id: 'b', kind: 'chain', pattern: 'Grep->Read->Edit', promoted_at: '', confidence_at_promotion: 0.95, last_confidence: 0.95, last_seen: '2026-11-08T09:00:00.000Z', observations: 30, sessions: 4, confidence_now: 0.95, hits: 30, opportunities: 34, rate: 0.84, lift: 9 },
      ] }),
    );
    const prompt = fixture('user-prompt-submit.json');
    const notification = { ...prompt, prompt: '<task-notification>\n<task-id>b1</task-id>\n<status>completed</status>\n</task-notification>' };
    const outputs: Record<string, string[]> = { a: [], b: [] };
    // The two sessions' prompts in turn within each session, the sessions at once (each counts its own).
    await Promise.all(['a', 'b'].map(async (s) => {
      for (let i = 0; i < 6; i++) {
        // A system turn between every two prompts of session a: it must change nothing.
        if (s === 'a') {
          const n = await run(commandOf('UserPromptSubmit'), JSON.stringify({ ...notification, session_id: 'session-a' }));
          expect(n.exitCode).toBe(0);
          expect(n.stdout).toBe('');
        }
        const r = await run(commandOf('UserPromptSubmit'), JSON.stringify({ ...prompt, session_id: `session-${s}` }));
        expect(r.exitCode).toBe(0);
        outputs[s]!.push(r.stdout as string);
      }
    }));
    for (const s of ['a', 'b']) {
      expect(outputs[s]!.map((o) => o !== '')).toEqual([false, false, false, false, true, false]);
      const out = JSON.parse(outputs[s]![4]!);
      expect(out.hookSpecificOutput).toEqual({ hookEventName: 'UserPromptSubmit', additionalContext: 'homunculus: re-check your approach against the 2 learned items given at the start of this session.' });
    }
  });

  it('SessionStart gives Claude the rules, most useful first (by rate when neither says how often it applies), on startup, clear and compact; nothing on resume', async () => {
    const start = fixture('session-start.json');
    for (const source of ['startup', 'clear', 'compact', 'resume']) {
      const r = await run(commandOf('SessionStart'), JSON.stringify({ ...start, source, transcript_path: join(b.root, 'transcripts', 'none.jsonl') }));
      expect(r.exitCode).toBe(0);
      if (source === 'resume') {
        expect(r.stdout).toBe('');
        continue;
      }
      const out = JSON.parse(r.stdout as string);
      expect(out.hookSpecificOutput.hookEventName).toBe('SessionStart');
      // An earlier version's rules name no project: their section says whose sessions they come from.
      // Most useful first: the higher expected value (neither says how often it applies: by rate).
      expect(out.hookSpecificOutput.additionalContext.split('\n').slice(1)).toEqual([
        'Your sessions (no project recorded):',
        '- After Grep then Read, Edit comes next (84%; 30 of 34 times in 4 sessions) `seq:Grep->Read->Edit`',
        '- After Bash fails, it is run again next (68%; 21 of 30 times in 3 sessions) `retry:Bash`',
      ]);
    }
  });
});

// Each test has its own sandbox: they run at once.
describe.concurrent('doctor', () => {
  async function doctor(b: ReturnType<typeof setup>, extra: Record<string, string> = {}) {
    const r = await runCli(['doctor', '--json', '--project', b.project], { ...b.env, ...extra });
    return { code: r.exitCode, out: JSON.parse(r.stdout as string) as { healthy: boolean; checks: { name: string; ok: boolean; detail: string; fix?: string }[] } };
  }
  const check = (out: { checks: { name: string; ok: boolean; detail: string; fix?: string }[] }, name: string) => out.checks.find((c) => c.name === name)!;

  it('is healthy after install, exit 0', async () => {
    const b = setup();
    const inst = await runCli(['install'], b.env);
    // A failed install must say why here, not surface as doctor's "not registered".
    expect(inst.exitCode, `install: ${inst.stdout}\n${inst.stderr}`).toBe(0);
    const { code, out } = await doctor(b);
    expect(out.checks.filter((c) => !c.ok), JSON.stringify(out.checks)).toEqual([]);
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
    expect(check(out, 'hooks')).toMatchObject({ ok: false, fix: `node ${CLI} install (add --scope project|local for a project)` });
    expect(check(out, 'hooks').detail).toContain('missing: PostToolUseFailure');
  });

  it('reports a duplicate hook with its fix', async () => {
    const b = setup();
    await runCli(['install'], b.env);
    await runCli(['install', '--scope', 'project', '--project', b.project], b.env);
    const { code, out } = await doctor(b);
    expect(code).toBe(1);
    expect(check(out, 'duplicates')).toMatchObject({ ok: false, fix: `keep one scope: node ${CLI} uninstall --scope project` });
    expect(check(out, 'duplicates').detail).toContain('PostToolUse registered 2x (user, project)');
  });

  it('inspects the data home the installed hooks use, not the default, and reports it unwritable', async () => {
    const b = setup();
    writeFileSync(join(b.root, 'a-file'), '');
    const home = join(b.root, 'a-file', 'data');
    expect((await runCli(['install'], { ...b.env, HOMUNCULUS_HOME: home })).exitCode).toBe(0);
    // doctor runs without HOMUNCULUS_HOME: it reads the data home from the hook commands.
    const { HOMUNCULUS_HOME: _drop, ...env } = b.env;
    const r = await runCli(['doctor', '--json', '--project', b.project], env);
    const out = JSON.parse(r.stdout as string) as { checks: { name: string; ok: boolean; detail: string; fix?: string }[] };
    expect(r.exitCode).toBe(1);
    expect(check(out, 'data home')).toMatchObject({ ok: false, detail: expect.stringContaining(`${home} (not created yet) is not writable (the one the installed hooks use)`), fix: expect.stringContaining('HOMUNCULUS_HOME') });
  });

  it('reports whether the newest session the observer saw received the rules', async () => {
    const b = setup();
    await runCli(['install'], b.env);
    const hook = (name: string, payload: Record<string, unknown>) =>
      execa('node', [join(ROOT, 'dist', 'hooks', `${name}.js`)], { input: JSON.stringify(payload), env: cleanEnv(b.env), extendEnv: false });
    // A session whose SessionStart hook never ran (installed mid-session, or the hook removed).
    await hook('observe', { ...fixture('post-tool-use-read.json'), session_id: 'without-start' });
    let { code, out } = await doctor(b);
    expect(code).toBe(1);
    expect(check(out, 'rules delivery')).toMatchObject({ ok: false, detail: expect.stringContaining('session without-start'), fix: expect.stringContaining('SessionStart') });
    // The next session starts properly, then works.
    await hook('session-start', { ...fixture('session-start.json'), session_id: 'with-start', transcript_path: join(b.root, 't.jsonl') });
    await hook('observe', { ...fixture('post-tool-use-read.json'), session_id: 'with-start' });
    ({ code, out } = await doctor(b));
    expect(check(out, 'rules delivery')).toMatchObject({ ok: true, detail: expect.stringContaining('session with-start (startup') });
  });

  it('a damaged rules.json: the SessionStart hook logs why it gave no rules, and doctor fails its rules state', async () => {
    const b = setup();
    await runCli(['install'], b.env);
    const data = b.env.HOMUNCULUS_HOME!;
    mkdirSync(data, { recursive: true });
    const start = () => execa('node', [join(ROOT, 'dist', 'hooks', 'session-start.js')], { input: JSON.stringify({ ...fixture('session-start.json'), transcript_path: join(b.root, 't.jsonl') }), env: cleanEnv(b.env), extendEnv: false });
    writeFileSync(join(data, 'rules.json'), '{"rules": [{"kind": "chain", "pattern": "Grep->Read->Edit", "confidence_now": 0.9, "observ');
    expect((await start()).stdout).toBe('');
    expect(readFileSync(join(data, 'hook-errors.log'), 'utf8')).toMatch(/session-start: rules\.json does not parse \(.+\): no rules were given; move it aside and run node \S+\/dist\/cli\/homunculus\.js bye to rebuild it\n$/);
    let { out } = await doctor(b);
    expect(check(out, 'rules state')).toMatchObject({ ok: false, detail: expect.stringContaining('rules.json does not parse'), fix: expect.stringContaining(`${CLI} bye`) });
    // An entry that cannot be shown (a confidence of 5000%) is left out, and said so; the others are given.
    const rule = { kind: 'chain', pattern: 'Grep->Read->Edit', confidence: 0.9, confidence_now: 0.9, observations: 12, sessions: 3, promoted_at: '2026-11-08T19:00:00.000Z', last_seen: '2026-11-08T19:00:00.000Z', scope: 'global', hits: 12, opportunities: 14, rate: 0.77, lift: 8 };
    writeFileSync(join(data, 'rules.json'), JSON.stringify({ rules: [rule, { ...rule, pattern: 'Read->Edit->Bash', confidence_now: 50, observations: 1e308 }] }));
    const given = (await start()).stdout as string;
    expect(given).toContain('Grep->Read->Edit');
    expect(given).not.toContain('Read->Edit->Bash');
    ({ out } = await doctor(b));
    expect(check(out, 'rules state')).toMatchObject({ ok: false, detail: expect.stringContaining('1 entry left out') });
    writeFileSync(join(data, 'rules.json'), JSON.stringify({ rules: [rule] }));
    ({ out } = await doctor(b));
    expect(check(out, 'rules state')).toMatchObject({ ok: true, detail: 'rules.json reads' });
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
