import { BadTimeError, resolveNow } from '../lib/clock.js';
import { ConfigError, loadConfig } from '../lib/config.js';
import { resolveDataHome } from '../lib/data-home.js';
import { currentProject } from '../store/files/projects.js';
import { suggestFromIndex } from '../store/views/suggest-fast.js';
import { figure } from '../store/views/figures.js';

// `homunculus suggest` without yargs: loading yargs alone costs about 0.3 s, several times the
// whole answer. Only the plain forms are taken here (--json, --full, --limit, --home, --now);
// anything else, or a store whose index is not fresh, goes the full way (cli/main.ts), which
// prints exactly the same.

export function renderSuggest(r: { suggestions: { pattern: string; confidence: number; rate?: number; level: string }[] }): string {
  return r.suggestions.length ? r.suggestions.map((s) => `${figure(s).padStart(4)}  ${s.level.padEnd(9)}  ${s.pattern}`).join('\n') : 'Nothing to suggest yet (no mature instinct here).';
}

interface Flags {
  json: boolean;
  full: boolean;
  limit?: number;
  home?: string;
  now?: string;
}

function parse(args: readonly string[]): Flags | undefined {
  const f: Flags = { json: false, full: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = a.indexOf('=');
    const name = eq === -1 ? a : a.slice(0, eq);
    const inline = eq === -1 ? undefined : a.slice(eq + 1);
    if (name === '--json' && inline === undefined) f.json = true;
    else if (name === '--full' && inline === undefined) f.full = true;
    else if (name === '--limit' || name === '--home' || name === '--now') {
      const v = inline ?? args[++i];
      if (v === undefined || v === '' || v.startsWith('--')) return undefined;
      if (name === '--limit') {
        if (!/^[1-9]\d{0,3}$/.test(v)) return undefined;
        f.limit = Number(v);
      } else if (name === '--home') f.home = v;
      else f.now = v;
    } else return undefined;
  }
  return f;
}

/** True when it answered; false to take the full path. */
export function fastSuggest(args: readonly string[], env: NodeJS.ProcessEnv = process.env): boolean {
  const f = parse(args);
  if (f === undefined) return false;
  try {
    const home = f.home ? resolveDataHome({ HOMUNCULUS_HOME: f.home }) : resolveDataHome(env);
    const { config } = loadConfig(home, env);
    const now = resolveNow(f.now, env);
    const project = currentProject(process.cwd(), env)?.id ?? null;
    const r = suggestFromIndex(home, config, now.getTime(), project, { full: f.full, quick: true, ...(f.limit !== undefined ? { limit: f.limit } : {}) });
    if (r === undefined) return false;
    process.stdout.write(f.json ? `${JSON.stringify(r, null, 2)}\n` : `${renderSuggest(r)}\n`);
    return true;
  } catch (e) {
    if (e instanceof ConfigError || e instanceof BadTimeError) return false; // the full path reports it
    throw e;
  }
}
