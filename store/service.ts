import { existsSync } from 'node:fs';
import { analysedProjects, readLastAnalysis } from './views/last-analysis.js';
import { givenHere, nothingHere } from './views/nothing-here.js';
import type { Config } from '../lib/config.js';
import { assertDataHome, layout } from '../lib/data-home.js';
import { findContradictions, findDistinct, findDuplicates } from './views/clean.js';
import { readEvents } from './files/events.js';
import { readIfFile } from './files/io.js';
import { round4 } from './model/lifecycle.js';
import { currentProject, readProjects, touchProject } from './files/projects.js';
import { effectiveness as effectivenessRows, filterViews, knownProjects, knownScope, LIST_SCOPES, history as historyRows, searchFacts, searchViews, stats as statsOf, status as statusOf, trending as trendingRows, type ListFilter } from './views/query.js';
import { StoreError } from './verbs/mutate.js';
import { parseQuery } from './views/search.js';
import { findInstinct, readAliases, readSuggestions, snapshot, type StoreCtx } from './views/snapshot.js';
import { suggestResult } from './views/suggest-fast.js';
import { cli } from '../lib/invocation.js';

// The verbs of the store, as the CLI and the MCP server both call them: context in, structured
// result out. A miss throws StoreError (the CLI prints it, the MCP server answers {error}).

export function storeContext(opts: { home: string; config: Config; now: Date; cwd: string; env: NodeJS.ProcessEnv; session?: string; register?: boolean }): StoreCtx {
  // Every store command reads and writes below the data home's folders: none may be a link out of it.
  assertDataHome(opts.home);
  // From a terminal (no CLAUDE_PROJECT_DIR): the folder the hooks recorded sessions under, on the way up to the repository's root.
  const known = existsSync(opts.home) ? new Set([...readProjects(opts.home).map((x) => x.id), ...analysedProjects(opts.home)]) : new Set<string>();
  const p = currentProject(opts.cwd, opts.env, (id) => known.has(id));
  if (p && opts.register && existsSync(opts.home)) {
    try {
      touchProject(opts.home, p, opts.now.toISOString(), opts.config.recordProjectPaths);
    } catch {
      // the registry is for names; the store works without it
    }
  }
  return { home: opts.home, config: opts.config, now: opts.now, project: p?.id ?? null, ...(p ? { projectName: p.name } : {}), ...(opts.session ? { session: opts.session } : {}) };
}

/** Why `scope` is not one a list or an export takes, or undefined. */
export function scopeProblem(scope: string): string | undefined {
  if (knownScope(scope)) return undefined;
  return `unknown scope ${JSON.stringify(scope.slice(0, 60))}: expected ${LIST_SCOPES.join(', ')} or a project id (12 hex digits, as \`${cli('projects')}\` lists them)`;
}

export function list(ctx: StoreCtx, filter: ListFilter, limit?: number) {
  const problem = filter.scope === undefined ? undefined : scopeProblem(filter.scope);
  if (problem !== undefined) throw new StoreError(problem);
  const s = snapshot(ctx);
  const all = filterViews(s.instincts, filter, ctx.project);
    // What the same filter finds in every scope: where to look when this one finds nothing.
  const everywhere = filter.scope === 'all' ? all.length : filterViews(s.instincts, { ...filter, scope: 'all' }, ctx.project).length;
  return { project: ctx.project, total: all.length, instincts: all.slice(0, limit ?? all.length), problems: s.problems, elsewhere: everywhere - all.length, inStore: s.instincts.length };
}

export function get(ctx: StoreCtx, ref: string) {
  const s = snapshot(ctx);
  const v = findInstinct(s.instincts, ref, readAliases(ctx.home));
  if (!v) throw new StoreError(`no instinct ${JSON.stringify(ref)}: search or list the instincts for its id or pattern (${cli('search')}, ${cli('list')}; over MCP search_instincts, list_instincts)`);
  const text = readIfFile(`${layout.instincts(ctx.home)}/${v.id}.md`)?.toString('utf8') ?? '';
  const evidence = [...text.matchAll(/^- (.*)$/gm)].map((m) => m[1]!).filter((l) => /^\d{4}-\d\d-\d\d/.test(l) || l.startsWith('Archived'));
  const aliases = [...readAliases(ctx.home)].filter(([, t]) => t.toLowerCase() === v.pattern.toLowerCase()).map(([k]) => k);
  return { instinct: v, aliases, evidence, history: historyRows(readEvents(ctx.home), v.id) };
}

export function search(ctx: StoreCtx, query: string, limit?: number) {
  const s = snapshot(ctx);
  const n = limit ?? ctx.config.searchLimit;
  const mode = parseQuery(query).kind === 'substring' ? 'substring' : 'syntax';
  return { query, mode, instincts: searchViews(s.instincts, query, n), facts: searchFacts(s.facts, query, n) };
}

export function suggest(ctx: StoreCtx, opts: { full?: boolean; limit?: number; log?: boolean } = {}) {
  return suggestResult(ctx.home, snapshot(ctx).instincts, ctx.now.getTime(), ctx.project, opts, ctx.config);
}

