// A small ~/.claude/projects-like corpus for the held-out benchmark (bench/heldout.mjs), written
// once into test/fixtures/heldout-corpus/projects (seed 29; test/heldout-score.test.ts checks it is
// this generator's output): invented Claude Code sessions (assistant tool_use lines, user
// tool_result lines, with cwd, sessionId, timestamp), several projects of 2 to 6 sessions a few
// days apart, one with a Windows cwd, seeded. Planted in them, beside noise: a chain habit per
// project, a failing test command recovered by a build, the project's test command, a rejected
// `git push` and interrupted calls. Nothing comes from a real session.
//
// Usage: node bench/heldout-corpus.mjs DIR [SEED]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const HEX = '0123456789abcdef';
const B62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const DAY = 86_400_000;

/** The folder name Claude Code gives a cwd: every character other than a letter or digit becomes '-'. */
export const projectDirOf = (cwd) => cwd.replace(/[^A-Za-z0-9]/g, '-');

const REJECTED = "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";
const INTERRUPTED = '[Request interrupted by user for tool use]';

/**
 * The projects: cwd, sessions, days between sessions, the chain habit (after the first two, the
 * third follows with probability `p`, else `other`), the test command and its build fix, the
 * command the user stops, and how the user stops it.
 */
const PROJECTS = [
  { cwd: '/home/dev/webapp', sessions: 6, gapDays: 3, chain: ['Grep', 'Read', 'Edit'], other: 'Read', p: 0.8, test: 'npm test', build: 'npm run build', failFirst: 0.7, stopped: 'git push origin main', stop: 'rejected', stopIn: 0.7 },
  { cwd: 'C:\\Users\\dev\\proj', sessions: 5, gapDays: 4, chain: ['Glob', 'Read', 'Write'], other: 'Grep', p: 0.75, test: 'cargo test', build: 'cargo build', failFirst: 0.6, stopped: 'cargo run --release', stop: 'interrupted', stopIn: 0.6 },
  { cwd: '/Users/dev/notes', sessions: 4, gapDays: 2, chain: ['Read', 'Edit', 'Read'], other: 'Bash', p: 0.7, test: 'pytest -q', build: 'pip install -e .', failFirst: 0.5, stopped: 'git push', stop: 'rejected', stopIn: 0.75 },
  { cwd: '/home/dev/scratch', sessions: 2, gapDays: 1, chain: ['Read', 'Grep', 'Read'], other: 'Edit', p: 0.6, test: 'make test', build: 'make', failFirst: 0.5, stopped: 'rm -rf build', stop: 'interrupted', stopIn: 0.5 },
];

const NOISE = [
  ['Read', () => ({ file_path: '/src/index.ts' })],
  ['Glob', () => ({ pattern: '**/*.ts' })],
  ['Grep', () => ({ pattern: 'TODO' })],
  ['TodoWrite', () => ({ todos: [] })],
  ['Bash', () => ({ command: 'ls -la', description: 'List files' })],
  ['Bash', () => ({ command: 'git status', description: 'Status' })],
  ['Bash', () => ({ command: 'git diff --stat', description: 'Diff' })],
  ['WebSearch', () => ({ query: 'docs' })],
];

