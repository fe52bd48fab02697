import { createReadStream, existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { CommandModule } from 'yargs';
import { DAY_MS, parseInstant } from '../lib/clock.js';
import { ObservationSink } from '../observer/observation-sink.js';
import { newCounts, skip, TranscriptPairer, type ImportCounts } from '../claude/transcript.js';
import { commonOptions, context, printJson } from './context.js';
import { CliError } from './errors.js';

export interface ImportReport {
  files: number;
  sessions: number;
  calls: number;
  failures: number;
  added: number;
  alreadyPresent: number;
  lines: number;
  skipped: Record<string, number>;
  dryRun: boolean;
}

/** Every transcript file under the given paths (files are taken as they are). */
export async function transcriptFiles(paths: string[]): Promise<string[]> {
  const { default: fg } = await import('fast-glob'); // loaded on use, not at every CLI start
  const out: string[] = [];
  for (const p of paths) {
    if (!existsSync(p)) throw new CliError(`no such file or folder: ${p}`);
    if (statSync(p).isFile()) out.push(resolve(p));
    else out.push(...(await fg('**/*.jsonl', { cwd: p, absolute: true, onlyFiles: true, followSymbolicLinks: false, suppressErrors: true })));
  }
  return [...new Set(out)].sort();
}

async function importFile(path: string, counts: ImportCounts, sinceMs: number, sink: ObservationSink, sessions: Set<string>): Promise<void> {
  const pairer = new TranscriptPairer(counts, (o, ms) => {
    if (ms < sinceMs) return skip(counts, 'tool calls older than --since or the retention period');
    sessions.add(o.session);
    sink.add(o, ms);
  });
  const rl = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const raw of rl) {
    if (raw.length === 0) continue;
    counts.lines++;
    if (!TranscriptPairer.worthParsing(raw)) {
      skip(counts, 'lines without tool calls');
      continue;
    }
    let line: unknown;
    try {
      line = JSON.parse(raw);
    } catch {
      skip(counts, 'malformed lines (not JSON, truncated, binary)');
      continue;
    }
    if (typeof line !== 'object' || line === null || Array.isArray(line)) {
      skip(counts, 'malformed lines (not JSON, truncated, binary)');
      continue;
    }
    pairer.line(line as Record<string, unknown>);
  }
  pairer.finish();
}

export async function importTranscripts(opts: { home: string; paths: string[]; sinceMs: number; dryRun: boolean; progress?: (done: number, total: number) => void }): Promise<ImportReport> {
  const files = await transcriptFiles(opts.paths);
  const counts = newCounts();
  const sink = new ObservationSink(opts.home, opts.dryRun, opts.sinceMs);
  const sessions = new Set<string>();
  for (let i = 0; i < files.length; i++) {
    await importFile(files[i]!, counts, opts.sinceMs, sink, sessions);
    opts.progress?.(i + 1, files.length);
  }
  sink.flush();
  return {
    files: files.length,
    sessions: sessions.size,
    calls: counts.calls,
    failures: counts.failures,
    added: sink.added,
    alreadyPresent: sink.duplicates,
    lines: counts.lines,
    skipped: counts.skipped,
    dryRun: opts.dryRun,
  };
}

export function renderImport(r: ImportReport): string {
  const lines = [
    `Read ${r.files} transcript files: ${r.calls} tool calls paired with their results (${r.failures} failed) in ${r.sessions} sessions.`,
    `${r.dryRun ? 'Dry run: would add' : 'Added'} ${r.added} new records; ${r.alreadyPresent} were already recorded (by the hook or an earlier import).`,
  ];
  const skipped = Object.entries(r.skipped).sort((a, b) => b[1] - a[1]);
  if (skipped.length) lines.push(`Skipped (${r.lines} lines read):`, ...skipped.map(([why, n]) => `  ${n} ${why}`));
  return lines.join('\n');
}

type Args = { paths?: string[]; since?: string; 'dry-run': boolean; home?: string; now?: string; json: boolean };

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
      }),
  handler: async (argv) => {
    const ctx = context(argv);
    const home = process.env['HOME'] ?? '';
    const defaults = [join(home, '.claude', 'projects')];
    if (process.env['CLAUDE_CONFIG_DIR']) defaults.push(join(process.env['CLAUDE_CONFIG_DIR'], 'projects'));
    const paths = argv.paths?.length ? argv.paths : defaults.filter((p) => existsSync(p));
    if (paths.length === 0) throw new CliError(`no transcripts found: looked in ${defaults.join(' and ')}; name a folder or file to import`);
    const sinceMs = argv.since ? parseInstant(argv.since, '--since').getTime() : ctx.now.getTime() - ctx.config.retentionDays * DAY_MS;
    const tty = process.stderr.isTTY && !argv.json && !process.env['CI'];
    const report = await importTranscripts({
      home: ctx.home,
      paths,
      sinceMs,
      dryRun: argv['dry-run'],
      progress: tty ? (done, total) => process.stderr.write(`\rimporting: ${done}/${total} files${done === total ? '\n' : ''}`) : undefined,
    });
    if (argv.json) printJson(report);
    else process.stdout.write(`${renderImport(report)}\n`);
  },
};
