import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { activeWindowStart, lastActiveDays, protectedDays } from '../analyzer/active-window.js';
import { runCli, sandbox } from './helpers.js';
import { cliJson } from './store-helpers.js';

// A project's habits over its own activity (issue 29, 5): a project used every eight days learns
// from its last windowDays active days; its rules stand while it is left alone (they fade by its
// work, not by the calendar: issue 37); retention keeps what such a window holds, and lets go of
// the records once the project has been left past it.

const DAY = 86_400_000;
// Dates well before today's: a clock ahead of the real one makes a run read-only (it prunes nothing).
const d = (n: number) => Math.floor(Date.parse('2026-07-01T00:00:00Z') / DAY) + n;

describe('the active-day window (pure)', () => {
  it('the k most recent active days, and where a sparse window starts', () => {
    expect(lastActiveDays([d(0), d(8), d(16), d(24), d(30)], 3, d(25))).toEqual([d(24), d(16), d(8)]);
    const now = d(24) * DAY + 12 * 3_600_000;
    expect(activeWindowStart([d(0), d(8), d(16), d(24)], 7, now, now - 7 * DAY)).toBe(d(0) * DAY - 1);
    // A project used every day: its last seven active days are the calendar window; nothing to reach back for.
    expect(activeWindowStart([0, 1, 2, 3, 4, 5, 6, 7].map((i) => d(17 + i)), 7, now, now - 7 * DAY)).toBeUndefined();
  });
  it('retention keeps a recently used project\'s last active days, and nothing of a faded one', () => {
    const presence = new Map([[d(0), new Set(['a', 'b'])], [d(8), new Set(['a'])], [d(16), new Set(['a'])], [d(24), new Set(['a'])], [d(2), new Set(['b'])]]);
    expect([...protectedDays(presence, 7, d(20), d(40))].sort()).toEqual([d(0), d(8), d(16), d(24)]);
    expect([...protectedDays(presence, 7, d(30), d(60))]).toEqual([]);
  });
});

/** `times` Grep->Read->Edit cycles in one session of the project, a call a minute. */
function sessionRecords(start: number, session: string, project: string, times: number): string[] {
  const tools = ['Grep', 'Read', 'Edit'];
  return Array.from({ length: times * 3 }, (_, i) => JSON.stringify({ v: 1, ts: new Date(start + i * 60_000).toISOString(), tool: tools[i % 3], ok: true, ms: 5, prev: null, prev2: null, session, project, event: 'PostToolUse' }));
}

describe('a project used every eight days', () => {
  const s = sandbox();
  const obs = join(s.data, 'observations');
  // The data home's rules file: one outside it holds the global rules only, and this habit is the project's.
  const env = { HOMUNCULUS_HOME: s.data };
  mkdirSync(obs, { recursive: true });
  for (const n of [0, 8, 16, 24]) {
    const day = new Date(d(n) * DAY).toISOString().slice(0, 10);
    writeFileSync(join(obs, `${day}.jsonl`), `${sessionRecords(d(n) * DAY + 9 * 3_600_000, `s${n}`, 'aaaaaaaaaaaa', 6).join('\n')}\n`);
  }
  const at = (n: number, hour = 12) => new Date(d(n) * DAY + hour * 3_600_000).toISOString();

  it('learns its habit from its last active days, where the calendar window holds one session', async () => {
    const r = await cliJson<{ extended: { project: string; sessions: number; windowStart: string }[]; tracked: { key: string; sessions: number }[] }>(['analyze', '--now', at(24)], env);
    expect(r.extended).toEqual([{ project: 'aaaaaaaaaaaa', sessions: 4, windowStart: new Date(d(0) * DAY).toISOString() }]);
    expect(r.tracked.find((p) => p.key === 'Grep->Read->Edit')).toMatchObject({ sessions: 4 });
    const bye = await cliJson<{ changes: { promoted: { pattern: string; sessions: number }[] } }>(['bye', '--now', at(24)], env);
    expect(bye.changes.promoted).toEqual([expect.objectContaining({ pattern: 'Grep->Read->Edit', sessions: 4 })]);
  });

  it('keeps its old days past retention while it is used, and its rule stands, at its rate, while it is left alone', async () => {
    // Day 36: the project was last used 12 days ago; day 0 is 36 days old, past retentionDays (30), inside its window.
    const r = await cliJson<{ analysis: { extended: unknown[]; pruned: { observations: string[] } }; changes: { decaying: unknown[]; archived: unknown[] } }>(['bye', '--now', at(36)], env);
    expect(r.analysis.extended).toEqual([]); // not used in the calendar window: nothing reached back for
    expect(r.analysis.pruned.observations).toEqual([]);
    expect(existsSync(join(obs, `${new Date(d(0) * DAY).toISOString().slice(0, 10)}.jsonl`))).toBe(true);
    const md = readFileSync(join(s.data, 'generated-rules.md'), 'utf8');
    // Twelve days after its last sighting, nothing happened in the project: the rule stands, at its rate.
    expect(md).toMatch(/- \*\*\[89%, 24x seen\]\*\* Frequent tool chain: Grep->Read->Edit/);
    expect(r.changes.decaying.concat(r.changes.archived)).toEqual([]);
    // Day 60: the project has not been used since day 24, past retention: its days go.
    const late = await runCli(['analyze', '--now', at(60), '--json'], env);
    expect(JSON.parse(late.stdout as string).pruned.observations).toHaveLength(4);
  });
});
