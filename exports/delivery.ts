import { readRulesDoc } from '../rules/read.js';
import { rulesFor, type Reaching } from '../rules/reach.js';
import { keysLoadedIn } from './injected.js';

// What reaches a session: the rules of rules.json that reach its project (rules/reach.ts), less
// those a CLAUDE.md block the session loads already holds (inject, export --out, graduate, a
// rules file in a memory file): nothing is given twice. Lenient: a damaged rules.json gives no
// rules and `onProblem` says why (the hooks log it where doctor looks). Light: the hooks import it.

export function rulesReachingSession(home: string, project: string | null, opts: { cwd?: unknown; onProblem?: (why: string) => void } = {}): Reaching[] {
  const reaching = rulesFor(readRulesDoc(home, opts.onProblem), project);
  const loaded = opts.cwd === undefined ? new Set<string>() : keysLoadedIn(home, typeof opts.cwd === 'string' && opts.cwd.length > 0 ? opts.cwd : undefined);
  return loaded.size === 0 ? reaching : reaching.filter((r) => !loaded.has(r.key));
}
