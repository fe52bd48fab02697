// Issue 38, item 9: a payload key named like an Object.prototype member (`toString`,
// `constructor`) one level down crashed every hook with exit 1 and a stack trace, nothing logged
// (observer/payload-scan.ts looked its fields up in a plain object). Each hook is given such keys
// at every depth, and such words as the tool, the command, the prompt and the source, over a
// store that holds instincts named after them: each exits 0, quietly, and records what it should.
import { execa } from 'execa';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, DIST, readObservations, sandbox } from './helpers.js';
import { writeInstinct } from './inloop-helpers.js';

const NAMES = Object.getOwnPropertyNames(Object.prototype);
const NOW = '2026-11-20T12:00:00.000Z';

/** An object holding every name as a key, `depth` levels deep, in an array, and beside a scalar at each level. */
function nest(depth: number): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const n of NAMES) Object.defineProperty(o, n, { value: depth > 1 ? nest(depth - 1) : n, enumerable: true });
  o['list'] = depth > 1 ? [nest(depth - 1)] : [1];
  o['scalar'] = 1;
  return o;
}

function withKeys(fields: Record<string, unknown>): string {
  const o: Record<string, unknown> = {};
  for (const [k, v] of Object.entries({ ...nest(3), ...fields })) Object.defineProperty(o, k, { value: v, enumerable: true });
  return JSON.stringify(o);
}

async function hook(name: string, input: string, env: Record<string, string>) {
  return execa('node', [join(DIST, 'hooks', `${name}.js`)], { input, env: cleanEnv(env), extendEnv: false, reject: false, timeout: 30_000 });
}

describe('payload keys and words named like Object.prototype members', () => {
  const box = sandbox();
  mkdirSync(box.project, { recursive: true });
  const env = { HOMUNCULUS_HOME: box.data, HOME: box.home, HOMUNCULUS_NOW: NOW, CLAUDE_PROJECT_DIR: box.project };
  for (const [i, n] of NAMES.entries()) writeInstinct(box.data, { id: `proto-${i}`, pattern: `pref:${n}`, trigger: `when ${n}`, action: `use ${n}`, confidence: 0.8 });

  const common = { session_id: 's1', cwd: box.project, transcript_path: join(box.root, 'none.jsonl') };
  const payloads: [string, Record<string, unknown>][] = [
    ['observe', { ...common, hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_use_id: 'toolu_keys', tool_input: { ...nest(2), command: 'npm test' }, tool_response: nest(2) }],
    ['session-start', { ...common, hook_event_name: 'SessionStart', source: 'startup' }],
    ['prompt-router', { ...common, hook_event_name: 'UserPromptSubmit', prompt: `fix the ${NAMES.join(' ')} tests` }],
    ['session-end', { ...common, hook_event_name: 'SessionEnd', reason: 'other' }],
    ['stop', { ...common, hook_event_name: 'Stop', stop_hook_active: false }],
  ];

  it.each(payloads)('%s: keys at every depth', async (name, fields) => {
    const r = await hook(name, withKeys(fields), env);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(existsSync(join(box.data, 'hook-errors.log'))).toBe(false);
  });

  it.each(NAMES)('%s as the tool, the command, the prompt, the source and the reason', async (n) => {
    const runs = [
      ['observe', { ...common, hook_event_name: 'PostToolUse', tool_name: n, tool_use_id: `toolu_t${NAMES.indexOf(n)}`, tool_input: {}, tool_response: {} }],
      ['observe', { ...common, hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_use_id: `toolu_b${NAMES.indexOf(n)}`, tool_input: { command: `${n} ${n}` }, tool_response: {} }],
      ['session-start', { ...common, hook_event_name: 'SessionStart', source: n }],
      ['prompt-router', { ...common, hook_event_name: 'UserPromptSubmit', prompt: n }],
      ['session-end', { ...common, hook_event_name: 'SessionEnd', reason: n }],
    ] as const;
    for (const [name, fields] of runs) {
      const r = await hook(name, JSON.stringify(fields), env);
      expect(r.exitCode, `${name}: ${r.stderr}`).toBe(0);
      expect(r.stderr).toBe('');
    }
    expect(existsSync(join(box.data, 'hook-errors.log'))).toBe(false);
    const mine = readObservations(box.data).filter((o) => o['id'] === `toolu_t${NAMES.indexOf(n)}` || o['id'] === `toolu_b${NAMES.indexOf(n)}`);
    expect(mine.map((o) => [o['tool'], o['detail']])).toEqual([[n, undefined], ['Bash', n]]);
  });
});
