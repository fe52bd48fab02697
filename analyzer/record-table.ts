// Records in columns: a week can hold a million tool calls, and an object per call would not fit
// the analyzer's memory budget. Strings (sessions, streams, tools) are interned once.

export interface RecordTable {
  length: number;
  ts: Float64Array;
  stream: Int32Array; // index into streams
  tool: Int32Array; // index into tools
  detail: Int32Array; // index into details, -1 when none
  ok: Uint8Array;
  /** Index into projects, -1 when the record names none (no cwd, or an older record). */
  project: Int32Array;
  projects: string[];
  streams: string[];
  streamSession: number[]; // stream index -> session index
  sessions: string[];
  tools: string[];
  details: string[];
}

/** A table's strings: what its columns' indices point into. */
export type TableStrings = Pick<RecordTable, 'projects' | 'streams' | 'streamSession' | 'sessions' | 'tools' | 'details'>;

/** One builder's ids for a table's strings (TableBuilder.idsOf). */
export interface TableIds {
  streams: number[];
  tools: number[];
  details: number[];
  projects: number[];
}

/** A plain record, as tests and small callers write them. */
export interface PlainRecord {
  ts: number;
  tool: string;
  ok: boolean;
  session: string;
  agentId?: string | undefined;
  detail?: string | undefined;
  project?: string | undefined;
}

class Interner {
  readonly values: string[] = [];
  private readonly index = new Map<string, number>();
  id(v: string): number {
    let i = this.index.get(v);
    if (i === undefined) {
      // A fresh copy: v may be a slice of a 1 MiB chunk of text, which it would keep alive.
      const own = Buffer.from(v, 'utf8').toString('utf8');
      i = this.values.length;
      this.values.push(own);
      this.index.set(own, i);
    }
    return i;
  }
}

/** Whether an id map sends every id to itself. */
function sameIds(map: readonly number[]): boolean {
  for (let i = 0; i < map.length; i++) if (map[i] !== i) return false;
  return true;
}

/** Builds a table incrementally; used by the file reader and by tests. */
export class TableBuilder {
  length = 0;
  private cap: number;
  private ts: Float64Array;
  private stream: Int32Array;
  private tool: Int32Array;
  private detail: Int32Array;
  private ok: Uint8Array;
  private project: Int32Array;
  private readonly streams = new Interner();
  private readonly sessions = new Interner();
  private readonly tools = new Interner();
  private readonly details = new Interner();
  private readonly projects = new Interner();
  private readonly streamSession: number[] = [];

  constructor(capacity = 1024) {
    this.cap = capacity;
    this.ts = new Float64Array(capacity);
    this.stream = new Int32Array(capacity);
    this.tool = new Int32Array(capacity);
    this.detail = new Int32Array(capacity);
    this.ok = new Uint8Array(capacity);
    this.project = new Int32Array(capacity);
  }

