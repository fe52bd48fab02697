import { DAY_MS, utcDay } from '../lib/clock.js';
import { readOnlyReason } from '../lib/clock-guard.js';
import type { Config } from '../lib/config.js';
import { dayOf, protectedDays } from '../analyzer/active-window.js';
import { runConsolidation, type ByeReport } from './consolidate-run.js';
import { learnHistory, pruneHistory } from '../analyzer/history.js';
import { readHistory, writeHistory } from './history-file.js';
import type { RecordTable } from '../analyzer/record-table.js';
import { TableBuilder } from '../analyzer/table-builder.js';
import { worthDelivering } from '../analyzer/deliver.js';
import { ruleFacts } from '../analyzer/promotion.js';
import { projectNames } from '../store/files/projects.js';
import { readRulesDoc } from '../rules/read.js';
import { rulesFor } from '../rules/reach.js';
import type { ObservedRule, RulesDoc } from '../rules/rule.js';

// import-transcripts' learning from the history it read (analyzer/history.ts): each project once
// over its own span, carried into state/history.json, then bye's promotion, so that a session's
// first start after an import already gets what history teaches. Nothing is pruned by this run:
// import first says, in numbers, what the next analysis's retention will remove.

export interface LearnedProject {
  project: string;
  name: string;
  sessions: number;
  /** The history's span for this project: its first and last record, and the active days learned from. */
  from: string;
  to: string;
  activeDays: number;
  /** Patterns tracked (instincts), and the rules its sessions now get (their keys): its own, and habits of the user's other projects. */
  tracked: number;
  rules: string[];
  across: string[];
}

export interface HistoryLearning {
  projects: LearnedProject[];
  /** Records written by this import that the next analysis's retention removes, their days, and the retentionDays that keeps them. */
  retention: { records: number; days: number; retentionDays: number; keepWith: number };
  /** bye's run after learning; undefined when the import brought nothing new. */
  bye: ByeReport | undefined;
}

export function newLearnSink(): { table: TableBuilder } {
  return { table: new TableBuilder() };
}

export function learnFromHistory(opts: { home: string; table: RecordTable; addedByDay: Record<string, number>; now: Date; config: Config; env: NodeJS.ProcessEnv; realNowMs?: number }): HistoryLearning {
  const { home, table: t, now, config } = opts;
  const nowMs = now.getTime();
  const learned = learnHistory(t, nowMs, config);
  const state = readHistory(home);
  // A project whose history holds nothing new since it was last learned keeps what was learned
  // then, and when it was (its decay goes on): importing the same transcripts again changes nothing.
  let changed = false;
  for (const [id, l] of learned) {
    const before = state.projects[id];
    if (before !== undefined && before.lastRecord === l.carried.lastRecord && before.sessions === l.carried.sessions) {
      l.carried = before;
      continue;
    }
    state.projects[id] = l.carried;
    changed = true;
  }
  // A clock far ahead of the real one, or behind the records, writes nothing (lib/clock-guard.ts): what
  // was learned is said, never kept under a time that is not now.
  if (changed && readOnlyReason(home, nowMs, opts.realNowMs) === undefined) writeHistory(home, pruneHistory(state, nowMs, config));

  // What the next analysis's retention removes of what this import wrote: records older than
  // retentionDays, except the days of a recently used project's active window.
  const presence = new Map<number, Set<string>>();
  const firstByProject = new Map<number, number>();
  for (let i = 0; i < t.length; i++) {
    const p = t.project[i]!;
    if (p === -1) continue;
    const day = dayOf(t.ts[i]!);
    let set = presence.get(day);
    if (set === undefined) presence.set(day, (set = new Set()));
    set.add(t.projects[p]!);
    if (t.ts[i]! < (firstByProject.get(p) ?? Infinity)) firstByProject.set(p, t.ts[i]!);
  }
  const keep = protectedDays(presence, config.windowDays, dayOf(nowMs - config.retentionDays * DAY_MS), dayOf(nowMs));
  const pruneBefore = utcDay(nowMs - config.retentionDays * DAY_MS);
  let records = 0;
  let days = 0;
  let oldest = nowMs;
  for (const [day, n] of Object.entries(opts.addedByDay)) {
    const ms = Date.parse(`${day}T00:00:00Z`);
    if (day >= pruneBefore || keep.has(dayOf(ms))) continue;
    records += n;
    days++;
    oldest = Math.min(oldest, ms);
  }
  const keepWith = records === 0 ? config.retentionDays : Math.ceil((nowMs - oldest) / DAY_MS) + 1;

  // Nothing new learned and no record written: nothing to promote again.
  const bye = changed || Object.keys(opts.addedByDay).length > 0 ? runConsolidation({ home, now, config, env: opts.env, realNowMs: opts.realNowMs, noPrune: true }) : undefined;
  const names = projectNames(home);
  const projects: LearnedProject[] = [];
  const doc: RulesDoc = bye !== undefined ? { rules: bye.rules, taught: bye.taught } : readRulesDoc(home);
  for (const [id, l] of learned) {
    const index = t.projects.indexOf(id);
    // The rules its sessions get, as the SessionStart hook gives them (rules/reach.ts): its own, then those from other projects.
    const reaching = rulesFor(doc, id).filter((r) => r.rule.kind !== 'taught' && worthDelivering(ruleFacts(r.rule as ObservedRule), config));
    const rules = reaching.filter((r) => r.where === 'here').map((r) => r.key);
    const across = reaching.filter((r) => r.where === 'across').map((r) => r.key);
    projects.push({
      project: id,
      name: names.get(id) ?? id,
      sessions: l.carried.sessions,
      from: new Date(firstByProject.get(index) ?? Date.parse(l.carried.lastRecord)).toISOString(),
      to: l.carried.lastRecord,
      activeDays: l.analysis.activeDays,
      tracked: l.carried.patterns.length,
      rules,
      across,
    });
  }
  projects.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { projects, retention: { records, days, retentionDays: config.retentionDays, keepWith }, bye };
}
