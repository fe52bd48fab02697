#!/usr/bin/env node
// The reconciliation worker, started detached by the SessionStart and SessionEnd hooks (never by
// Claude Code itself): imports what sessions' transcripts hold that the observer missed, then
// analyses. Errors go to hook-errors.log; it prints nothing.
import { reconcile } from '../runs/reconcile.js';
import { resolveNow } from '../lib/clock.js';
import { loadConfig } from '../lib/config.js';
import { runHook } from '../lib/hook-shell.js';

runHook('reconcile', async (home, env) => {
  const { config } = loadConfig(home, env);
  await reconcile({ home, config, now: () => resolveNow(undefined, env) });
});