export function generateHeldoutCorpus(dir, seed = 29) {
  let s = seed >>> 0 || 1;
  const rand = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
  const chars = (n, alphabet) => Array.from({ length: n }, () => alphabet[Math.floor(rand() * alphabet.length)]).join('');
  const uuid = () => `${chars(8, HEX)}-${chars(4, HEX)}-4${chars(3, HEX)}-a${chars(3, HEX)}-${chars(12, HEX)}`;
  const written = [];
  PROJECTS.forEach((proj, pi) => {
    const folder = join(dir, projectDirOf(proj.cwd));
    mkdirSync(folder, { recursive: true });
    for (let si = 0; si < proj.sessions; si++) {
      const sessionId = uuid();
      let t = Date.parse('2026-03-02T09:00:00Z') + pi * 3_600_000 + si * proj.gapDays * DAY + Math.floor(rand() * 4) * 3_600_000;
      let parent = null;
      const lines = [];
      const base = (type, extra) => {
        t += 1000 + Math.floor(rand() * 4000);
        const u = uuid();
        const o = { parentUuid: parent, isSidechain: false, userType: 'external', cwd: proj.cwd, sessionId, version: '2.1.30', gitBranch: 'main', type, ...extra, uuid: u, timestamp: new Date(t).toISOString() };
        parent = u;
        return o;
      };
      /** One call: its tool_use line and its tool_result line. `how`: ok | error | rejected | interrupted. */
      const call = (name, input, how = 'ok') => {
        const id = `toolu_01${chars(22, B62)}`;
        lines.push(base('assistant', { message: { id: `msg_01${chars(22, B62)}`, type: 'message', role: 'assistant', model: 'claude-sonnet-4-6', content: [{ type: 'tool_use', id, name, input }], stop_reason: 'tool_use' } }));
        const content = how === 'ok' ? 'done' : how === 'error' ? 'Exit code 1\nFAIL' : how === 'rejected' ? REJECTED : INTERRUPTED;
        const block = { tool_use_id: id, type: 'tool_result', content, ...(how === 'ok' ? {} : { is_error: true }) };
        const toolUseResult = how === 'ok' ? { stdout: 'done', stderr: '', interrupted: false, isImage: false } : `Error: ${content}`;
        lines.push(base('user', { message: { role: 'user', content: [block] }, toolUseResult }));
      };
      const bash = (command, how) => call('Bash', { command, description: 'Run' }, how);
      const input = (tool) => (tool === 'Bash' ? { command: 'ls', description: 'List' } : tool === 'Read' ? { file_path: '/src/app.ts' } : tool === 'Grep' ? { pattern: 'fn' } : tool === 'Glob' ? { pattern: '*.ts' } : { file_path: '/src/app.ts', old_string: 'a', new_string: 'b', content: 'x' });
      lines.push(base('user', { message: { role: 'user', content: 'Please continue with the task.' } }));
      const noise = (n) => {
        for (let i = 0; i < n; i++) {
          const [tool, inp] = NOISE[Math.floor(rand() * NOISE.length)];
          call(tool, inp());
        }
      };
      const steps = 10 + Math.floor(rand() * 6);
      let tested = false;
      for (let step = 0; step < steps; step++) {
        const r = rand();
        if (r < 0.45) {
          // The chain habit.
          const [a, b, c] = proj.chain;
          call(a, input(a));
          call(b, input(b));
          const third = rand() < proj.p ? c : proj.other;
          call(third, input(third));
        } else if (r < 0.65) {
          // The test command; the first run of a session often fails and a build fixes it.
          if (!tested && rand() < proj.failFirst) {
            bash(proj.test, 'error');
            call('Read', input('Read'));
            bash(proj.build, 'ok');
          }
          bash(proj.test, 'ok');
          tested = true;
        } else {
          noise(1 + Math.floor(rand() * 3));
        }
      }
      if (!tested) bash(proj.test, 'ok');
      if (rand() < proj.stopIn) {
        bash(proj.stopped, proj.stop);
        lines.push(base('user', { message: { role: 'user', content: 'Not yet.' } }));
      }
      noise(2);
      writeFileSync(join(folder, `${sessionId}.jsonl`), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
      written.push(join(folder, `${sessionId}.jsonl`));
    }
  });
  return { projects: PROJECTS.length, sessions: written.length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.argv[2]) {
    console.error('usage: node bench/heldout-corpus.mjs DIR [SEED]');
    process.exit(2);
  }
  console.log(generateHeldoutCorpus(process.argv[2], Number(process.argv[3] ?? 29)));
}
