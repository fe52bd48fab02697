import { bashDetail } from './bash-detail.js';
import type { ScannedPayload } from './payload-scan.js';
import { currentToolName } from './tool-names.js';
import { agentTypeToken, idToken, toolToken } from '../lib/tokens.js';

/** One line of `observations/YYYY-MM-DD.jsonl`. Every string in it is a validated token. */
export interface Observation {
  v: 1;
  ts: string;
  tool: string;
  ok: boolean;
  ms: number | null;
  prev: string | null;
  prev2: string | null;
  session: string;
  project: string | null;
  event: ObservedEvent;
  id?: string;
  detail?: string;
  agent?: string;
  agentId?: string;
  /** The user stopped this call: `interrupt` (is_interrupt, or an interrupted tool response) or `reject` (declined at the permission prompt). */
  stop?: StopToken;
}

export type StopToken = 'interrupt' | 'reject';

/** What Claude Code says when the user declines a tool use at its prompt (the payload's `error`, a transcript's tool_result). */
export const REJECTED_MARK = "The user doesn't want to proceed with this tool use";
/** ...and when the user interrupts one. */
export const INTERRUPTED_MARK = '[Request interrupted by user for tool use]';

export type ObservedEvent = 'PostToolUse' | 'PostToolUseFailure';
export const OBSERVED_EVENTS: readonly string[] = ['PostToolUse', 'PostToolUseFailure'];

/** The fields of a hook payload the observer uses, already validated. */
export interface ToolCall {
  event: ObservedEvent;
  session: string;
  tool: string;
  ok: boolean;
  ms: number | null;
  id: string | undefined;
  detail: string | undefined;
  agent: string | undefined;
  agentId: string | undefined;
  cwd: string | undefined;
  stop: StopToken | undefined;
}

export class PayloadError extends Error {}

/** A declined call's result, as Claude Code writes it (1.0 to 2.1): these words, then one of two endings. */
const REJECTED_HEAD = `${REJECTED_MARK}. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). `;
const REJECTED_STOP = 'STOP what you are doing and wait for the user to tell you how to proceed.';
const REJECTED_SAID = 'To tell you how to proceed, the user said:\n';
/** An interrupted Bash call's result since 2.0: its exit code, then the words, and nothing else. */
const INTERRUPTED_BASH = /^Exit code \d{1,3}\n\[Request interrupted by user for tool use\]$/;

/**
 * The user's stop, read only from the shape of result Claude Code writes for a stopped call (the
 * hook's `error`, a transcript's tool_result, the same on every path): the whole result is its
 * words (`Error: ` before them at most), and a declined call's words are the whole sentence with
 * one of its two endings. The same words in a command's output (a failed Bash call's result
 * begins `Exit code N`, or with its own output) are output, never a stop. Only the fact is kept.
 */
export function stopOfResult(result: unknown): StopToken | undefined {
  if (typeof result !== 'string') return undefined;
  const r = result.startsWith('Error: ') ? result.slice(7) : result;
  if (r.startsWith(REJECTED_HEAD)) {
    const end = r.slice(REJECTED_HEAD.length);
    return end === REJECTED_STOP || end.startsWith(REJECTED_SAID) ? 'reject' : undefined;
  }
  if (r === INTERRUPTED_MARK || r.startsWith(`${INTERRUPTED_MARK}\n`) || INTERRUPTED_BASH.test(r)) return 'interrupt';
  return undefined;
}

function durationMs(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
}

/** Validates the scanned payload. Throws PayloadError (with no payload text in it) if unusable. */
export function toolCallFromPayload(p: ScannedPayload, commandWords?: ReadonlySet<string>): ToolCall {
  const event = p.top.get('hook_event_name');
  if (typeof event !== 'string' || !OBSERVED_EVENTS.includes(event)) {
    throw new PayloadError(`expected hook_event_name PostToolUse or PostToolUseFailure, found ${event === undefined ? 'none' : typeof event === 'string' && /^[A-Za-z]{1,40}$/.test(event) ? event : 'an unexpected value'}`);
  }
  const session = idToken(p.top.get('session_id'));
  if (session === undefined) throw new PayloadError('expected session_id of [A-Za-z0-9_-]{1,128}, found a missing or invalid value');
  if (!p.top.has('tool_name')) throw new PayloadError('expected tool_name, found none');
  const rawAgentId = p.top.get('agent_id');
  const agentId = idToken(rawAgentId);
  if (rawAgentId !== undefined && rawAgentId !== null && agentId === undefined) {
    throw new PayloadError('expected agent_id of [A-Za-z0-9_-]{1,128}, found an invalid value');
  }
  const tool = currentToolName(toolToken(p.top.get('tool_name')));
  // An interrupt is the user's correction: kept as a token, for the turn's feedback (store/delivery/turn-feedback.ts).
  const interrupted = p.top.get('is_interrupt') === true || p.nested.get('tool_response.interrupted') === true;
  const failed = event === 'PostToolUseFailure' || interrupted;
  // (A rejection comes as a failure: PostToolUseFailure whose error is Claude Code's words.)
  const cwd = p.top.get('cwd');
  return {
    event: event as ObservedEvent,
    session,
    tool,
    ok: !failed,
    ms: durationMs(p.top.get('duration_ms')),
    id: idToken(p.top.get('tool_use_id')),
    detail: tool === 'Bash' ? bashDetail(p.nested.get('tool_input.command'), commandWords) : undefined,
    agent: agentId === undefined ? undefined : agentTypeToken(p.top.get('agent_type')),
    agentId,
    cwd: typeof cwd === 'string' && cwd.length > 0 ? cwd : undefined,
    stop: interrupted ? 'interrupt' : failed ? stopOfResult(p.top.get('error')) : undefined,
  };
}

/** Builds the record. Key order is fixed: the analyzer's fast reader relies on it. */
export function buildObservation(call: ToolCall, ts: string, prev: readonly (string | null)[], project: string | null): Observation {
  const o: Observation = {
    v: 1,
    ts,
    tool: call.tool,
    ok: call.ok,
    ms: call.ms,
    prev: prev[0] ?? null,
    prev2: prev[1] ?? null,
    session: call.session,
    project,
    event: call.event,
  };
  if (call.id !== undefined) o.id = call.id;
  if (call.detail !== undefined) o.detail = call.detail;
  if (call.agent !== undefined) o.agent = call.agent;
  if (call.agentId !== undefined) o.agentId = call.agentId;
  if (call.stop !== undefined) o.stop = call.stop;
  return o;
}

/** A session's main agent and each subagent are separate streams. */
export function streamKey(session: string, agentId: string | undefined): string {
  return agentId === undefined ? `${session}.main` : `${session}.agent-${agentId}`;
}
