import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { DAY_MS, parseInstant } from '../lib/clock.js';
import { userHome } from '../lib/data-home.js';
import { DEFAULT_MAX_LINE_MIB, importTranscriptFiles, UNREADABLE, type ImportReport } from '../claude/transcript-import.js';
import { commonOptions, context, printJson } from './context.js';
import { learnFromHistory, newLearnSink, type HistoryLearning } from '../runs/history-run.js';
import { commandWordsOf } from '../observer/command-words.js';
import { CliError } from './errors.js';
import { plural } from '../lib/plural.js';

/**
 * Every transcript file under the given paths (files are taken as they are), and how many paths
 * named `*.jsonl` are not regular files (a folder, a FIFO that would block a read, a link).
 */
export async function transcriptFiles(paths: string[]): Promise<{ files: string[]; notFiles: number }> {
  const { default: fg } = await import('fast-glob'); // loaded on use, not at every CLI start
  const out: string[] = [];
  let notFiles = 0;
  for (const p of paths) {
    if (!existsSync(p)) throw new CliError(`no such file or folder: ${p}`);
    if (statSync(p).isFile()) {
      out.push(resolve(p));
      continue;
    }
    for (const e of await fg('**/*.jsonl', { cwd: p, absolute: true, onlyFiles: false, objectMode: true, followSymbolicLinks: false, suppressErrors: true })) {
      if (e.dirent.isFile()) out.push(e.path);
      else notFiles++;
    }
  }
  return { files: [...new Set(out)].sort(), notFiles };
}

/**
 * `--json`'s names for why lines, calls and files were skipped (docs/import.md lists them): camelCase
 * keys a script can use, where the summary prints its sentences. A reason not in the table
 * (a new one) gets the camelCase of its words before any parenthesis.
 */
const SKIP_KEYS: [RegExp, string][] = [
  [/^lines without tool calls\b/, 'linesWithoutToolCalls'],
  [/^lines of an unknown type$/, 'linesOfUnknownType'],
  [/^malformed lines\b/, 'malformedLines'],
  [/^lines longer than\b/, 'linesTooLong'],
  [/^tool calls older than\b/, 'olderThanSince'],
  [/^tool calls too recent\b/, 'tooRecent'],
  [/^tool calls with a missing or invalid\b/, 'invalidToolCalls'],
  [/^tool calls without a result$/, 'callsWithoutResult'],
  [/^results without a matching call$/, 'resultsWithoutCall'],
  [/^results without a valid timestamp$/, 'resultsWithoutTimestamp'],
  [/^tool calls and results whose time is not\b/, 'timeOutOfRange'],
  [/^paths named \*\.jsonl that are not regular files$/, 'notRegularFiles'],
  [/^transcript files that could not be read$/, 'unreadableFiles'],
];

