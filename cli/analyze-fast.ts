import { runLoggedAnalysis } from '../analyzer/logged-run.js';
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
