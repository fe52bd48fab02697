import { DEDUP_WINDOW, FAILED, idHash, OK, okByte, type PlainRecord, type RecordTable, type StopToken, type TableIds, type TableStrings } from './record-table.js';

// Builds a RecordTable (analyzer/record-table.ts) a record at a time, or by joining the tables of
// files in day order, dropping the repeats of a tool-use id as it goes.

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
  /** The tool-use ids' hashes (0: none), for the checks; in the built table only with `ids`. */
  private id: Int32Array;
  private readonly keepIds: boolean;
  private readonly streams = new Interner();
  private readonly sessions = new Interner();
  private readonly tools = new Interner();
  private readonly details = new Interner();
  private readonly projects = new Interner();
  private readonly streamSession: number[] = [];

  /** Records dropped as a repeat of a tool-use id (see the top of this file). */
  duplicates = 0;
  // Per stream, a ring of the ids and tools (builder ids) of its last DEDUP_WINDOW records, how
  // many it holds and its next slot; whether it is filled (see `known`); and within the file
  // being joined, how many of the stream's records were checked.
  private ringId = new Int32Array(DEDUP_WINDOW * 16);
  private ringTool = new Int32Array(DEDUP_WINDOW * 16);
  private ringFill = new Uint8Array(16);
  private ringNext = new Uint8Array(16);
  private ringReady = new Uint8Array(16);
  private checked = new Uint8Array(16);
  // The rings of the streams below knownStreams are filled from the records before knownEnd when
  // first needed (fillRing), not as those records were added: a table copied whole (a cached day
  // resumed: 100,000 records) costs nothing for its streams that get no new record, and a join
  // looks back once per stream and file.
  private knownEnd = 0;
  private knownStreams = 0;
  /** The ids of the last file joined (addRecords): its slices continue it. */
  private fileIds: TableIds | undefined;

  /** With `ids`, the built table keeps the id column (one file's table, which joins check later). */
  constructor(capacity = 1024, opts: { ids?: boolean } = {}) {
    this.cap = capacity;
    this.ts = new Float64Array(capacity);
    this.stream = new Int32Array(capacity);
    this.tool = new Int32Array(capacity);
    this.detail = new Int32Array(capacity);
    this.ok = new Uint8Array(capacity);
    this.project = new Int32Array(capacity);
    this.id = new Int32Array(capacity);
    this.keepIds = opts.ids === true;
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
    this.id = grow(this.id, (n) => new Int32Array(n));
  }

  /** Room in the rings for stream ids below `streams`. */
  private growRings(streams: number): void {
    let n = this.ringFill.length;
    if (n >= streams) return;
    while (n < streams) n *= 2;
    const grow = <T extends Int32Array | Uint8Array>(a: T, b: T): T => (b.set(a), b);
    this.ringId = grow(this.ringId, new Int32Array(n * DEDUP_WINDOW));
    this.ringTool = grow(this.ringTool, new Int32Array(n * DEDUP_WINDOW));
    this.ringFill = grow(this.ringFill, new Uint8Array(n));
    this.ringNext = grow(this.ringNext, new Uint8Array(n));
    this.ringReady = grow(this.ringReady, new Uint8Array(n));
    this.checked = grow(this.checked, new Uint8Array(n));
  }

  private remember(stream: number, tool: number, id: number): void {
    const base = stream * DEDUP_WINDOW;
    const at = this.ringNext[stream]!;
    this.ringId[base + at] = id;
    this.ringTool[base + at] = tool;
    this.ringNext[stream] = at + 1 === DEDUP_WINDOW ? 0 : at + 1;
    if (this.ringFill[stream]! < DEDUP_WINDOW) this.ringFill[stream]!++;
  }

  /** A stream's ring from its last records before knownEnd (oldest first, as they were added). */
  private fillRing(stream: number): void {
    this.ringReady[stream] = 1;
    this.ringFill[stream] = 0;
    this.ringNext[stream] = 0;
    const st = this.stream;
    const found: number[] = [];
    for (let i = this.knownEnd - 1; i >= 0 && found.length < DEDUP_WINDOW; i--) if (st[i] === stream) found.push(i);
    for (let k = found.length - 1; k >= 0; k--) this.remember(stream, this.tool[found[k]!]!, this.id[found[k]!]!);
  }

  /** Whether the stream's ring holds this id with this tool (filling it first when it is not yet). */
  private inRing(stream: number, tool: number, id: number): boolean {
    if (stream < this.knownStreams && this.ringReady[stream] === 0) this.fillRing(stream);
    const base = stream * DEDUP_WINDOW;
    const end = base + this.ringFill[stream]!;
    const ringId = this.ringId;
    for (let k = base; k < end; k++) {
      if (ringId[k] === id && this.ringTool[k] === tool) return true;
    }
    return false;
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

  /**
   * Adds a record (id: its tool-use id's idHash, 0 for none). The records of one file are checked
   * once it is read (dropRepeats), in a pass of their own: checked here, the reader's per-line
   * path grew too large to stay fast.
   */
  add(ts: number, tool: string, ok: boolean, session: string, agentId: string | undefined, detail: string | undefined, project?: string, id = 0, stop?: StopToken): void {
    if (this.length === this.cap) this.grow();
    const i = this.length++;
    this.ts[i] = ts;
    this.stream[i] = this.streamId(session, agentId);
    this.tool[i] = this.tools.id(tool);
    this.detail[i] = detail === undefined ? -1 : this.details.id(detail);
    this.ok[i] = ok ? OK : stop === undefined ? FAILED : okByte(false, stop);
    this.project[i] = project === undefined ? -1 : this.projects.id(project);
    this.id[i] = id;
  }

  /** Where the records added next start: for dropRepeats. */
  mark(): { records: number; streams: number } {
    return { records: this.length, streams: this.streams.values.length };
  }

  /**
   * Drops the records added since `from` (mark()) that repeat a call: whose id and tool are those
   * of one of the DEDUP_WINDOW records before it in its stream (those before `from` included: a
   * cached file's records, with its new lines after them). Returns how many it dropped.
   */
  dropRepeats(from: { records: number; streams: number }): number {
    const n = this.length;
    this.growRings(this.streams.values.length);
    this.knownEnd = from.records;
    this.knownStreams = from.streams;
    this.fileIds = undefined;
    this.ringReady.fill(0);
    this.ringFill.fill(0);
    this.ringNext.fill(0);
    const { stream, tool, id, ringReady } = this;
    const known = from.streams;
    let j = from.records;
    for (let i = from.records; i < n; i++) {
      const st = stream[i]!;
      const tl = tool[i]!;
      const h = id[i]!;
      if (st < known && ringReady[st] === 0) this.fillRing(st);
      if (h !== 0 && this.inRing(st, tl, h)) continue;
      this.remember(st, tl, h);
      if (j !== i) this.move(i, j);
      j++;
    }
    this.length = j;
    this.duplicates += n - j;
    return n - j;
  }

  /** Record i to position j (j < i), in every column. */
  private move(i: number, j: number): void {
    this.ts[j] = this.ts[i]!;
    this.stream[j] = this.stream[i]!;
    this.tool[j] = this.tool[i]!;
    this.detail[j] = this.detail[i]!;
    this.ok[j] = this.ok[i]!;
    this.project[j] = this.project[i]!;
    this.id[j] = this.id[i]!;
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
    const before = this.streams.values.length;
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
      streamsBefore: before,
    };
  }

  /**
   * Appends the records of t whose stream is kept (all with no `keep`), through ids from
   * idsOf(t, keep). t is one file's table, or a slice of it (the slices of one file share their
   * ids): the first DEDUP_WINDOW records of each stream in the file are dropped when their id
   * and tool are those of one of the stream's last DEDUP_WINDOW records in the files before it.
   */
  addRecords(t: RecordTable, ids: TableIds, keep?: Uint8Array): void {
    const { streams: streamMap, tools: toolMap, details: detailMap, projects: projectMap } = ids;
    let n = t.length;
    if (keep !== undefined) {
      n = 0;
      for (let i = 0; i < t.length; i++) n += keep[t.stream[i]!]!;
    }
    while (this.cap < this.length + n) this.grow();
    const at = this.length;
    const { stream, tool, detail, project, ts, ok, id } = this;
    const { stream: tStream, tool: tTool, detail: tDetail, project: tProject, id: tId } = t;
    if (ids !== this.fileIds) {
      // Another file: the rings are those of the records before it, filled when first needed.
      this.fileIds = ids;
      this.knownEnd = at;
      this.knownStreams = ids.streamsBefore;
      this.growRings(this.streams.values.length);
      this.ringReady.fill(0);
      this.checked.fill(0);
    }
    // The ids of a table added first to an empty builder (a cached file resumed, the first file
    // of a join) are its own: copied whole.
    if (keep === undefined && at === 0 && sameIds(streamMap) && sameIds(toolMap) && sameIds(detailMap) && sameIds(projectMap)) {
      ts.set(t.ts, at);
      ok.set(t.ok, at);
      stream.set(tStream.subarray(0, n), at);
      tool.set(tTool.subarray(0, n), at);
      detail.set(tDetail.subarray(0, n), at);
      project.set(tProject.subarray(0, n), at);
      if (tId !== undefined) id.set(tId.subarray(0, n), at);
      this.length = at + n;
      // Records read into this builder next (a resumed file's new lines) are checked against these.
      this.knownEnd = this.length;
      this.knownStreams = this.streams.values.length;
      return;
    }
    const { knownStreams, checked } = this;
    let j = at;
    for (let i = 0; i < t.length; i++) {
      const st = streamMap[tStream[i]!]!;
      if (st === -1) continue;
      const tl = toolMap[tTool[i]!]!;
      const h = tId === undefined ? 0 : tId[i]!;
      if (st < knownStreams && checked[st]! < DEDUP_WINDOW) {
        checked[st]!++;
        if (h !== 0 && this.inRing(st, tl, h)) {
          this.duplicates++;
          continue;
        }
      }
      ts[j] = t.ts[i]!;
      ok[j] = t.ok[i]!;
      stream[j] = st;
      tool[j] = tl;
      const d = tDetail[i]!;
      detail[j] = d === -1 ? -1 : detailMap[d]!;
      const pr = tProject[i]!;
      project[j] = pr === -1 ? -1 : projectMap[pr]!;
      id[j] = h;
      j++;
    }
    this.length = j;
  }
  build(): RecordTable {
    const n = this.length;
    // A join (every reader's table: the window, a shard, history) files each session under one
    // project; one file's table (ids kept, for the joins that check it) keeps its records as written.
    if (!this.keepIds) oneProjectPerSession(this.ts, this.stream, this.project, this.streamSession, this.sessions.values.length, n);
    return {
      length: n,
      ts: this.ts.subarray(0, n),
      stream: this.stream.subarray(0, n),
      tool: this.tool.subarray(0, n),
      detail: this.detail.subarray(0, n),
      ok: this.ok.subarray(0, n),
      project: this.project.subarray(0, n),
      ...(this.keepIds ? { id: this.id.subarray(0, n) } : {}),
      projects: this.projects.values,
      streams: this.streams.values,
      streamSession: this.streamSession,
      sessions: this.sessions.values,
      tools: this.tools.values,
      details: this.details.values,
    };
  }
}

