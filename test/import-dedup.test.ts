// Issue 9, data loss (double counting): import-transcripts must not add a call the hook already
// recorded when the hook's record and the transcript's result fall on different UTC days.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readObservations, runCli, runHook, sandbox } from './helpers.js';
import { payload, transcriptText, type TranscriptCall } from './history-helpers.js';

async function hookAt(data: string, id: string, at: string) {
  const r = await runHook(JSON.stringify(payload({ session_id: 'midnight', tool_use_id: id, tool_name: 'Bash', tool_input: { command: 'npm test' } })), { HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: at });
  expect(r.exitCode).toBe(0);
}

async function importJson(data: string, dir: string) {
  const r = await runCli(['import-transcripts', dir, '--home', data, '--since', '2026-11-01', '--json'], {});
  expect(r.exitCode, r.stderr as string).toBe(0);
  return JSON.parse(r.stdout as string);
}

describe('import de-duplicates by tool-use id across day files', () => {
  it('hook and transcript on either side of midnight UTC, either way round, and days apart: each call once', async () => {
    const { root, data } = sandbox();
    const calls: TranscriptCall[] = [
      // The hook ran just before midnight; the transcript's result is stamped just after.
      { id: 'toolu_before', tool: 'Bash', at: '2026-11-07T23:59:58.000Z', resultAt: '2026-11-08T00:00:01.000Z' },
      // The transcript's result just before midnight; the hook ran (late) just after.
      { id: 'toolu_after', tool: 'Bash', at: '2026-11-08T23:59:58.000Z', resultAt: '2026-11-08T23:59:59.900Z' },
      // Days apart (a clock that was off): still the same call.
      { id: 'toolu_far', tool: 'Bash', at: '2026-11-03T10:00:00.000Z', resultAt: '2026-11-03T10:00:01.000Z' },
      // Only in the transcript: imported.
      { id: 'toolu_new', tool: 'Read', at: '2026-11-08T12:00:00.000Z', resultAt: '2026-11-08T12:00:00.500Z' },
    ];
    await hookAt(data, 'toolu_before', '2026-11-07T23:59:59.000Z');
    await hookAt(data, 'toolu_after', '2026-11-09T00:00:00.200Z');
    await hookAt(data, 'toolu_far', '2026-11-06T10:00:01.000Z');
    mkdirSync(join(root, 'projects'));
    writeFileSync(join(root, 'projects', 'midnight.jsonl'), transcriptText('midnight', calls));
    const first = await importJson(data, join(root, 'projects'));
    expect(first).toMatchObject({ calls: 4, added: 1, alreadyPresent: 3 });
    const ids = readObservations(data).map((r) => r['id']);
    expect(ids.sort()).toEqual(['toolu_after', 'toolu_before', 'toolu_far', 'toolu_new']);
    // And again: nothing new.
    expect(await importJson(data, join(root, 'projects'))).toMatchObject({ added: 0, alreadyPresent: 4 });
    expect(readObservations(data)).toHaveLength(4);
  });

  it('two transcripts holding the same call (a resumed session) on different days add it once', async () => {
    const { root, data } = sandbox();
    mkdirSync(join(root, 'projects'));
    writeFileSync(join(root, 'projects', 'a.jsonl'), transcriptText('sa', [{ id: 'toolu_dup', tool: 'Read', at: '2026-11-07T23:59:59.000Z', resultAt: '2026-11-07T23:59:59.500Z' }]));
    writeFileSync(join(root, 'projects', 'b.jsonl'), transcriptText('sa', [{ id: 'toolu_dup', tool: 'Read', at: '2026-11-07T23:59:59.000Z', resultAt: '2026-11-08T00:00:00.500Z' }]));
    // One call (analyzer/sessions.ts), held a second time.
    expect(await importJson(data, join(root, 'projects'))).toMatchObject({ calls: 1, sessions: 1, added: 1, alreadyPresent: 0, repeated: 1 });
    expect(readObservations(data)).toHaveLength(1);
  });
});