export function skipKey(reason: string): string {
  const known = SKIP_KEYS.find(([re]) => re.test(reason));
  if (known) return known[1];
  const words = reason.replace(/\(.*$/, '').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  return words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('') || 'other';
}

/** The report as --json prints it: its skipped reasons as camelCase keys (summed where several sentences share one). */
export function importJson(r: ImportReport): ImportReport {
  const skipped: Record<string, number> = {};
  for (const [why, n] of Object.entries(r.skipped)) skipped[skipKey(why)] = (skipped[skipKey(why)] ?? 0) + n;
  return { ...r, skipped };
}

/** The tool calls --since (or the retention period) kept from being written as records. */
export const OLDER_THAN_SINCE = 'tool calls older than --since or the retention period';

export function renderImport(r: ImportReport, since?: { at: string; fromRetention: boolean; retentionDays: number }): string {
  const read = r.files - (r.skipped[UNREADABLE] ?? 0);
  const lines = [
    `Read ${plural(read, 'transcript file')}: ${plural(r.calls, 'tool call')} paired with their results (${r.failures} failed) in ${plural(r.sessions, 'session')}.`,
    `${r.dryRun ? 'Dry run: would add' : 'Added'} ${plural(r.added, 'new record')}; ${r.alreadyPresent} ${r.alreadyPresent === 1 ? 'was' : 'were'} already recorded (by the hook or an earlier import)` +
      (r.repeated > 0 ? `; ${r.repeated} ${r.repeated === 1 ? 'call was' : 'calls were'} held twice in the transcripts (recorded once).` : '.'),
  ];
  const older = r.skipped[OLDER_THAN_SINCE] ?? 0;
  if (older > 0 && since !== undefined) {
    const why = since.fromRetention ? `the retention period (retentionDays ${since.retentionDays})` : '--since';
    lines.push(`Not written as records: ${plural(older, 'tool call')} before ${since.at.slice(0, 10)}, ${why}${r.dryRun ? '' : '; learned from all the same'}. --since <an earlier date> writes them too.`);
  }
  const skipped = Object.entries(r.skipped).filter(([why]) => why !== OLDER_THAN_SINCE).sort((a, b) => b[1] - a[1]);
  if (skipped.length) lines.push(`Skipped (${plural(r.lines, 'line')} read):`, ...skipped.map(([why, n]) => `  ${n} ${why}`));
  return lines.join('\n');
}

/** The command's run, from its parsed flags: the yargs handler and the fast path (cli/import-fast.ts) both call it. */
export async function runImport(argv: ImportFlags): Promise<void> {
  const ctx = context(argv);
  const defaults = [join(userHome(process.env), '.claude', 'projects')];
  if (process.env['CLAUDE_CONFIG_DIR']) defaults.push(resolve(process.env['CLAUDE_CONFIG_DIR'], 'projects'));
  const paths = argv.paths?.length ? argv.paths : defaults.filter((p) => existsSync(p));
  if (paths.length === 0) throw new CliError(`no transcripts found: looked in ${defaults.join(' and ')}; name a folder or file to import`);
  const sinceMs = argv.since ? parseInstant(argv.since, '--since').getTime() : ctx.now.getTime() - ctx.config.retentionDays * DAY_MS;
  const tty = process.stderr.isTTY && !argv.json && !process.env['CI'];
  const { files, notFiles } = await transcriptFiles(paths);
  // Learning from history reads every paired call, older than --since too (none is written for it).
  const learn = argv['dry-run'] || argv.learn === false ? undefined : newLearnSink();
  const report = await importTranscriptFiles({
    home: ctx.home,
    files,
    notFiles,
    lookupAll: true,
    sinceMs,
    dryRun: argv['dry-run'],
    maxLineBytes: Math.floor(argv['max-line-mib'] * 1048576),
    progress: tty ? (done, total) => process.stderr.write(`\rimporting: ${done}/${total} files${done === total ? '\n' : ''}`) : undefined,
    ...(learn ? { learn } : {}),
    commandWords: commandWordsOf(ctx.config.commandWords),
  });
  const learning = learn === undefined ? undefined : learnFromHistory({ home: ctx.home, table: learn.table.build(), addedByDay: report.addedByDay, now: ctx.now, config: ctx.config, env: process.env });
  const since = { at: new Date(sinceMs).toISOString(), fromRetention: !argv.since, retentionDays: ctx.config.retentionDays };
  if (argv.json) {
    const { addedByDay: _days, ...rest } = report;
    printJson({ ...importJson(rest as ImportReport), since, ...(learning ? { learned: learning.projects, retention: learning.retention } : {}) });
  } else process.stdout.write(`${renderImport(report, since)}${learning ? `\n${renderLearning(learning)}` : ''}\n`);
}

/** What import learned from history, per project, and what the next analysis's retention will remove. */
export function renderLearning(l: HistoryLearning): string {
  const lines: string[] = [];
  if (l.projects.length === 0) lines.push('Learned from history: no project (the calls read name no project folder).');
  else {
    lines.push(`Learned from history, each project over its last active days (up to windowDays), as of now:`);
    for (const p of l.projects) {
      const span = `${p.from.slice(0, 10)} .. ${p.to.slice(0, 10)}`;
      const own = p.rules.length === 0 ? 'nothing of its own yet worth a session\'s start' : `${plural(p.rules.length, 'rule')} of its own for its sessions: ${p.rules.map((k) => `\`${k}\``).join(', ')}`;
      const rules = p.across.length === 0 ? own : `${own}; ${plural(p.across.length, 'habit')} of your other projects: ${p.across.map((k) => `\`${k}\``).join(', ')}`;
      lines.push(`  ${safeName(p.name)}: ${plural(p.sessions, 'session')} on ${plural(p.activeDays, 'active day')} (${span}): ${plural(p.tracked, 'pattern')} tracked; ${rules}`);
    }
  }
  if (l.retention.records > 0) {
    lines.push(
      `Retention: the next analysis removes ${plural(l.retention.records, 'record')} of this import (${plural(l.retention.days, 'day')} older than retentionDays, ${l.retention.retentionDays}); ` +
        `what they taught is kept. To keep the records too, set "retentionDays": ${l.retention.keepWith} in config.json.`,
    );
  }
  return lines.join('\n');
}

const safeName = (s: string) => s.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');

export type ImportFlags = { paths?: string[] | undefined; since?: string | undefined; 'dry-run': boolean; 'max-line-mib': number; home?: string | undefined; now?: string | undefined; json: boolean; learn?: boolean };

type Args = ImportFlags;

export const importCommand: CommandModule<object, Args> = {
  command: 'import-transcripts [paths..]',
  describe: 'learn from existing Claude Code transcripts (default: ~/.claude/projects)',
  builder: (y) =>
    y
      .positional('paths', { type: 'string', array: true, describe: 'transcript files or folders' })
      .options({
        ...commonOptions,
        since: { type: 'string', describe: 'only calls at or after this date (default: the retention period before --now)' },
        'dry-run': { type: 'boolean', default: false, describe: 'count what would be imported, write nothing' },
        'max-line-mib': { type: 'number', default: DEFAULT_MAX_LINE_MIB, describe: 'skip (and count) transcript lines longer than this many MiB' },
        learn: { type: 'boolean', default: true, describe: 'learn from the history read, older than --since too (each project over its own last active days), and promote what holds; --no-learn only writes records' },
      })
      .check((a) => {
        const v = a['max-line-mib'];
        if (!(typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= 1024)) throw new CliError(`--max-line-mib: expected a number of MiB above 0 and at most 1024, found ${String(v)}`, 2);
        return true;
      }),
  handler: (argv) => runImport(argv),
};
