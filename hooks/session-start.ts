#!/usr/bin/env node
// SessionStart hook (synchronous, before Claude's first request): gives Claude the learned rules
// as additionalContext, remembers the session so that its transcript is reconciled even if its
// end is never seen, and hands any session left unreconciled to a detached worker. Prints the
// context JSON or nothing; always exits 0.
import { isAbsolute } from 'node:path';
import { rulesReachingSession } from '../exports/delivery.js';
import { needsReconciling, readMark, readMarks, transcriptStat, writeMark } from '../claude/sessions.js';
import { sessionRulesContext } from '../exports/session-context.js';
import { recordDelivery, sourceToken } from '../claude/deliveries.js';
import { loadConfig, type Config } from '../lib/config.js';
import { spawnDetached } from '../lib/detached.js';
import { logHookError } from '../lib/hook-errors.js';
import { runHook } from '../lib/hook-shell.js';
import { idToken } from '../lib/tokens.js';
import { PayloadError } from '../observer/observation.js';
import { scanStdin } from '../observer/stdin.js';
import { currentProject, touchProject } from '../store/files/projects.js';

/** The configuration; a broken config.json is logged (doctor shows it) and the defaults are used: a session still gets its rules. */
function configFor(home: string, env: NodeJS.ProcessEnv): Config {
  try {
    return loadConfig(home, env).config;
  } catch (e) {
    logHookError(home, 'session-start', `${(e as Error).message.split('\n').join(' ')}; the defaults were used`);
    return loadConfig(home, env, undefined, { defaultsOnly: true }).config;
  }
}

runHook('session-start', async (home, env) => {
  const { scanner } = await scanStdin();
  const top = scanner.result.top;
  const session = idToken(top.get('session_id'));
  if (session === undefined) throw new PayloadError('payload: expected session_id of [A-Za-z0-9_-]{1,128}, found a missing or invalid value');
  const source = top.get('source');
  const transcript = top.get('transcript_path');
  const pid = Number(env['CLAUDE_PID']);
  const nowIso = new Date().toISOString();

  if (typeof transcript === 'string' && isAbsolute(transcript)) {
    const before = readMark(home, session);
    writeMark(home, { session, transcript, started: nowIso, ...(Number.isInteger(pid) && pid > 0 ? { pid } : {}), ...(before?.reconciled ? { reconciled: before.reconciled } : {}) });
  }
  // Sessions left behind (killed, or cut short before their SessionEnd worker finished).
  if (readMarks(home).some((m) => m.session !== session && needsReconciling(m, transcriptStat(m.transcript)))) {
    spawnDetached(new URL('./reconcile.js', import.meta.url), [], env, ['--max-semi-space-size=2']);
  }

  // The rules, once per conversation: at startup, after /clear and after compaction. A resumed
  // conversation already holds them, and Claude Code appends a resume's context to it again.
  if (source === 'resume') {
    recordDelivery(home, { session, source, at: nowIso, rules: 0, chars: 0, note: 'resumed: the conversation holds the rules given when it started' });
    return;
  }
  // The global rules and this project's (the project as the observer names it: same function).
  const cwd = top.get('cwd');
  const project = currentProject(typeof cwd === 'string' && cwd.length > 0 ? cwd : undefined, env);
  const config = configFor(home, env);
  if (project) {
    try {
      touchProject(home, project, nowIso, config.recordProjectPaths);
    } catch {
      // the registry only gives projects their names
    }
  }
  // A damaged rules.json gives no rules: say so in hook-errors.log, which doctor reads.
  const context = sessionRulesContext(rulesReachingSession(home, project?.id ?? null, { cwd, onProblem: (why: string) => logHookError(home, 'session-start', why) }), config);
  recordDelivery(home, { session, source: sourceToken(source), at: nowIso, rules: context?.shown ?? 0, chars: context?.text.length ?? 0 });
  if (context === undefined) return;
  process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: context.text } }));
});
