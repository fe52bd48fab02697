// claude/transcript-import.ts through `homunculus import-transcripts --json`: what it skipped,
// counted under camelCase keys that docs/import.md lists.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, tempDir } from './helpers.js';

describe('import-transcripts --json', () => {
  it('counts what it skipped under camelCase keys, each one docs/import.md lists', async () => {
    const root = tempDir();
    const dir = join(root, 'projects', '-w');
    mkdirSync(dir, { recursive: true });
    const call = (id: string, at: string) => JSON.stringify({ type: 'assistant', sessionId: 's1', cwd: '/w', timestamp: at, uuid: `u-${id}`, message: { role: 'assistant', content: [{ type: 'tool_use', id, name: 'Read', input: {} }] } });
    const result = (id: string, at: string) => JSON.stringify({ type: 'user', sessionId: 's1', cwd: '/w', timestamp: at, uuid: `r-${id}`, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'ok' }] } });
    const lines = [
      call('toolu_old', '2020-01-01T10:00:00Z'), result('toolu_old', '2020-01-01T10:00:01Z'), // before --since
      call('toolu_new', '2026-11-01T10:00:00Z'), result('toolu_new', '2026-11-01T10:00:01Z'),
      call('toolu_open', '2026-11-01T10:01:00Z'), // no result
      result('toolu_nobody', '2026-11-01T10:02:00Z'), // no call
      '{"type": "progress", "timestamp": "2026-11-01T10:03:00Z"}',
      '{"type": "assistant", "message": {"content": [{"type": "tool_use", "id": "toolu_cut"', // cut short
    ];
    writeFileSync(join(dir, 's1.jsonl'), `${lines.join('\n')}\n`);
    const r = await runCli(['import-transcripts', join(root, 'projects'), '--since', '2026-10-01', '--json'], { HOMUNCULUS_HOME: join(root, 'data'), HOMUNCULUS_NOW: '2026-11-08T12:00:00Z' });
    expect(r.exitCode, r.stderr as string).toBe(0);
    const out = JSON.parse(r.stdout as string) as { added: number; skipped: Record<string, number> };
    expect(out.added).toBe(1);
    expect(out.skipped).toMatchObject({ olderThanSince: 1, callsWithoutResult: 1, resultsWithoutCall: 1, malformedLines: 1 });
    expect(Object.keys(out.skipped).filter((k) => !/^[a-z][a-zA-Z0-9]*$/.test(k))).toEqual([]);
    const doc = readFileSync(join(ROOT, 'docs', 'import.md'), 'utf8');
    for (const k of Object.keys(out.skipped)) expect(doc).toContain(`\`${k}\``);
  });
});