  private grow(): void {
    this.cap = Math.max(16, this.cap * 2);
    const grow = <T extends Float64Array | Int32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(this.cap);
      b.set(a);
      return b;
    };
    this.ts = grow(this.ts, (n) => new Float64Array(n));
    this.stream = grow(this.stream, (n) => new Int32Array(n));
    this.tool = grow(this.tool, (n) => new Int32Array(n));
    this.detail = grow(this.detail, (n) => new Int32Array(n));
    this.ok = grow(this.ok, (n) => new Uint8Array(n));
    this.project = grow(this.project, (n) => new Int32Array(n));
  }

  // Stream ids by session, then by agent: no string is built per record.
  private readonly mainStreams = new Map<string, number>();
  private readonly agentStreams = new Map<string, Map<string, number>>();

  private streamId(session: string, agentId: string | undefined): number {
    if (agentId === undefined) {
      let s = this.mainStreams.get(session);
      if (s === undefined) {
        s = this.newStream(session, session);
        this.mainStreams.set(session, s);
      }
      return s;
    }
    let agents = this.agentStreams.get(session);
    if (agents === undefined) this.agentStreams.set(session, (agents = new Map()));
    let s = agents.get(agentId);
    if (s === undefined) {
      s = this.newStream(`${session}\u0000${agentId}`, session);
      agents.set(agentId, s);
    }
    return s;
  }

  private newStream(name: string, session: string): number {
    const before = this.streams.values.length;
    const s = this.streams.id(name);
    if (s === before) this.streamSession.push(this.sessions.id(session));
    return s;
  }

  add(ts: number, tool: string, ok: boolean, session: string, agentId: string | undefined, detail: string | undefined, project?: string): void {
    if (this.length === this.cap) this.grow();
    const i = this.length++;
    this.ts[i] = ts;
    this.stream[i] = this.streamId(session, agentId);
    this.tool[i] = this.tools.id(tool);
    this.detail[i] = detail === undefined ? -1 : this.details.id(detail);
    this.ok[i] = ok ? 1 : 0;
    this.project[i] = project === undefined ? -1 : this.projects.id(project);
  }

  /**
   * Appends every record of another table (used to join per-file tables in day order), or with
   * `keep` (per stream of t) the records of the streams kept.
   */
  addTable(t: RecordTable, keep?: Uint8Array): void {
    this.addRecords(t, this.idsOf(t, keep), keep);
  }

  /**
   * This builder's ids for the streams (-1 where `keep` has 0), tools, details and projects of a
   * table's string arrays: worked out once for the slices of one file (addRecords).
   */
  idsOf(t: TableStrings, keep?: Uint8Array): TableIds {
    return {
      streams: t.streams.map((name, s) => {
        if (keep !== undefined && keep[s] === 0) return -1;
        const session = t.sessions[t.streamSession[s]!]!;
        const sep = name.indexOf('\u0000');
        return this.streamId(session, sep === -1 ? undefined : name.slice(sep + 1));
      }),
      tools: t.tools.map((v) => this.tools.id(v)),
      details: t.details.map((v) => this.details.id(v)),
      projects: t.projects.map((v) => this.projects.id(v)),
    };
  }

  /** Appends the records of t whose stream is kept (all with no `keep`), through ids from idsOf(t, keep). */
  addRecords(t: RecordTable, ids: TableIds, keep?: Uint8Array): void {
    const { streams: streamMap, tools: toolMap, details: detailMap, projects: projectMap } = ids;
    let n = t.length;
    if (keep !== undefined) {
      n = 0;
      for (let i = 0; i < t.length; i++) n += keep[t.stream[i]!]!;
    }
    while (this.cap < this.length + n) this.grow();
    const at = this.length;
    const { stream, tool, detail, project, ts, ok } = this;
    const { stream: tStream, tool: tTool, detail: tDetail, project: tProject } = t;
    if (keep === undefined) {
      // Times and outcomes need no mapping: copied whole. The rest through the maps, in locals.
      ts.set(t.ts, at);
      ok.set(t.ok, at);
      // The ids of a table added first to an empty builder (a cached file resumed) are its own.
      if (sameIds(streamMap) && sameIds(toolMap) && sameIds(detailMap) && sameIds(projectMap)) {
        stream.set(tStream.subarray(0, n), at);
        tool.set(tTool.subarray(0, n), at);
        detail.set(tDetail.subarray(0, n), at);
        project.set(tProject.subarray(0, n), at);
        this.length = at + n;
        return;
      }
    }
    for (let i = 0, j = at; i < t.length; i++) {
      const st = streamMap[tStream[i]!]!;
      if (st === -1) continue;
      if (keep !== undefined) {
        ts[j] = t.ts[i]!;
        ok[j] = t.ok[i]!;
      }
      stream[j] = st;
      tool[j] = toolMap[tTool[i]!]!;
      const d = tDetail[i]!;
      detail[j] = d === -1 ? -1 : detailMap[d]!;
      const pr = tProject[i]!;
      project[j] = pr === -1 ? -1 : projectMap[pr]!;
      j++;
    }
    this.length = at + n;
  }
  build(): RecordTable {
    const n = this.length;
    return {
      length: n,
      ts: this.ts.subarray(0, n),
      stream: this.stream.subarray(0, n),
      tool: this.tool.subarray(0, n),
      detail: this.detail.subarray(0, n),
      ok: this.ok.subarray(0, n),
      project: this.project.subarray(0, n),
      projects: this.projects.values,
      streams: this.streams.values,
      streamSession: this.streamSession,
      sessions: this.sessions.values,
      tools: this.tools.values,
      details: this.details.values,
    };
  }
}

export function tableFromRecords(records: readonly PlainRecord[]): RecordTable {
  const b = new TableBuilder(Math.max(16, records.length));
  for (const r of records) b.add(r.ts, r.tool, r.ok, r.session, r.agentId, r.detail, r.project);
  return b.build();
}

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
  const b = new TableBuilder(Math.max(16, n));
  for (let i = 0; i < t.length; i++) {
    if (!keep(i)) continue;
    const pr = t.project[i]!;
    const s = t.stream[i]!;
    const streamName = t.streams[s]!;
    const sep = streamName.indexOf('\u0000');
    const d = t.detail[i]!;
    b.add(t.ts[i]!, t.tools[t.tool[i]!]!, t.ok[i] === 1, t.sessions[t.streamSession[s]!]!, sep === -1 ? undefined : streamName.slice(sep + 1), d === -1 ? undefined : t.details[d], pr === -1 ? undefined : t.projects[pr]);
  }
  return b.build();
}
