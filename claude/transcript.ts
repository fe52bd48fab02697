import { bashDetail } from '../observer/bash-detail.js';
import { stopOfResult, type Observation } from '../observer/observation.js';
import { projectId, projectName, projectRoot } from '../observer/project-id.js';
import { currentToolName } from '../observer/tool-names.js';
import { agentTypeToken, idToken, toolToken } from '../lib/tokens.js';
import { recordable } from '../lib/clock.js';

// Claude Code transcripts (~/.claude/projects/**/*.jsonl) into the same records the live hook
// writes. The format is internal and changes between versions: everything is read defensively,
// and whatever is not understood is counted, never fatal.

export interface ImportCounts {
  lines: number;
  calls: number; // tool calls paired and emitted (before de-duplication)
  failures: number;
  skipped: Record<string, number>;
}

export function newCounts(): ImportCounts {
  return { lines: 0, calls: 0, failures: 0, skipped: {} };
}

/** Why a call or result whose time is not one of years 0000-9999 (or no time at all) was skipped. */
export const TIME_OUT_OF_RANGE = 'tool calls and results whose time is not a date of years 0000-9999';

export function skip(c: ImportCounts, why: string, n = 1): void {
  c.skipped[why] = (c.skipped[why] ?? 0) + n;
}

interface PendingCall {
  ts: number;
  tool: string;
  session: string;
  agentId: string | undefined;
  detail: string | undefined;
  cwd: string | undefined;
}

type Line = Record<string, unknown>;

const TOOL_USE = Buffer.from('"tool_use');
const SIDECHAIN = Buffer.from('"isSidechain":true');

/**
 * TranscriptPairer.worthParsing for the lines of a read buffer, given in order (lib/line-reader.ts):
 * each mark is looked for once per stretch of the buffer, not once in every line (most lines
 * have neither: a search per line was a tenth of an import). A line that does not start after
 * the last one starts a new fill of the buffer.
 */
export class LineMarks {
  private buf: Buffer | undefined;
  private last = -1;
  private tool = -1; // where the next mark is, at or after `last`; Infinity: none in this fill
  private side = -1;

  worth(buf: Buffer, start: number, end: number): boolean {
    if (buf !== this.buf || start <= this.last) {
      this.buf = buf;
      this.tool = -1;
      this.side = -1;
    }
    this.last = start;
    if (this.tool < start) this.tool = found(buf.indexOf(TOOL_USE, start));
    if (this.tool + TOOL_USE.length <= end) return true;
    if (this.side < start) this.side = found(buf.indexOf(SIDECHAIN, start));
    return this.side + SIDECHAIN.length <= end;
  }
}

const found = (at: number) => (at === -1 ? Infinity : at);

const KNOWN_OTHER_TYPES = new Set(['progress', 'system', 'summary', 'file-history-snapshot', 'queue-operation', 'attachment', 'custom-title', 'tag']);

/**
 * Pairs tool_use blocks with their tool_result blocks within one transcript file and emits one
 * record per pair, at the result's time. One instance per file: memory is the calls in flight.
 */
export class TranscriptPairer {
  private readonly pending = new Map<string, PendingCall>();
  private readonly sidechainRoot = new Map<string, string>();
  private readonly prev = new Map<string, [string | null, string | null]>();
  private readonly projects = new Map<string, string | null>();
  /** Project id -> its folder's name, for the projects registry (names, not hashes, for people). */
  readonly projectNames = new Map<string, string>();

  /**
   * `agentType`: the subagent type of a subagent transcript (from its `.meta.json`), recorded as
   * the live hook records `agent_type`.
   */
  constructor(
    private readonly counts: ImportCounts,
    private readonly emit: (o: Observation, ms: number) => void,
    private readonly agentType?: string,
    /** The user's own script names (`commandWords`), recorded in a detail as the hook records them. */
    private readonly commandWords?: ReadonlySet<string>,
  ) {}

