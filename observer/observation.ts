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

/** Only the fact is kept, never the text: a rejection's error says so in its first words. */
function rejected(error: unknown): boolean {
  return typeof error === 'string' && error.slice(0, 120).includes(REJECTED_MARK);
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
  // An interrupt is the user's correction: kept as a token, for the turn's feedback (store/turn-feedback.ts).
  const interrupted = p.top.get('is_interrupt') === true || p.nested.get('tool_response.interrupted') === true;
  const failed = event === 'PostToolUseFailure' || interrupted;
  // (A rejection comes as a failure: PostToolUseFailure with the mark in its error.)
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
    stop: interrupted ? 'interrupt' : rejected(p.top.get('error')) ? 'reject' : undefined,
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
