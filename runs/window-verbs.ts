import { existsSync } from 'node:fs';
import { layout } from '../lib/data-home.js';
import { readEvents } from '../store/files/events.js';
import { storeKey } from '../store/model/keys.js';
import { round4 } from '../store/model/lifecycle.js';
import { StoreError } from '../store/verbs/mutate.js';
import { scopePatterns } from '../store/promotion/scope.js';
import { snapshot, type StoreCtx } from '../store/views/snapshot.js';
import { latestSession, sessionSummary as summaryOf } from '../store/views/summary.js';
import { runConsolidation } from './consolidate-run.js';
import { peekWindow } from './run.js';

// The store's verbs that read the observation window or run bye, as the CLI and the MCP server
// call them (beside store/service.ts): context in, structured result out; a miss throws StoreError.

export function sessionSummary(ctx: StoreCtx, session?: string) {
  if (!existsSync(layout.observations(ctx.home))) throw new StoreError('no observations yet: nothing to summarise');
  const { table } = peekWindow(ctx.home, ctx.now, ctx.config);
  const id = session ?? ctx.session ?? latestSession(table);
  if (id === undefined) throw new StoreError(`no session in the last ${ctx.config.windowDays} days`);
  const s = summaryOf(table, id, readEvents(ctx.home), ctx.now.getTime(), ctx.config);
  if (!s) throw new StoreError(`no session ${JSON.stringify(id)} in the last ${ctx.config.windowDays} days`);
  return s;
}

/** The window's chains as the analyzer sees them now (read-only), with the scope each would take. */
export function detectChains(ctx: StoreCtx, limit = 20) {
  if (!existsSync(layout.observations(ctx.home))) return { window_days: ctx.config.windowDays, chains: [] };
  const { analyses } = peekWindow(ctx.home, ctx.now, ctx.config);
  const scoped = new Map(scopePatterns(analyses, ctx.config).map((s) => [`${s.p.kind}:${s.p.key}`, s]));
  const chains = analyses.all.patterns
    .filter((p) => p.kind === 'chain' || p.kind === 'error-retry')
    .sort((a, b) => b.confidence - a.confidence || b.observations - a.observations || (a.key < b.key ? -1 : 1))
    .slice(0, limit)
    .map((p) => {
      const s = scoped.get(`${p.kind}:${p.key}`);
      return { pattern: storeKey(p.kind, p.key), confidence: round4(p.confidence), observations: p.observations, sessions: p.sessions, tracked: s !== undefined, scope: s?.scope ?? null, project: s?.project ?? null, projects: s?.projects ?? [] };
    });
  return { window_days: ctx.config.windowDays, sessions: analyses.all.sessionsInWindow, calls: analyses.all.recordsInWindow, chains };
}

/** consolidate: the same code as bye; counts of instincts that reached each level. */
export function consolidate(ctx: StoreCtx, env: NodeJS.ProcessEnv) {
  const before = new Map(snapshot(ctx).instincts.map((v) => [v.id, v.level]));
  const r = runConsolidation({ home: ctx.home, now: ctx.now, config: ctx.config, env });
  if (r.analysis.status === 'locked') throw new StoreError(`another analysis (pid ${r.analysis.heldBy?.pid}) still held the lock; nothing was changed, try again`);
  const after = snapshot(ctx).instincts;
  const reached = { mature: 0, rule: 0, universal: 0 };
  for (const v of after) {
    const was = before.get(v.id);
    if (v.level !== was && v.level !== 'seedling') reached[v.level]++;
  }
  return {
    promoted: reached,
    rules: r.rules.length + r.taught.length,
    changes: { promoted: r.changes.promoted.map((x) => x.pattern), refreshed: r.changes.refreshed.length, decaying: r.changes.decaying.length, archived: r.changes.archived.map((a) => a.rule.pattern), taught_promoted: r.taughtChanges.promoted.map((t) => t.pattern) },
    blocked: r.blocked,
    rules_file: r.rulesFile,
    read_only: r.analysis.readOnly,
  };
}
