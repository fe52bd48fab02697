import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendAnalysisEvent, readAnalysisLog } from '../lib/analysis-log.js';
import { runCli, sandbox, tempDir } from './helpers.js';
import { runStop, writeInstinct } from './inloop-helpers.js';
import { cliJson, writeSessions } from './store-helpers.js';

const NOW = '2026-11-22T12:00:00.000Z';
type Ev = { ts: string; kind: string; by?: string; skip?: string; new_records?: number; records_read?: number; patterns_tracked?: number };

describe('analysis.log', () => {
  it('analyze appends one event; log shows it as text and --json, --since filters', async () => {
    const s = sandbox();
    const env = { HOMUNCULUS_HOME: s.data };
    writeSessions(s.data, [{ session: 'a1', project: null, start: '2026-11-22T09:00:00.000Z', tools: ['Grep', 'Read', 'Edit'], repeat: 4 }]);
    expect((await runCli(['analyze', '--now', NOW], env)).exitCode).toBe(0);
    const log = await cliJson<{ events: Ev[] }>(['log'], env);
    expect(log.events).toHaveLength(1);
    expect(log.events[0]).toMatchObject({ ts: NOW, kind: 'analysis', by: 'analyze', status: 'done', records_read: 12 });
    const text = await runCli(['log'], env);
    expect(text.stdout).toMatch(/^2026-11-22T12:00:00Z +analysis +by=analyze .*records_read=12/);
    expect((await cliJson<{ events: Ev[] }>(['log', '--since', '2026-11-23'], env)).events).toEqual([]);
    expect((await cliJson<{ events: Ev[] }>(['log', '--since', '1d', '--now', '2026-11-22T13:00:00Z'], env)).events).toHaveLength(1);
    const bad = await runCli(['log', '--since', 'yesterday-ish'], env);
    expect(bad.exitCode).not.toBe(0);
    expect(bad.stderr).toContain('--since must be an ISO date or time or a number of days like 7d');
    const doctor = await runCli(['doctor'], env);
    expect(doctor.stdout).toMatch(/analysis log.*last analysis 2026-11-22T12:00:00.000Z/);
  });

  it('bye logs its analysis and its consolidation (rules promoted, demoted, held back)', async () => {
    const s = sandbox();
    const env = { HOMUNCULUS_HOME: s.data };
    writeSessions(s.data, ['b1', 'b2', 'b3'].map((session, i) => ({ session, project: null, start: `2026-11-2${i}T09:00:00.000Z`, tools: ['Grep', 'Read', 'Edit'], repeat: 8 })));
    expect((await runCli(['bye', '--now', NOW], env)).exitCode).toBe(0);
    const events = (await cliJson<{ events: (Ev & { rules_promoted?: string[] })[] }>(['log'], env)).events;
    expect(events.map((e) => [e.kind, e.by])).toEqual([['analysis', 'bye'], ['consolidation', 'bye']]);
    expect(events[1]!.rules_promoted).toContain('Grep->Read->Edit');
  });

  it('rotates at the size limit, and reads the rotated file too', () => {
    const home = tempDir();
    for (let i = 0; i < 5; i++) appendAnalysisEvent(home, { ts: `2026-11-22T12:00:0${i}.000Z`, kind: 'analysis', pad: 'x'.repeat(100) }, 300);
    expect(existsSync(join(home, 'analysis.log.1'))).toBe(true);
    expect(readFileSync(join(home, 'analysis.log'), 'utf8').length).toBeLessThan(300);
    const all = readAnalysisLog(home).map((e) => e.ts.slice(17, 19));
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(all).toEqual([...all].sort());
    expect(all.at(-1)).toBe('04');
  });

  it('the Stop hook skips an analysis with fewer than minObservationsToAnalyze new records, and says so', async () => {
    const s = sandbox();
    const env = { HOMUNCULUS_HOME: s.data };
    const stop = (now: string) => runStop({ session_id: 'x1', hook_event_name: 'Stop' }, { ...env, HOMUNCULUS_NOW: now });
    writeSessions(s.data, [{ session: 'x1', project: null, start: '2026-11-22T09:00:00.000Z', tools: ['Grep', 'Read', 'Edit'], repeat: 2 }]);
    await stop('2026-11-22T10:00:00.000Z'); // the first automatic run always goes
    writeSessions(s.data, [{ session: 'x1', project: null, start: '2026-11-22T10:00:00.000Z', tools: ['Grep', 'Read', 'Edit'], repeat: 3 }]);
    await stop('2026-11-22T11:00:00.000Z'); // 9 new records
    writeSessions(s.data, [{ session: 'x1', project: null, start: '2026-11-22T11:00:00.000Z', tools: ['Grep', 'Read', 'Edit'], repeat: 4 }]);
    await stop('2026-11-22T12:00:00.000Z'); // 9 + 12 = 21
    const events = readAnalysisLog(s.data).filter((e) => e.kind !== 'turn-feedback');
    expect(events.map((e) => [e.kind, e['by']])).toEqual([['analysis', 'stop'], ['skip', 'stop'], ['analysis', 'stop']]);
    expect(events[1]).toMatchObject({ new_records: 9, skip: '9 new records since the last analysis, fewer than minObservationsToAnalyze (20)' });
    expect(events[2]).toMatchObject({ records_read: 27 });
  });

  it('the Stop hook dreams once dreamEveryDays passed and dreamMinSessions new sessions were seen', async () => {
    const s = sandbox();
    mkdirSync(join(s.data, 'state'), { recursive: true });
    const env = { HOMUNCULUS_HOME: s.data, HOME: s.home };
    writeInstinct(s.data, { id: 'low', pattern: 'pref:x=low', trigger: 'doing x', action: 'do it slowly', confidence: 0.1 });
    writeFileSync(join(s.data, 'state', 'last-dream.json'), JSON.stringify({ ts: '2026-11-14T12:00:00.000Z' }));
    const nine = Array.from({ length: 9 }, (_, i) => ({ session: `n${i}`, project: null, start: `2026-11-2${i % 2}T0${i}:00:00.000Z`, tools: ['Read', 'Edit'], repeat: 2 }));
    writeSessions(s.data, nine);
    await runStop({ session_id: 'n0', hook_event_name: 'Stop' }, { ...env, HOMUNCULUS_NOW: NOW });
    expect(readAnalysisLog(s.data).filter((e) => e.kind === 'dream')).toEqual([]);
    expect(existsSync(join(s.data, 'instincts', 'low.md'))).toBe(true);
    writeSessions(s.data, [{ session: 'n9', project: null, start: '2026-11-22T11:00:00.000Z', tools: ['Read', 'Edit'], repeat: 2 }]);
    await runStop({ session_id: 'n9', hook_event_name: 'Stop' }, { ...env, HOMUNCULUS_NOW: NOW });
    const dreams = readAnalysisLog(s.data).filter((e) => e.kind === 'dream');
    expect(dreams).toEqual([expect.objectContaining({ by: 'analyzer', removed: 1, changed: ['low'] })]);
    expect(existsSync(join(s.data, 'instincts', 'low.md'))).toBe(false);
    expect(JSON.parse(readFileSync(join(s.data, 'state', 'last-dream.json'), 'utf8'))).toEqual({ ts: NOW });
  });
});
