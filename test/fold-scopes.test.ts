import { describe, expect, it } from 'vitest';
import { analyzeProjects } from '../analyzer/projects.js';
import type { PlainRecord } from '../analyzer/record-table.js';
import { tableFromRecords } from '../analyzer/table-builder.js';
import type { Config } from '../lib/config.js';
import { scopePatterns } from '../store/promotion/scope.js';

// One habit, one rule: rotations are folded across scopes, not per project (issue 30, 12).

const NOW = Date.parse('2026-11-08T12:00:00Z');
const MIN = 60_000;
const config = {
  windowDays: 7, minConfidence: 0.5, maxConfidence: 0.95, promoteAt: 0.9, minObservations: 5, minSessions: 2, maxInstincts: 30, halfLifeDays: 7, chainDetail: true,
  saturateAt: 0.5, minLift: 4, minRetryLift: 3, ratePriorWeight: 5, minRate: 0.5, universalProjects: 2,
} as Config;

function session(id: string, project: string, startMs: number, tools: string[]): PlainRecord[] {
  return tools.map((tool, i) => ({ ts: startMs + i * MIN, tool, ok: true, session: id, project }));
}
const cycle = (first: string[], n: number) => Array.from({ length: n }, () => first).flat();

describe('rotations fold across scopes', () => {
  // Project a starts the cycle with Grep, project b with Read: each alone keeps its own member.
  const recs = [
    ...session('a1', 'aaaaaaaaaaaa', NOW - 3000 * MIN, ['X', ...cycle(['Grep', 'Read', 'Edit'], 6), 'Y']),
    ...session('a2', 'aaaaaaaaaaaa', NOW - 2000 * MIN, ['X', ...cycle(['Grep', 'Read', 'Edit'], 6), 'Y']),
    ...session('a3', 'aaaaaaaaaaaa', NOW - 1000 * MIN, ['X', ...cycle(['Grep', 'Read', 'Edit'], 6), 'Y']),
    ...session('b1', 'bbbbbbbbbbbb', NOW - 2500 * MIN, ['Z', ...cycle(['Read', 'Edit', 'Grep'], 6), 'W']),
    ...session('b2', 'bbbbbbbbbbbb', NOW - 500 * MIN, ['Z', ...cycle(['Read', 'Edit', 'Grep'], 6), 'W']),
  ];
  const pa = analyzeProjects(tableFromRecords(recs), NOW, config);
  const tracked = (id: string) => pa.projects.get(id)!.tracked.map((p) => p.key);

  it('each project keeps the member the analysis of everything keeps', () => {
    expect(pa.all.tracked.map((p) => p.key)).toContain('Grep->Read->Edit');
    expect(tracked('aaaaaaaaaaaa')).toContain('Grep->Read->Edit');
    expect(tracked('bbbbbbbbbbbb')).toContain('Grep->Read->Edit');
    expect(tracked('bbbbbbbbbbbb')).not.toContain('Read->Edit->Grep');
    expect(pa.projects.get('bbbbbbbbbbbb')!.patterns.find((p) => p.key === 'Read->Edit->Grep')!.foldedInto).toBe('Grep->Read->Edit');
  });

  it('so the habit is one instinct (universal, in both projects), never two', () => {
    const cyc = new Set(['Grep->Read->Edit', 'Read->Edit->Grep', 'Edit->Grep->Read']);
    const instincts = scopePatterns(pa, config).filter((s) => cyc.has(s.p.key));
    expect(instincts.map((s) => [s.p.key, s.scope, s.projects])).toEqual([['Grep->Read->Edit', 'global', ['aaaaaaaaaaaa', 'bbbbbbbbbbbb']]]);
  });
});
