// (a) SessionStart in -p: does it run, synchronously, before the first request; where do its
// additionalContext and plain stdout land in the requests, and how often.
import { join } from 'node:path';
import { startMockApi, requestText, occurrences } from '../mock-api.mjs';
import { runClaude, tempDir, writeJson, probeHook, readJsonl, hookLines } from '../harness.mjs';

const home = tempDir();
const log = join(home, 'probe.jsonl');
const ctx = JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'SS-CTX-MARKER rule one' } });
writeJson(join(home, '.claude', 'settings.json'), {
  hooks: {
    SessionStart: [{ hooks: [probeHook(log, { stdout: ctx, sleep: 500 })] }, { hooks: [probeHook(log, { stdout: 'SS-PLAIN-MARKER plain text' })] }],
  },
});
const mock = await startMockApi({ script: [{ tool: 'Bash', input: { command: 'true' } }, { tool: 'Bash', input: { command: 'false' } }, { text: 'done' }] });
const r = await runClaude('hello', { mock, home });
await mock.close();
const hooks = readJsonl(log);
console.log('exit', r.code, 'wall ms', r.wallMs);
console.log('hook runs', hooks.map((h) => ({ event: h.event, source: h.payload.source, keys: Object.keys(h.payload), started: h.started, ended: h.ended })));
console.log('payload', JSON.stringify(hooks[0]?.payload));
for (const q of mock.requests) {
  if (q.kind === 'count_tokens') continue;
  const text = requestText(q.body);
  const where = [];
  (q.body.system ?? []).forEach((b, i) => { if (/SS-(CTX|PLAIN)-MARKER/.test(b.text ?? '')) where.push(`system[${i}]`); });
  q.body.messages.forEach((m, i) => {
    const blocks = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
    blocks.forEach((b, j) => { if (/SS-(CTX|PLAIN)-MARKER/.test(JSON.stringify(b))) where.push(`messages[${i}](${m.role}).content[${j}]: ${JSON.stringify(b).slice(0, 400)}`); });
  });
  console.log(q.kind, 'turn', q.turn, 'at', q.at, 'ctx x', occurrences(text, 'SS-CTX-MARKER'), 'plain x', occurrences(text, 'SS-PLAIN-MARKER'));
  for (const w of where) console.log('   ', w);
}
console.log(hookLines(r.debugLog).filter((l) => /SessionStart/.test(l)).join('\n'));

// The same session resumed (`--resume <id>`, `--continue`), then `/compact` on it: SessionStart's
// source, and which runs' contexts the requests then carry (each run's hook prints its own marker).
const runs = [
  ['RESUME', 'again', ['--resume', r.sessionId]],
  ['CONTINUE', 'and again', ['--continue']],
  ['COMPACT', '/compact', ['--resume', r.sessionId]],
  ['AFTERCOMPACT', 'after compact', ['--resume', r.sessionId]],
];
for (const [label, prompt, extra] of runs) {
  const marker = `SS-CTX-${label}`;
  writeJson(join(home, '.claude', 'settings.json'), {
    hooks: { SessionStart: [{ hooks: [probeHook(log, { stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: `${marker} rule one` } }) })] }] },
  });
  const before = readJsonl(log).length;
  const m2 = await startMockApi({ script: Array(12).fill({ text: 'ok' }), side: () => ({ text: '<summary>compacted summary</summary>' }) });
  const r2 = await runClaude(prompt, { mock: m2, home, args: extra });
  await m2.close();
  console.log(`\n=== ${label}: exit ${r2.code}, session ${r2.sessionId === r.sessionId ? 'same id' : 'new id'}; SessionStart sources: ${readJsonl(log).slice(before).map((h) => h.payload.source).join(',')}`);
  for (const q of m2.requests.filter((x) => x.kind !== 'count_tokens')) {
    const text = requestText(q.body);
    const counts = ['SS-CTX-MARKER', 'SS-PLAIN-MARKER', ...runs.map((x) => `SS-CTX-${x[0]}`)].map((m) => `${m} x${occurrences(text, m)}`).join(', ');
    console.log(`  ${q.kind} turn ${q.turn} (${q.body.messages.length} messages, last: ${JSON.stringify(q.body.messages.at(-1).content).slice(0, 100)}): ${counts}`);
  }
}