  /**
   * Every field line() reads a string from, at any depth (a line's, a content block's, a tool
   * input's). Other strings (results, texts, inputs) may reach it emptied (lib/json-cut.ts):
   * test/transcript-fields.test.ts checks that emptying or changing any other string changes no record.
   */
  static readonly FIELDS: ReadonlySet<string> = new Set(['type', 'agentId', 'isSidechain', 'uuid', 'parentUuid', 'timestamp', 'sessionId', 'cwd', 'id', 'name', 'tool_use_id', 'is_error', 'command']);

  /**
   * Lines that can hold no tool call or sidechain link are skipped before JSON.parse, and before
   * their UTF-8 bytes are decoded: both marks are ASCII, and a decoder never folds an ASCII byte
   * into a replacement character, so the bytes hold a mark exactly when the text does.
   */
  static worthParsing(raw: Buffer): boolean {
    return raw.indexOf(TOOL_USE) !== -1 || raw.indexOf(SIDECHAIN) !== -1;
  }

  /** Session -> the first folder a call of it ran in: the folder Claude Code was started in. */
  private readonly sessionCwd = new Map<string, string>();

  /**
   * A session's project: the folder its first call ran in, exactly, as the hooks take
   * CLAUDE_PROJECT_DIR (no walk up to a .git, which the transcript's machine may have had and this
   * one not); a later `cd` into a subfolder never files its calls elsewhere.
   */
  private project(session: string, cwd: string | undefined): string | null {
    const first = this.sessionCwd.get(session) ?? cwd;
    if (first === undefined) return null;
    if (!this.sessionCwd.has(session)) this.sessionCwd.set(session, first);
    let p = this.projects.get(first);
    if (p === undefined) {
      const root = projectRoot(first, { CLAUDE_PROJECT_DIR: first });
      p = root === undefined ? null : projectId(root);
      if (root !== undefined && p !== null) this.projectNames.set(p, projectName(root));
      this.projects.set(first, p);
    }
    return p;
  }

  /** The stream a line belongs to: its agentId, or for inline sidechains the root of its thread. */
  private agentOf(line: Line): string | undefined | null {
    const explicit = line['agentId'];
    if (explicit !== undefined) return idToken(explicit) ?? null;
    if (line['isSidechain'] !== true) return undefined;
    const uuid = typeof line['uuid'] === 'string' ? line['uuid'] : undefined;
    const parent = typeof line['parentUuid'] === 'string' ? line['parentUuid'] : undefined;
    const root = (parent && this.sidechainRoot.get(parent)) || parent || uuid;
    if (uuid && root) this.sidechainRoot.set(uuid, root);
    return root ? idToken(`sc-${root}`.slice(0, 40)) ?? null : null;
  }

