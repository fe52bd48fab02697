import { statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { readOnlyReason as clockReadOnly } from '../lib/clock-guard.js';
import type { Config } from '../lib/config.js';
import { readDataFile } from '../lib/data-files.js';
import { assertDataHome, ensurePrivateDir, layout } from '../lib/data-home.js';
import { acquireLockWaiting } from '../lib/lock.js';
import { renderInstinct, type InstinctMeta } from '../analyzer/instinct-file.js';
import type { ProjectAnalyses } from '../analyzer/projects.js';
import { emptyReport, runAnalysis, stamp, type AnalysisReport } from './run.js';
import { renderGeneratedRules } from '../exports/rules-markdown.js';
import { checkRulesFileContent, writeRulesFile } from './rules-file-write.js';
import { planRules, type PlanInput } from '../rules/plan.js';
import { readRulesState, RulesStateError, type RulesState } from '../rules/read.js';
import { liveFigures, liveKey, withdrawnGivenIn } from '../rules/live.js';
import { observedReaches } from '../rules/reach.js';
import { promotedKeysOf, ruleKey, ruleProject, type LiveFigures, type ObservedRule, type TaughtRule, type WithdrawnClaim } from '../rules/rule.js';
import { writeRulesDoc } from '../rules/write.js';
import { decideTaught, promotionInput } from '../store/promotion/promote.js';
import { loadRecords } from './retained-records.js';
import { rulesForFile } from './shared-rules-file.js';
import { markPromoted } from '../store/verbs/promotion-marks.js';
import { projectNames } from '../store/files/projects.js';

export { RulesStateError, type RulesState };

export interface ByeReport {
  analysis: AnalysisReport;
  rulesFile: string;
  rulesFileChanged: boolean;
  /** How many of the rules the rules file holds (a shared one, outside the data home, only those every session is given). */
  rulesInFile?: number;
  /** The observed rules kept: each project's own, and the habits held across projects. */
  rules: ObservedRule[];
  changes: { promoted: ObservedRule[]; refreshed: ObservedRule[]; decaying: ObservedRule[]; archived: { rule: ObservedRule; reason: string }[] };
  /** Taught rules (the store's taught and imported instincts at level rule, in 2+ sessions). */
  taught: TaughtRule[];
  taughtChanges: { promoted: TaughtRule[]; archived: { rule: TaughtRule; reason: string }[]; held: { rule: TaughtRule; reason: string }[] };
  /** Patterns eligible for promotion held back by a correction or contradiction (feedback). */
  blocked: string[];
  /** Claims withdrawn earlier on how they held since they were given, not given again until they hold since (rules/withdrawn.ts). */
  withheld: { pattern: string; project?: string; project_name?: string; reason: string }[];
  /** The withdrawn claims rules.json keeps. */
  withdrawn: WithdrawnClaim[];
  /** Observed commands a taught one of the same purpose contradicts in a project (the taught one wins there): not promoted, or archived. */
  overridden: { pattern: string; taught: string; project: string; project_name?: string }[];
  /** Entries of rules.json that are not usable rules: left out, each with what is wrong. */
  skippedRules: string[];
  /** Where the previous rules.json was kept when it held entries that were left out. */
  rulesBackup?: string;
}

/** How far before a rule's promotion bye reads records, to see when the sessions around it started. */
const SESSION_LEAD_MS = 2 * 86_400_000;

/** How long bye waits for another analysis (the Stop hook's) to release the lock. */
export const BYE_LOCK_WAIT_MS = 10_000;

/**
 * HOMUNCULUS_RULES_FILE, else `rulesFile` from config (relative to the data home), else
 * `generated-rules.md` in the data home (never inside the package, which an upgrade replaces).
 */
export function rulesFilePath(home: string, config: Config, env: NodeJS.ProcessEnv): string {
  const chosen = env['HOMUNCULUS_RULES_FILE'] || config.rulesFile;
  if (!chosen) return layout.rulesFile(home);
  return isAbsolute(chosen) ? chosen : resolve(home, chosen);
}

/** rules.json's observed rules, strictly read (rules/read.ts): a file that cannot be used throws RulesStateError. */
export function readRules(home: string): { rules: ObservedRule[]; problems: string[] } {
  const state = readRulesState(home);
  return { rules: state.doc.rules, problems: state.problems };
}

/**
 * The rules file must be writable as a file before anything is committed: a folder there (or a
 * file where its folder should be) would fail after rules.json had recorded the promotions, and
 * the report of what was promoted would be lost.
 */
export function checkRulesFile(path: string): void {
  // stat, not lstat: the rules file may well be a link (into a dotfiles folder) to a file.
  let dir = path;
  for (;;) {
    let isDir: boolean;
    try {
      isDir = statSync(dir).isDirectory();
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || dirname(dir) === dir) throw e;
      dir = dirname(dir); // created with its folders when written
      continue;
    }
    if (dir === path && isDir) throw new RulesStateError(`the rules file ${path} is a folder; expected a file (set rulesFile in config.json, or HOMUNCULUS_RULES_FILE, to a file path)`);
    if (dir !== path && !isDir) throw new RulesStateError(`the rules file ${path} cannot be created: ${dir} is a file, not a folder`);
    return;
  }
}

