import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Rule } from '../analyzer/promotion.js';
import { tableFromRecords } from '../analyzer/record-table.js';
import { loadConfig } from '../lib/config.js';
import type { InstinctView, Stats } from '../store/query.js';
import { renderReport } from '../report/html.js';
import { buildReport, type ReportData, type ReportInput } from '../report/model.js';
import { projectId } from '../observer/project-id.js';
import { listFiles, ROOT, runCli, sandbox } from './helpers.js';
import { writeWeek } from './report-fixture.js';

const DEFAULTS = loadConfig('/nonexistent-home', {}, ROOT).config;

const DAY0 = Date.parse('2026-11-01T12:00:00Z');
const at = (days: number) => new Date(DAY0 + days * 86_400_000).toISOString();

describe('report: decay forecast', () => {
  it("a rule's forecast is the moment bye archives it: kept by a bye a minute before, archived by a bye at it", async () => {
    const { root, data } = sandbox();
    mkdirSync(data, { recursive: true });
    // The rule of bye.test.ts's decay timeline: 90%, last seen at day 0, archived by the bye of day 13.
    const rule: Rule = { id: 'chain-grep-read-edit', kind: 'chain', pattern: 'Grep->Read->Edit', promoted_at: at(0), confidence_at_promotion: 0.9, last_confidence: 0.9, last_seen: at(0), observations: 30, sessions: 4, confidence_now: 0.9 };
    writeFileSync(join(data, 'rules.json'), JSON.stringify({ rules: [rule] }));
    const env = { HOMUNCULUS_HOME: data, HOMUNCULUS_RULES_FILE: join(root, 'rules.md') };
    const r = await runCli(['report', '--now', at(1), '--out', join(root, 'r.html'), '--json'], env, { cwd: root });
    expect(r.exitCode, String(r.stderr)).toBe(0);
    const report = (JSON.parse(String(r.stdout)) as { report: ReportData }).report;
    const forecast = report.rules[0]!.forecast.at!;
    expect(forecast.slice(0, 10)).toBe('2026-11-14');
    expect(readFileSync(join(root, 'r.html'), 'utf8')).toContain(`${forecast.slice(0, 16).replace('T', ' ')}Z`);
    const rulesListed = () => (JSON.parse(readFileSync(join(data, 'rules.json'), 'utf8')) as { rules: Rule[] }).rules.length;
    const before = await runCli(['bye', '--now', new Date(Date.parse(forecast) - 60_000).toISOString()], env);
    expect(before.exitCode, String(before.stderr)).toBe(0);
    expect(rulesListed()).toBe(1);
    const on = await runCli(['bye', '--now', forecast], env);
    expect(on.exitCode, String(on.stderr)).toBe(0);
    expect(rulesListed()).toBe(0);
    expect(readdirSync(join(data, 'archive')).filter((f) => f.startsWith('rule-'))).toHaveLength(1);
  });
});

const NOW = Date.parse('2026-11-08T20:00:00Z');
const HOSTILE_TOOL = '<img src=x onerror=alert(1)>';
const HOSTILE_TEXT = '</code><script>alert("x")</script>';

function view(over: Partial<InstinctView>): InstinctView {
  return {
    id: 'pref-x', pattern: 'pref:x', category: 'preference', domain: 'workflow', trigger: HOSTILE_TEXT, action: `do & ${HOSTILE_TEXT}`, explain: '', scope: 'global', projects: [],
    source: 'taught', confidence: 0.5, stored_confidence: 0.5, observations: 1, level: 'seedling', state: 'active', sessions: 1, first_seen: at(6), last_seen: at(6), created: at(6),
    confirmed: 0, contradicted: 0, corrected: 0, suggested: 0, inactive: 0, promoted: false, blocked: false, ...over,
  };
}

function input(): ReportInput {
  const records = [];
  for (let i = 0; i < 6; i++) {
    records.push({ ts: NOW - 3_600_000 + i * 60_000, tool: i % 2 ? HOSTILE_TOOL : 'Bash', ok: i !== 2, session: 's1', detail: i % 2 ? undefined : 'npm test' });
  }
  const stats: Stats = { total: 1, levels: { seedling: 1, mature: 0, rule: 0, universal: 0 }, sources: { observed: 0, taught: 1, imported: 0 }, categories: { preference: 1 }, scopes: { global: 1, project: 0 }, states: { active: 1 }, facts: 0, projects: 0, rules: 0, events: 1, problems: 0 };
  return {
    nowMs: NOW,
    project: null,
    config: DEFAULTS,
    table: tableFromRecords(records),
    views: [view({ pattern: `pref:${HOSTILE_TEXT}` })],
    facts: [],
    stats,
    projects: [{ id: 'a1b2c3d4e5f6', name: HOSTILE_TEXT, instincts: 1 }],
    events: [{ ts: at(6), id: 'pref-x', pattern: 'pref:x', project: null, source: 'taught', delta: 0.5, reason: 'taught' }],
    rules: [],
    lastAnalysis: null,
    effects: [],
    firstDay: '2026-10-09',
  };
}

