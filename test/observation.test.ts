// observer/observation.ts (with the payload scanner and the project id) in process: what record a
// hook payload becomes, or why it is refused. The observe hook's wiring (stdin, the data home,
// the stream state, hook-errors.log, exit 0 and silence) is test/observe.test.ts.
import { describe, expect, it } from 'vitest';
import { buildObservation, PayloadError, stopOfResult, toolCallFromPayload, type Observation } from '../observer/observation.js';
import { PayloadScanner } from '../observer/payload-scan.js';
import { projectId, projectRoot } from '../observer/project-id.js';
import { fixture } from './helpers.js';

const NOW = '2026-03-04T14:22:31.512Z';
const INVOICER = projectId('/home/maya/src/invoicer');
const SESSION = '0b7e4d52-9c3a-4f18-a6e2-5d1c83f07a9e';

/** The record the observe hook writes for `input` as the first call of its stream, or the refusal it logs (the hook's checks, in its order). */
function observed(input: string | Buffer): Observation {
  const scanner = new PayloadScanner();
  scanner.push(typeof input === 'string' ? Buffer.from(input) : input);
  scanner.finish();
  if (scanner.error !== undefined) throw new PayloadError(`payload: ${scanner.error}`);
  if (scanner.bytes === 0) throw new PayloadError('payload: empty stdin (eof)');
  if (!scanner.done) throw new PayloadError(`payload: incomplete JSON object after ${scanner.bytes} bytes (eof)`);
  const call = toolCallFromPayload(scanner.result);
  const root = projectRoot(call.cwd, {}, () => false);
  return buildObservation(call, NOW, [null, null], root === undefined ? null : projectId(root));
}

describe('a fixture payload becomes one record', () => {
  it.each([
    ['post-tool-use-bash.json', { tool: 'Bash', ok: true, ms: 3120, event: 'PostToolUse', id: 'toolu_01Vq7mXa2LbR9tKc4WdE8nZy', detail: 'pnpm vitest' }],
    ['post-tool-use-edit.json', { tool: 'Edit', ok: true, ms: 22, event: 'PostToolUse', id: 'toolu_01Hs3pDk8YwN2cFq6RtB5jLm' }],
    ['post-tool-use-failure-bash.json', { tool: 'Bash', ok: false, ms: 5408, event: 'PostToolUseFailure', id: 'toolu_01Jx5nWc9QeT4mZa7KvP2sHd', detail: 'pnpm run typecheck' }],
    ['post-tool-use-grep.json', { tool: 'Grep', ok: true, ms: 41, event: 'PostToolUse', id: 'toolu_01Pb8rKf3VxD6hYn1GsQ9wEc' }],
    ['post-tool-use-mcp.json', { tool: 'mcp__linear__get_issue', ok: true, ms: null, event: 'PostToolUse', id: 'toolu_01Ty4bNe7UaL2dWm8XcR5kQf' }],
    ['post-tool-use-read.json', { tool: 'Read', ok: true, ms: 14, event: 'PostToolUse', id: 'toolu_01Ca6gTm2ZsK9eXw4NbV7hJr' }],
    ['post-tool-use-subagent.json', { tool: 'Glob', ok: true, ms: 9, event: 'PostToolUse', id: 'toolu_01Ge9sLa4RqB7nXc2TfM6yUd', agent: 'Explore', agentId: 'a7c3e91d05b4f2866' }],
  ])('%s', (file, expected) => {
    const record = observed(JSON.stringify(fixture(file)));
    expect(record).toEqual({ v: 1, ts: NOW, prev: null, prev2: null, session: SESSION, project: INVOICER, ...expected });
    // The key order the analyzer's fast reader relies on.
    expect(Object.keys(record).slice(0, 10)).toEqual(['v', 'ts', 'tool', 'ok', 'ms', 'prev', 'prev2', 'session', 'project', 'event']);
  });

  it('an interrupted response is a failure', () => {
    const bash = fixture('post-tool-use-bash.json');
    const r = observed(JSON.stringify({ ...bash, tool_response: { stdout: '', stderr: '', interrupted: true, isImage: false } }));
    expect(r.ok).toBe(false);
    expect(r.stop).toBe('interrupt');
  });

  it.each(['Read; rm -rf /', '../../etc/passwd', '', 'x'.repeat(300)])('a tool name outside the allowed set (%j) becomes "invalid"', (name) => {
    expect(observed(JSON.stringify({ ...fixture('post-tool-use-read.json'), tool_name: name })).tool).toBe('invalid');
  });
});

