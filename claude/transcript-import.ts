import { cutLongStrings } from '../lib/json-cut.js';
import { readLines } from '../lib/line-reader.js';
import { readRegularHead } from '../lib/regular-file.js';
import { ObservationSink } from '../observer/observation-sink.js';
import { INTERRUPTED_MARK, REJECTED_MARK } from '../observer/observation.js';
import { nameProjects } from '../store/files/projects.js';
import type { TableBuilder } from '../analyzer/table-builder.js';
import { CallTally } from '../analyzer/sessions.js';
import { agentTypeFromMeta, LineMarks, newCounts, resultText, skip, subagentMetaPath, TranscriptPairer, type ImportCounts } from './transcript.js';

// Transcripts into observation records: the import command's core, also run by the reconciliation
// worker at the end of a session. No yargs, no glob library: the worker is bundled small.

export interface ImportReport {
  files: number;
  /** Transcript files that could not be read, and paths named *.jsonl that are not files. */
  unreadable: number;
  /** The calls read (paired with their results; not too recent), each once, of them failed, and their sessions (analyzer/sessions.ts). */
  calls: number;
  failures: number;
  sessions: number;
  added: number;
  alreadyPresent: number;
  /** Second holdings of a call within the transcripts read (the call counted, and recorded, once). */
  repeated: number;
  /** Records added per UTC day. */
  addedByDay: Record<string, number>;
  lines: number;
  skipped: Record<string, number>;
  dryRun: boolean;
}

/** A line longer than this is skipped (and counted) without being held in memory whole. */
export const DEFAULT_MAX_LINE_MIB = 64;

export const NOT_A_FILE = 'paths named *.jsonl that are not regular files';
export const UNREADABLE = 'transcript files that could not be read';

/** A subagent transcript's type, from the small `.meta.json` beside it (read at most 64 KiB). */
function subagentType(path: string): string | undefined {
  const meta = subagentMetaPath(path);
  if (meta === undefined) return undefined;
  try {
    return agentTypeFromMeta(readRegularHead(meta, 64 * 1024).toString('utf8'));
  } catch {
    return undefined; // no meta file, or not a regular file (a FIFO is never waited on): the records carry the agent id only
  }
}

/** Lines at least this long have their long strings emptied before JSON.parse; shorter ones are parsed whole. */
const CUT_LINES_FROM = 1024;
/** Strings at least this long (bytes between the quotes) are emptied, unless the pairer reads them. */
const CUT_STRINGS_FROM = 128;

/**
 * The text of a line worth parsing, its long strings emptied when the pairer never reads them:
 * a tool result's content is most of a transcript's bytes, and JSON.parse of it was most of an
 * import's time and of its garbage. Exactly what JSON.parse of the whole line gives the pairer
 * (lib/json-cut.ts says why); a string it cannot vouch for sends the whole line to JSON.parse.
 * But for a failed result's words, which say whether the user stopped the call: parseLine reads
 * the whole line when they were emptied and the line holds a stop's words.
 */
export function lineText(buf: Buffer, start: number, end: number): string {
  return cutLine(buf, start, end) ?? buf.toString('utf8', start, end);
}

/** The line with its long strings emptied, or undefined when it is read whole (short, or a string json-cut cannot vouch for). */
function cutLine(buf: Buffer, start: number, end: number): string | undefined {
  return end - start >= CUT_LINES_FROM ? cutLongStrings(buf, start, end, CUT_STRINGS_FROM, TranscriptPairer.FIELDS) : undefined;
}

