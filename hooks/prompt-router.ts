#!/usr/bin/env node
// UserPromptSubmit hook (synchronous, so it must be quick): every forcedEvalEvery-th prompt of a
// session it reminds Claude of the rules given at session start, so long sessions re-evaluate
// them, and adds the instincts and facts relevant to the prompt that are not rules (from the
// store's JSON index: no YAML here), within a budget. What it added is logged by id (never the
// prompt) for the Stop hook to judge. Otherwise it prints nothing. Always exits 0.
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { rulesReachingSession } from '../exports/delivery.js';
import { taughtPurposes, type Reaching } from '../rules/reach.js';
import { isTaughtRule } from '../rules/rule.js';
import { keysLoadedIn } from '../exports/injected.js';
import { reminderText, sessionRulesContext } from '../exports/session-context.js';
import { loadConfig } from '../lib/config.js';
import { readDataFile, writeNewFile } from '../lib/data-files.js';
import { assertDataHome, ensurePrivateDir, idFileStem, layout, PRIVATE_FILE } from '../lib/data-home.js';
import { runHook } from '../lib/hook-shell.js';
import { scanStdin } from '../observer/stdin.js';
import { idToken } from '../lib/tokens.js';
import { appendLine } from '../lib/append-line.js';
import { resolveNow, utcDay } from '../lib/clock.js';
import { logHookError } from '../lib/hook-errors.js';
import { readFreshIndex } from '../store/files/index-read.js';
import { selectInjection } from '../store/delivery/inject.js';
import { currentProject } from '../store/files/projects.js';

/** The folders this hook writes in (its prompt counts, its injection log): refused when they are links out of the data home. */
const OWN_DIRS = ['state', join('state', 'prompts'), join('state', 'injections')];

/** Increments and returns the session's prompt count (a tiny file per session). */
function nextPromptNumber(home: string, session: string): number {
  const dir = layout.promptCounts(home);
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
  assertDataHome(home, OWN_DIRS);
  const n = nextPromptNumber(home, session);
  if (n % config.forcedEvalEvery !== 0) return;
  // The rules themselves reached Claude once, at session start; repeating them every few prompts
  // would put each rule in the conversation again and again. The reminder points back at them.
  const rawCwd = scanner.result.top.get('cwd');
  const cwd = typeof rawCwd === 'string' && rawCwd.length > 0 ? rawCwd : undefined;
  const project = currentProject(cwd, env);
  const rules = rulesReachingSession(home, project?.id ?? null);
  // A rule already in a CLAUDE.md block this session loads (inject, graduate) is not reminded of,
  // and neither it nor anything else of such a block is added as context: nothing twice.
  const loaded = keysLoadedIn(home, cwd);
  const shown = sessionRulesContext(rules.filter((r) => !loaded.has(r.key)), config)?.shown ?? 0;
  const parts: string[] = shown > 0 ? [reminderText(shown)] : [];
  const prompt = scanner.result.top.get('prompt');
  if (typeof prompt === 'string' && config.maxInjected > 0) {
    try {
      const added = inject(home, env, session, n, prompt, project?.id ?? null, rules, loaded, config);
      if (added) parts.push(added);
    } catch (e) {
      logHookError(home, 'prompt-router', `context: ${(e as Error).message}`);
    }
  }
  if (parts.length === 0) return;
  process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: parts.join('\n\n') } }));
});

/** The relevant instincts and facts as context text, logged by id for the turn's feedback. */
function inject(home: string, env: NodeJS.ProcessEnv, session: string, turn: number, prompt: string, project: string | null, rules: readonly Reaching[], loaded: ReadonlySet<string>, config: ReturnType<typeof loadConfig>['config']): string | undefined {
  // quick: the folders' stamps, not one stat per file (see readFreshIndex); a stale index adds nothing.
  const index = readFreshIndex(home, { quick: true });
  if (index === undefined) return undefined;
  const now = resolveNow(undefined, env);
  // Every rule that reaches this session, of every kind, was given at its start: not again.
  const keys = new Set<string>(loaded);
  for (const r of rules) keys.add(r.key);
  // A command taught here wins over an observed one of the same purpose (rules/reach.ts).
  const taught = taughtPurposes(rules.map((r) => r.rule).filter(isTaughtRule));
  const picked = selectInjection(index, prompt, { project, rules: keys, taught, nowMs: now.getTime(), config });
  if (picked.text === '') return undefined;
  // The session and turn, and what was added by id: the Stop hook judges it from the turn's records.
  const line = { ts: now.toISOString(), session, turn, project, instincts: picked.instincts.map((x) => ({ id: x.id, pattern: x.pattern, trigger: x.trigger })), facts: picked.facts.map((f) => f.id) };
  appendLine(layout.injections(home, utcDay(now.getTime())), JSON.stringify(line));
  return picked.text;
}