describe('report: the pure core', () => {
  it('escapes every name and text that comes from data', () => {
    const html = renderReport(buildReport(input()));
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;/code&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('do &amp; ');
  });

  it('is a function of its input and the injected now: the same data gives the same bytes', () => {
    const a = renderReport(buildReport(input()));
    const b = renderReport(buildReport(input()));
    expect(a).toBe(b);
    expect(a).toContain('Generated for 2026-11-08 20:00Z');
  });

  it('draws the 50 most confident instincts and lists the rest in one table', () => {
    const views = Array.from({ length: 120 }, (_, i) => view({ id: `pref-${i}`, pattern: `pref:p${i}`, confidence: 0.2 + i / 200 }));
    const html = renderReport(buildReport({ ...input(), views }));
    expect(html.match(/<article /g)).toHaveLength(50);
    expect(html).toContain('<code>pref:p119</code>');
    const other = html.slice(html.indexOf('data-table="other-instincts"'));
    expect(other.slice(0, other.indexOf('</table>')).match(/<tr>/g)).toHaveLength(1 + 70);
    expect(other).toContain('pref:p0');
  });

  it('counts calls, failures, transitions and retries along the session', () => {
    const d = buildReport(input());
    expect(d.days).toEqual(['2026-11-08']);
    expect(d.perDay).toEqual([{ day: '2026-11-08', calls: 6, failures: 1 }]);
    // Most calls first; a tie by name ('<' sorts before 'B').
    expect(d.perTool).toEqual([
      { tool: HOSTILE_TOOL, calls: 3, failures: 0 },
      { tool: 'Bash', calls: 3, failures: 1 },
    ]);
    expect(d.edges).toEqual([
      { from: 'Bash', to: HOSTILE_TOOL, count: 3 },
      { from: HOSTILE_TOOL, to: 'Bash', count: 2 },
    ]);
    // The failed Bash(npm test) was followed by the other tool: a failure, not retried.
    expect(d.retryByTool).toEqual([{ name: 'Bash', failures: 1, retried: 0, rate: 0 }]);
    expect(d.retryByCommand).toEqual([{ name: 'npm test', failures: 1, retried: 0, rate: 0 }]);
    expect(d.instincts[0]!.history).toEqual([{ ts: at(6), confidence: 0.5 }]);
    expect(d.instincts[0]!.forecast.at).toBeNull();
  });
});

describe('report --project', () => {
  it("keeps the current project's records only, and writes nothing into the data home", async () => {
    const { root, data, project } = sandbox();
    mkdirSync(join(project, '.git'), { recursive: true });
    const mine = projectId(project);
    const a = writeWeek(join(data, 'observations'), { endIso: '2026-11-08T20:00:00Z', days: 3, sessionsPerDay: 2, calls: 20, project: mine });
    const b = writeWeek(join(data, 'observations'), { endIso: '2026-11-08T20:00:00Z', days: 3, sessionsPerDay: 3, calls: 20, project: 'ffffffffffff', seed: 9 });
    const env = { HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: '2026-11-08T20:00:00Z' };
    const before = listFiles(data);
    const report = async (args: string[]) => {
      const r = await runCli(['report', '--out', join(root, 'r.html'), '--json', ...args], env, { cwd: project });
      expect(r.exitCode, String(r.stderr)).toBe(0);
      return (JSON.parse(String(r.stdout)) as { report: ReportData }).report;
    };
    const all = await report([]);
    expect(all.records).toBe(a.records + b.records);
    expect(all.project).toBeNull();
    const only = await report(['--project']);
    expect(only.project).toBe(mine);
    expect(only.records).toBe(a.records);
    expect(only.sessions).toBe(a.sessions);
    expect(only.perTool.map((t) => [t.tool, t.calls])).toEqual([...a.perTool].map(([t, r]) => [t, r.calls]).sort((x, y) => (y[1] as number) - (x[1] as number) || (x[0]! < y[0]! ? -1 : 1)));
    expect(listFiles(data)).toEqual(before);
  });
});
