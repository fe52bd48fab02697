// (d) InstructionsLoaded: registered as a hook event in settings, its payload for each kind of
// memory file, and which rules files (regular / symlink, user / project, link pointing out of the
// project) reach the model's request.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startMockApi, requestText, occurrences } from '../mock-api.mjs';
import { runClaude, tempDir, writeJson, probeHook, readJsonl } from '../harness.mjs';

const root = tempDir();
const home = join(root, 'home');
const project = join(root, 'project');
const outside = join(root, 'outside');
const log = join(root, 'probe.jsonl');
const put = (path, marker) => {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, `# ${marker}\n\nRule text ${marker}.\n`);
};
put(join(home, '.claude', 'CLAUDE.md'), 'MARK-USER-CLAUDE-MD');
put(join(home, '.claude', 'rules', 'user-file.md'), 'MARK-USER-RULE-FILE');
put(join(outside, 'user-target.md'), 'MARK-USER-RULE-LINK');
symlinkSync(join(outside, 'user-target.md'), join(home, '.claude', 'rules', 'user-link.md'));
put(join(project, 'CLAUDE.md'), 'MARK-PROJECT-CLAUDE-MD');
put(join(project, '.claude', 'rules', 'proj-file.md'), 'MARK-PROJECT-RULE-FILE');
put(join(outside, 'proj-target.md'), 'MARK-PROJECT-RULE-LINK-OUT');
symlinkSync(join(outside, 'proj-target.md'), join(project, '.claude', 'rules', 'proj-link-out.md'));
put(join(project, 'docs', 'in.md'), 'MARK-PROJECT-RULE-LINK-IN');
symlinkSync(join(project, 'docs', 'in.md'), join(project, '.claude', 'rules', 'proj-link-in.md'));
writeJson(join(home, '.claude', 'settings.json'), { hooks: { InstructionsLoaded: [{ hooks: [probeHook(log)] }] } });

const mock = await startMockApi({ script: [{ tool: 'Bash', input: { command: 'true' } }, { text: 'done' }] });
const r = await runClaude('hello', { mock, home, cwd: project });
await mock.close();
console.log('exit', r.code);
for (const h of readJsonl(log)) {
  const { session_id, transcript_path, ...rest } = h.payload;
  console.log('InstructionsLoaded', JSON.stringify(rest).replaceAll(root, '<root>'));
}
const markers = ['MARK-USER-CLAUDE-MD', 'MARK-USER-RULE-FILE', 'MARK-USER-RULE-LINK', 'MARK-PROJECT-CLAUDE-MD', 'MARK-PROJECT-RULE-FILE', 'MARK-PROJECT-RULE-LINK-OUT', 'MARK-PROJECT-RULE-LINK-IN'];
for (const q of mock.main()) {
  const text = requestText(q.body);
  console.log('request turn', q.turn, Object.fromEntries(markers.map((m) => [m, occurrences(text, `# ${m}`)])));
}
const first = mock.main()[0].body;
const where = first.messages.findIndex((m) => JSON.stringify(m.content).includes('MARK-USER-CLAUDE-MD'));
console.log('memory files are in messages[' + where + '] (' + first.messages[where]?.role + '), excerpt:', JSON.stringify(first.messages[where]?.content).slice(0, 700).replaceAll(root, '<root>'));
console.log(r.debugLog.split('\n').filter((l) => /rules|InstructionsLoaded|external|symlink|outside/i.test(l) && !/Broken symlink or missing/.test(l)).map((l) => l.slice(0, 300).replaceAll(root, '<root>')).join('\n'));
