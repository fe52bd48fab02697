// (b)(c) What happens to PostToolUse/PostToolUseFailure, Stop and SessionEnd hooks at the end of
// a `claude -p` run, async vs synchronous; SessionEnd's reason and time budget; whether a
// detached child started by SessionEnd survives Claude Code's exit.
// Usage: node hooks-at-exit.mjs [async|sync] [sessionEndSleepMs] [postSleepMs] [sessionEndTimeoutS]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startMockApi } from '../mock-api.mjs';
import { runClaude, tempDir, writeJson, probeHook, readJsonl, hookLines, toolCalls } from '../harness.mjs';

const mode = process.argv[2] ?? 'async';
const endSleep = Number(process.argv[3] ?? 0);
const postSleep = Number(process.argv[4] ?? 200);
const endTimeout = process.argv[5] ? Number(process.argv[5]) : undefined;
const isAsync = mode === 'async';
const home = tempDir();
const log = join(home, 'probe.jsonl');
const detached = join(home, 'detached-done.json');
const on = (opts) => [{ matcher: '*', hooks: [probeHook(log, { async: isAsync, ...opts })] }];
writeJson(join(home, '.claude', 'settings.json'), {
  hooks: {
    PostToolUse: on({ sleep: postSleep }),
    PostToolUseFailure: on({ sleep: postSleep }),
    Stop: [{ hooks: [probeHook(log, { async: isAsync, sleep: postSleep })] }],
    SessionEnd: [
      { hooks: [probeHook(log, { async: isAsync, sleep: endSleep, timeout: endTimeout })] },
      { hooks: [probeHook(log, { detachWrite: [detached, 3000] })] },
    ],
  },
});
const script = [
  { tool: 'Bash', input: { command: 'true', description: 'one' } },
  { tool: 'Bash', input: { command: 'false', description: 'two' } },
  { tool: 'Bash', input: { command: 'echo three', description: 'three' } },
  { text: 'done' },
];
const mock = await startMockApi({ script });
const r = await runClaude('run three commands', { mock, home });
const exitedAt = Date.now();
await mock.close();
const runs = readJsonl(log);
console.log(JSON.stringify({ mode, endSleep, postSleep, endTimeout, exit: r.code, wallMs: r.wallMs, calls: toolCalls(r.events).map((c) => `${c.input.command}:${c.isError ? 'err' : 'ok'}`) }));
const label = (h) => `${h.event}${h.payload.tool_input ? `(${h.payload.tool_input.command})` : ''}${h.payload.reason ? `(reason=${h.payload.reason})` : ''}${h.argv.includes('--sleep') ? `(sleep ${h.argv[h.argv.indexOf('--sleep') + 1]}, ended ${h.ended - exitedAt} ms after exit)` : ''}`;
console.log('hook runs logged before exit:', runs.map(label).join(', '));
for (const h of runs) if (h.event === 'SessionEnd' || h.event === 'Stop') console.log(h.event, 'payload', JSON.stringify(h.payload));
console.log('--- hook lines of the debug log');
console.log(hookLines(r.debugLog).filter((l) => !/Checking first line|Parsed initial|matched|Getting matching|checkForNewResponses|native|hooks module/.test(l)).map((l) => l.slice(0, 260)).join('\n'));
await new Promise((res) => setTimeout(res, 4000));
console.log('--- after 4 s: hook runs logged', readJsonl(log).map(label).join(', '), '; detached child wrote its file:', existsSync(detached), existsSync(detached) ? `${JSON.parse(readFileSync(detached, 'utf8')).at - exitedAt} ms after exit` : '');