  line(line: Line): void {
    const type = line['type'];
    const agentId = this.agentOf(line);
    if (type !== 'assistant' && type !== 'user') {
      skip(this.counts, KNOWN_OTHER_TYPES.has(String(type)) ? `lines without tool calls (${String(type)})` : 'lines of an unknown type');
      return;
    }
    const content = (line['message'] as { content?: unknown } | undefined)?.content;
    if (!Array.isArray(content)) return;
    // A time that is no instant of years 0000-9999 (`+275760-09-13`, `12345`, `soon`) is skipped and counted.
    const ts = typeof line['timestamp'] === 'string' ? Date.parse(line['timestamp']) : Number.NaN;
    const badTime = typeof line['timestamp'] === 'string' && !recordable(ts);
    const session = idToken(line['sessionId']);
    for (const block of content) {
      if (typeof block !== 'object' || block === null) continue;
      const b = block as Record<string, unknown>;
      if (b['type'] === 'tool_use') {
        const id = idToken(b['id']);
        if (id === undefined || session === undefined || Number.isNaN(ts) || badTime || agentId === null) {
          skip(this.counts, badTime ? TIME_OUT_OF_RANGE : 'tool calls with a missing or invalid id, session, time or agent');
          continue;
        }
        const tool = currentToolName(toolToken(b['name']));
        const input = b['input'] as Record<string, unknown> | undefined;
        this.pending.set(id, {
          ts,
          tool,
          session,
          agentId,
          detail: tool === 'Bash' ? bashDetail(input?.['command'], this.commandWords) : undefined,
          cwd: typeof line['cwd'] === 'string' ? line['cwd'] : undefined,
        });
        // The session's first folder is its first call's, in the order Claude Code wrote them.
        if (typeof line['cwd'] === 'string' && line['cwd'] !== '' && !this.sessionCwd.has(session)) this.sessionCwd.set(session, line['cwd']);
      } else if (b['type'] === 'tool_result') {
        const id = idToken(b['tool_use_id']);
        const call = id === undefined ? undefined : this.pending.get(id);
        if (id === undefined || call === undefined) {
          skip(this.counts, 'results without a matching call');
          continue;
        }
        if (Number.isNaN(ts) || badTime) {
          skip(this.counts, badTime ? TIME_OUT_OF_RANGE : 'results without a valid timestamp');
          continue;
        }
        this.pending.delete(id);
        const ok = b['is_error'] !== true;
        const stream = `${call.session}\u0000${call.agentId ?? ''}`;
        const prev = this.prev.get(stream) ?? [null, null];
        const o: Observation = {
          v: 1,
          ts: new Date(ts).toISOString(),
          tool: call.tool,
          ok,
          ms: ts >= call.ts ? ts - call.ts : null,
          prev: prev[0],
          prev2: prev[1],
          session: call.session,
          project: this.project(call.session, call.cwd),
          event: ok ? 'PostToolUse' : 'PostToolUseFailure',
          id,
        };
        if (call.detail !== undefined) o.detail = call.detail;
        // Key order matters (the analyzer's fast reader): agent before agentId, as the hook writes.
        if (call.agentId !== undefined && this.agentType !== undefined) o.agent = this.agentType;
        if (call.agentId !== undefined) o.agentId = call.agentId;
        // The user stopped it: interrupted, or declined at the prompt (a token only, never the text).
        const stop = ok ? undefined : stopOfResult(resultText(b['content']));
        if (stop !== undefined) o.stop = stop;
        this.prev.set(stream, [call.tool, prev[0]]);
        this.counts.calls++;
        if (!ok) this.counts.failures++;
        this.emit(o, ts);
      }
    }
  }

  /** At the end of the file: calls that never got a result. */
  finish(): void {
    if (this.pending.size > 0) skip(this.counts, 'tool calls without a result', this.pending.size);
    this.pending.clear();
  }
}

/** Where a tool_result's words begin: its content, a string, or its first text block. */
export function resultText(content: unknown): unknown {
  if (typeof content === 'string') return content;
  const first: unknown = Array.isArray(content) ? content[0] : undefined;
  return typeof first === 'object' && first !== null ? (first as Record<string, unknown>)['text'] : undefined;
}

const SUBAGENT_FILE = /[\\/]subagents[\\/]agent-[^\\/]+\.jsonl$/;

/**
 * Where Claude Code keeps a subagent transcript's type: `<session>/subagents/agent-<id>.meta.json`
 * beside `agent-<id>.jsonl` (`{"agentType": "Explore", ...}`). Undefined for other files.
 */
export function subagentMetaPath(transcript: string): string | undefined {
  return SUBAGENT_FILE.test(transcript) ? `${transcript.slice(0, -'.jsonl'.length)}.meta.json` : undefined;
}

/** The agent type in a `.meta.json` text, validated; undefined when absent or not a token. */
export function agentTypeFromMeta(text: string): string | undefined {
  try {
    const meta: unknown = JSON.parse(text);
    return typeof meta === 'object' && meta !== null ? agentTypeToken((meta as Record<string, unknown>)['agentType']) : undefined;
  } catch {
    return undefined;
  }
}
