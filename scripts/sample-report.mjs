// Regenerates docs/sample-report.html and docs/sample-report.png from the bundled worked example
// (the demo's scenario): its sessions go through the real observer hook into a temporary data
// home, bye runs at the scenario's two times, then `homunculus report` at the second. The
// screenshot needs Chromium (CHROMIUM_PATH, else /usr/bin/chromium); without it only the HTML is
// written. Usage: npm run docs:report (builds first).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { WORKED_EXAMPLE, EXAMPLE_TIMES, sessionCalls } = await import(join(root, 'dist', 'lib', 'worked-example.js'));
const dir = mkdtempSync(join(tmpdir(), 'homunculus-sample-'));
const env = { PATH: process.env.PATH ?? '', HOME: dir, TZ: 'UTC', HOMUNCULUS_HOME: join(dir, 'data'), HOMUNCULUS_RULES_FILE: join(dir, 'generated-rules.md') };
const cli = (args) => execFileSync(process.execPath, [join(root, 'dist', 'cli', 'homunculus.js'), ...args], { env, cwd: dir, encoding: 'utf8' });
const play = (ids) => {
  for (const s of WORKED_EXAMPLE.filter((x) => ids.includes(x.id))) {
    for (const call of sessionCalls(s)) execFileSync(process.execPath, [join(root, 'dist', 'hooks', 'observe.js')], { input: JSON.stringify(call.payload), env: { ...env, HOMUNCULUS_NOW: call.now } });
  }
};
try {
  play(['s1', 's2', 's3', 's4']);
  cli(['bye', '--now', EXAMPLE_TIMES.afterS4]);
  play(['s5', 's6', 's7']);
  cli(['bye', '--now', EXAMPLE_TIMES.afterS7]);
  const html = join(root, 'docs', 'sample-report.html');
  process.stdout.write(cli(['report', '--now', EXAMPLE_TIMES.afterS7, '--out', html]));
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromiumPath)) {
    process.stdout.write(`No Chromium at ${chromiumPath}: docs/sample-report.png not updated.\n`);
  } else {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
    const page = await browser.newPage({ viewport: { width: 1040, height: 800 }, javaScriptEnabled: false });
    await page.goto(`file://${html}`);
    await page.screenshot({ path: join(root, 'docs', 'sample-report.png'), fullPage: true });
    await browser.close();
    process.stdout.write('Wrote docs/sample-report.png\n');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
