import { OK, stopOf, type RecordTable } from './record-table.js';
import { TableBuilder } from './table-builder.js';

// A table's records of one project or one session, as a table of their own.

/** The records of one project (by its index in t.projects, -1 for none), in the same order. */
export function projectTable(t: RecordTable, project: number): RecordTable {
  return selectRecords(t, (i) => t.project[i] === project);
}

/** The records of one session (by its index in t.sessions), in the same order. */
export function sessionTable(t: RecordTable, session: number): RecordTable {
  return selectRecords(t, (i) => t.streamSession[t.stream[i]!] === session);
}

function selectRecords(t: RecordTable, keep: (i: number) => boolean): RecordTable {
  let n = 0;
  for (let i = 0; i < t.length; i++) if (keep(i)) n++;
  const b = new TableBuilder(Math.max(16, n), { ids: t.id !== undefined });
  for (let i = 0; i < t.length; i++) {
    if (!keep(i)) continue;
    const pr = t.project[i]!;
    const s = t.stream[i]!;
    const streamName = t.streams[s]!;
    const sep = streamName.indexOf('\u0000');
    const d = t.detail[i]!;
    b.add(t.ts[i]!, t.tools[t.tool[i]!]!, t.ok[i] === OK, t.sessions[t.streamSession[s]!]!, sep === -1 ? undefined : streamName.slice(sep + 1), d === -1 ? undefined : t.details[d], pr === -1 ? undefined : t.projects[pr], t.id?.[i] ?? 0, stopOf(t.ok[i]!));
  }
  return b.build();
}
