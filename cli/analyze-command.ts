import type { CommandModule } from 'yargs';
import type { AnalysisReport } from '../runs/run.js';
import { runLoggedAnalysis } from '../runs/logged-run.js';
import { commonOptions, context, printJson } from './context.js';
import { plural } from '../lib/plural.js';

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** The read-only notice: first on stdout, and on stderr too when stdout carries JSON. */
export function readOnlyNotice(r: AnalysisReport): string {
  return `Read-only run: ${r.readOnlyReason}: nothing was pruned, archived or written; the figures below are what that time would give.`;
}

export function renderReport(r: AnalysisReport): string {
  if (r.status === 'locked') return `Another analysis is running (pid ${r.heldBy?.pid}, since ${r.heldBy?.started}); nothing to do.`;
  const lines = r.readOnly ? [readOnlyNotice(r)] : [];
  if (r.waitedFor) lines.push(`Waited for another analysis (pid ${r.waitedFor.pid}) to finish.`);
  lines.push(
    `Analyzed ${plural(r.recordsInWindow, 'tool call')} in ${plural(r.sessionsInWindow, 'session')}, window ${r.windowStart} .. ${r.now} ` +
      `(${plural(r.files.read, 'file')}: ${r.files.cached} cached, ${r.files.appended} appended, ${r.files.parsed} parsed).`,
    `Patterns tracked: ${r.tracked.length}${r.tracked.length ? ` (strongest by score: ${r.tracked.slice(0, 3).map((p) => `${p.key} ${pct(p.confidence)}`).join(', ')})` : ''}${r.carried.length ? `, with the history import learned for ${plural(r.carried.length, 'project')}` : ''}.`,
    r.readOnly
      ? 'Instincts: none written, none archived (read-only).'
      : `Instincts written: ${r.written.length}, unchanged: ${r.unchanged.length}, archived: ${r.archived.length}${r.archived.length ? ` (${r.archived.map((a) => `${a.pattern}: ${a.reason}`).join('; ')})` : ''}.`,
    `Lines skipped: ${r.skipped.malformed} malformed, ${r.skipped.future} from the future${r.skipped.duplicates ? `, ${r.skipped.duplicates} recording a tool call a second time (hooks registered twice? homunculus doctor)` : ''}.`,
  );
  if (r.extended.length) {
    const n = r.extended.length;
    lines.push(`${plural(n, 'project')} with fewer than minSessions sessions in the window ${n === 1 ? 'was' : 'were'} judged over ${n === 1 ? 'its' : 'their'} last active days instead: ${r.extended.map((e) => `${e.project} (${plural(e.sessions, 'session')} since ${e.windowStart.slice(0, 10)})`).join(', ')}.`);
  }
  if (r.deferred.length) lines.push(`New patterns left for the next run (at most ${r.deferred.length} beyond this run's maxNewInstinctsPerRun): ${r.deferred.join(', ')}.`);
  if (r.keptUserEdits.length) lines.push(`Hand-edited instinct files kept before rewriting them: ${r.keptUserEdits.join(', ')}.`);
  if (r.pruned.observations.length || r.pruned.archive.length) {
    lines.push(`Pruned: ${r.pruned.observations.length} observation files, ${r.pruned.archive.length} archived instincts.`);
  }
  if (r.notPruned?.length) lines.push(`Not pruned, a folder where an expired file was expected (move it out of the data home): ${r.notPruned.join(', ')}.`);
  return lines.join('\n');
}

export function reportJson(r: AnalysisReport): unknown {
  const { analysis: _omit, projects: _projects, ...rest } = r;
  return rest;
}

export const analyzeCommand: CommandModule<object, { home?: string; now?: string; json: boolean }> = {
  command: 'analyze',
  describe: 'score 3-tool chains and error-retry pairs over the window and write instinct files',
  builder: (y) => y.options(commonOptions),
  handler: (argv) => {
    const ctx = context(argv);
    const report = runLoggedAnalysis({ home: ctx.home, now: ctx.now, config: ctx.config, by: 'analyze' })!;
    if (argv.json && report.readOnly) process.stderr.write(`homunculus: ${readOnlyNotice(report)}\n`);
    if (argv.json) printJson(reportJson(report));
    else process.stdout.write(`${renderReport(report)}\n`);
  },
};
