import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AnalysisReport } from './run.js';
import { runLoggedAnalysis } from './logged-run.js';
import { applyTurnFeedback } from '../store/delivery/turn-apply.js';
import { DAY_MS } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import { layout } from '../lib/data-home.js';
import { acquireLockWaiting } from '../lib/lock.js';
import { needsReconciling, readMarks, sessionOver, transcriptStat, writeMark, type SessionMark } from '../claude/sessions.js';
import { commandWordsOf } from '../observer/command-words.js';
import { importTranscriptFiles } from '../claude/transcript-import.js';

// The reconciliation worker's core: every session whose transcript holds calls the observation
// files may lack is imported (de-duplicated by tool-use id), then one analysis covers them. It
// runs detached from Claude Code (started by the SessionEnd and SessionStart hooks), so it may
// take its time; one at a time (its own lock), and the analysis under the analysis lock.

/** A live session's calls younger than this are left to its hooks (which may still be writing them). */
export const LIVE_MARGIN_MS = 60_000;
/** After a session ends or its process dies, hooks already started still finish: give them this long. */
export const SETTLE_MS = 3_000;

export interface ReconcileReport {
  sessions: { session: string; over: boolean; added: number; alreadyPresent: number; calls: number }[];
  added: number;
  analysis?: Pick<AnalysisReport, 'status' | 'recordsInWindow' | 'readOnly'>;
}

/** A session's transcript files: the main one and its subagents' (`<session>/subagents/*.jsonl`). */
export function transcriptFilesOf(transcript: string): string[] {
  const sub = join(dirname(transcript), transcript.slice(dirname(transcript).length + 1).replace(/\.jsonl$/, ''), 'subagents');
  let extra: string[] = [];
  try {
    extra = readdirSync(sub, { withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.jsonl'))
      .map((e) => join(sub, e.name))
      .sort();
  } catch {
    // no subagents
  }
  return [transcript, ...extra];
}

export interface ReconcileOptions {
  home: string;
  config: Config;
  /** The data's clock (`HOMUNCULUS_NOW` in tests): the live margin and the analysis use it. */
  now: () => Date;
  /** The real clock: processes, the settling time. */
  realNow?: () => number;
  sleep?: (ms: number) => Promise<void>;
  alive?: (pid: number | undefined) => boolean;
}

const sleepMs = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** One pass over the marks; returns how many records it added and sessions it closed. */
async function pass(o: ReconcileOptions, report: ReconcileReport): Promise<{ added: number; closed: number }> {
  const realNow = o.realNow ?? Date.now;
  let added = 0;
  let closed = 0;
  for (const mark of readMarks(o.home)) {
    const st = transcriptStat(mark.transcript);
    if (!needsReconciling(mark, st)) {
      // Reconciled, and named again (a second SessionEnd): closed again, its path dropped.
      if (mark.reconciled !== undefined && mark.transcript !== '' && sessionOver(mark, st, realNow(), o.alive)) writeMark(o.home, { ...mark, transcript: '' });
      continue;
    }
    const over = sessionOver(mark, st, realNow(), o.alive);
    if (over) {
      // Hooks of the last calls may still be appending (they outlive a killed Claude Code).
      const since = Math.max(mark.ended ? Date.parse(mark.ended) : 0, st!.mtimeMs);
      const wait = since + SETTLE_MS - realNow();
      if (wait > 0) await (o.sleep ?? sleepMs)(Math.min(wait, SETTLE_MS));
    }
    const nowMs = o.now().getTime();
    const before = transcriptStat(mark.transcript) ?? st!;
    const r = await importTranscriptFiles({
      home: o.home,
      files: transcriptFilesOf(mark.transcript),
      sinceMs: nowMs - o.config.retentionDays * DAY_MS,
      untilMs: over ? Infinity : nowMs - LIVE_MARGIN_MS,
      dryRun: false,
      commandWords: commandWordsOf(o.config.commandWords),
    });
    added += r.added;
    report.sessions.push({ session: mark.session, over, added: r.added, alreadyPresent: r.alreadyPresent, calls: r.calls });
    if (over) {
      // Closed: the transcript's path (the project's path, encoded) is not kept for the mark's
      // remaining days; a resumed session's SessionStart names it again.
      writeMark(o.home, { ...mark, transcript: '', reconciled: { size: before.size, mtimeMs: before.mtimeMs, at: new Date(realNow()).toISOString() } } satisfies SessionMark);
      closed++;
    }
  }
  return { added, closed };
}

/**
 * Reconciles every session left open, then analyses once if anything was added. Takes its own
 * lock, waiting for another worker to finish (its marks may have changed since that one looked).
 */
export async function reconcile(o: ReconcileOptions): Promise<ReconcileReport | 'busy'> {
  const lock = acquireLockWaiting(join(layout.state(o.home), 'reconcile.lock'), 60_000);
  if ('heldBy' in lock) return 'busy';
  const report: ReconcileReport = { sessions: [], added: 0 };
  let closed = 0;
  try {
    // A session may end while a pass runs: passes until one adds nothing (at most three).
    for (let i = 0; i < 3; i++) {
      const n = await pass(o, report);
      report.added += n.added;
      closed += n.closed;
      if (n.added === 0) break;
    }
  } finally {
    lock.release();
  }
  // An analysis covers the sessions that ended, even when their hooks had recorded every call:
  // the Stop hook that would have analysed them is cancelled when `claude -p` exits.
  if (report.added > 0 || closed > 0) {
    const analysisLock = acquireLockWaiting(layout.lock(o.home), 30_000);
    if ('release' in analysisLock) {
      try {
        const a = runLoggedAnalysis({ home: o.home, now: o.now(), config: o.config, lockHeld: true, by: 'reconcile' })!;
        report.analysis = { status: a.status, recordsInWindow: a.recordsInWindow, readOnly: a.readOnly };
      } finally {
        analysisLock.release();
      }
    } else {
      report.analysis = { status: 'locked', recordsInWindow: 0, readOnly: false };
    }
    // The turns the prompt router added instincts to, in the sessions that ended: their Stop
    // hooks (which judge them) are cancelled when `claude -p` exits, so they are judged here.
    if (report.analysis?.readOnly !== true) {
      for (const x of report.sessions) {
        if (!x.over) continue;
        try {
          applyTurnFeedback(o.home, o.config, o.now(), x.session);
        } catch {
          // judged at the next Stop or catch-up
        }
      }
    }
  }
  return report;
}
