#!/usr/bin/env node
// UserPromptSubmit hook (synchronous, so it must be quick): every forcedEvalEvery-th prompt of a
// session it restates the promoted rules as additionalContext, so long sessions re-evaluate
// them. Otherwise, or when there are no rules, it prints nothing. Always exits 0.
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import type { Rule } from '../analyzer/promotion.js';
import { ruleLine } from '../analyzer/rules-file.js';
import { loadConfig } from '../lib/config.js';
import { readDataFile, writeNewFile } from '../lib/data-files.js';
import { assertDataHome, ensurePrivateDir, idFileStem, layout, PRIVATE_FILE } from '../lib/data-home.js';
import { runHook } from '../lib/hook-shell.js';
import { scanStdin } from '../observer/stdin.js';
import { idToken } from '../lib/tokens.js';

const MAX_CONTEXT = 2000;

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

/** The context text: rule lines, most confident first, whole lines only, within the cap. */
export function routerContext(rules: Rule[]): string | undefined {
  const head = 'homunculus: rules learned from your recent sessions; re-check your approach against them:';
  let text = head;
  for (const r of rules) {
    const line = ruleLine(r);
    if (line === undefined) continue;
    if (text.length + 1 + line.length > MAX_CONTEXT) break;
    text += `\n${line}`;
  }
  return text === head ? undefined : text;
}

runHook('prompt-router', async (home, env) => {
  const { scanner } = await scanStdin();
  const session = idToken(scanner.result.top.get('session_id'));
  if (session === undefined) throw new Error('payload: expected session_id of [A-Za-z0-9_-]{1,128}');
  const { config } = loadConfig(home, env);
  const n = nextPromptNumber(home, session);
  if (n % config.forcedEvalEvery !== 0) return;
  let rules: Rule[] = [];
  try {
    const listed: unknown = (JSON.parse(readDataFile(layout.rulesJson(home)).toString('utf8')) as { rules?: unknown } | null)?.rules;
    if (!Array.isArray(listed)) return;
    // Entries that cannot be shown (null, no pattern, NaN) are skipped by ruleLine; bye reports them.
    rules = listed.filter((r): r is Rule => typeof r === 'object' && r !== null && typeof (r as Rule).confidence_now === 'number');
  } catch {
    return; // no rules yet
  }
  const context = routerContext([...rules].sort((a, b) => b.confidence_now - a.confidence_now));
  if (context === undefined) return;
  process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: context } }));
});
