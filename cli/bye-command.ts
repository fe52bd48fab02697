import type { CommandModule } from 'yargs';
import { BYE_LOCK_WAIT_MS, runConsolidation, RulesStateError, type ByeReport } from '../runs/consolidate-run.js';
import { UserFileError } from '../lib/user-file.js';
import { appendAnalysisEvent } from '../lib/analysis-log.js';
import { analysisEvent } from '../runs/logged-run.js';
import { RulesFileRefused } from '../runs/rules-file-write.js';
import { CliError, EXIT_LOCK_TIMEOUT, EXIT_RULES_FILE } from './errors.js';
import { readOnlyNotice, renderReport, reportJson } from './analyze-command.js';
import { commonOptions, context, printJson } from './context.js';
import { installHint } from '../lib/invocation.js';
import { plural } from '../lib/plural.js';
import { acrossWords } from '../analyzer/rules-file.js';
import { figure, scoreText } from '../store/views/figures.js';
import { safeText } from '../lib/safe-text.js';
import type { ObservedRule } from '../rules/rule.js';

const safeName = (s: string) => safeText(s, 80) || s.slice(0, 12);

/** A rule as bye names it: its pattern, and whose it is (a project's, or a habit of several). */
function ruleName(r: ObservedRule): string {
  if (r.scope === 'project' && r.project) return `${r.pattern} in ${safeName(r.project_name ?? r.project)}`;
  return Array.isArray(r.projects) ? `${r.pattern} (${acrossWords({ projects: r.projects.length })})` : r.pattern;
}

export function renderBye(r: ByeReport): string {
  if (r.analysis.status === 'locked') return renderReport(r.analysis);
  const c = r.changes;
  const ro = r.analysis.readOnly;
  const lines = [renderReport(r.analysis), ''];
  const list = (xs: readonly ObservedRule[]) => xs.map((x) => `${ruleName(x)} (${figure({ rate: x.rate, confidence: x.confidence_now })})`).join(', ');
  if (r.skippedRules.length) {
    lines.push(`Left out ${plural(r.skippedRules.length, 'unusable entry', 'unusable entries')} of rules.json${r.rulesBackup ? ` (the file as it was is kept at ${r.rulesBackup})` : ''}: ${r.skippedRules.join('; ')}.`);
  }
  if (c.promoted.length) lines.push(`${ro ? 'Would promote' : 'Promoted'} to rules: ${list(c.promoted)}.`);
  if (c.refreshed.length) lines.push(`${ro ? 'Would refresh' : 'Refreshed'} (seen again): ${list(c.refreshed)}.`);
  if (c.decaying.length) lines.push(`Decaying (not seen lately): ${list(c.decaying)}.`);
  if (c.archived.length) lines.push(`${ro ? 'Would archive' : 'Archived'} rules: ${c.archived.map((a) => `${ruleName(a.rule)} (${a.reason})`).join('; ')}.`);
  const t = r.taughtChanges;
  if (t.promoted.length) lines.push(`${ro ? 'Would promote' : 'Promoted'} taught instincts to rules: ${t.promoted.map((x) => `${x.pattern} (${scoreText(x.confidence_now)})`).join(', ')}.`);
  if (t.archived.length) lines.push(`${ro ? 'Would archive' : 'Archived'} taught rules: ${t.archived.map((a) => `${a.rule.pattern} (${a.reason})`).join('; ')}.`);
  if (t.held.length) lines.push(`Kept, its file to fix: ${t.held.map((a) => `${a.rule.pattern} (${a.reason})`).join('; ')}.`);
  if (r.overridden.length) lines.push(`Contradicted by what you taught (the taught one wins there, the observed one is not given to Claude there): ${r.overridden.map((o) => `${o.pattern} in ${safeName(o.project_name ?? o.project)} (taught ${o.taught})`).join(', ')}.`);
  if (r.blocked.length) lines.push(`Not promoted, held back by a correction or contradiction until new evidence outweighs it: ${r.blocked.join(', ')}.`);
  if (r.withheld.length) lines.push(`Not given again, withdrawn earlier: ${r.withheld.map((w) => `${w.pattern}${w.project ? ` in ${safeName(w.project_name ?? w.project)}` : ''} (${w.reason})`).join('; ')}.`);
  if (!c.promoted.length && !c.refreshed.length && !c.decaying.length && !c.archived.length && !t.promoted.length && !t.archived.length) lines.push('No rule changed.');
  if (ro) lines.push(`Read-only: no rule changed; ${r.rulesFile} and rules.json were not written.`);
  else {
    const n = r.rules.length + r.taught.length;
    const inFile = r.rulesInFile ?? n;
    lines.push(
      inFile === n
        ? `${plural(n, 'rule')} in ${r.rulesFile}${r.rulesFileChanged ? ' (updated)' : ' (unchanged)'}.`
        : `${plural(n, 'rule')} in rules.json; ${inFile} of them in ${r.rulesFile}${r.rulesFileChanged ? ' (updated)' : ' (unchanged)'}, a rules file every session may load (it holds only the rules every session is given; each project's reach its sessions at their start).`,
    );
  }
  return lines.join('\n');
}

