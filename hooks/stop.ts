#!/usr/bin/env node
// Stop hook (async): after each assistant turn, runs the analysis (incremental through the cache,
// skipped while fewer than minObservationsToAnalyze records arrived since the last one), judges
// the turns the prompt router added instincts to from their own tool records, and dreams when one
// is due (dreamEveryDays and dreamMinSessions). Every step is logged in analysis.log. Prints
// nothing and exits 0 whatever happens; errors go to hook-errors.log. No yargs, no date or glob library.
import { runLoggedAnalysis } from '../runs/logged-run.js';
import { claudePaths } from '../claude/paths.js';
import { resolveNow } from '../lib/clock.js';
import { loadConfig } from '../lib/config.js';
import { assertDataHome } from '../lib/data-home.js';
import { logHookError } from '../lib/hook-errors.js';
import { runHook } from '../lib/hook-shell.js';
import { idToken } from '../lib/tokens.js';
import { scanStdin } from '../observer/stdin.js';
import { maybeDream } from '../store/verbs/dream-run.js';
import { currentProject } from '../store/files/projects.js';
import { applyTurnFeedback } from '../store/delivery/turn-apply.js';

runHook('stop', async (home, env) => {
  // The gate, the turn feedback and the dream read and write below state/ and observations/ even
  // when no analysis runs (which checks this too): none of its folders may be a link out of it.
  assertDataHome(home);
  const { config } = loadConfig(home, env);
  const now = resolveNow(undefined, env);
  const report = runLoggedAnalysis({ home, now, config, by: 'stop', gate: true, homeChecked: true });
  // A HOMUNCULUS_NOW far ahead of the clock makes every run read-only: say so where doctor looks.
  if (report?.readOnly) {
    logHookError(home, 'stop', `read-only: ${report.readOnlyReason}: nothing was pruned, archived or written`);
    return;
  }
  // The turn that just ended is this session's; without a usable payload, only turns old enough.
  let session: string | undefined;
  let cwd: string | undefined;
  try {
    const { scanner } = await scanStdin();
    session = idToken(scanner.result.top.get('session_id'));
    const c = scanner.result.top.get('cwd');
    cwd = typeof c === 'string' && c.length > 0 ? c : undefined;
  } catch {
    session = undefined;
  }
  try {
    applyTurnFeedback(home, config, now, session);
  } catch (e) {
    logHookError(home, 'stop', `turn feedback: ${(e as Error).message}`);
  }
  const project = currentProject(cwd, env);
  maybeDream({ home, config, now, project: project?.id ?? null }, { claudeDir: claudePaths('user', cwd ?? process.cwd(), env).dir, projectRoot: project?.root }, config);
});
