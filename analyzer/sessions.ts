import type { RecordTable } from './record-table.js';

// What every output means by a tool call and by a session, so that import-transcripts, analyze,
// bye, daily-summary.md, status, stats and the report count alike:
// - a tool call is one tool-use id paired with its result, counted once however often it is
//   held: the hook's record and the transcript's, a transcript copied, a resumed session holding
//   earlier calls again (the analyzer reads a call recorded twice once);
// - a session is a session id with at least one counted tool call among the calls a figure is
//   about. A subagent's calls count in the session that ran it; a session whose every call was
//   counted first in another is no session of its own.
// Which calls a figure is about is said beside it: the window (windowDays before now) for
// analyze, bye, daily-summary.md and the last analysis that status, stats and the report state
// (analyzer/window-figures.ts); the days it shows for the report's tool use; the calls read for
// import-transcripts. The analyzer counts sessions in its own walk (analyzer/patterns.ts, one
// pass over the records grouped by session), by this same rule.

/** Calls and sessions counted as they come: import-transcripts' calls, not (yet) records. */
export class CallTally {
  private readonly ids = new Set<string>();
  private readonly sessionIds = new Set<string>();
  calls = 0;
  failures = 0;
  /** Holdings of a call already counted. */
  repeated = 0;

  /** Counts a call unless its id was counted already; true when it was counted now. */
  add(id: string | undefined, session: string, ok: boolean): boolean {
    if (id !== undefined) {
      if (this.ids.has(id)) {
        this.repeated++;
        return false;
      }
      this.ids.add(id);
    }
    this.calls++;
    if (!ok) this.failures++;
    this.sessionIds.add(session);
    return true;
  }

  get sessions(): number {
    return this.sessionIds.size;
  }
}

/**
 * The sessions holding at least one of the records selected, given each stream's range of them
 * (`starts` as analyzer/streams.ts streamsInWindow gives it: stream s holds starts[s]..starts[s+1]).
 */
export function sessionsOfStreams(t: RecordTable, starts: ArrayLike<number>): number {
  const seen = new Set<number>();
  for (let s = 0; s < t.streams.length; s++) if (starts[s + 1]! > starts[s]!) seen.add(t.streamSession[s]!);
  return seen.size;
}
