// maxAnalysisSeconds: an analysis past its time stops itself before it writes anything but the
// (pure speed-up) cache, says so in one line and in analysis.log; with the default it runs.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAST, sessionLines } from './history-helpers.js';
import { runCli, sandbox } from './helpers.js';

function seeded(config?: Record<string, unknown>) {
  const box = sandbox();
  mkdirSync(join(box.data, 'observations'), { recursive: true });
  writeFileSync(join(box.data, 'observations', '2026-11-07.jsonl'), `${sessionLines('2026-11-07T09:00:00Z', ['a1', 'a2'], 8).join('\n')}\n`);
  writeFileSync(join(box.data, 'observations', '2026-11-08.jsonl'), `${sessionLines('2026-11-08T09:00:00Z', ['s1', 's2', 's3'], 8).join('\n')}\n`);
  if (config) writeFileSync(join(box.data, 'config.json'), JSON.stringify(config));
  return { ...box, env: { HOMUNCULUS_HOME: box.data, HOMUNCULUS_RULES_FILE: join(box.root, 'rules.md') } };
}

const logEvents = (data: string) =>
  readFileSync(join(data, 'analysis.log'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);

describe('maxAnalysisSeconds', () => {
  it('a run past its limit stops before writing instincts, exits 1 in one line, and logs that it stopped', async () => {
    // A billionth of a second: the first check, after the first file, is past it.
    const s = seeded({ maxAnalysisSeconds: 1e-9 });
    const r = await runCli(['analyze', '--now', PAST], s.env);
    expect(r.exitCode).toBe(1);
    const err = (r.stderr as string).trim();
    expect(err.split('\n')).toHaveLength(1);
    expect(err).toMatch(/^homunculus: the analysis stopped after maxAnalysisSeconds \(1e-9 s\) while reading 2026-11-07\.jsonl; nothing was written/);
    expect(existsSync(join(s.data, 'instincts'))).toBe(false);
    expect(existsSync(join(s.data, 'daily-summary.md'))).toBe(false);
    const events = logEvents(s.data);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'analysis', by: 'analyze', status: 'stopped', skip: 'maxAnalysisSeconds (1e-9 s) reached' });
    // The lock was released: the same data with the default limit analyses normally.
    writeFileSync(join(s.data, 'config.json'), '{}');
    const again = await runCli(['analyze', '--now', PAST, '--json'], s.env);
    expect(again.exitCode, again.stderr as string).toBe(0);
    expect(JSON.parse(again.stdout as string).tracked.length).toBeGreaterThan(0);
    expect(logEvents(s.data).at(-1)).toMatchObject({ kind: 'analysis', status: 'done' });
  });

  it('is validated like every other key', async () => {
    for (const bad of [0, -5, 'fast', 100_000]) {
      const s = seeded({ maxAnalysisSeconds: bad });
      const r = await runCli(['analyze', '--now', PAST], s.env);
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain('maxAnalysisSeconds');
    }
  });
});
