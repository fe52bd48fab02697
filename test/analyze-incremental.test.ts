// The analyzer's fast paths against the straightforward computation, on generated data that has
// what makes them hard: records late and out of order, sessions across midnight and across the
// window's start, subagents, Bash details, several projects and records with none.
import { describe, expect, it } from 'vitest';
import { analyze } from '../analyzer/analyze.js';
import { analyzeProjects } from '../analyzer/projects.js';
import { projectTable, tableFromRecords, type PlainRecord } from '../analyzer/record-table.js';
import type { Config } from '../lib/config.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-08T19:00:00Z');
const config: Config = {
  windowDays: 7, minConfidence: 0.5, maxConfidence: 0.95, promoteAt: 0.9, minObservations: 5, minSessions: 2,
  maxInstincts: 30, archivePruneDays: 30, retentionDays: 30, demoteBelow: 0.25, forcedEvalEvery: 5, chainDetail: true, halfLifeDays: 7,
  saturateAt: 0.5, minLift: 4, minRetryLift: 3, keepRuleSessionShare: 0.5, effectMinOpportunities: 20, effectMinChange: 0.05,
};

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
}

const TOOLS = ['Grep', 'Read', 'Edit', 'Bash', 'Glob', 'Write', 'TodoWrite'];
const DETAILS = ['npm test', 'git status', 'ls', undefined];
const PROJECTS = ['a1b2c3d4e5f6', '0123456789ab', 'fedcba987654', undefined];

/** Sessions of habits and noise over the window and a day past each of its ends, in file order (not time order). */
export function generatedRecords(seed: number, sessions = 120): PlainRecord[] {
  const rand = rng(seed);
  const out: PlainRecord[] = [];
  const habits = [['Grep', 'Read', 'Edit'], ['Edit', 'Bash', 'Bash'], ['Read', 'Edit', 'Bash']];
  for (let s = 0; s < sessions; s++) {
    // From a day before the window's start to an hour past now (the future is counted apart).
    let ts = NOW - 8 * DAY + Math.floor(rand() * 8 * DAY) + 3_600_000;
    let project = PROJECTS[Math.floor(rand() * PROJECTS.length)];
    const n = 5 + Math.floor(rand() * 80);
    for (let i = 0; i < n; i++) {
      const habit = habits[Math.floor(rand() * habits.length)]!;
      const tools = rand() < 0.6 ? habit : [TOOLS[Math.floor(rand() * TOOLS.length)]!];
      if (rand() < 0.01) project = PROJECTS[Math.floor(rand() * PROJECTS.length)]; // a session that moves to another folder
      for (const tool of tools) {
        ts += 1000 + Math.floor(rand() * 1_800_000); // some sessions run past midnight
        const agentId = rand() < 0.1 ? 'sub1' : undefined;
        const detail = tool === 'Bash' ? DETAILS[Math.floor(rand() * DETAILS.length)] : undefined;
        out.push({ ts, tool, ok: rand() > 0.15, session: `s${s}`, agentId, detail, project });
      }
    }
  }
  // Files hold records in arrival order: mostly by time, some late (imported, or a slow hook).
  out.sort((a, b) => a.ts - b.ts);
  for (let i = 0; i < out.length / 20; i++) {
    const a = Math.floor(rand() * out.length);
    const b = Math.min(out.length - 1, a + Math.floor(rand() * 200));
    [out[a], out[b]] = [out[b]!, out[a]!];
  }
  return out;
}

describe('per-project analysis', () => {
  it.each([1, 2, 3])('filtering the whole table equals analysing a copy of the project\'s records (seed %d)', (seed) => {
    const t = tableFromRecords(generatedRecords(seed));
    const pa = analyzeProjects(t, NOW, config);
    expect(pa.projects.size).toBe(3);
    for (const [name, a] of pa.projects) {
      const copy = analyze(projectTable(t, t.projects.indexOf(name)), NOW, config);
      expect(a).toEqual(copy);
    }
    expect(pa.all).toEqual(analyze(t, NOW, config));
  });
});
