#!/usr/bin/env node
// Stop hook (async): runs the analysis after each assistant turn, incremental through the cache,
// so a turn costs little; then judges the turns the prompt router added instincts to from their
// own tool records (store/turn-apply.ts). Prints nothing and exits 0 whatever happens; errors go
// to hook-errors.log. Light path: no yargs, no date or glob library.
import { runAnalysis } from '../analyzer/run.js';
import { resolveNow } from '../lib/clock.js';
import { loadConfig } from '../lib/config.js';
import { logHookError } from '../lib/hook-errors.js';
import { runHook } from '../lib/hook-shell.js';
import { idToken } from '../lib/tokens.js';
import { scanStdin } from '../observer/stdin.js';
import { applyTurnFeedback } from '../store/turn-apply.js';

runHook('stop', async (home, env) => {
  const { config } = loadConfig(home, env);
  const now = resolveNow(undefined, env);
  const report = runAnalysis({ home, now, config });
  // A HOMUNCULUS_NOW far ahead of the clock makes every run read-only: say so where doctor looks.
  if (report.readOnly) {
    logHookError(home, 'stop', `read-only: ${report.readOnlyReason}: nothing was pruned, archived or written`);
    return;
  }
  // The turn that just ended is this session's; without a usable payload, only turns old enough.
  let session: string | undefined;
  try {
    const { scanner } = await scanStdin();
    session = idToken(scanner.result.top.get('session_id'));
  } catch {
    session = undefined;
  }
  applyTurnFeedback(home, config, now, session);
});