/**
 * `bye`: read, plan, write. Reads rules.json (strictly: a damaged file stops it with nothing
 * changed), analyses, plans every rule change in memory from that analysis (rules/plan.ts: each
 * project's rules from its own evidence, the habits held across projects, what a person taught),
 * then writes each file once: the instincts marked with what is a rule, the rules file, rules.json
 * last. Holds the analysis lock throughout, waiting up to `lockWaitMs` for another run (the Stop
 * hook's) to finish; `analysis.status` is 'locked' when it never did. Read-only, like the
 * analysis, when `now` is far ahead of the real clock or behind the records: the report says what
 * would change.
 */
export function runConsolidation(opts: { home: string; now: Date; config: Config; env: NodeJS.ProcessEnv; lockWaitMs?: number; realNowMs?: number; noPrune?: boolean }): ByeReport {
  const { home, now, config, env } = opts;
  const rulesFile = rulesFilePath(home, config, env);
  const readOnlyReason = clockReadOnly(home, now.getTime(), opts.realNowMs);
  const empty = (analysis: AnalysisReport, state?: RulesState): ByeReport => ({
    analysis,
    rulesFile,
    rulesFileChanged: false,
    rules: [],
    changes: { promoted: [], refreshed: [], decaying: [], archived: [] },
    taught: [],
    taughtChanges: { promoted: [], archived: [], held: [] },
    blocked: [],
    withheld: [],
    withdrawn: state?.doc.withdrawn ?? [],
    overridden: [],
    skippedRules: [],
  });
  assertDataHome(home);
  if (readOnlyReason !== undefined) {
    const state = readRulesState(home);
    const live = liveOf(home, state, now, config);
    let planned: ByeReport | undefined;
    const analysis = runAnalysis({ home, now, config, keepAnalysis: true, realNowMs: opts.realNowMs, plan: (pa) => promotedOf((planned = plan(home, state, pa, now, config, live))) });
    const report = { ...(planned ?? empty(analysis, state)), analysis, rulesFile };
    report.skippedRules = state.problems;
    return report;
  }
  checkRulesFile(rulesFile);
  checkRulesFileContent(home, rulesFile);
  ensurePrivateDir(home);
  const lock = acquireLockWaiting(layout.lock(home), opts.lockWaitMs ?? BYE_LOCK_WAIT_MS);
  if ('heldBy' in lock) return empty({ ...emptyReport(now, config, undefined), status: 'locked', heldBy: lock.heldBy });
  try {
    // rules.json is read inside the lock (another bye may have just rewritten it), and before
    // the analysis writes anything, so a broken one stops the run with nothing changed.
    const state = readRulesState(home);
    // How each rule held since it was given, from the records retained before this run prunes any.
    const live = liveOf(home, state, now, config);
    // The plan is made from the analysis before it writes the instinct files, so that they are
    // written once, marked with what is a rule now.
    let planned: ByeReport | undefined;
    const analysis = runAnalysis({ home, now, config, keepAnalysis: true, realNowMs: opts.realNowMs, lockHeld: true, ...(opts.noPrune ? { noPrune: true } : {}), plan: (pa) => promotedOf((planned = plan(home, state, pa, now, config, live))) });
    if (lock.waitedFor) analysis.waitedFor = lock.waitedFor;
    const report: ByeReport = { ...(planned ?? empty(analysis, state)), analysis, rulesFile };
    report.skippedRules = state.problems;
    const archive = (name: string, text: string) => writeFileAtomic(join(layout.archive(home), name), text);
    for (const a of report.changes.archived) archive(archiveName(a.rule, now.toISOString()), archivedRuleText(a.rule, a.reason, now.toISOString()));
    if (state.original) {
      // The entries left out are someone's edit: keep the file as it was before rewriting it.
      report.rulesBackup = join(layout.archive(home), `rules.json--${stamp(now.toISOString())}.user.json`);
      writeFileAtomic(report.rulesBackup, state.original, { skipIfSame: false });
    }
    // The rules file first, rules.json (the state) last: if the rules file cannot be written,
    // rules.json still holds the previous state and the next bye reports the same promotions.
    // Outside the data home (HOMUNCULUS_RULES_FILE, rulesFile), through a link to its target (a
    // dotfiles setup), keeping its mode, and whole only when empty or an earlier rules file (a
    // Markdown file of the user's gets a block; rules-file-write.ts). Inside it, a data file: a
    // link planted at its name is replaced, never followed out. Unchanged content is left alone.
    const names = projectNames(home);
    // A rules file every session may load holds the rules every session is given only (runs/shared-rules-file.ts).
    const inFile = rulesForFile(home, rulesFile, report.rules, report.taught);
    report.rulesInFile = inFile.rules.length + inFile.taught.length;
    const rulesText = renderGeneratedRules(inFile.rules, inFile.taught, names, config);
    const keys = [...inFile.rules, ...inFile.taught].map(ruleKey);
    report.rulesFileChanged = writeRulesFile({ home, path: rulesFile, text: rulesText, keys, nowIso: now.toISOString() });
    writeRulesDoc(home, { rules: report.rules, taught: report.taught, withdrawn: report.withdrawn });
    // The taught instincts say which of them are rules now (the observed ones were written marked).
    markPromoted({ home, config, now, project: null }, promotedKeysOf(report.taught), { lockHeld: true, taughtOnly: true });
    return report;
  } finally {
    lock.release();
  }
}

