import { ruleEffects } from '../analyzer/effectiveness.js';
import { loadRecords } from '../runs/retained-records.js';
import { projectTable } from '../analyzer/table-select.js';
import { tableFromRecords } from '../analyzer/table-builder.js';
import { readLastAnalysis } from '../store/views/last-analysis.js';
import { givenHere, nothingHere } from '../store/views/nothing-here.js';
import { readEvents } from '../store/files/events.js';
import { inReach, knownProjects, stats as statsOf } from '../store/views/query.js';
import { readProjects } from '../store/files/projects.js';
import { projects as projectsOf } from '../store/service.js';
import { snapshot, type StoreCtx } from '../store/views/snapshot.js';
import { readRulesState } from '../rules/read.js';
import { allRules, rulesFor } from '../rules/reach.js';
import type { ObservedRule } from '../rules/rule.js';
import { buildReport, type ReportData } from './model.js';

// The report's edge: the store (through its index), its event log, rules.json, the last
// analysis's stamp, and the retained records through the analyzer's per-day cache (read, never
// written: a report changes nothing in the data home).

/** Everything the report shows; with `onlyProject`, the current project's records and the instincts in its reach. */
export function gatherReport(ctx: StoreCtx, opts: { onlyProject: boolean }): ReportData {
  const nowMs = ctx.now.getTime();
  const snap = snapshot(ctx);
  const project = opts.onlyProject ? ctx.project : null;
  const views = project === null ? snap.instincts : snap.instincts.filter((v) => inReach(v, project));
  const facts = project === null ? snap.facts : snap.facts.filter((f) => f.scope === 'global' || f.project === project);
  // The strict reader refuses a damaged rules.json (the report says so); what reaches the project is what the SessionStart hook gives (rules/reach.ts).
  const doc = readRulesState(ctx.home).doc;
  const rules = project === null ? allRules(doc) : rulesFor(doc, project);
  const known = knownProjects(readProjects(ctx.home).map((p) => p.id), snap.instincts, doc);
  const stats = { project: ctx.project, ...statsOf(views, facts, readEvents(ctx.home).length, snap.problems.length, { rules: rules.length, projects: project === null ? known.size : 1 }) };
  const loaded = loadRecords(ctx.home, nowMs, ctx.config);
  let table = loaded.table;
  // A project with no record of its own: none of the records (index -1 would select those without a project).
  if (project !== null) table = table.projects.includes(project) ? projectTable(table, table.projects.indexOf(project)) : tableFromRecords([]);
  const projects = projectsOf(ctx).projects.filter((p) => project === null || p.id === project).map((p) => ({ id: p.id, name: p.name, instincts: p.instincts }));
  const reach = rules.map((r) => r.rule).filter((r): r is ObservedRule => r.kind !== 'taught');
  return buildReport({
    nowMs,
    project,
    config: ctx.config,
    table,
    views,
    facts,
    stats,
    projects,
    names: snap.ctx.names,
    rules,
    lastAnalysis: readLastAnalysis(ctx.home),
    nothingHere: project !== null && givenHere(doc, project, ctx.config).here === 0 ? nothingHere(ctx.home, doc, project, ctx.config) : null,
    effects: reach.length ? ruleEffects(table, reach, nowMs, ctx.config) : [],
    firstDay: loaded.firstDay,
  });
}
