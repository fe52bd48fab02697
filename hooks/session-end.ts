#!/usr/bin/env node
// SessionEnd hook (synchronous, within Claude Code's 1.5 s budget): marks the session over and
// starts a detached worker that reconciles its transcript with what the observer recorded (in
// `claude -p` the observer's last hooks are cancelled at exit) and analyses. Prints nothing.
import { isAbsolute } from 'node:path';
import { readMark, writeMark } from '../claude/sessions.js';
import { spawnDetached } from '../lib/detached.js';
import { runHook } from '../lib/hook-shell.js';
import { idToken } from '../lib/tokens.js';
import { PayloadError } from '../observer/observation.js';
import { scanStdin } from '../observer/stdin.js';

runHook('session-end', async (home, env) => {
  const { scanner } = await scanStdin();
  const top = scanner.result.top;
  const session = idToken(top.get('session_id'));
  if (session === undefined) throw new PayloadError('payload: expected session_id of [A-Za-z0-9_-]{1,128}, found a missing or invalid value');
  const payloadTranscript = top.get('transcript_path');
  const before = readMark(home, session);
  const transcript = typeof payloadTranscript === 'string' && isAbsolute(payloadTranscript) ? payloadTranscript : before?.transcript || undefined;
  if (transcript === undefined) return;
  const nowIso = new Date().toISOString();
  writeMark(home, { ...(before ?? { started: nowIso }), session, transcript, ended: nowIso });
  spawnDetached(new URL('./reconcile.js', import.meta.url), [], env, ['--max-semi-space-size=2']);
});
