// `homunculus report` on a generated week (default 1,000,000 records) against `node -e 0`:
// warm (after an analysis and bye: the analyzer's per-day cache is there, the usual case) and
// cold (cache removed: every file parsed), with the report's size. A second set spreads records
// over 30 days (a month, the retention) to show the size and time of a month's report. A third is
// a year of varied history (bench/generate-year.mjs: 58 tools, ~80 Bash commands, 24 named
// projects) kept with retentionDays 365: the report's size, and its height in Chromium when
// /usr/bin/chromium (or CHROMIUM_PATH) is there.
// Usage: node bench/report.mjs [records] [rounds] [monthRecords] [yearRecords]
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generateObservations } from './generate.mjs';
import { generateYear } from './generate-year.mjs';
import { fmt, interleave, runOnce } from './lib.mjs';

const root = resolve(import.meta.dirname, '..');
const cli = join(root, 'dist', 'cli', 'homunculus.js');
const records = Number(process.argv[2] ?? 1_000_000);
const rounds = Number(process.argv[3] ?? 5);
const monthRecords = Number(process.argv[4] ?? 1_000_000);
const yearRecords = Number(process.argv[5] ?? 300_000);
const NOW = '2026-11-08T19:00:00Z';

async function measure(name, n, days, { year = false } = {}) {
  const home = mkdtempSync(join(tmpdir(), `homunculus-bench-report-`));
  const t0 = Date.now();
  const g = year ? generateYear(home, { records: n, days }) : generateObservations(join(home, 'observations'), { records: n, days, seed: 11 });
  const genS = (Date.now() - t0) / 1000;
  const env = { HOMUNCULUS_HOME: home, HOMUNCULUS_NOW: NOW, HOMUNCULUS_RULES_FILE: join(home, 'rules.md') };
  // In use every day was once in the window, so the analyzer cached it; one analysis over a
  // window as long as the set does the same here (then the defaults again, for the report; a
  // year is kept with retentionDays 365, as a user who keeps a year would set it).
  const keep = year ? { retentionDays: 365 } : {};
  writeFileSync(join(home, 'config.json'), JSON.stringify({ ...keep, windowDays: Math.min(30, Math.max(7, days)) }));
  runOnce('node', [cli, 'analyze'], { env });
  if (year) writeFileSync(join(home, 'config.json'), JSON.stringify(keep));
  else rmSync(join(home, 'config.json'));
  runOnce('node', [cli, 'bye'], { env });
  const out = join(home, 'report.html');
  const warm = interleave(
    [
      { name: 'node -e 0', run: () => runOnce('node', ['-e', '0']) },
      { name: 'report, warm', run: () => runOnce('node', [cli, 'report', '--out', out], { env }) },
    ],
    rounds,
  );
  const bytes = statSync(out).size;
  const height = await pageHeight(out);
  const cacheDir = join(home, 'state', 'cache');
  const cacheBackup = `${cacheDir}.bak`;
  runOnce('mv', [cacheDir, cacheBackup]);
  const cold = interleave([{ name: 'report, cold (no cache)', run: () => runOnce('node', [cli, 'report', '--out', out], { env }) }], Math.max(1, Math.floor(rounds / 2)));
  rmSync(home, { recursive: true, force: true });
  return { name, n, days, files: g.files, mib: g.bytes / 1048576, genS, warm, cold, bytes, height };
}

/** The page's height in px in headless Chromium at 1100 px wide, or null without Chromium. */
async function pageHeight(file) {
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromiumPath)) return null;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 }, javaScriptEnabled: false });
  await page.goto(`file://${file}`);
  const h = await page.evaluate(() => document.documentElement.scrollHeight);
  await browser.close();
  return h;
}

const sets = [await measure(`${records.toLocaleString('en')} records, 7 days`, records, 7)];
if (monthRecords > 0) sets.push(await measure(`${monthRecords.toLocaleString('en')} records, 30 days`, monthRecords, 30));
if (yearRecords > 0) sets.push(await measure(`${yearRecords.toLocaleString('en')} records, 365 days, 58 tools, 24 projects`, yearRecords, 365, { year: true }));
for (const s of sets) {
  console.log(`\n### ${s.name}: ${s.files} files, ${fmt(s.mib, 0)} MiB (generated in ${fmt(s.genS)} s)`);
  console.log('| case | median wall ms | ratio to node -e 0 | peak RSS MiB |');
  console.log('|---|---:|---:|---:|');
  const base = s.warm['node -e 0'].ms;
  for (const [k, v] of [...Object.entries(s.warm), ...Object.entries(s.cold)]) console.log(`| ${k} | ${fmt(v.ms, 0)} | ${fmt(v.ms / base, 2)}x | ${fmt(v.rssMiB, 0)} |`);
  console.log(`\nreport size: ${s.bytes.toLocaleString('en')} bytes (${fmt(s.bytes / 1024, 0)} KB)${s.height === null ? '' : `; page height ${s.height} px at 1100 px wide`}`);
}
