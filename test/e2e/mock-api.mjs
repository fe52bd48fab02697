// A mock of the Anthropic Messages API on 127.0.0.1 for running the real Claude Code offline.
//
// The main conversation is scripted as a list of turns; the turn answered is chosen from the
// request itself (the number of assistant messages already in `messages`), not from the order of
// arrival, so retries and side requests (a title, a summary, a subagent) never shift the script.
// A request is "main" when it offers the tools of the main agent; anything else goes to
// `side(body)` (default: a short text turn).
//
// The same server is also the HTTP(S) proxy given to Claude Code: a CONNECT or absolute-URL request
// to any other host is refused and recorded in `blocked`, so a test can prove nothing tried to leave.
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * @typedef {{ tool: string, input: object, id?: string }} ToolUse
 * @typedef {{ text: string }} TextTurn
 * @typedef {{ tools: ToolUse[], text?: string }} ToolsTurn
 * @typedef {ToolUse | TextTurn | ToolsTurn | ((body: any, info: {assistantTurns: number}) => Turn)} Turn
 */

let idCounter = 0;
const nextId = (prefix) => `${prefix}_${String(++idCounter).padStart(6, '0')}${Math.random().toString(36).slice(2, 10)}`;

/** Number of assistant messages already in a request: the index of the turn it asks for. */
export function assistantTurns(body) {
  return (body?.messages ?? []).filter((m) => m.role === 'assistant').length;
}

/** Every text the model sees in a request (system blocks and message texts), joined. */
export function requestText(body) {
  const parts = [];
  const sys = body?.system;
  if (typeof sys === 'string') parts.push(sys);
  else if (Array.isArray(sys)) for (const b of sys) if (b?.text) parts.push(b.text);
  for (const m of body?.messages ?? []) {
    if (typeof m.content === 'string') parts.push(m.content);
    else for (const b of m.content ?? []) {
      if (b.type === 'text') parts.push(b.text);
      else if (b.type === 'tool_result') {
        if (typeof b.content === 'string') parts.push(b.content);
        else for (const c of b.content ?? []) if (c.type === 'text') parts.push(c.text);
      }
    }
  }
  return parts.join('\n');
}

/** Count of non-overlapping occurrences of needle in haystack. */
export function occurrences(haystack, needle) {
  if (!needle) return 0;
  let n = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) n++;
  return n;
}

/** True for a request of the main agent loop (it offers the Bash tool), as opposed to side calls. */
export function isMainRequest(body) {
  return Array.isArray(body?.tools) && body.tools.some((t) => t.name === 'Bash') && !isSubagentRequest(body);
}

/** The summary request of a compaction (/compact or auto-compact): its last user text asks for one. */
export function isCompactRequest(body) {
  const last = body?.messages?.at(-1);
  if (last?.role !== 'user') return false;
  const text = typeof last.content === 'string' ? last.content : (last.content ?? []).map((b) => b.text ?? '').join('\n');
  return /^CRITICAL: Respond with TEXT ONLY/.test(text) || /create a detailed summary of the conversation/i.test(text);
}

/** Subagent requests: the Agent tool's system prompt does not start as the main one. */
export function isSubagentRequest(body) {
  const sys = Array.isArray(body?.system) ? body.system.map((b) => b.text ?? '').join('\n') : String(body?.system ?? '');
  return Array.isArray(body?.tools) && /You are an agent for Claude Code/.test(sys);
}

function normalizeTurn(turn) {
  if (typeof turn === 'string') return { text: turn, tools: [] };
  if ('tool' in turn) return { tools: [turn], text: undefined };
  return { tools: turn.tools ?? [], text: turn.text };
}

