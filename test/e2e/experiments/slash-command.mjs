// (g) User slash commands in `claude -p "/name"`: does the !`cmd` line run, does an HTML comment
// in the body reach the request, what happens when the !-command fails; and the /bye command
// that `homunculus install` writes, run for real.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startMockApi, requestText, occurrences } from '../mock-api.mjs';
import { runClaude, tempDir } from '../harness.mjs';
import { sandbox, homunculus } from '../homunculus.mjs';

const root = tempDir();
const home = join(root, 'home');
const commands = join(home, '.claude', 'commands');
mkdirSync(commands, { recursive: true });
writeFileSync(join(commands, 'hi.md'), '---\ndescription: test command\nallowed-tools: Bash(echo:*)\n---\n<!-- HTML-COMMENT-MARKER -->\n!`echo BANG-OUTPUT-MARKER`\n\nBODY-MARKER $ARGUMENTS\n');
writeFileSync(join(commands, 'fails.md'), '---\ndescription: failing !-line\nallowed-tools: Bash(false:*)\n---\n!`false`\n\nFAILS-BODY-MARKER\n');
writeFileSync(join(commands, 'noallow.md'), '---\ndescription: !-line without allowed-tools\n---\n!`echo NOALLOW-OUTPUT`\n\nNOALLOW-BODY-MARKER\n');
const mock = await startMockApi();
const show = async (prompt, h = home, cwd = root, markers = [], allowedTools = 'Bash') => {
  const n = mock.requests.length;
  const r = await runClaude(prompt, { mock, home: h, cwd, allowedTools });
  const req = mock.requests.slice(n).find((q) => q.kind === 'main');
  const result = r.events.find((e) => e.type === 'result');
  console.log(`\n=== claude -p ${JSON.stringify(prompt)}${allowedTools ? ` --allowedTools ${allowedTools}` : ''}: exit ${r.code}, ${req ? 'a request was made' : 'NO request'}; result: ${JSON.stringify(result?.result ?? result?.subtype)?.slice(0, 300)}`);
  if (req) {
    const t = requestText(req.body);
    console.log('   ', markers.map((m) => `${m} x${occurrences(t, m)}`).join(', '));
    const last = req.body.messages[0].content;
    console.log('    user message blocks after the first:', JSON.stringify(Array.isArray(last) ? last.slice(1) : last).slice(0, 1200).replaceAll(root, '<root>'));
  }
  return r;
};
await show('/hi some args', home, root, ['HTML-COMMENT-MARKER', 'BANG-OUTPUT-MARKER', '!`echo', 'BODY-MARKER some args']);
await show('/fails', home, root, ['FAILS-BODY-MARKER', '!`false`']);
await show('/noallow', home, root, ['NOALLOW-OUTPUT', 'NOALLOW-BODY-MARKER']);
await show('/noallow', home, root, ['NOALLOW-OUTPUT', 'NOALLOW-BODY-MARKER'], null);
await show('/hi', home, root, ['BANG-OUTPUT-MARKER'], null);

// The /bye that homunculus install writes (user scope).
const s = sandbox();
homunculus(s, ['install']);
await show('/bye', s.home, s.project, ['installed by homunculus', 'homunculus bye', 'Above is the output'], null);
await mock.close();