function parseLine(buf: Buffer, start: number, end: number, counts: ImportCounts, pairer: TranscriptPairer, marks: LineMarks): void {
  if (end === start) return;
  counts.lines++;
  // Decoded only when worth parsing: most lines (progress, text, hooks) are never turned into strings.
  if (!marks.worth(buf, start, end)) {
    skip(counts, 'lines without tool calls');
    return;
  }
  let line: unknown;
  try {
    const cut = cutLine(buf, start, end);
    line = JSON.parse(cut ?? buf.toString('utf8', start, end));
    // A failed result emptied by the cut may begin with Claude Code's words for a stopped call
    // (a declined call's are long): that line is read whole, so the stop is read where it stands.
    if (cut !== undefined && emptiedFailure(line) && mayHoldStop(buf, start, end)) line = JSON.parse(buf.toString('utf8', start, end));
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

const STOP_MARKS = [Buffer.from(REJECTED_MARK), Buffer.from(INTERRUPTED_MARK)];

/** The raw line holds Claude Code's words for a stopped call somewhere (ASCII: found in the bytes, undecoded). */
function mayHoldStop(buf: Buffer, start: number, end: number): boolean {
  const raw = buf.subarray(start, end);
  return STOP_MARKS.some((m) => raw.indexOf(m) !== -1);
}

/** A line with a failed tool_result whose words were emptied by the cut. */
function emptiedFailure(line: unknown): boolean {
  const content = (line as { message?: { content?: unknown } } | null)?.message?.content;
  if (!Array.isArray(content)) return false;
  return content.some((b) => typeof b === 'object' && b !== null && (b as Record<string, unknown>)['type'] === 'tool_result' && (b as Record<string, unknown>)['is_error'] === true && resultText((b as Record<string, unknown>)['content']) === '');
}

/** The paired calls kept for learning from history (analyzer/history.ts): every one, whatever --since says, each tool-use id once. */
export interface LearnSink {
  table: TableBuilder;
}

function importFile(path: string, counts: ImportCounts, range: { sinceMs: number; untilMs: number }, maxLineBytes: number, sink: ObservationSink, tally: CallTally, names: Map<string, string>, lastSeen: Map<string, number>, learn: LearnSink | undefined, commandWords: ReadonlySet<string> | undefined): void {
  const pairer = new TranscriptPairer(
    counts,
    (o, ms) => {
      if (ms > range.untilMs) return skip(counts, 'tool calls too recent for a live session (left for the next reconciliation)');
      // Each call once (analyzer/sessions.ts): a second holding is counted as repeated, and nothing more.
      if (!tally.add(o.id, o.session, o.ok)) return;
      learn?.table.add(ms, o.tool, o.ok, o.session, o.agentId, o.detail, o.project ?? undefined);
      if (o.project !== null && ms > (lastSeen.get(o.project) ?? -Infinity)) lastSeen.set(o.project, ms);
      if (ms < range.sinceMs) return skip(counts, 'tool calls older than --since or the retention period');
      sink.add(o, ms);
    },
    subagentType(path),
    commandWords,
  );
  const mib = maxLineBytes / 1048576;
  const marks = new LineMarks();
  readLines(
    path,
    maxLineBytes,
    (buf, start, end) => parseLine(buf, start, end, counts, pairer, marks),
    () => {
      counts.lines++;
      skip(counts, `lines longer than ${Number.isInteger(mib) ? mib : mib.toFixed(3)} MiB (not read; --max-line-mib)`);
    },
  );
  pairer.finish();
  for (const [id, name] of pairer.projectNames) names.set(id, name);
}

/**
 * Imports transcript files into the observation files: each tool call paired with its result
 * becomes the record the hook would have written, unless a record with its tool-use id is already
 * there. Calls whose result is older than `sinceMs`, or newer than `untilMs` (a live session's
 * last calls, whose hooks may still be writing them), are left out and counted.
 */
export async function importTranscriptFiles(opts: {
  home: string;
  files: string[];
  /** Paths named *.jsonl that were not regular files (counted as unreadable). */
  notFiles?: number;
  sinceMs: number;
  untilMs?: number;
  dryRun: boolean;
  maxLineBytes?: number;
  progress?: (done: number, total: number) => void;
  /** Also look ids up in every day file from the day before `sinceMs` (an import of history). */
  lookupAll?: boolean;
  /** Every paired call (older than sinceMs too) into this table, for learning from history. */
  learn?: LearnSink;
  /** The user's own script names (`commandWords`), recorded in details as the hook records them. */
  commandWords?: ReadonlySet<string>;
}): Promise<ImportReport> {
  const { files } = opts;
  const notFiles = opts.notFiles ?? 0;
  const counts = newCounts();
  if (notFiles > 0) skip(counts, NOT_A_FILE, notFiles);
  let unreadable = notFiles;
  const sink = new ObservationSink(opts.home, opts.dryRun, opts.lookupAll ? opts.sinceMs : undefined);
  const tally = new CallTally();
  const names = new Map<string, string>();
  const lastSeen = new Map<string, number>();
  for (let i = 0; i < files.length; i++) {
    try {
      importFile(files[i]!, counts, { sinceMs: opts.sinceMs, untilMs: opts.untilMs ?? Infinity }, opts.maxLineBytes ?? DEFAULT_MAX_LINE_MIB * 1048576, sink, tally, names, lastSeen, opts.learn, opts.commandWords);
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
  if (!opts.dryRun && names.size > 0) {
    try {
      nameProjects(opts.home, names, lastSeen);
    } catch {
      // the registry only gives projects their names
    }
  }
  return {
    files: files.length,
    unreadable,
    sessions: tally.sessions,
    calls: tally.calls,
    failures: tally.failures,
    added: sink.added,
    alreadyPresent: sink.duplicates,
    repeated: tally.repeated + sink.repeated,
    addedByDay: Object.fromEntries(sink.addedByDay),
    lines: counts.lines,
    skipped: counts.skipped,
    dryRun: opts.dryRun,
  };
}

