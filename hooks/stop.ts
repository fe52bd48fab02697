#!/usr/bin/env node
// Stop hook (async): runs the analysis after each assistant turn. Incremental through the cache,
// so a turn costs little. Prints nothing and exits 0 whatever happens; errors go to
// hook-errors.log. Light path: no yargs, no date or glob library.
import { runAnalysis } from '../analyzer/run.js';
import { resolveNow } from '../lib/clock.js';
import { loadConfig } from '../lib/config.js';
import { resolveDataHome } from '../lib/data-home.js';
import { logHookError } from '../lib/hook-errors.js';

function main(): void {
  const env = process.env;
  if (env['HOMUNCULUS_DISABLE'] === '1') return;
  let home: string | undefined;
  try {
    home = resolveDataHome(env);
    const { config } = loadConfig(home, env);
    runAnalysis({ home, now: resolveNow(undefined, env), config });
  } catch (e) {
    if (home !== undefined) logHookError(home, 'stop', (e as Error)?.message ?? String(e));
  }
}

main();
process.exit(0);
