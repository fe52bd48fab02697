import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, sandbox } from './helpers.js';
import { bash, projectFolder, writeTranscripts, type WrittenSession } from './transcript-writer.js';

// Issue 33, item 2: one data home, every command, the same figures. Import said 37 sessions,
// analyze 34, the report 35; analyze 30 patterns tracked, daily-summary.md 2; trending showed
// each instinct's creation as "↑ +0.95"; status said "over 7 days" with another window. Here the
// transcripts hold a known number of calls and sessions (one of them copied into a resumed
// session, whose calls are the same calls), and every figure each command states is compared.

const NOW = '2026-10-20T12:00:00.000Z'; // fixed, and well before the real clock
const SHOP = '/home/dev/work/shop';
const LEDGER = '/home/dev/work/ledger';
const WINDOW_DAYS = 14;

const shop: WrittenSession[] = ['2026-10-10', '2026-10-12', '2026-10-14', '2026-10-17', '2026-10-19'].map((day, i) => ({
  id: `shop-${i}`,
  cwd: SHOP,
  start: `${day}T09:00:00Z`,
  calls: [{ tool: 'Grep' }, { tool: 'Read' }, { tool: 'Edit' }, bash('pnpm test', false), { tool: 'Edit' }, bash('pnpm test'), { tool: 'Grep' }, { tool: 'Read' }, { tool: 'Edit' }, bash('pnpm test')],
}));
const ledger: WrittenSession[] = ['2026-10-11', '2026-10-15', '2026-10-18'].map((day, i) => ({
  id: `ledger-${i}`,
  cwd: LEDGER,
  start: `${day}T15:00:00Z`,
  calls: [{ tool: 'Read' }, { tool: 'Edit' }, bash('cargo test', false), { tool: 'Edit' }, bash('cargo test'), { tool: 'Read' }, { tool: 'Edit' }, bash('cargo test')],
}));
// The fixture's known counts: each call once, each session with a call of its own.
const CALLS = shop.length * 10 + ledger.length * 8; // 74
const SESSIONS = shop.length + ledger.length; // 8
const HELD_AGAIN = shop[0]!.calls.length; // the resumed session's copies

describe('every command states the same numbers of one data home', () => {
  const s = sandbox();
  const projects = join(s.root, 'projects');
  mkdirSync(s.data, { recursive: true });
  // A window other than the default 7 days (status must say the one it used); no cap on new instincts a run.
  writeFileSync(join(s.data, 'config.json'), JSON.stringify({ windowDays: WINDOW_DAYS, retentionDays: 30, maxNewInstinctsPerRun: 1000 }));
  const [first] = writeTranscripts(projects, [...shop, ...ledger]);
  // A resumed session: another session id holding the first session's calls again (the same tool-use ids).
  writeFileSync(join(projects, projectFolder(SHOP), 'z-resumed.jsonl'), readFileSync(first!, 'utf8').replaceAll('"sessionId":"shop-0"', '"sessionId":"shop-0-resumed"'));
  const env = { HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: NOW, CLAUDE_PROJECT_DIR: SHOP };

  const json = async (args: string[]) => {
    const r = await runCli([...args, '--json'], env, { cwd: s.root });
    expect(r.exitCode, `${args.join(' ')}: ${r.stderr as string}`).toBe(0);
    return JSON.parse(r.stdout as string);
  };

  it('import, analyze, bye, daily-summary.md, report, stats, status and trending agree on tool calls, sessions and patterns tracked', async () => {
    const imported = await json(['import-transcripts', projects]);
    expect(imported).toMatchObject({ calls: CALLS, sessions: SESSIONS, added: CALLS, alreadyPresent: 0, repeated: HELD_AGAIN });

    const analyzed = await json(['analyze']);
    expect(analyzed).toMatchObject({ recordsInWindow: CALLS, sessionsInWindow: SESSIONS, windowDays: WINDOW_DAYS });
    const tracked: number = analyzed.tracked.length;
    expect(tracked).toBeGreaterThan(0);
    expect(analyzed.patternsTracked).toBe(tracked);
    const run = { now: NOW, windowDays: WINDOW_DAYS, recordsInWindow: CALLS, sessionsInWindow: SESSIONS, patternsTracked: tracked };
    const figures = { ...run, carriedProjects: 2 };

    const bye = await json(['bye']);
    expect(bye.analysis).toMatchObject(run);
    expect(bye.analysis.carried).toHaveLength(2);

    const summary = readFileSync(join(s.data, 'daily-summary.md'), 'utf8');
    // The import learned each project's history (its records are in the window too, and counted once: runs/sparse-projects.ts afterHistory).
    expect(summary.split('\n')[2]).toMatch(new RegExp(`\\. ${CALLS} tool calls in ${SESSIONS} sessions; ${tracked} patterns tracked \\(with the history import learned for 2 projects\\)\\.$`));
    const perDay = (label: string) => [...summary.matchAll(new RegExp(`^- ${label}: (\\d+)$`, 'gm'))].reduce((n, m) => n + Number(m[1]), 0);
    expect(perDay('Tool calls')).toBe(CALLS);

    const report = (await json(['report', '--out', join(s.root, 'report.html')])).report;
    expect(report).toMatchObject({ records: CALLS, sessions: SESSIONS, lastAnalysis: figures });
    // No forecast says a score is "already under" demoteBelow beside a score above it.
    for (const x of [...report.rules, ...report.instincts]) expect(x.forecast.basis).not.toMatch(/already/);

    const stats = await json(['stats']);
    expect(stats.lastAnalysis).toEqual(report.lastAnalysis);
    // The patterns tracked are the observed instincts (none deferred, none taught).
    expect(stats.sources).toMatchObject({ observed: tracked, taught: 0, imported: 0 });

    const status = await json(['status']);
    expect(status).toMatchObject({ days: WINDOW_DAYS, lastAnalysis: figures });
    const text = await runCli(['status'], env, { cwd: s.root });
    expect(text.stdout).toContain(`trends over ${WINDOW_DAYS} days\nLast analysis (as of 2026-10-20 12:00Z, over its ${WINDOW_DAYS}-day window): ${CALLS} tool calls in ${SESSIONS} sessions; ${tracked} patterns tracked (with the history import learned for 2 projects).`);

    // Every instinct was created in the period: new, its creation no change; none rose.
    const trending = await json(['trending', '--limit', '1000']);
    expect(trending).toMatchObject({ days: WINDOW_DAYS, basis: 'events' });
    expect(trending.rows).toHaveLength(tracked);
    for (const row of trending.rows) expect(row).toMatchObject({ trend: 'new', change: 0 });
    expect(status.groups.length).toBeGreaterThan(0);
    for (const g of status.groups) for (const i of g.instincts) expect(i.trend).toBe('new');

    // Imported again: the same calls and sessions, each already recorded.
    const again = await json(['import-transcripts', projects]);
    expect(again).toMatchObject({ calls: CALLS, sessions: SESSIONS, added: 0, alreadyPresent: CALLS, repeated: HELD_AGAIN });
  });
});