/** bye's consolidation in analysis.log: its analysis, and the rules it promoted, archived (demoted) or held back. */
function logBye(home: string, r: ByeReport, ms: number): void {
  try {
    appendAnalysisEvent(home, { ...analysisEvent(r.analysis, 'bye', ms), kind: 'analysis' });
    appendAnalysisEvent(home, {
      ts: r.analysis.now,
      kind: 'consolidation',
      by: 'bye',
      rules_promoted: [...r.changes.promoted.map((x) => x.pattern), ...r.taughtChanges.promoted.map((x) => x.pattern)],
      rules_demoted: [...r.changes.archived.map((a) => a.rule.pattern), ...r.taughtChanges.archived.map((a) => a.rule.pattern)],
      held_back: r.blocked,
      rules: r.rules.length + r.taught.length,
    });
  } catch {
    // the log must not fail bye
  }
}

type Args = { home?: string; now?: string; json: boolean; 'exit-zero': boolean };

export const byeCommand: CommandModule<object, Args> = {
  command: 'bye',
  aliases: ['consolidate'],
  describe: 'analyze, promote confident patterns to generated-rules.md, decay and archive stale rules',
  builder: (y) =>
    y
      .options({
        ...commonOptions,
        'exit-zero': { type: 'boolean', default: false, describe: 'always exit 0, problems on stdout (for the /bye command, which aborts on a failing command)' },
      })
      .epilogue(
        [
          `Waits up to ${BYE_LOCK_WAIT_MS / 1000} s for a running analysis (the Stop hook's) to finish.`,
          'Exit codes:',
          '  0   done',
          '  1   the data home or a file in it cannot be used (unwritable, full, a link out of it)',
          '  2   bad option, configuration or rules.json',
          `  ${EXIT_RULES_FILE}  the rules file (rulesFile, HOMUNCULUS_RULES_FILE) holds something else: bye writes a whole file only over an empty one or`,
          '      an earlier rules file, and a block into a Markdown file; nothing changed (EX_CANTCREAT)',
          `  ${EXIT_LOCK_TIMEOUT}  another analysis still held the lock after ${BYE_LOCK_WAIT_MS / 1000} s: nothing changed, run bye again`,
        ].join('\n'),
      ),
  handler: (argv) => {
    try {
      const ctx = context(argv);
      if (!ctx.homeExists) {
        const msg = `Nothing to consolidate yet: the data home ${ctx.home} does not exist. Install the hooks (${installHint()}), work with Claude, then run /bye again.`;
        if (argv.json) printJson({ status: 'no-data', home: ctx.home, message: msg });
        else process.stdout.write(`${msg}\n`);
        return;
      }
      const started = Date.now();
      const r = runConsolidation({ home: ctx.home, now: ctx.now, config: ctx.config, env: process.env });
      if (r.analysis.status === 'locked') {
        const h = r.analysis.heldBy;
        throw new CliError(`timed out after ${BYE_LOCK_WAIT_MS / 1000} s waiting for another analysis (pid ${h?.pid}, since ${h?.started}) to finish; nothing was changed: run bye again`, EXIT_LOCK_TIMEOUT);
      }
      if (!r.analysis.readOnly) logBye(ctx.home, r, Date.now() - started);
      if (argv.json && r.analysis.readOnly) process.stderr.write(`homunculus: ${readOnlyNotice(r.analysis)}\n`);
      if (argv.json) printJson({ ...r, analysis: reportJson(r.analysis) });
      else process.stdout.write(`${renderBye(r)}\n`);
    } catch (e) {
      const err = e instanceof RulesFileRefused ? new CliError(e.message, EXIT_RULES_FILE, { cause: e }) : e instanceof RulesStateError || e instanceof UserFileError ? new CliError(e.message, 2, { cause: e }) : e;
      if (!argv['exit-zero']) throw err;
      process.stdout.write(`homunculus bye could not finish: ${(err as Error).message}\n`);
    }
  },
};