export function stats(ctx: StoreCtx) {
  const s = snapshot(ctx);
  const known = { rules: s.ctx.rules.rules.length + s.ctx.rules.taught.length, projects: knownProjects(readProjects(ctx.home).map((p) => p.id), s.instincts, s.ctx.rules).size };
  return { project: ctx.project, ...statsOf(s.instincts, s.facts, readEvents(ctx.home).length, s.problems.length, known), lastAnalysis: readLastAnalysis(ctx.home) };
}

/** The period of a trend when none is given: the analysis window (config windowDays), the one place it is set. */
const trendDays = (ctx: StoreCtx, days: number | undefined) => days ?? ctx.config.windowDays;

export function trending(ctx: StoreCtx, days?: number, limit?: number) {
  const s = snapshot(ctx);
  days = trendDays(ctx, days);
  return { days, ...trendingRows(s.instincts, readEvents(ctx.home), ctx.now.getTime(), days, limit ?? ctx.config.searchLimit) };
}

export function history(ctx: StoreCtx, ref: string) {
  const s = snapshot(ctx);
  const v = findInstinct(s.instincts, ref, readAliases(ctx.home));
  const events = readEvents(ctx.home);
  const id = v?.id ?? (ref.startsWith('fact:') ? ref : events.find((e) => e.pattern === ref || e.id === ref)?.id);
  if (id === undefined) throw new StoreError(`no history for ${JSON.stringify(ref)}: give an instinct's id or pattern key`);
  const rows = historyRows(events, id);
  return { id, pattern: v?.pattern ?? rows[0]?.pattern ?? ref, confidence: v ? v.stored_confidence : 0, sum: rows.length ? rows[rows.length - 1]!.total : 0, events: rows };
}

export function effectiveness(ctx: StoreCtx) {
  const rows = effectivenessRows(readSuggestions(ctx.home), readEvents(ctx.home), ctx.config.windowDays);
  const suggested = rows.reduce((n, r) => n + r.suggested, 0);
  const confirmed = rows.reduce((n, r) => n + r.confirmed, 0);
  return { suggested, confirmed, rate: suggested ? round4(confirmed / suggested) : 0, patterns: rows };
}

export function projects(ctx: StoreCtx) {
  const s = snapshot(ctx);
  const registry = readProjects(ctx.home);
  const ids = knownProjects(registry.map((p) => p.id), s.instincts, s.ctx.rules);
  return {
    current: ctx.project,
    projects: [...ids].sort().map((id) => {
      const r = registry.find((p) => p.id === id);
      return {
        id,
        name: r?.name ?? null,
        last_seen: r?.last_seen ?? null,
        ...(r?.path ? { path: r.path } : {}),
        instincts: s.instincts.filter((v) => v.project === id).length,
        facts: s.facts.filter((f) => f.project === id).length,
        current: id === ctx.project,
      };
    }),
    global: { instincts: s.instincts.filter((v) => v.scope === 'global').length, facts: s.facts.filter((f) => f.scope === 'global').length },
  };
}

export function status(ctx: StoreCtx, days?: number) {
  const s = snapshot(ctx);
  days = trendDays(ctx, days);
  const given = givenHere(s.ctx.rules, ctx.project, ctx.config);
  return {
    project: ctx.project,
    project_name: ctx.projectName ?? null,
    days,
    groups: statusOf(s.instincts, readEvents(ctx.home), ctx.now.getTime(), days, ctx.project),
    facts: s.facts.filter((f) => f.scope === 'global' || f.project === ctx.project).length,
    lastAnalysis: readLastAnalysis(ctx.home),
    given,
    // A project given nothing of its own: what the last analysis saw of it, and the claims nearest to being given.
    nothing_here: ctx.project !== null && given.here === 0 ? nothingHere(ctx.home, s.ctx.rules, ctx.project, ctx.config) : null,
  };
}

export function duplicates(ctx: StoreCtx) {
  const s = snapshot(ctx);
  return { threshold: ctx.config.duplicateThreshold, duplicates: findDuplicates(s.instincts, ctx.config.duplicateThreshold), contradictions: findContradictions(s.instincts, ctx.config.mergeThreshold), distinct: findDistinct(s.instincts, ctx.config) };
}

export function facts(ctx: StoreCtx, scope: 'current' | 'all' = 'current') {
  const s = snapshot(ctx);
  const list = s.facts.filter((f) => scope === 'all' || f.scope === 'global' || f.project === ctx.project).sort((a, b) => b.confidence - a.confidence || (a.id < b.id ? -1 : 1));
  return { project: ctx.project, facts: list };
}

export function fact(ctx: StoreCtx, id: string) {
  const f = snapshot(ctx).facts.find((x) => x.id === id || x.id === id.replace(/^fact:/, ''));
  if (!f) throw new StoreError(`no fact ${JSON.stringify(id)}: fact_list shows the ids`);
  return { fact: f, history: historyRows(readEvents(ctx.home), `fact:${f.id}`) };
}
