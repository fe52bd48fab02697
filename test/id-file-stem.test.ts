// idFileStem (lib/data-home.ts): session and agent ids may each be 128 characters, so a file name
// made of them could pass the 255-byte limit; long keys become `h.<16 hex>`. In process as a
// table, and through the observe hook and the prompt router.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { idFileStem } from '../lib/data-home.js';
import { readObservations, runHook, sandbox } from './helpers.js';
import { hookErrors, payload, runRouter } from './history-helpers.js';

describe('idFileStem', () => {
  it.each([
    ['a short session id', 's1', 's1'],
    ['a session and agent id', 'sess.agent-a1', 'sess.agent-a1'],
    ['100 characters', 'x'.repeat(100), 'x'.repeat(100)],
  ])('%s is kept as it is', (_name, key, stem) => {
    expect(idFileStem(key)).toBe(stem);
  });

  it.each([
    ['101 characters', 'x'.repeat(101)],
    ['two 128-character ids', `${'S'.repeat(128)}.agent-${'a'.repeat(128)}`],
  ])('%s is hashed: h. and 16 hex digits, the same for the same key, another for another', (_name, key) => {
    expect(idFileStem(key)).toMatch(/^h\.[0-9a-f]{16}$/);
    expect(idFileStem(key)).toBe(idFileStem(key));
    expect(idFileStem(key)).not.toBe(idFileStem(`${key}x`));
  });
});

describe('128-character session and agent ids', () => {
  it('the hook keeps the chain (no ENAMETOOLONG) and the prompt router counts: long ids are hashed in file names', async () => {
    const { data } = sandbox();
    const session = 'S'.repeat(128);
    const agent = 'a'.repeat(128);
    for (const [i, tool] of ['Grep', 'Read', 'Edit'].entries()) {
      const r = await runHook(JSON.stringify(payload({ session_id: session, agent_id: agent, agent_type: 'Explore', tool_name: tool, tool_use_id: `toolu_${i}` })), { HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: `2026-11-08T10:00:0${i}Z` });
      expect(r.exitCode).toBe(0);
    }
    expect(hookErrors(data)).toBe('');
    const last = readObservations(data).at(-1)!;
    expect(last).toMatchObject({ tool: 'Edit', prev: 'Read', prev2: 'Grep', session, agentId: agent });
    expect(readdirSync(join(data, 'state', 'streams'))).toEqual([expect.stringMatching(/^h\.[0-9a-f]{16}\.json$/)]);
    for (let i = 0; i < 2; i++) expect((await runRouter({ session_id: session, hook_event_name: 'UserPromptSubmit', prompt: 'x' }, { HOMUNCULUS_HOME: data })).exitCode).toBe(0);
    expect(hookErrors(data)).toBe('');
    const counts = readdirSync(join(data, 'state', 'prompts'));
    expect(counts).toEqual([expect.stringMatching(/^h\.[0-9a-f]{16}\.count$/)]);
    expect(readFileSync(join(data, 'state', 'prompts', counts[0]!), 'utf8')).toBe('2');
  });
});
