import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { DAY_MS, parseInstant } from '../lib/clock.js';
import { readLines } from '../lib/line-reader.js';
import { ObservationSink } from '../observer/observation-sink.js';
import { agentTypeFromMeta, newCounts, skip, subagentMetaPath, TranscriptPairer, type ImportCounts } from '../claude/transcript.js';
import { commonOptions, context, printJson } from './context.js';
import { CliError } from './errors.js';

export interface ImportReport {
  files: number;
  /** Transcript files that could not be read, and paths named *.jsonl that are not files. */
  unreadable: number;
  sessions: number;
  calls: number;
  failures: number;
  added: number;
  alreadyPresent: number;
  lines: number;
  skipped: Record<string, number>;
  dryRun: boolean;
}

/** A line longer than this is skipped (and counted) without being held in memory whole. */
export const DEFAULT_MAX_LINE_MIB = 64;

const NOT_A_FILE = 'paths named *.jsonl that are not regular files';
const UNREADABLE = 'transcript files that could not be read';

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

/** A subagent transcript's type, from the small `.meta.json` beside it (read at most 64 KiB). */
function subagentType(path: string): string | undefined {
  const meta = subagentMetaPath(path);
  if (meta === undefined) return undefined;
  try {
    const fd = openSync(meta, 'r');
    try {
      const buf = Buffer.alloc(64 * 1024);
      const n = readSync(fd, buf, 0, buf.length, 0);
      return agentTypeFromMeta(buf.toString('utf8', 0, n));
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined; // no meta file: the records carry the agent id only
  }
}

function parseLine(raw: string, counts: ImportCounts, pairer: TranscriptPairer): void {
  if (raw.length === 0) return;
  counts.lines++;
  if (!TranscriptPairer.worthParsing(raw)) {
    skip(counts, 'lines without tool calls');
    return;
  }
  let line: unknown;
  try {
    line = JSON.parse(raw);
  } catch {
    skip(counts, 'malformed lines (not JSON, truncated, binary)');
    return;
  }
  if (typeof line !== 'object' || line === null || Array.isArray(line)) {
    skip(counts, 'malformed lines (not JSON, truncated, binary)');
    return;
  }
  pairer.line(line as Record<string, unknown>);
}

async function importFile(path: string, counts: ImportCounts, sinceMs: number, maxLineBytes: number, sink: ObservationSink, sessions: Set<string>): Promise<void> {
  const pairer = new TranscriptPairer(
    counts,
    (o, ms) => {
      if (ms < sinceMs) return skip(counts, 'tool calls older than --since or the retention period');
      sessions.add(o.session);
      sink.add(o, ms);
    },
    subagentType(path),
  );
  const mib = maxLineBytes / 1048576;
  await readLines(
    path,
    maxLineBytes,
    (raw) => parseLine(raw, counts, pairer),
    () => {
      counts.lines++;
      skip(counts, `lines longer than ${Number.isInteger(mib) ? mib : mib.toFixed(3)} MiB (not read; --max-line-mib)`);
    },
  );
  pairer.finish();
}

export async function importTranscripts(opts: {
  home: string;
  paths: string[];
  sinceMs: number;
  dryRun: boolean;
  maxLineBytes?: number;
  progress?: (done: number, total: number) => void;
}): Promise<ImportReport> {
  const { files, notFiles } = await transcriptFiles(opts.paths);
  const counts = newCounts();
  if (notFiles > 0) skip(counts, NOT_A_FILE, notFiles);
  let unreadable = notFiles;
  const sink = new ObservationSink(opts.home, opts.dryRun, opts.sinceMs);
  const sessions = new Set<string>();
  for (let i = 0; i < files.length; i++) {
    try {
      await importFile(files[i]!, counts, opts.sinceMs, opts.maxLineBytes ?? DEFAULT_MAX_LINE_MIB * 1048576, sink, sessions);
    } catch (e) {
      // One file we may not read (permissions, a folder or device swapped in, an I/O error) must
      // not cost the others: what it yielded before the error stays, the rest is counted.
      const code = (e as NodeJS.ErrnoException).code;
      if (typeof code !== 'string') throw e;
      unreadable++;
      skip(counts, UNREADABLE);
    }
    opts.progress?.(i + 1, files.length);
  }
  sink.flush();
  return {
    files: files.length,
    unreadable,
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
  const read = r.files - (r.skipped[UNREADABLE] ?? 0);
  const lines = [
    `Read ${read} transcript files: ${r.calls} tool calls paired with their results (${r.failures} failed) in ${r.sessions} sessions.`,
    `${r.dryRun ? 'Dry run: would add' : 'Added'} ${r.added} new records; ${r.alreadyPresent} were already recorded (by the hook or an earlier import).`,
  ];
  const skipped = Object.entries(r.skipped).sort((a, b) => b[1] - a[1]);
  if (skipped.length) lines.push(`Skipped (${r.lines} lines read):`, ...skipped.map(([why, n]) => `  ${n} ${why}`));
  return lines.join('\n');
}

type Args = { paths?: string[]; since?: string; 'dry-run': boolean; 'max-line-mib': number; home?: string; now?: string; json: boolean };

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
      })
      .check((a) => {
        const v = a['max-line-mib'];
        if (!(typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= 1024)) throw new CliError(`--max-line-mib: expected a number of MiB above 0 and at most 1024, found ${String(v)}`, 2);
        return true;
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
      maxLineBytes: Math.floor(argv['max-line-mib'] * 1048576),
      progress: tty ? (done, total) => process.stderr.write(`\rimporting: ${done}/${total} files${done === total ? '\n' : ''}`) : undefined,
    });
    if (argv.json) printJson(report);
    else process.stdout.write(`${renderImport(report)}\n`);
  },
};
