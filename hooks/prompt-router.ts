#!/usr/bin/env node
// UserPromptSubmit hook (synchronous, so it must be quick): every forcedEvalEvery-th prompt of a
// session it reminds Claude of the rules given at session start, so long sessions re-evaluate
// them. Otherwise, or when there are no rules, it prints nothing. Always exits 0.
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { readRulesForDelivery } from '../exports/delivery.js';
import { reminderText, sessionRulesContext } from '../exports/session-context.js';
import { loadConfig } from '../lib/config.js';
import { readDataFile, writeNewFile } from '../lib/data-files.js';
import { assertDataHome, ensurePrivateDir, idFileStem, layout, PRIVATE_FILE } from '../lib/data-home.js';
import { runHook } from '../lib/hook-shell.js';
import { scanStdin } from '../observer/stdin.js';
import { idToken } from '../lib/tokens.js';
import { currentProject } from '../store/projects.js';

/** Increments and returns the session's prompt count (a tiny file per session). */
function nextPromptNumber(home: string, session: string): number {
  const dir = layout.promptCounts(home);
  assertDataHome(home, ['state', join('state', 'prompts')]);
  const path = join(dir, `${idFileStem(session)}.count`);
  let n = 0;
  try {
    n = Number.parseInt(readDataFile(path).toString('utf8'), 10) || 0;
  } catch {
    ensurePrivateDir(dir);
  }
  n++;
  const tmp = `${path}.${process.pid}.tmp`;
  writeNewFile(tmp, Buffer.from(String(n)), PRIVATE_FILE);
  renameSync(tmp, path);
  return n;
}

/**
 * A turn Claude Code starts itself, not the user: the `<task-notification>` after a background
 * task or subagent finishes fires UserPromptSubmit too. It neither counts nor gets the reminder.
 */
export function isSystemTurn(prompt: unknown): boolean {
  return typeof prompt === 'string' && prompt.trimStart().startsWith('<task-notification>');
}

runHook('prompt-router', async (home, env) => {
  const { scanner } = await scanStdin();
  const session = idToken(scanner.result.top.get('session_id'));
  if (session === undefined) throw new Error('payload: expected session_id of [A-Za-z0-9_-]{1,128}');
  if (isSystemTurn(scanner.result.top.get('prompt'))) return;
  const { config } = loadConfig(home, env);
  const n = nextPromptNumber(home, session);
  if (n % config.forcedEvalEvery !== 0) return;
  // The rules themselves reached Claude once, at session start; repeating them every few prompts
  // would put each rule in the conversation again and again. The reminder points back at them.
  const cwd = scanner.result.top.get('cwd');
  const project = currentProject(typeof cwd === 'string' && cwd.length > 0 ? cwd : undefined, env);
  const shown = sessionRulesContext(readRulesForDelivery(home, project?.id ?? null, { cwd }))?.shown ?? 0;
  if (shown === 0) return;
  process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: reminderText(shown) } }));
});
