// SessionStart additionalContext longer than 10,000 characters: what reaches the request.
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { startMockApi, requestText, occurrences } from '../mock-api.mjs';
import { runClaude, tempDir, writeJson, PROBE_HOOK } from '../harness.mjs';

const home = tempDir();
const big = 'CAP-START ' + 'x'.repeat(11_990) + ' CAP-END';
const out = join(home, 'ctx.json');
writeFileSync(out, JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: big } }));
writeJson(join(home, '.claude', 'settings.json'), { hooks: { SessionStart: [{ hooks: [{ type: 'command', command: `cat '${out}'` }] }] } });
const mock = await startMockApi({ script: [{ text: 'done' }] });
const r = await runClaude('hello', { mock, home });
await mock.close();
const t = requestText(mock.main()[0].body);
console.log('exit', r.code, 'context length', big.length, '; CAP-START x', occurrences(t, 'CAP-START'), 'CAP-END x', occurrences(t, 'CAP-END'));
const m = mock.main()[0].body.messages.flatMap((x) => (typeof x.content === 'string' ? [{ text: x.content }] : x.content)).find((b) => (b.text ?? '').includes('CAP-START'));
if (m) {
  const i = m.text.indexOf('CAP-START');
  console.log('around the start:', JSON.stringify(m.text.slice(Math.max(0, i - 200), i + 20)));
  const j = m.text.lastIndexOf('xxxx');
  console.log('after the x run:', JSON.stringify(m.text.slice(j, j + 400)).replaceAll(home, '<home>'));
}
console.log(r.debugLog.split('\n').filter((l) => /additionalContext|truncat|10000|10,000/i.test(l)).map((l) => l.slice(0, 300).replaceAll(home, '<home>')).join('\n'));
