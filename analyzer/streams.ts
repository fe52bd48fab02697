import type { RecordTable } from './record-table.js';

/**
 * The in-window records of each stream (a session's main agent, or one subagent), in time order
 * (ties: file order). Returns the record indices grouped by stream, and where each group starts.
 * With `project` (an index into t.projects, -1 for none), only that project's records count: the
 * same as running over a copy of the table holding them alone, without the copy.
 */
export function streamsInWindow(t: RecordTable, startMs: number, endMs: number, project?: number, groupOf?: Int32Array): { order: Int32Array; starts: Int32Array; inWindow: number; future: number } {
  const nStreams = t.streams.length;
  const counts = new Int32Array(nStreams + 1);
  let inWindow = 0;
  let future = 0;
  const only = project !== undefined;
  const projectOf = t.project;
  // groupOf: per session, -1 for the sessions left out (their streams stay empty).
  const some = groupOf !== undefined;
  const skipStream = new Uint8Array(some ? nStreams : 0);
  if (some) t.streamSession.forEach((session, s) => (skipStream[s] = groupOf[session] === -1 ? 1 : 0));
  for (let i = 0; i < t.length; i++) {
    if ((only && projectOf[i] !== project) || (some && skipStream[t.stream[i]!] === 1)) continue;
    const ts = t.ts[i]!;
    if (ts > endMs) future++;
    else if (ts > startMs) {
      counts[t.stream[i]! + 1]!++;
      inWindow++;
    }
  }
  const starts = new Int32Array(nStreams + 1);
  for (let s = 0; s < nStreams; s++) starts[s + 1] = starts[s]! + counts[s + 1]!;
  const fill = starts.slice(0, nStreams);
  const order = new Int32Array(inWindow);
  for (let i = 0; i < t.length; i++) {
    if ((only && projectOf[i] !== project) || (some && skipStream[t.stream[i]!] === 1)) continue;
    const ts = t.ts[i]!;
    if (ts > startMs && ts <= endMs) order[fill[t.stream[i]!]!++] = i;
  }
  // Records are nearly always in order already; sort only the streams that are not.
  for (let s = 0; s < nStreams; s++) {
    const a = starts[s]!;
    const b = starts[s + 1]!;
    let sorted = true;
    for (let k = a + 1; k < b; k++) {
      if (t.ts[order[k]!]! < t.ts[order[k - 1]!]!) {
        sorted = false;
        break;
      }
    }
    if (!sorted) order.subarray(a, b).sort((x, y) => t.ts[x]! - t.ts[y]! || x - y);
  }
  return { order, starts, inWindow, future };
}
