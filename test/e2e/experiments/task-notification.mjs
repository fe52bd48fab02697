// (e) UserPromptSubmit: its payload for the user's prompt, and whether it fires for the
// <task-notification> turn after a background Bash command (or background subagent) finishes;
// which fields tell the two apart; whether its additionalContext reaches the notification turn.  Usage: node task-notification.mjs [bash|agent]
import { join } from 'node:path';
import { startMockApi, requestText, occurrences } from '../mock-api.mjs';
import { runClaude, tempDir, writeJson, probeHook, readJsonl, hookLines } from '../harness.mjs';

const kind = process.argv[2] ?? 'bash';
const home = tempDir();
const log = join(home, 'probe.jsonl');
const all = (opts) => [{ hooks: [probeHook(log, opts)] }];
writeJson(join(home, '.claude', 'settings.json'), {
  hooks: { UserPromptSubmit: all({ stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'UPS-CTX-MARKER' } }) }), SubagentStart: all(), SubagentStop: all(), Stop: all(), PostToolUse: all(), SessionEnd: all() },
});
const launch = kind === 'bash'
  ? { tool: 'Bash', input: { command: 'sleep 2; echo background-finished', description: 'background sleep', run_in_background: true } }
  : { tool: 'Agent', input: { description: 'background helper', prompt: 'Say hi.', subagent_type: 'general-purpose', run_in_background: true } };
const mock = await startMockApi({
  script: [launch, { text: 'started it, waiting' }, { text: 'saw the notification' }, { text: 'done' }],
  subagent: () => ({ text: 'subagent says hi' }),
});
const r = await runClaude('start something in the background', { mock, home, allowedTools: 'Bash Agent' });
await mock.close();
console.log('exit', r.code, 'wall', r.wallMs, 'requests', mock.requests.map((q) => `${q.kind}${q.turn ?? ''}`).join(' '));
for (const h of readJsonl(log)) {
  const { session_id, transcript_path, cwd, tool_response, tool_input, ...rest } = h.payload;
  console.log(h.event, JSON.stringify(rest).slice(0, 900));
}
for (const q of mock.requests.filter((x) => x.kind !== 'count_tokens')) {
  const last = q.body.messages.at(-1);
  console.log(`--- ${q.kind} turn ${q.turn}: system[1..2]: ${JSON.stringify((q.body.system ?? []).slice(1, 3).map((b) => b.text.slice(0, 80)))} tools ${q.body.tools?.length}`);
  console.log('    last message', last.role, JSON.stringify(last.content).slice(0, 700));
  console.log('    UserPromptSubmit additionalContext occurrences:', occurrences(requestText(q.body), 'UPS-CTX-MARKER'));
}
console.log(hookLines(r.debugLog).filter((l) => /UserPromptSubmit|task|notification|Subagent|cancel/i.test(l) && !/native/.test(l)).map((l) => l.slice(0, 250)).join('\n'));
const final = mock.main().at(-1).body;
final.messages.forEach((m, i) => {
  const blocks = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
  blocks.forEach((b, j) => { if (JSON.stringify(b).includes('UPS-CTX-MARKER')) console.log(`last request: messages[${i}](${m.role}).content[${j}]: ${JSON.stringify(b).slice(0, 300)}`); });
});
