// Session and agent ids of 128 characters through the observe hook and the prompt router: the
// file names made of them are hashed (idFileStem, tested as a table in test/data-home.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readObservations, runHook, sandbox } from './helpers.js';
import { hookErrors, payload, runRouter } from './history-helpers.js';

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
