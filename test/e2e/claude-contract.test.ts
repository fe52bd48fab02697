// What the delivery redesign relies on in Claude Code itself (2.1.330), pinned so that an upgrade
// that changes it fails here first. Each case is one small headless session; the experiments in
// experiments/ print the same facts in more detail (FINDINGS.md).
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain .mjs harness shared with the experiment scripts
import { occurrences, requestText, startMockApi } from './mock-api.mjs';
// @ts-expect-error: plain .mjs harness shared with the experiment scripts
import { probeHook, readJsonl, runClaude, tempDir, writeJson } from './harness.mjs';

type Rec = Record<string, any>;
const ssContext = (text: string) => JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: text } });

let mock: any;
beforeAll(async () => {
  mock = await startMockApi({ script: [{ tool: 'Bash', input: { command: 'true' } }, { tool: 'Bash', input: { command: 'false' } }, { text: 'done' }] });
});
afterAll(() => mock?.close());

/** The main-conversation requests made since `from` (an index into mock.requests). */
const mainSince = (from: number): Rec[] => mock.requests.slice(from).filter((r: Rec) => r['kind'] === 'main');

async function waitFor(path: string, limitMs = 15_000): Promise<boolean> {
  for (const end = Date.now() + limitMs; Date.now() < end; ) {
    if (existsSync(path)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return existsSync(path);
}

describe('SessionStart', () => {
  const home = tempDir();
  const log = join(home, 'probe.jsonl');
  let first: Rec;
  let firstRequests: Rec[];

  beforeAll(async () => {
    writeJson(join(home, '.claude', 'settings.json'), { hooks: { SessionStart: [{ hooks: [probeHook(log, { stdout: ssContext('SS-CTX-STARTUP') })] }] } });
    const from = mock.requests.length;
    first = await runClaude('hello', { mock, home });
    firstRequests = mainSince(from);
  });

  it('runs in -p before the first request, with source "startup"', () => {
    const [h] = readJsonl(log);
    expect(h.payload).toMatchObject({ hook_event_name: 'SessionStart', source: 'startup', session_id: first.sessionId });
    expect(h.ended).toBeLessThanOrEqual(firstRequests[0]!['at']);
  });

  it('puts its additionalContext in a system message of every request, once', () => {
    expect(firstRequests).toHaveLength(3);
    for (const r of firstRequests) {
      expect(occurrences(requestText(r['body']), 'SS-CTX-STARTUP')).toBe(1);
      const holder = r['body'].messages.find((m: Rec) => JSON.stringify(m['content']).includes('SS-CTX-STARTUP'));
      expect(holder.role).toBe('system');
      expect(JSON.stringify(holder.content)).toContain('SessionStart hook additional context: SS-CTX-STARTUP');
    }
  });

  it('fires again on --resume (source "resume") and its context is added again: the history then holds both', async () => {
    writeJson(join(home, '.claude', 'settings.json'), { hooks: { SessionStart: [{ hooks: [probeHook(log, { stdout: ssContext('SS-CTX-RESUMED') })] }] } });
    const from = mock.requests.length;
    const r = await runClaude('again', { mock, home, args: ['--resume', first.sessionId] });
    expect(r.sessionId).toBe(first.sessionId);
    expect(readJsonl(log).at(-1).payload.source).toBe('resume');
    const text = requestText(mainSince(from)[0]!['body']);
    expect(occurrences(text, 'SS-CTX-STARTUP')).toBe(1);
    expect(occurrences(text, 'SS-CTX-RESUMED')).toBe(1);
  });
});

describe('SessionEnd in -p', () => {
  const home = tempDir();
  const log = join(home, 'probe.jsonl');
  const detached = join(home, 'detached.json');
  let run: Rec;

  beforeAll(async () => {
    writeJson(join(home, '.claude', 'settings.json'), {
      hooks: {
        SessionEnd: [
          // A synchronous hook gets its own `timeout` as budget (default budget 1.5 s).
          { hooks: [probeHook(log, { sleep: 2000, timeout: 10 })] },
          { hooks: [probeHook(log, { detachWrite: [detached, 0] })] },
        ],
      },
    });
    run = await runClaude('hello', { mock, home });
  });

  it('fires with reason "other" and is waited for up to its own timeout', () => {
    const ends = readJsonl(log).filter((h: Rec) => h.event === 'SessionEnd');
    expect(ends).toHaveLength(2);
    for (const h of ends) expect(h.payload).toMatchObject({ reason: 'other', session_id: run['sessionId'] });
    expect(run['debugLog']).not.toMatch(/SessionEnd:other \[.*--sleep 2000.*\] cancelled/);
  });

  it('lets a detached child outlive Claude Code', async () => {
    // The child writes its file once Claude Code's process is gone (probe-hook.mjs --detach-write).
    expect(await waitFor(detached)).toBe(true);
    expect(JSON.parse(readFileSync(detached, 'utf8'))).toMatchObject({ claudeAlive: false });
  });
});

describe('rules files and InstructionsLoaded', () => {
  const root = tempDir();
  const home = join(root, 'home');
  const project = join(root, 'project');
  const outside = join(root, 'outside');
  const log = join(root, 'probe.jsonl');
  let requests: Rec[];

  beforeAll(async () => {
    const put = (path: string, marker: string) => {
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, `# ${marker}\n`);
    };
    put(join(outside, 'user.md'), 'MARK-USER-LINK');
    put(join(outside, 'project.md'), 'MARK-PROJECT-LINK-OUT');
    put(join(project, '.claude', 'rules', 'file.md'), 'MARK-PROJECT-FILE');
    mkdirSync(join(home, '.claude', 'rules'), { recursive: true });
    symlinkSync(join(outside, 'user.md'), join(home, '.claude', 'rules', 'homunculus.md'));
    symlinkSync(join(outside, 'project.md'), join(project, '.claude', 'rules', 'homunculus.md'));
    writeJson(join(home, '.claude', 'settings.json'), { hooks: { InstructionsLoaded: [{ hooks: [probeHook(log)] }] } });
    const from = mock.requests.length;
    await runClaude('hello', { mock, home, cwd: project });
    requests = mainSince(from);
  });

  it('loads a user rules link and a project rules file, skips a project link pointing out of the project', () => {
    const text = requestText(requests[0]!['body']);
    expect(occurrences(text, 'MARK-USER-LINK')).toBe(1);
    expect(occurrences(text, 'MARK-PROJECT-FILE')).toBe(1);
    expect(occurrences(text, 'MARK-PROJECT-LINK-OUT')).toBe(0);
  });

  it('reports each loaded file to InstructionsLoaded, a link by its target path', () => {
    const loaded = readJsonl(log).map((h: Rec) => h.payload);
    expect(loaded.map((p: Rec) => [p.file_path, p.memory_type, p.load_reason]).sort()).toEqual(
      [
        [join(outside, 'user.md'), 'User', 'session_start'],
        [join(project, '.claude', 'rules', 'file.md'), 'Project', 'session_start'],
      ].sort(),
    );
  });
});

describe('UserPromptSubmit and <task-notification> turns', () => {
  const home = tempDir();
  const log = join(home, 'probe.jsonl');
  let bg: any;

  beforeAll(async () => {
    writeJson(join(home, '.claude', 'settings.json'), {
      hooks: { UserPromptSubmit: [{ hooks: [probeHook(log, { stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'UPS-CTX' } }) })] }] },
    });
    bg = await startMockApi({
      script: [{ tool: 'Bash', input: { command: 'sleep 1; echo done', description: 'bg', run_in_background: true } }, { text: 'started' }, { text: 'noted' }],
    });
    await runClaude('start it', { mock: bg, home });
  });
  afterAll(() => bg?.close());

  it('fires for the notification turn too; only `prompt` tells it apart', () => {
    const prompts = readJsonl(log).map((h: Rec) => h.payload);
    expect(prompts).toHaveLength(2);
    expect(prompts[0].prompt).toBe('start it');
    expect(prompts[1].prompt).toMatch(/^<task-notification>\n<task-id>/);
    expect(Object.keys(prompts[1]).sort()).toEqual(Object.keys(prompts[0]).sort());
  });

  it('adds the hook\'s additionalContext to the notification turn as well', () => {
    const last = bg.main().at(-1);
    expect(last.turn).toBe(2);
    expect(occurrences(requestText(last.body), 'UPS-CTX')).toBe(2);
  });
});

