import { spawnSync } from 'node:child_process';
import { runLoggedAnalysis } from '../runs/logged-run.js';
import { windowBytes } from '../runs/window-files.js';
import { readOnlyNotice, renderReport, reportJson } from './analyze-command.js';
import { context, printJson } from './context.js';
import { reportFailure } from './fail.js';

// `homunculus analyze` (and the `analyze` bin) without yargs: loading yargs and the other
// commands' modules was a third of a cold analysis of a heavy week. Only the plain forms are
// taken here (--home, --now, --json); anything else goes the full way (cli/main.ts), whose
// handler does exactly what this does, and errors are reported by the same function.

interface Flags {
  json: boolean;
  home?: string;
  now?: string;
}

function parse(args: readonly string[]): Flags | undefined {
  const f: Flags = { json: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = a.indexOf('=');
    const name = eq === -1 ? a : a.slice(0, eq);
    const inline = eq === -1 ? undefined : a.slice(eq + 1);
    if (name === '--json' && inline === undefined) f.json = true;
    else if (name === '--home' || name === '--now') {
      const v = inline ?? args[++i];
      if (v === undefined || v === '' || v.startsWith('-')) return undefined;
      if (name === '--home') f.home = v;
      else f.now = v;
    } else return undefined;
  }
  return f;
}

/** True when it ran (successfully or not: process.exitCode says); false to take the full path. */
export function fastAnalyze(args: readonly string[]): boolean {
  const f = parse(args);
  if (f === undefined) return false;
  try {
    const ctx = context(f);
    // A window counted in parts (and at least 16 MiB) is read in batches; V8's default young
    // generation (16 MiB semi-spaces) would still take ~25 MiB more than the batches need. The
    // Stop hook gets the flag from its command line; here the process runs itself again with it,
    // only for such windows (one more start of node, ~2% of a run that size). Ctrl-C reaches both
    // (one process group).
    const flag = '--max-semi-space-size=2';
    const large = Math.max(ctx.config.partsFromMiB, 16) * 1048576;
    if (!process.execArgv.some((a) => a.startsWith('--max-semi-space-size')) && process.argv[1] !== undefined && windowBytes(ctx.home, ctx.now.getTime(), ctx.config) >= large) {
      // And glibc's malloc told to map every block of 256 KiB or more on its own: by default the
      // threshold rises to the largest block freed (a batch's columns, tens of MiB), and the
      // freed memory below it stays in the process (5M records: peak RSS ~200 -> ~165 MiB, docs/performance-notes.md).
      // Other C libraries ignore the variable; one set by the user is left as it is.
      const env = { MALLOC_MMAP_THRESHOLD_: '262144', ...process.env };
      const r = spawnSync(process.execPath, [...process.execArgv, flag, process.argv[1], ...process.argv.slice(2)], { stdio: 'inherit', env });
      if (r.error === undefined) {
        process.exitCode = r.status ?? 1;
        return true;
      }
    }
    // The same run as the yargs path: analysis.log gets its event either way.
    const report = runLoggedAnalysis({ home: ctx.home, now: ctx.now, config: ctx.config, by: 'analyze' })!;
    if (f.json && report.readOnly) process.stderr.write(`homunculus: ${readOnlyNotice(report)}\n`);
    if (f.json) printJson(reportJson(report));
    else process.stdout.write(`${renderReport(report)}\n`);
  } catch (e) {
    reportFailure(e);
  }
  return true;
}
