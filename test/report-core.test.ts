import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Rule } from '../analyzer/promotion.js';
import { tableFromRecords } from '../analyzer/table-builder.js';
import { loadConfig } from '../lib/config.js';
import type { InstinctView, Stats } from '../store/views/query.js';
import type { Reaching } from '../rules/reach.js';
import type { ObservedRule } from '../rules/rule.js';
import { renderReport } from '../report/html.js';
import { buildReport, type ReportData, type ReportInput } from '../report/model.js';
import { projectId } from '../observer/project-id.js';
import { listFiles, ROOT, runCli, sandbox } from './helpers.js';
import { writeWeek } from './report-fixture.js';
import { sessionLines } from './history-helpers.js';

const DEFAULTS = loadConfig('/nonexistent-home', {}, ROOT).config;

const DAY0 = Date.parse('2026-11-01T12:00:00Z');
const at = (days: number) => new Date(DAY0 + days * 86_400_000).toISOString();

describe('report: decay forecast', () => {
  it("a rule's forecast is the first day its project works on which bye archives it: kept by a bye the day before, archived by a bye that day once the project worked", async () => {
    const { root, data } = sandbox();
    mkdirSync(data, { recursive: true });
    // The rule of bye.test.ts's decay timeline: 90%, last seen at day 0, already unseen on 12 of its project's
    // working days (counted through day 12): the 13th such day takes it under demoteBelow.
    const rule = { id: 'chain-grep-read-edit', kind: 'chain', pattern: 'Grep->Read->Edit', promoted_at: at(0), confidence_at_promotion: 0.9, last_confidence: 0.9, last_seen: at(0), observations: 30, sessions: 4, confidence_now: 0.28, unseen_days: 12, aged_through: '2026-11-13T00:00:00.000Z' };
    writeFileSync(join(data, 'rules.json'), JSON.stringify({ rules: [rule] }));
    const env = { HOMUNCULUS_HOME: data, HOMUNCULUS_RULES_FILE: join(root, 'rules.md') };
    const r = await runCli(['report', '--now', at(12), '--out', join(root, 'r.html'), '--json'], env, { cwd: root });
    expect(r.exitCode, String(r.stderr)).toBe(0);
    const report = (JSON.parse(String(r.stdout)) as { report: ReportData }).report;
    const forecast = report.rules[0]!.forecast;
    expect(forecast.at).toBe('2026-11-14T00:00:00.000Z');
    expect(forecast.basis).toContain('once its project has worked 1 more day without it');
    expect(forecast.basis).toContain('12 counted so far');
    expect(readFileSync(join(root, 'r.html'), 'utf8')).toContain('2026-11-14 00:00Z');
    const rulesListed = () => (JSON.parse(readFileSync(join(data, 'rules.json'), 'utf8')) as { rules: Rule[] }).rules.length;
    // The project works on the forecast day without its pattern (an idle data home keeps its rules: test/bye.test.ts).
    mkdirSync(join(data, 'observations'), { recursive: true });
    writeFileSync(join(data, 'observations', '2026-11-14.jsonl'), `${sessionLines('2026-11-14T01:00:00Z', ['w1', 'w2'], 2, ['Bash', 'Write']).join('\n')}\n`);
    const before = await runCli(['bye', '--now', new Date(Date.parse(forecast.at!) - 60_000).toISOString()], env);
    expect(before.exitCode, String(before.stderr)).toBe(0);
    expect(rulesListed()).toBe(1);
    const on = await runCli(['bye', '--now', '2026-11-14T06:00:00Z'], env);
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
    confirmed: 0, contradicted: 0, corrected: 0, suggested: 0, inactive: 0, promoted: false, blocked: false, deliverable: false, ...over,
  };
}

function input(): ReportInput {
  const records = [];
  for (let i = 0; i < 6; i++) {
    records.push({ ts: NOW - 3_600_000 + i * 60_000, tool: i % 2 ? HOSTILE_TOOL : 'Bash', ok: i !== 2, session: 's1', detail: i % 2 ? undefined : 'npm test' });
  }
  const stats: Stats = { total: 1, levels: { seedling: 1, mature: 0, rule: 0, universal: 0 }, sources: { observed: 0, user_correction: 0, taught: 1, imported: 0 }, categories: { preference: 1 }, scopes: { global: 1, project: 0 }, states: { active: 1 }, facts: 0, projects: 0, rules: 0, events: 1, problems: 0 };
  return {
    nowMs: NOW,
    project: null,
    config: DEFAULTS,
    table: tableFromRecords(records),
    views: [view({ pattern: `pref:${HOSTILE_TEXT}` })],
    facts: [],
    stats,
    projects: [{ id: 'a1b2c3d4e5f6', name: HOSTILE_TEXT, instincts: 1 }],
    names: new Map([['a1b2c3d4e5f6', HOSTILE_TEXT]]),
    rules: [],
    lastAnalysis: null,
    effects: [],
    firstDay: '2026-10-09',
  };
}

/** An observed rule as rules.json keeps it, with its claim measured. */
function rule(i: number, over: Partial<ObservedRule> = {}): ObservedRule {
  const steps = [`T${i}a`, `T${i}b`, `T${i}c`];
  return { id: `chain-t${i}`, kind: 'chain', pattern: steps.join('->'), promoted_at: at(2), confidence_at_promotion: 0.93, last_confidence: 0.93, last_seen: at(6), observations: 40, sessions: 5, confidence_now: 0.93, key: `seq:${steps.join('->')}`, claim: '', hits: 30 + (i % 7), opportunities: 40, rate: round4((30 + (i % 7) + 5 * 0.1) / 45), lift: 8, ...over };
}
const round4 = (x: number) => Math.round(x * 1e4) / 1e4;
/** A rule as it reaches the report: an earlier version's global one, of sessions that named no project. */
const reach = (r: ObservedRule): Reaching => ({ rule: r, key: r.key!, where: 'sessions' });

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

  it('lists the first 10 instincts, the next ones under a summary, at most 100, and counts the rest', () => {
    const views = Array.from({ length: 120 }, (_, i) => view({ id: `pref-${i}`, pattern: `pref:p${i}`, confidence: 0.2 + i / 200 }));
    const html = renderReport(buildReport({ ...input(), views }));
    const rows = (id: string) => {
      const t = html.slice(html.indexOf(`data-table="${id}"`));
      return t.slice(0, t.indexOf('</table>')).match(/<tr>/g)!.length - 1;
    };
    expect(rows('instincts')).toBe(10);
    expect(rows('instincts-more')).toBe(90);
    expect(html).toContain('<summary>The other 110 instincts</summary>');
    expect(html).toContain('and 20 instincts not listed (120 in all).');
    // Taught ones by score, highest first.
    expect(html.indexOf('pref:p119')).toBeLessThan(html.indexOf('pref:p118'));
    expect(html).not.toContain('<code class="key">pref:p19</code>');
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
    expect(d.instincts[0]!.text).toBe(`When ${HOSTILE_TEXT}: do & ${HOSTILE_TEXT}`);
    expect(d.instincts[0]!.forecast.at).toBeNull();
  });

  it('what Claude is given comes first: each rule as its claim, the rate the one percentage beside it; held-back ones last, with why', () => {
    // As the report reads them for all projects (rules/reach.ts allRules): a project's own, and two of no recorded project.
    const rules: Reaching[] = [reach(rule(1)), reach(rule(2, { rate: 0.2 })), { ...reach(rule(3, { scope: 'project', project: 'a1b2c3d4e5f6' })), where: 'here' }];
    const d = buildReport({ ...input(), rules, names: new Map([['a1b2c3d4e5f6', 'shop']]) });
    // Most useful first (the same order as the SessionStart hook): the higher rate first.
    expect(d.rules.map((r) => [r.key, r.delivered, r.scope])).toEqual([
      ['seq:T3a->T3b->T3c', true, 'shop'],
      ['seq:T1a->T1b->T1c', true, 'sessions with no project recorded'],
      ['seq:T2a->T2b->T2c', false, 'sessions with no project recorded'],
    ]);
    expect(d.rules[1]!.text).toBe('After T1a then T1b, T1c comes next (70%; 31 of 40 times in 5 sessions)');
    expect(d.rules[2]!.held).toBe('its rate is 20%, under minRate 50%');
    const html = renderReport(d);
    const section = html.slice(html.indexOf('<section id="rules">'), html.indexOf('<section id="instincts">'));
    expect(section.indexOf('seq:T3a-&gt;T3b-&gt;T3c')).toBeGreaterThan(-1);
    expect(section.indexOf('seq:T3a-&gt;T3b-&gt;T3c')).toBeLessThan(section.indexOf('seq:T1a-&gt;T1b-&gt;T1c'));
    expect(section.indexOf('seq:T1a-&gt;T1b-&gt;T1c')).toBeLessThan(section.indexOf('seq:T2a-&gt;T2b-&gt;T2c'));
    expect(section).toContain('held back: its rate is 20%, under minRate 50%');
    // The rows: no percentage but the claim's rate (the score is never one; the forecast says "score 0.93").
    const rows = section.slice(section.indexOf('data-table="rules"')).split('<tr>').slice(2);
    for (const [i, row] of rows.entries()) {
      const claim = /<th scope="row">([^<]*)</.exec(row)![1]!;
      const rest = row.replace(/<th scope="row">[^<]*</, '').replace(/held back: [^<]*/, '');
      expect(claim.match(/\d+%/g), claim).toHaveLength(1);
      expect(rest, `row ${i}`).not.toMatch(/\d%/);
    }
    expect(html).not.toMatch(/9[0-9]%/); // no 93% confidence anywhere
  });

  it('names projects by their folder, with the id only where two names collide', () => {
    const projects = [
      { id: 'a1b2c3d4e5f6', name: 'api', instincts: 2 },
      { id: 'ffffffffffff', name: 'api', instincts: 1 },
      { id: '0123456789ab', name: 'shop', instincts: 0 },
      { id: '999999999999', name: null, instincts: 0 },
    ];
    const names = new Map([['a1b2c3d4e5f6', 'api (a1b2c3d4e5f6)'], ['ffffffffffff', 'api (ffffffffffff)'], ['0123456789ab', 'shop']]);
    const html = renderReport(buildReport({ ...input(), projects, names }));
    const t = html.slice(html.indexOf('data-table="projects"'));
    const labels = [...t.slice(0, t.indexOf('</table>')).matchAll(/<th scope="row">([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(labels).toEqual(['api (a1b2c3d4e5f6)', 'api (ffffffffffff)', '999999999999', 'shop']);
  });

  it('stays under 500 KB and 62 bars a chart on ten years of the widest history', () => {
    const longText = (i: number) => `${'x'.repeat(480)} ${i}`;
    const days = 3650;
    const records = [];
    // One record a day, each of a different tool and Bash command: the widest tables there can be.
    for (let i = 0; i < days; i++) records.push({ ts: NOW - i * 86_400_000, tool: i % 3 ? `mcp__server_${i % 500}__tool_with_a_long_name_${i}` : 'Bash', ok: i % 5 !== 0, session: `s${i >> 2}`, detail: i % 3 ? undefined : `cmd${i % 2000}` });
    const views = Array.from({ length: 1000 }, (_, i) => view({ id: `pref-${i}`, pattern: `pref:${'p'.repeat(150)}${i}`, trigger: longText(i), action: longText(i), confidence: 0.3 + (i % 60) / 100 }));
    const facts = Array.from({ length: 1000 }, (_, i) => ({ id: `fact-${i}`, fact: longText(i), domain: 'workflow', scope: 'global' as const, source: 'taught' as const, confidence: 0.5, stored_confidence: 0.5, observations: 1, state: 'active' as const, sessions: 1, first_seen: at(1), last_seen: at(1), confirmed: 0, contradicted: 0, corrected: 0 }));
    const rules = Array.from({ length: 400 }, (_, i) => reach(rule(i)));
    const projects = Array.from({ length: 500 }, (_, i) => ({ id: i.toString(16).padStart(12, '0'), name: `project-with-a-long-folder-name-${i}`, instincts: i }));
    const d = buildReport({ ...input(), table: tableFromRecords(records), views, facts, rules, projects, firstDay: '2016-01-01' });
    expect(d.days.length).toBeGreaterThan(3600);
    const html = renderReport(d);
    expect(Buffer.byteLength(html)).toBeLessThan(500 * 1024);
    for (const svg of html.match(/<svg data-chart="[^"]+"[\s\S]*?<\/svg>/g)!) {
      const id = /data-chart="([^"]+)"/.exec(svg)![1]!;
      const bars = (svg.match(/class="mark /g) ?? []).length;
      expect(bars, id).toBeLessThanOrEqual(id === 'calls-over-time' ? 2 * 62 : 2 * 12);
    }
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
