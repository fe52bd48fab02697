import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from './helpers.js';

// Observation records written straight into a data home, as the observe hook writes them.

export interface SessionSpec {
  session: string;
  project: string | null;
  /** ISO start; one call a minute. */
  start: string;
  tools: string[];
  repeat: number;
  /** Tools (by index in `tools`) that fail. */
  failing?: number[];
}

export function writeSessions(data: string, specs: readonly SessionSpec[]): void {
  mkdirSync(join(data, 'observations'), { recursive: true });
  for (const s of specs) {
    let t = Date.parse(s.start);
    for (let r = 0; r < s.repeat; r++) {
      s.tools.forEach((tool, i) => {
        const ts = new Date(t).toISOString();
        const rec = { v: 1, ts, tool, ok: !(s.failing ?? []).includes(i), ms: 5, prev: null, prev2: null, session: s.session, project: s.project, event: 'PostToolUse' };
        appendFileSync(join(data, 'observations', `${ts.slice(0, 10)}.jsonl`), `${JSON.stringify(rec)}\n`);
        t += 60_000;
      });
    }
  }
}

export async function cliJson<T = Record<string, unknown>>(args: string[], env: Record<string, string | undefined>, cwd?: string): Promise<T> {
  const r = await runCli([...args, '--json'], env, cwd ? { cwd } : {});
  if (r.exitCode !== 0) throw new Error(`homunculus ${args.join(' ')} exited ${r.exitCode}: ${r.stderr}`);
  return JSON.parse(r.stdout as string) as T;
}
