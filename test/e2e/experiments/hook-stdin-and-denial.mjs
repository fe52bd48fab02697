// (j) What a hook's stdin is (pipe or socket: whether it could be read without node's stream
// modules), and which hook events a tool call denied for lack of permission fires in `claude -p`
// (Write is not in --allowedTools, so it is denied; Bash is allowed).
// Usage: node hook-stdin-and-denial.mjs
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startMockApi } from '../mock-api.mjs';
import { probeHook, readJsonl, runClaude, tempDir } from '../harness.mjs';

const home = tempDir();
const cwd = tempDir();
const log = join(home, 'probe.jsonl');
const fd0 = join(home, 'fd0.txt');
mkdirSync(join(home, '.claude'), { recursive: true });
const events = ['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PermissionRequest', 'PermissionDenied', 'Stop'];
const stdinKind = { type: 'command', command: `stat -L -c %F /proc/self/fd/0 >> '${fd0}'; cat > /dev/null` };
const hooks = Object.fromEntries(events.map((e) => [e, [{ hooks: [probeHook(log), ...(e === 'PostToolUse' || e === 'Stop' ? [stdinKind] : [])] }]]));
writeFileSync(join(home, '.claude', 'settings.json'), JSON.stringify({ hooks }));
const mock = await startMockApi({ script: [{ tool: 'Write', input: { file_path: join(cwd, 'x.txt'), content: 'hi' } }, { tool: 'Bash', input: { command: 'true' } }, { text: 'done' }] });
const r = await runClaude('go', { mock, home, cwd });
await mock.close();
const fired = readJsonl(log).map((x) => ({ event: x.payload.hook_event_name, tool: x.payload.tool_name, tool_use_id: x.payload.tool_use_id !== undefined }));
const results = r.events.filter((e) => e.type === 'user').flatMap((e) => e.message.content).map((c) => ({ is_error: c.is_error, content: String(c.content).slice(0, 90) }));
console.log(JSON.stringify({ exit: r.code, stdinOfHooks: readFileSync(fd0, 'utf8').trim().split('\n'), fired, toolResults: results }, null, 1));