describe('a plugin loaded with --plugin-dir', () => {
  const root = tempDir();
  const plugin = join(root, 'plugin');
  const home = join(root, 'home');
  const project = join(root, 'project');
  const log = join(root, 'probe.jsonl');

  beforeAll(() => {
    writeJson(join(plugin, '.claude-plugin', 'plugin.json'), { name: 'homunculus', version: '0.1.0', description: 'test' });
    const q = (x: string) => `'${x}'`;
    writeJson(join(plugin, 'hooks', 'hooks.json'), {
      hooks: { SessionStart: [{ hooks: [{ type: 'command', command: `node "\${CLAUDE_PLUGIN_ROOT}/probe.mjs" ${q(log)} --stdout ${q(ssContext('PLUGIN-CTX'))}` }] }] },
    });
    writeFileSync(join(plugin, 'probe.mjs'), `import(${JSON.stringify(join(import.meta.dirname, 'probe-hook.mjs'))});\n`);
    mkdirSync(join(plugin, 'commands'), { recursive: true });
    writeFileSync(join(plugin, 'commands', 'bye.md'), '---\ndescription: t\n---\n<!-- MARK-COMMENT -->\n!`echo "bang ${CLAUDE_PLUGIN_ROOT}"`\n\nMARK-BODY\n');
    mkdirSync(project, { recursive: true });
  });

  it('runs its hooks with CLAUDE_PLUGIN_ROOT, CLAUDE_PLUGIN_DATA and CLAUDE_PROJECT_DIR, and delivers SessionStart context', async () => {
    const from = mock.requests.length;
    const r = await runClaude('hello', { mock, home, cwd: project, args: ['--plugin-dir', plugin] });
    const [h] = readJsonl(log);
    expect(h.env).toMatchObject({ CLAUDE_PLUGIN_ROOT: plugin, CLAUDE_PLUGIN_DATA: join(home, '.claude', 'plugins', 'data', 'homunculus-inline'), CLAUDE_PROJECT_DIR: project });
    expect(occurrences(requestText(mainSince(from)[0]!['body']), 'PLUGIN-CTX')).toBe(1);
    const init = r['events'].find((e: Rec) => e['subtype'] === 'init');
    expect(init.slash_commands).toContain('homunculus:bye');
  });

  it('runs /homunculus:bye: ${CLAUDE_PLUGIN_ROOT} substituted, the !-line replaced by its output, the HTML comment kept', async () => {
    const from = mock.requests.length;
    await runClaude('/homunculus:bye', { mock, home, cwd: project, args: ['--plugin-dir', plugin] });
    const text = requestText(mainSince(from)[0]!['body']);
    expect(text).toContain(`bang ${plugin}\n`);
    expect(text).not.toContain('!`echo');
    expect(occurrences(text, '<!-- MARK-COMMENT -->')).toBe(1);
    expect(occurrences(text, 'MARK-BODY')).toBe(1);
  });
});
