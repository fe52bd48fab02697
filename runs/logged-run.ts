import { closeSync, lstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { appendAnalysisEvent, type AnalysisEvent } from '../lib/analysis-log.js';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { readOnlyReason } from '../lib/clock-guard.js';

import { readDataFile, READ_NOFOLLOW } from '../lib/data-files.js';
import { layout } from '../lib/data-home.js';
import { AnalysisTimeout, runAnalysis, type AnalysisOptions, type AnalysisReport } from './run.js';

// The analysis as the hooks and the CLI start it, with its edges: one event in analysis.log per
// run (what it read, tracked, wrote, archived, deferred, skipped and why, errors), and for the
// Stop hook's automatic runs a gate: fewer than minObservationsToAnalyze new records since the
// last automatic run and the run is skipped (and the skip logged). The first run always goes.

const OBSERVATION_FILE = /^\d{4}-\d{2}-\d{2}\.jsonl$/;
const gatePath = (home: string) => join(layout.state(home), 'analysis-gate.json');

/** Observation file -> size, as of the last automatic analysis. */
function readGate(home: string): Record<string, number> | undefined {
  try {
    const v = JSON.parse(readDataFile(gatePath(home)).toString('utf8')) as { sizes?: Record<string, number> };
    return typeof v?.sizes === 'object' && v.sizes !== null ? v.sizes : undefined;
  } catch {
    return undefined;
  }
}

function sizes(home: string): Record<string, number> {
  const out: Record<string, number> = {};
  let files: string[] = [];
  try {
    files = readdirSync(layout.observations(home)).filter((f) => OBSERVATION_FILE.test(f));
  } catch {
    return out;
  }
  for (const f of files) {
    try {
      // Not through a link, and nothing but a regular file (a FIFO planted there would hang the read).
      const st = lstatSync(join(layout.observations(home), f));
      if (st.isFile()) out[f] = st.size;
    } catch {
      // removed meanwhile
    }
  }
  return out;
}

/** Records (lines) appended since `before`: only the new bytes of each file are read. */
export function newRecords(home: string, before: Record<string, number>, now: Record<string, number>): number {
  let n = 0;
  const buf = Buffer.alloc(64 * 1024);
  for (const [f, size] of Object.entries(now)) {
    let at = before[f] ?? 0;
    if (size < at) at = 0; // rewritten
    if (size === at) continue;
    let fd: number;
    try {
      fd = openSync(join(layout.observations(home), f), READ_NOFOLLOW);
    } catch {
      continue; // removed meanwhile, or a link put in its place
    }
    try {
      while (at < size) {
        const got = readSync(fd, buf, 0, Math.min(buf.length, size - at), at);
        if (got <= 0) break;
        for (let i = 0; i < got; i++) if (buf[i] === 0x0a) n++;
        at += got;
      }
    } finally {
      closeSync(fd);
    }
  }
  return n;
}

export function analysisEvent(report: AnalysisReport, by: string, durationMs: number): AnalysisEvent {
  const e: AnalysisEvent = {
    ts: report.now,
    kind: 'analysis',
    by,
    duration_ms: durationMs,
    status: report.status,
    records_read: report.recordsInWindow,
    sessions: report.sessionsInWindow,
    files: report.files,
    patterns_tracked: report.tracked.length,
    instincts_written: report.written.length,
    instincts_unchanged: report.unchanged.length,
    instincts_archived: report.archived.length,
    deferred: report.deferred.length,
    skipped_records: report.skipped,
  };
  // Said where doctor and `homunculus log` look, for the Stop hook's runs, which print nothing.
  if (report.notPruned?.length) e['not_pruned'] = report.notPruned;
  if (report.status === 'locked') e['skip'] = `another analysis held the lock${report.heldBy ? ` (pid ${report.heldBy.pid})` : ''}`;
  if (report.readOnly) e['skip'] = `read-only: ${report.readOnlyReason}`;
  return e;
}

/** runAnalysis with its analysis.log event; `gate` (the Stop hook) skips a run with too few new records. */
export function runLoggedAnalysis(opts: AnalysisOptions & { by: string; gate?: boolean }): AnalysisReport | undefined {
  const { home, config } = opts;
  const nowIso = opts.now.toISOString();
  let current: Record<string, number> | undefined;
  if (opts.gate && !readOnlyClock(opts)) {
    const before = readGate(home);
    current = sizes(home);
    if (before !== undefined) {
      const n = newRecords(home, before, current);
      if (n < config.minObservationsToAnalyze) {
        safeLog(home, { ts: nowIso, kind: 'skip', by: opts.by, new_records: n, skip: `${n} new records since the last analysis, fewer than minObservationsToAnalyze (${config.minObservationsToAnalyze})` });
        return undefined;
      }
    }
  }
  const started = Date.now();
  let report: AnalysisReport;
  try {
    report = runAnalysis(opts);
  } catch (e) {
    const stopped = e instanceof AnalysisTimeout ? { status: 'stopped', skip: `maxAnalysisSeconds (${config.maxAnalysisSeconds} s) reached` } : {};
    if (!readOnlyClock(opts)) safeLog(home, { ts: nowIso, kind: 'analysis', by: opts.by, duration_ms: Date.now() - started, ...stopped, error: (e as Error)?.message ?? String(e) });
    throw e;
  }
  // A read-only run (a clock far ahead) writes nothing at all, the log included.
  if (!report.readOnly) safeLog(home, analysisEvent(report, opts.by, Date.now() - started));
  if (current !== undefined && report.status === 'done' && !report.readOnly) {
    try {
      writeFileAtomic(gatePath(home), `${JSON.stringify({ sizes: current })}\n`, { skipIfSame: false, cache: true });
    } catch {
      // the gate is an optimisation: without it the next run simply goes
    }
  }
  return report;
}

function readOnlyClock(opts: AnalysisOptions): boolean {
  return readOnlyReason(opts.home, opts.now.getTime(), opts.realNowMs) !== undefined;
}

function safeLog(home: string, e: AnalysisEvent): void {
  try {
    appendAnalysisEvent(home, e);
  } catch {
    // the log must never stop an analysis
  }
}

