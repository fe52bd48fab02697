// (f) A minimal plugin: `claude plugin validate` on it and on a marketplace at a repo root;
// `claude -p --plugin-dir`: do its hooks run, with which CLAUDE_* environment; the namespaced
// command /homunculus:bye with a !`cmd` line and an HTML comment; marketplace add + install
// driven headless and offline, then a session with the installed plugin.
import { copyFileSync, mkdirSync, writeFileSync, readdirSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startMockApi, requestText, occurrences } from '../mock-api.mjs';
import { runClaude, tempDir, writeJson, readJsonl, hookLines, PROBE_HOOK } from '../harness.mjs';

const root = tempDir();
const repo = join(root, 'repo'); // a repository with the marketplace at its root, the plugin in plugin/
const plugin = join(repo, 'plugin');
const home = join(root, 'home');
const project = join(root, 'project');
mkdirSync(home, { recursive: true });
mkdirSync(project, { recursive: true });
const log = join(root, 'probe.jsonl');

writeJson(join(plugin, '.claude-plugin', 'plugin.json'), { name: 'homunculus', version: '0.1.0', description: 'Learns recurring tool patterns.', author: { name: 'homunculus' }, license: 'MIT' });
mkdirSync(join(plugin, 'scripts'), { recursive: true });
copyFileSync(PROBE_HOOK, join(plugin, 'scripts', 'probe.mjs'));
const hook = (extra = '') => ({ type: 'command', command: `node "\${CLAUDE_PLUGIN_ROOT}/scripts/probe.mjs" '${log}'${extra}` });
writeJson(join(plugin, 'hooks', 'hooks.json'), {
  description: 'probe hooks',
  hooks: {
    SessionStart: [{ hooks: [hook(` --stdout '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'PLUGIN-SS-CTX' } })}'`)] }],
    PostToolUse: [{ matcher: '*', hooks: [hook()] }],
    PostToolUseFailure: [{ matcher: '*', hooks: [hook()] }],
    SessionEnd: [{ hooks: [hook()] }],
  },
});
mkdirSync(join(plugin, 'commands'), { recursive: true });
writeFileSync(join(plugin, 'commands', 'bye.md'), [
  '---',
  'description: Consolidate what homunculus learned',
  'allowed-tools: Bash(echo:*)',
  '---',
  '<!-- HTML-COMMENT-MARKER installed by homunculus -->',
  '!`echo BANG-OUTPUT-MARKER; echo "root=${CLAUDE_PLUGIN_ROOT:-unset}"`',
  '',
  'Summarise the above in one sentence. COMMAND-BODY-MARKER',
  '',
].join('\n'));
// The literal ${CLAUDE_PLUGIN_ROOT} (no :- default), in the !-line and in the body.
writeFileSync(join(plugin, 'commands', 'root.md'), [
  '---',
  'description: Shows the plugin root',
  'allowed-tools: Bash(echo:*)',
  '---',
  '!`echo "bang-root=${CLAUDE_PLUGIN_ROOT}"`',
  '',
  'body-root=${CLAUDE_PLUGIN_ROOT} $ARGUMENTS',
  '',
].join('\n'));
writeJson(join(repo, '.claude-plugin', 'marketplace.json'), {
  name: 'homunculus-dev',
  owner: { name: 'homunculus' },
  plugins: [{ name: 'homunculus', source: './plugin', description: 'Learns recurring tool patterns.' }],
});

const mock = await startMockApi({ script: [{ tool: 'Bash', input: { command: 'true' } }, { text: 'done' }] });
const sub = async (args, cwd = project) => {
  const r = await runClaude('', { mock, home, cwd, print: false, args });
  return `$ claude ${args.join(' ')}\nexit ${r.code}\n${(r.stdout + r.stderr).trim().replaceAll(root, '<root>')}`;
};
console.log(await sub(['plugin', 'validate', plugin]));
console.log(await sub(['plugin', 'validate', repo]));

