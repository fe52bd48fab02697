#!/usr/bin/env node
// PostToolUse / PostToolUseFailure observer. Runs on every tool call: read the payload, append one
// record, exit 0. Prints nothing, whatever happens; failures go to hook-errors.log.
// Keep this path light: node built-ins and lib/ modules only.
import { join } from 'node:path';
import { appendLine } from '../lib/append-line.js';
import { resolveNow, utcDay } from '../lib/clock.js';
import { assertDataHome, layout } from '../lib/data-home.js';
import { logHookError } from '../lib/hook-errors.js';
import { runHook } from '../lib/hook-shell.js';
import { buildObservation, PayloadError, streamKey, toolCallFromPayload } from '../observer/observation.js';
import { projectId, projectRoot } from '../observer/project-id.js';
import { scanStdin } from '../observer/stdin.js';
import { readPrev, writePrev } from '../observer/stream-state.js';
import { lazyCommandWords } from '../observer/command-words.js';

/** The folders this hook writes in: refused when they are links out of the data home. */
const OWN_DIRS = ['observations', 'state', join('state', 'streams')];

runHook('observe', async (home, env) => {
  const { scanner, reason } = await scanStdin();
  if (scanner.error !== undefined) throw new PayloadError(`payload: ${scanner.error}`);
  if (scanner.bytes === 0) throw new PayloadError(`payload: empty stdin (${reason})`);
  if (!scanner.done) throw new PayloadError(`payload: incomplete JSON object after ${scanner.bytes} bytes (${reason})`);
  const call = toolCallFromPayload(scanner.result, lazyCommandWords(home, env));
  let now: Date;
  try {
    now = resolveNow(undefined, env);
  } catch (e) {
    logHookError(home, 'observe', (e as Error).message);
    now = new Date();
  }
  assertDataHome(home, OWN_DIRS);
  const root = projectRoot(call.cwd, env);
  const stream = streamKey(call.session, call.agentId);
  const state = readPrev(home, stream);
  // This call's other hook (registered at a second scope, or by the plugin) recorded it already:
  // the same tool-use id and tool, as the analyzer tells a repeat (analyzer/record-table.ts).
  if (call.id !== undefined && call.id === state.id && call.tool === state.prev[0]) return;
  const prev = state.prev;
  const record = buildObservation(call, now.toISOString(), prev, root === undefined ? null : projectId(root));
  appendLine(layout.observationFile(home, utcDay(now.getTime())), JSON.stringify(record));
  writePrev(home, stream, [call.tool, prev[0]], call.id);
});