function usage(input = 10, output = 5) {
  return { input_tokens: input, output_tokens: output, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
}

function messageJson(turn, model) {
  const content = [];
  if (turn.text !== undefined) content.push({ type: 'text', text: turn.text });
  for (const t of turn.tools) content.push({ type: 'tool_use', id: t.id ?? nextId('toolu'), name: t.tool, input: t.input });
  return {
    id: nextId('msg'),
    type: 'message',
    role: 'assistant',
    model: model ?? 'claude-mock',
    content,
    stop_reason: turn.tools.length ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: usage(),
  };
}

function sseEvents(message) {
  const events = [];
  const { content, stop_reason, ...head } = message;
  events.push(['message_start', { type: 'message_start', message: { ...head, content: [], stop_reason: null, usage: usage(10, 1) } }]);
  content.forEach((block, index) => {
    if (block.type === 'text') {
      events.push(['content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }]);
      events.push(['content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } }]);
    } else {
      events.push(['content_block_start', { type: 'content_block_start', index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } }]);
      events.push(['content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } }]);
    }
    events.push(['content_block_stop', { type: 'content_block_stop', index }]);
  });
  events.push(['message_delta', { type: 'message_delta', delta: { stop_reason, stop_sequence: null }, usage: { output_tokens: 5 } }]);
  events.push(['message_stop', { type: 'message_stop' }]);
  return events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join('');
}

/**
 * Starts the mock. Options:
 * - script: Turn[] for the main conversation (index = assistant turns so far); past its end: "done".
 * - side(body): Turn for requests that are not main (default: text "ok").
 * - subagent(body, info): Turn for subagent requests (default: text "subagent done").
 * - compact(body): Turn for a compaction's summary request (default: a <summary> text).
 * - logFile: also append every logged request as one JSON line.
 * - onRequest(entry): called for every /v1/messages request (e.g. to kill the client).
 */
export async function startMockApi(options = {}) {
  const { script = [], logFile } = options;
  const side = options.side ?? (() => ({ text: 'ok' }));
  const subagent = options.subagent ?? (() => ({ text: 'subagent done' }));
  /** @type {{ kind: string, method: string, path: string, headers: object, body: any, turn?: number, at: number }[]} */
  const requests = [];
  /** Requests to any host but this server (refused). */
  const blocked = [];
  const listeners = new Set(options.onRequest ? [options.onRequest] : []);
  const log = (entry) => {
    requests.push(entry);
    if (logFile) appendFileSync(logFile, JSON.stringify(entry) + '\n');
  };

  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      // An absolute URL means we are being used as a plain-HTTP proxy for another host.
      if (/^https?:\/\//.test(req.url ?? '')) {
        blocked.push({ method: req.method, url: req.url, at: Date.now() });
        res.writeHead(403).end();
        return;
      }
      const path = (req.url ?? '').split('?')[0];
      const entry = { kind: 'other', method: req.method, path, url: req.url, headers: req.headers, body, at: Date.now() };
      if (req.method === 'POST' && path === '/v1/messages/count_tokens') {
        entry.kind = 'count_tokens';
        log(entry);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ input_tokens: Math.ceil(raw.length / 4) }));
        return;
      }
      if (req.method === 'POST' && path === '/v1/messages') {
        let turn;
        if (isCompactRequest(body)) {
          entry.kind = 'compact';
          turn = (options.compact ?? (() => ({ text: '<summary>The user ran a few commands; nothing else happened.</summary>' })))(body);
        } else if (isMainRequest(body)) {
          entry.kind = 'main';
          entry.turn = assistantTurns(body);
          const t = script[entry.turn] ?? { text: 'done' };
          turn = typeof t === 'function' ? t(body, { assistantTurns: entry.turn }) : t;
        } else if (isSubagentRequest(body)) {
          entry.kind = 'subagent';
          entry.turn = assistantTurns(body);
          turn = subagent(body, { assistantTurns: entry.turn });
        } else {
          entry.kind = 'side';
          turn = side(body);
        }
        log(entry);
        for (const fn of listeners) fn(entry);
        const message = messageJson(normalizeTurn(turn), body?.model);
        if (body?.stream) {
          res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
          res.end(sseEvents(message));
        } else {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(message));
        }
        return;
      }
      log(entry);
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: `mock: no ${req.method} ${path}` } }));
    });
  });
  // HTTPS through the proxy: refuse every tunnel, and record where it wanted to go.
  server.on('connect', (req, socket) => {
    blocked.push({ method: 'CONNECT', url: req.url, at: Date.now() });
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    requests,
    blocked,
    /** The /v1/messages requests of the main conversation. */
    main: () => requests.filter((r) => r.kind === 'main'),
    /** Calls fn(entry) for every later /v1/messages request; returns the unsubscribe function. */
    onRequest: (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve(undefined));
    }),
  };
}