/**
 * One project per session: the project of its earliest record that names one, the folder Claude
 * Code was started in (the hooks' CLAUDE_PROJECT_DIR; an import's first cwd). A session's later
 * calls in a subfolder it `cd`s into (an earlier version's import filed them there) are that
 * project's too, in every reader, without rewriting a record.
 */
function oneProjectPerSession(ts: Float64Array, stream: Int32Array, project: Int32Array, streamSession: readonly number[], nSessions: number, n: number): void {
  if (nSessions === 0) return;
  const firstTs = new Float64Array(nSessions).fill(Infinity);
  const first = new Int32Array(nSessions).fill(-1);
  for (let i = 0; i < n; i++) {
    const p = project[i]!;
    if (p === -1) continue;
    const s = streamSession[stream[i]!]!;
    if (ts[i]! < firstTs[s]!) {
      firstTs[s] = ts[i]!;
      first[s] = p;
    }
  }
  for (let i = 0; i < n; i++) {
    const f = first[streamSession[stream[i]!]!]!;
    if (f !== -1 && project[i] !== f) project[i] = f;
  }
}

export function tableFromRecords(records: readonly PlainRecord[]): RecordTable {
  const b = new TableBuilder(Math.max(16, records.length), { ids: true });
  const from = b.mark();
  for (const r of records) b.add(r.ts, r.tool, r.ok, r.session, r.agentId, r.detail, r.project, r.id === undefined ? 0 : idHash(r.id), r.stop);
  b.dropRepeats(from);
  return b.build();
}
