import { analyze } from '../../analyzer/analyze.js';
import type { RecordTable } from '../../analyzer/record-table.js';
import { sessionTable } from '../../analyzer/table-select.js';
import type { Config } from '../../lib/config.js';
import type { StoreEvent } from '../files/events.js';

// A session's summary: its tool calls from the observations, the chains and retries that came
// up in it, and what the store learned in it (taught, reinforced, given feedback).

export interface SessionSummary {
  session: string;
  calls: number;
  failures: number;
  first: string | null;
  last: string | null;
  tools: { tool: string; calls: number }[];
  chains: { pattern: string; count: number }[];
  retries: { pattern: string; count: number }[];
  store: { id: string; pattern: string; delta: number; reason: string; ts: string }[];
}

/** The session with the newest record in the table, when none is named. */
export function latestSession(t: RecordTable): string | undefined {
  let best = -1;
  for (let i = 0; i < t.length; i++) if (best === -1 || t.ts[i]! > t.ts[best]!) best = i;
  return best === -1 ? undefined : t.sessions[t.streamSession[t.stream[best]!]!];
}

export function sessionSummary(t: RecordTable, session: string, events: readonly StoreEvent[], nowMs: number, config: Config): SessionSummary | undefined {
  const si = t.sessions.indexOf(session);
  if (si === -1) return undefined;
  const st = sessionTable(t, si);
  const a = analyze(st, nowMs, { ...config, minConfidence: 0 });
  const tools = new Map<string, number>();
  let failures = 0;
  let first = Infinity;
  let last = -Infinity;
  for (let i = 0; i < st.length; i++) {
    const name = st.tools[st.tool[i]!]!;
    tools.set(name, (tools.get(name) ?? 0) + 1);
    if (st.ok[i] !== 1) failures++;
    first = Math.min(first, st.ts[i]!);
    last = Math.max(last, st.ts[i]!);
  }
  const top = (kind: string) =>
    a.patterns
      .filter((p) => p.kind === kind)
      .sort((x, y) => y.observations - x.observations || (x.key < y.key ? -1 : 1))
      .slice(0, 5)
      .map((p) => ({ pattern: kind === 'chain' ? `seq:${p.key}` : `retry:${p.key.replace(/ error-retry$/, '')}`, count: p.observations }));
  const lo = Number.isFinite(first) ? first : nowMs;
  return {
    session,
    calls: st.length,
    failures,
    first: Number.isFinite(first) ? new Date(first).toISOString() : null,
    last: Number.isFinite(last) ? new Date(last).toISOString() : null,
    tools: [...tools].map(([tool, calls]) => ({ tool, calls })).sort((x, y) => y.calls - x.calls || (x.tool < y.tool ? -1 : 1)),
    chains: top('chain'),
    retries: top('error-retry'),
    store: events.filter((e) => Date.parse(e.ts) >= lo && (e.reason.includes(session) || Date.parse(e.ts) <= last)).filter((e) => !e.reason.startsWith('analysis')).map((e) => ({ id: e.id, pattern: e.pattern, delta: e.delta, reason: e.reason, ts: e.ts })),
  };
}