describe('malformed input: a record with a safe tool token, or a refusal naming what was expected', () => {
  const big = () => {
    const p = fixture('post-tool-use-read.json');
    return Buffer.from(JSON.stringify({ ...p, tool_response: { type: 'text', file: { content: 'x'.repeat(30 * 1024 * 1024) } } }));
  };
  // The rows of test/observe.test.ts's malformed input, decided here; there the hook runs a sample of them.
  it.each<[string, () => string | Buffer, RegExp | 'Read' | 'invalid']>([
    ['empty input', () => '', /^payload: empty stdin/],
    ['a lone brace', () => '{', /^payload: incomplete JSON object after 1 bytes/],
    ['null', () => 'null', /^payload: expected a JSON object/],
    ['an array', () => '[]', /^payload: expected a JSON object/],
    ['no tool name', () => JSON.stringify({ ...fixture('post-tool-use-read.json'), tool_name: undefined }), /^expected tool_name, found none$/],
    ['tool name with ../', () => JSON.stringify({ ...fixture('post-tool-use-read.json'), tool_name: '../../etc/passwd' }), 'invalid'],
    ['session id with ../', () => JSON.stringify({ ...fixture('post-tool-use-read.json'), session_id: '../../../escape' }), /^expected session_id of /],
    ['agent id with ../', () => JSON.stringify({ ...fixture('post-tool-use-subagent.json'), agent_id: '../x' }), /^expected agent_id of /],
    ['an unknown event', () => JSON.stringify({ ...fixture('post-tool-use-read.json'), hook_event_name: 'PreToolUse' }), /^expected hook_event_name PostToolUse or PostToolUseFailure, found PreToolUse$/],
    ['invalid UTF-8', () => Buffer.concat([Buffer.from('{"session_id":"s1","hook_event_name":"PostToolUse","tool_name":"Re'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('ad"}')]), 'invalid'],
    ['a 30 MiB payload', big, 'Read'],
  ])('%s', (_name, input, outcome) => {
    if (outcome instanceof RegExp) {
      expect(() => observed(input())).toThrow(PayloadError);
      expect(() => observed(input())).toThrow(outcome);
    } else {
      const r = observed(input());
      expect(r.tool).toBe(outcome);
      // Never a path or argument: the session and the tool are tokens.
      expect(r.session).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
    }
  });
});

// A stop is read only from the shape of result Claude Code writes for a stopped call (issue 38, 2).

const HEAD = "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file).";
const STOP = `${HEAD} STOP what you are doing and wait for the user to tell you how to proceed.`;
const SAID = `${HEAD} To tell you how to proceed, the user said:\nuse pnpm, not npm`;
const INT = '[Request interrupted by user for tool use]';

describe('stopOfResult', () => {
  it.each([
    [STOP, 'reject'],
    [SAID, 'reject'],
    [`Error: ${STOP}`, 'reject'],
    [INT, 'interrupt'],
    [`Error: ${INT}`, 'interrupt'],
    [`${INT}\n# example.com/x\nx_test.go:6:2: cannot find package`, 'interrupt'],
    [`Exit code 137\n${INT}`, 'interrupt'],
    [`Exit code 130\n${INT}`, 'interrupt'],
    // Output holding the words, wherever they stand: never a stop.
    [`Exit code 1\n${STOP}`, undefined],
    [`Exit code 1\nFAIL x.test.ts: ${STOP}`, undefined],
    [`E   AssertionError: ${STOP}`, undefined],
    [`${STOP}\n`, undefined],
    [`${STOP} and more`, undefined],
    [`${HEAD} something else`, undefined],
    ["The user doesn't want to proceed with this tool use", undefined],
    [` ${STOP}`, undefined],
    [`Exit code 1\n${INT}\nmake: *** [all] Error 2`, undefined],
    [`Exit code 1\nE   assert\n${INT}`, undefined],
    [`x${INT}`, undefined],
    [`${INT} and more`, undefined],
    ['Exit code 1', undefined],
    ['', undefined],
    [undefined, undefined],
    [42, undefined],
  ])('%j -> %s', (result, stop) => {
    expect(stopOfResult(result)).toBe(stop);
  });
});
