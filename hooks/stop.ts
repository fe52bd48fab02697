#!/usr/bin/env node
// Stop hook (async): runs the analysis after each assistant turn. Incremental through the cache,
// so a turn costs little. Prints nothing and exits 0 whatever happens; errors go to
// hook-errors.log. Light path: no yargs, no date or glob library.
import { runAnalysis } from '../analyzer/run.js';
import { resolveNow } from '../lib/clock.js';
import { loadConfig } from '../lib/config.js';
import { logHookError } from '../lib/hook-errors.js';
import { runHook } from '../lib/hook-shell.js';

runHook('stop', (home, env) => {
  const { config } = loadConfig(home, env);
  const report = runAnalysis({ home, now: resolveNow(undefined, env), config });
  // A HOMUNCULUS_NOW far ahead of the clock makes every run read-only: say so where doctor looks.
  if (report.readOnly) logHookError(home, 'stop', `read-only: ${report.readOnlyReason}: nothing was pruned, archived or written`);
});