console.log('\n=== claude -p --plugin-dir <plugin>');
let r = await runClaude('hello', { mock, home, cwd: project, args: ['--plugin-dir', plugin] });
const init = r.events.find((e) => e.type === 'system' && e.subtype === 'init');
console.log('exit', r.code, 'event types', [...new Set(r.events.map((e) => `${e.type}/${e.subtype ?? ''}`))].join(' '));
console.log('init.plugins', JSON.stringify(init?.plugins?.filter((p) => p.path !== 'builtin') ?? null).replaceAll(root, '<root>'), 'slash_commands with homunculus:', init?.slash_commands?.filter((c) => c.includes('homunculus')));
for (const h of readJsonl(log)) console.log(' ', h.event, JSON.stringify(h.env).replaceAll(root, '<root>'), 'cwd', h.cwd.replaceAll(root, '<root>'));
console.log('  PLUGIN-SS-CTX in first request:', occurrences(requestText(mock.main()[0].body), 'PLUGIN-SS-CTX'));
console.log(hookLines(r.debugLog).filter((l) => /homunculus|plugin/i.test(l) && !/native|builtin/.test(l)).map((l) => l.slice(0, 250).replaceAll(root, '<root>')).join('\n'));

console.log('\n=== claude -p "/homunculus:bye" --plugin-dir <plugin>');
const n0 = mock.requests.length;
r = await runClaude('/homunculus:bye', { mock, home, cwd: project, args: ['--plugin-dir', plugin] });
const byeReq = mock.requests.slice(n0).find((q) => q.kind === 'main');
console.log('exit', r.code, 'requests', mock.requests.slice(n0).map((q) => q.kind).join(' '));
if (byeReq) {
  const t = requestText(byeReq.body);
  console.log('  in request: BANG-OUTPUT-MARKER x', occurrences(t, 'BANG-OUTPUT-MARKER'), ', HTML-COMMENT-MARKER x', occurrences(t, 'HTML-COMMENT-MARKER'), ', COMMAND-BODY-MARKER x', occurrences(t, 'COMMAND-BODY-MARKER'), ', !`echo line itself x', occurrences(t, '!`echo'));
  const m = byeReq.body.messages.find((x) => JSON.stringify(x.content).includes('COMMAND-BODY-MARKER'));
  console.log('  message:', m.role, JSON.stringify(m.content).slice(0, 1500).replaceAll(root, '<root>'));
}
console.log('  result event:', JSON.stringify(r.events.find((e) => e.type === 'result'))?.slice(0, 300));

console.log('\n=== claude -p "/homunculus:root some args" --plugin-dir <plugin>');
const n1 = mock.requests.length;
r = await runClaude('/homunculus:root some args', { mock, home, cwd: project, args: ['--plugin-dir', plugin] });
const rootReq = mock.requests.slice(n1).find((q) => q.kind === 'main');
console.log('exit', r.code, rootReq ? JSON.stringify(rootReq.body.messages[0].content.at(-1).text).replaceAll(root, '<root>') : 'no request');

console.log('\n=== marketplace add + install, headless');
console.log(await sub(['plugin', 'marketplace', 'add', repo]));
console.log(await sub(['plugin', 'install', 'homunculus@homunculus-dev']));
console.log(await sub(['plugin', 'list']));
const before = readJsonl(log).length;
r = await runClaude('hello', { mock, home, cwd: project });
const after = readJsonl(log).slice(before);
console.log('session with the installed plugin: exit', r.code, 'hook runs', after.map((h) => h.event).join(','));
if (after[0]) console.log('  env', JSON.stringify(after[0].env).replaceAll(root, '<root>'));
console.log('  files under ~/.claude/plugins:', readdirSync(join(home, '.claude', 'plugins'), { recursive: true }).filter((f) => !String(f).includes('/scripts/') || String(f).endsWith('probe.mjs')).slice(0, 40).join(' '));
console.log('  settings.json:', existsSync(join(home, '.claude', 'settings.json')) ? readFileSync(join(home, '.claude', 'settings.json'), 'utf8').replaceAll(root, '<root>') : 'none');
console.log('blocked (non-loopback) requests:', JSON.stringify(mock.blocked));
await mock.close();
