import { resolveDataHome } from './data-home.js';
import { logHookError } from './hook-errors.js';

/**
 * What every hook shares: off under HOMUNCULUS_DISABLE=1, the data home resolved, any failure
 * logged to hook-errors.log instead of printed, and exit 0 whatever happens.
 */
export function runHook(name: string, body: (home: string, env: NodeJS.ProcessEnv) => void | Promise<void>): void {
  const env = process.env;
  const run = async () => {
    if (env['HOMUNCULUS_DISABLE'] === '1') return;
    let home: string | undefined;
    try {
      home = resolveDataHome(env);
      await body(home, env);
    } catch (e) {
      if (home !== undefined) logHookError(home, name, (e as Error)?.message ?? String(e));
    }
  };
  run().finally(() => process.exit(0));
}