/** Which store keys the plan makes rules (observed and taught), for the instincts' marks. */
function promotedOf(r: ByeReport): Map<string, string> {
  return promotedKeysOf([...r.rules, ...r.taught]);
}

/** The archive file of a rule bye archived: a project's rule names its project (two projects' rules of one key may go at once). */
function archiveName(r: ObservedRule, nowIso: string): string {
  const p = ruleProject(r);
  return `rule-${r.id}${p !== undefined ? `-${p}` : ''}--${stamp(nowIso)}.md`;
}

function archivedRuleText(rule: ObservedRule, reason: string, nowIso: string): string {
  const meta: InstinctMeta = {
    id: rule.id,
    kind: rule.kind,
    pattern: rule.pattern,
    confidence: rule.confidence_now,
    observations: rule.observations,
    sessions: rule.sessions,
    sessions_in_window: 0,
    first_seen: rule.promoted_at,
    last_seen: rule.last_seen,
    state: 'archived-rule',
    created: rule.promoted_at,
    final_confidence: rule.confidence_now,
    archived_at: nowIso,
    archive_reason: reason,
  };
  return renderInstinct(meta, [`- Archived rule: ${nowIso.slice(0, 10)}${ruleProject(rule) ? ` (project ${rule.project})` : ''} (${reason})`]);
}

/**
 * How each observed rule of rules.json held since it was given (rules/live.ts), and each claim
 * withdrawn earlier since its withdrawal: its claim over the sessions of its project that started
 * after that moment, in the retained records (read from the earliest moment's day on).
 */
function liveOf(home: string, state: RulesState, now: Date, config: Config): Pick<PlanInput, 'live' | 'withdrawn'> {
  const claims = state.doc.withdrawn ?? [];
  // A global rule is measured over the sessions it is given in (rules/reach.ts), as a project's over its project's.
  const subjects = [
    ...state.doc.rules.map((r) => ({ ...r, since: r.promoted_at, givenIn: (p: string | null) => observedReaches(r, p, state.doc) })),
    ...claims.map((w) => ({ ...w, since: w.withdrawn_at, givenIn: withdrawnGivenIn(w) })),
  ];
  const live = new Map<string, LiveFigures>();
  const since = new Map<string, LiveFigures>();
  if (subjects.length > 0) {
    // From two days before the earliest moment: a session that started before it (the /bye session
    // itself, one across midnight) must be seen to start before it, or it would count as given.
    const from = Math.min(...subjects.map((s) => Date.parse(s.since))) - SESSION_LEAD_MS;
    liveFigures(loadRecords(home, now.getTime(), config, from).table, subjects, now.getTime(), config).forEach((f, i) => {
      if (f !== undefined) (i < state.doc.rules.length ? live : since).set(liveKey(subjects[i]!), f);
    });
  }
  return { live, withdrawn: { claims, since } };
}

/** The plan (pure, rules/plan.ts, with the store's part: promotionInput) as bye's report; nothing written. */
function plan(home: string, state: RulesState, pa: ProjectAnalyses, now: Date, config: Config, live: Pick<PlanInput, 'live' | 'withdrawn'>): ByeReport {
  const input = promotionInput(home, pa, config, now.getTime());
  const p = planRules(state.doc.rules, { ...input.plan, ...live }, now.getTime(), config);
  const taught = decideTaught(state.doc.taught, input.instincts, now.getTime(), config, input.unreadable);
  const report: ByeReport = {
    analysis: undefined as never,
    rulesFile: '',
    rulesFileChanged: false,
    rules: p.rules,
    changes: { promoted: [], refreshed: [], decaying: [], archived: [] },
    taught: taught.rules,
    taughtChanges: { promoted: taught.promoted, archived: taught.archived, held: taught.held },
    blocked: [...new Set(p.blocked)],
    withheld: p.withheld,
    withdrawn: p.withdrawn,
    overridden: p.overridden,
    skippedRules: state.problems,
  };
  for (const c of p.changes) {
    if (c.change === 'archived') report.changes.archived.push({ rule: c.rule, reason: c.reason ?? '' });
    else report.changes[c.change].push(c.rule);
  }
  return report;
}
