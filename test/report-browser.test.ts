import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ReportData } from '../report/model.js';
import { patternStoreKey } from '../analyzer/claims.js';
import { ROOT, runCli, sandbox } from './helpers.js';
import { writeWeek, type Expected } from './report-fixture.js';

// The report opened in a real browser (Debian's chromium, driven by playwright-core; no browser
// is downloaded): from a generated week, every chart must be there with one mark per data point,
// the tables must say what `homunculus stats --json` says, and nothing may go to the console.

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) console.warn(`report-browser.test.ts skipped: no Chromium at ${CHROMIUM} (install the chromium package, or set CHROMIUM_PATH)`);
const ARTIFACTS = join(ROOT, 'test-artifacts');
const NOW = '2026-11-08T20:00:00Z';

describe.skipIf(!haveChromium)('report in headless Chromium', () => {
  let browser: Browser;
  let page: Page;
  let exp: Expected;
  let data: ReportData;
  let stats: Record<string, unknown> & { levels: Record<string, number>; categories: Record<string, number>; sources: Record<string, number>; states: Record<string, number>; scopes: Record<string, number> };
  let rulesJson: { rules: { kind: string; pattern: string }[]; taught?: { pattern: string }[] };
  let html: string;
  let yearHtml: string;
  let yearOut: string;
  const errors: string[] = [];

  beforeAll(async () => {
    const { root, data: home } = sandbox();
    exp = writeWeek(join(home, 'observations'), { endIso: NOW, days: 7, sessionsPerDay: 5, calls: 60 });
    const env = { HOMUNCULUS_HOME: home, HOMUNCULUS_RULES_FILE: join(root, 'rules.md'), HOMUNCULUS_NOW: NOW };
    for (const args of [
      ['analyze'],
      ['bye'],
      ['observe', 'pref:pkg=pnpm', '--trigger', 'installing <b>packages</b>', '--action', 'use pnpm & never "npm"', '--global'],
      ['facts', 'add', 'the test database listens on <3306>', '--global'],
    ]) {
      const r = await runCli(args, env, { cwd: root });
      expect(r.exitCode, `${args.join(' ')}: ${String(r.stderr)}`).toBe(0);
    }
    const out = join(root, 'report.html');
    const r = await runCli(['report', '--out', out, '--json'], env, { cwd: root });
    expect(r.exitCode, String(r.stderr)).toBe(0);
    data = (JSON.parse(String(r.stdout)) as { report: ReportData }).report;
    const s = await runCli(['stats', '--json'], env, { cwd: root });
    stats = JSON.parse(String(s.stdout)) as typeof stats;
    html = readFileSync(out, 'utf8');
    rulesJson = JSON.parse(readFileSync(join(home, 'rules.json'), 'utf8')) as typeof rulesJson;
    // A year: a session a day for 365 days, kept (retentionDays 365) and reported.
    const y = sandbox();
    writeWeek(join(y.data, 'observations'), { endIso: NOW, days: 365, sessionsPerDay: 1, calls: 40 });
    writeFileSync(join(y.data, 'config.json'), JSON.stringify({ retentionDays: 365 }));
    const yenv = { HOMUNCULUS_HOME: y.data, HOMUNCULUS_RULES_FILE: join(y.root, 'rules.md'), HOMUNCULUS_NOW: NOW };
    for (const args of [['analyze'], ['bye'], ['report', '--out', (yearOut = join(y.root, 'year.html'))]]) {
      const yr = await runCli(args, yenv, { cwd: y.root });
      expect(yr.exitCode, `${args.join(' ')}: ${String(yr.stderr)}`).toBe(0);
    }
    yearHtml = readFileSync(yearOut, 'utf8');
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    page = await browser.newPage({ viewport: { width: 1100, height: 900 }, javaScriptEnabled: false });
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('request', (req) => {
      if (!req.url().startsWith('file://')) errors.push(`fetched ${req.url()}`);
    });
    await page.goto(`file://${out}`);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'report.png'), fullPage: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  const marks = (chart: string) => page.locator(`svg[data-chart="${chart}"] .mark`).count();
  /** A table's rows as first cell -> numbers of the other cells (from data-value). */
  const tableOf = (id: string) =>
    page.$$eval(`table[data-table="${id}"] tbody tr`, (rows: HTMLTableRowElement[]) =>
      rows.map((r) => [r.cells[0]!.textContent ?? '', Array.from(r.cells).slice(1).filter((c) => c.hasAttribute('data-value')).map((c) => Number(c.getAttribute('data-value')))] as [string, number[]]),
    );

  it('loads without console errors or requests, and the screenshot is saved', () => {
    expect(errors).toEqual([]);
    expect(statSync(join(ARTIFACTS, 'report.png')).size).toBeGreaterThan(10_000);
    expect(html).not.toMatch(/<script|<link|src=|url\(http/i);
  });

  it('the at-a-glance tables say what homunculus stats --json says', async () => {
    for (const key of ['levels', 'categories', 'sources', 'states', 'scopes'] as const) {
      const rows = await tableOf(key);
      expect(Object.fromEntries(rows.map(([k, v]) => [k, v[0]])), key).toEqual(stats[key]);
    }
    const totals = Object.fromEntries((await tableOf('totals')).map(([k, v]) => [k, v[0]]));
    expect(totals).toEqual({ instincts: stats['total'], rules: stats['rules'], facts: stats['facts'], projects: stats['projects'], events: stats['events'], problems: stats['problems'] });
    expect(stats['total']).toBeGreaterThan(2);
    expect(stats['rules']).toBeGreaterThan(0);
    expect(stats['facts']).toBe(1);
  });

  it('every chart has one mark per data point, at most 12 rows of them', async () => {
    expect(await marks('levels')).toBe(Object.keys(stats.levels).length);
    expect(await marks('categories')).toBe(Object.keys(stats.categories).length);
    expect(await marks('calls-over-time')).toBe(2 * exp.days.length);
    expect(await marks('tools')).toBe(2 * Math.min(12, exp.perTool.size));
    expect(await marks('transitions')).toBe(Math.min(12, exp.pairs.size));
    expect(await marks('retry-tools')).toBe(Math.min(12, exp.retryTool.size));
    expect(await marks('retry-commands')).toBe(Math.min(12, exp.retryCmd.size));
    // One bar pair per observed rule (a taught one has no habit to measure).
    expect(await marks('effects')).toBe(2 * Math.min(12, data.rules.filter((r) => r.kind !== 'taught').length));
    const rated = data.rules.filter((r) => r.delivered && r.rate !== null);
    expect(rated.length).toBeGreaterThan(0);
    expect(await marks('rule-rates')).toBe(Math.min(12, rated.length));
    // Every svg on the page is one of those, and each has its table.
    const charts = await page.$$eval('svg[data-chart]', (s) => s.map((x) => x.getAttribute('data-chart')!));
    expect(charts.sort()).toEqual(['calls-over-time', 'categories', 'effects', 'levels', 'retry-commands', 'retry-tools', 'rule-rates', 'tools', 'transitions']);
    for (const c of charts) expect(await page.locator(`details table[data-table="${c}"]`).count(), c).toBe(1);
  });

  it('the tool-use tables hold the generated counts', async () => {
    expect(Object.fromEntries(await tableOf('calls-over-time'))).toEqual(Object.fromEntries(exp.days.map((d) => [d, [exp.perDay.get(d)!.calls, exp.perDay.get(d)!.failures]])));
    expect(Object.fromEntries(await tableOf('tools'))).toEqual(Object.fromEntries([...exp.perTool].map(([t, r]) => [t, [r.calls, r.failures]])));
    const top = [...exp.pairs].sort((a, b) => b[1] - a[1]).slice(0, 12);
    const edges = await page.$$eval('table[data-table="transitions"] tbody tr', (rows: HTMLTableRowElement[]) => rows.map((r) => `${r.cells[0]!.textContent}->${r.cells[1]!.textContent}=${r.cells[2]!.textContent}`));
    // Ties at the cut may be ordered differently: compare the counts, and each listed edge's own count.
    expect(edges.map((e) => Number(e.split('=')[1]))).toEqual(top.map(([, n]) => n));
    for (const e of edges) expect(exp.pairs.get(e.split('=')[0]!), e).toBe(Number(e.split('=')[1]));
    expect(Object.fromEntries(await tableOf('retry-tools'))).toEqual(Object.fromEntries([...exp.retryTool].map(([t, [f, r]]) => [t, [f, r, Math.round((r / f) * 1e4) / 1e4]])));
    expect(Object.fromEntries(await tableOf('retry-commands'))).toEqual(Object.fromEntries([...exp.retryCmd].map(([t, [f, r]]) => [t, [f, r, Math.round((r / f) * 1e4) / 1e4]])));
  });

  it('what Claude is given is first: the rules of rules.json, each as its claim with its rate as the only percentage', async () => {
    const sections = await page.$$eval('main > section', (s) => s.map((x) => x.id));
    expect(sections.slice(0, 3)).toEqual(['glance', 'rules', 'instincts']);
    const shown = await page.$$eval('table[data-table="rules"] tbody tr, table[data-table="rules-more"] tbody tr', (rows: HTMLTableRowElement[]) => rows.map((r) => ({ said: r.cells[0]!.childNodes[0]!.textContent ?? '', key: r.cells[0]!.querySelector('code')!.textContent ?? '', rest: Array.from(r.cells).slice(1).map((c) => c.textContent).join(' | ') })));
    expect(shown.map((r) => r.key)).toEqual(data.rules.map((r) => r.key));
    // Observed and taught: every rule of rules.json (what a person taught is a rule at once).
    expect(shown.map((r) => r.key).sort()).toEqual([...rulesJson.rules.map((r) => patternStoreKey(r.kind, r.pattern)), ...(rulesJson.taught ?? []).map((t) => t.pattern)].sort());
    for (const [i, r] of shown.entries()) {
      const rate = data.rules[i]!.rate;
      expect(r.said.match(/\d+%/g), r.said).toEqual(rate === null ? null : [`${Math.round(rate * 100)}%`]);
      expect(r.rest, r.key).not.toMatch(/%/);
    }
  });

  it('on a year of history the page stays under 500 KB and short enough to read at a glance', async () => {
    expect(Buffer.byteLength(yearHtml)).toBeLessThan(500 * 1024);
    const year = await browser.newPage({ viewport: { width: 1100, height: 900 }, javaScriptEnabled: false });
    await year.goto(`file://${yearOut}`);
    const height = await year.evaluate(() => document.documentElement.scrollHeight);
    await year.screenshot({ path: join(ARTIFACTS, 'report-year.png'), fullPage: true });
    await year.close();
    expect(height).toBeLessThan(7000);
    // A bar a week, not a day.
    expect((yearHtml.match(/<svg data-chart="calls-over-time"[\s\S]*?<\/svg>/)![0].match(/class="mark /g) ?? []).length).toBe(2 * 53);
  });

  it('follows the dark colour scheme', async () => {
    const dark = await browser.newPage({ viewport: { width: 1100, height: 900 }, javaScriptEnabled: false, colorScheme: 'dark' });
    await dark.goto(page.url());
    const bg = (p: Page) => p.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await bg(page)).toBe('rgb(255, 255, 255)');
    expect(await bg(dark)).toBe('rgb(18, 18, 18)');
    await dark.screenshot({ path: join(ARTIFACTS, 'report-dark.png') });
    await dark.close();
  });

  it('taught text is shown as text, and the page works without JavaScript', async () => {
    // The page was loaded with JavaScript off: the tables open and show their rows.
    await page.locator('summary', { hasText: 'Table: Calls and failures per day' }).click();
    expect(await page.locator('table[data-table="calls-over-time"]').isVisible()).toBe(true);
    expect(await page.locator('b', { hasText: 'packages' }).count()).toBe(0);
    expect(html).toContain('pref:pkg=pnpm');
  });
});
