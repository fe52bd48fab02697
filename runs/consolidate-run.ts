import { statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { readOnlyReason as clockReadOnly } from '../lib/clock-guard.js';
import type { Config } from '../lib/config.js';
import { readDataFile } from '../lib/data-files.js';
import { assertDataHome, ensurePrivateDir, layout } from '../lib/data-home.js';
import { acquireLockWaiting } from '../lib/lock.js';
import { renderInstinct, type InstinctMeta } from '../analyzer/instinct-file.js';
import { activeRules, consolidate, ruleProblem, type Rule, type RuleDecision } from '../analyzer/promotion.js';
import { emptyReport, runAnalysis, stamp, type AnalysisReport } from './run.js';
import { renderGeneratedRules } from '../exports/rules-markdown.js';
import { deliveryKey } from '../exports/delivery.js';
import { checkRulesFileContent, writeRulesFile } from './rules-file-write.js';
import { rulesForFile } from './shared-rules-file.js';
import type { TaughtRule } from '../exports/taught-rules.js';
import type { ScopedRule } from '../exports/delivery.js';
import { decideTaught, promotedMap, promotionInput, readTaughtRules, scopeDecisions } from '../store/promote.js';
import { markPromoted } from '../store/promotion-marks.js';
import { projectNames } from '../store/projects.js';

export interface ByeReport {
  analysis: AnalysisReport;
  rulesFile: string;
  rulesFileChanged: boolean;
  rules: Rule[];
  changes: { promoted: Rule[]; refreshed: Rule[]; decaying: Rule[]; archived: { rule: Rule; reason: string }[] };
  /** Taught rules (the store's taught and imported instincts at level rule, in 2+ sessions). */
  taught: TaughtRule[];
  taughtChanges: { promoted: TaughtRule[]; archived: { rule: TaughtRule; reason: string }[]; held: { rule: TaughtRule; reason: string }[] };
  /** Patterns eligible for promotion held back by a correction or contradiction (feedback). */
  blocked: string[];
  /** Observed commands a taught one of the same purpose contradicts (the taught one wins): not promoted, or archived. */
  overridden: { pattern: string; taught: string }[];
  /** Entries of rules.json that are not usable rules: left out, each with what is wrong. */
  skippedRules: string[];
  /** Where the previous rules.json was kept when it held entries that were left out. */
  rulesBackup?: string;
}

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

/** rules.json or the rules file cannot be used as they are; nothing was written. */
export class RulesStateError extends Error {}

export interface RulesState {
  rules: Rule[];
  /** One line per entry left out. */
  problems: string[];
  /** The file's bytes, when some entries were left out (kept before rules.json is rewritten). */
  original?: Buffer;
}

export function readRules(home: string): RulesState {
  const path = layout.rulesJson(home);
  let bytes: Buffer;
  try {
    bytes = readDataFile(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { rules: [], problems: [] };
    if (code === 'ELOOP') throw new RulesStateError(`${path} is a symbolic link; homunculus never follows links in its data home: replace it with the file it points to`);
    if (code === 'EISDIR') throw new RulesStateError(`${path} is a folder, expected homunculus' rules state (a JSON file); move it aside`);
    throw e;
  }
  const text = bytes.toString('utf8');
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new RulesStateError(`${path}: expected JSON (${(e as Error).message}); move it aside to start over`);
  }
  const listed = (v as { rules?: unknown } | null)?.rules;
  if (!Array.isArray(listed)) throw new RulesStateError(`${path}: expected {"rules": [...]}, found ${JSON.stringify(text.slice(0, 40))}; move it aside to start over`);
  const rules: Rule[] = [];
  const problems: string[] = [];
  listed.forEach((r, i) => {
    const problem = ruleProblem(r);
    if (problem === undefined) rules.push(r as Rule);
    else problems.push(`rule ${i + 1}: ${problem}`);
  });
  return problems.length ? { rules, problems, original: bytes } : { rules, problems };
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
 * `bye`: analyse, then promote, refresh, decay and archive rules, and rewrite rules.json and the
 * rules file. Holds the analysis lock throughout, waiting up to `lockWaitMs` for another run (the
 * Stop hook's) to finish; `analysis.status` is 'locked' when it never did. Read-only, like the
 * analysis, when `now` is far ahead of the real clock: the report says what would change.
 */
export function runConsolidation(opts: { home: string; now: Date; config: Config; env: NodeJS.ProcessEnv; lockWaitMs?: number; realNowMs?: number; noPrune?: boolean }): ByeReport {
  const { home, now, config, env } = opts;
  const rulesFile = rulesFilePath(home, config, env);
  const readOnlyReason = clockReadOnly(home, now.getTime(), opts.realNowMs);
  const empty = (analysis: AnalysisReport): ByeReport => ({
    analysis,
    rulesFile,
    rulesFileChanged: false,
    rules: [],
    changes: { promoted: [], refreshed: [], decaying: [], archived: [] },
    taught: [],
    taughtChanges: { promoted: [], archived: [], held: [] },
    blocked: [],
    overridden: [],
    skippedRules: [],
  });
  assertDataHome(home);
  if (readOnlyReason !== undefined) {
    const state = readRules(home);
    const analysis = runAnalysis({ home, now, config, keepAnalysis: true, realNowMs: opts.realNowMs });
    const report = empty(analysis);
    report.skippedRules = state.problems;
    decide(report, home, state.rules, now, config, () => {});
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
    const state = readRules(home);
    const analysis = runAnalysis({ home, now, config, keepAnalysis: true, realNowMs: opts.realNowMs, lockHeld: true, ...(opts.noPrune ? { noPrune: true } : {}) });
    if (lock.waitedFor) analysis.waitedFor = lock.waitedFor;
    const report = empty(analysis);
    report.skippedRules = state.problems;
    const archive = (name: string, text: string) => writeFileAtomic(join(layout.archive(home), name), text);
    decide(report, home, state.rules, now, config, archive);
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
    for (const r of report.rules as ScopedRule[]) {
      const name = r.project === undefined ? undefined : names.get(r.project);
      if (name !== undefined) r.project_name = name;
    }
    // A rules file every session may load holds the global rules only (runs/shared-rules-file.ts).
    const inFile = rulesForFile(home, rulesFile, report.rules as ScopedRule[], report.taught);
    const rulesText = renderGeneratedRules(inFile.rules, inFile.taught, names, config);
    const keys = [...inFile.rules, ...inFile.taught].map(deliveryKey);
    report.rulesFileChanged = writeRulesFile({ home, path: rulesFile, text: rulesText, keys, nowIso: now.toISOString() });
    writeFileAtomic(layout.rulesJson(home), `${JSON.stringify(report.taught.length ? { rules: report.rules, taught: report.taught } : { rules: report.rules }, null, 2)}\n`);
    // The instincts say which of them are rules now.
    markPromoted({ home, config, now, project: null }, promotedMap(report.rules, report.taught), { lockHeld: true });
    return report;
  } finally {
    lock.release();
  }
}

/** The promotion step's decisions into the report; `archive` writes an archived rule's file. */
function decide(report: ByeReport, home: string, previous: Rule[], now: Date, config: Config, archive: (name: string, text: string) => void): void {
  const pa = report.analysis.projects;
  if (!pa) return;
  // The store's part: each project's own scores, feedback adjustments, blocked promotions, scope.
  const input = promotionInput(home, pa, config);
  const scoped = scopeDecisions(consolidate(previous, input.patterns, now.getTime(), config), input, config);
  const decisions: RuleDecision[] = scoped.decisions;
  report.blocked = scoped.blocked;
  report.overridden = scoped.overridden;
  const taught = decideTaught(readTaughtRules(home), input.instincts, now.getTime(), config, input.unreadable);
  report.taught = taught.rules;
  report.taughtChanges = { promoted: taught.promoted, archived: taught.archived, held: taught.held };
  const nowIso = now.toISOString();
  for (const d of decisions) {
    if (d.change === 'archived') {
      const meta: InstinctMeta = {
        id: d.rule.id,
        kind: d.rule.kind,
        pattern: d.rule.pattern,
        confidence: d.rule.confidence_now,
        observations: d.rule.observations,
        sessions: d.rule.sessions,
        sessions_in_window: 0,
        first_seen: d.rule.promoted_at,
        last_seen: d.rule.last_seen,
        state: 'archived-rule',
        created: d.rule.promoted_at,
        final_confidence: d.rule.confidence_now,
        archived_at: nowIso,
        archive_reason: d.reason ?? '',
      };
      archive(`rule-${d.rule.id}--${stamp(nowIso)}.md`, renderInstinct(meta, [`- Archived rule: ${nowIso.slice(0, 10)} (${d.reason})`]));
      report.changes.archived.push({ rule: d.rule, reason: d.reason ?? '' });
    } else if (d.change !== 'unchanged') {
      report.changes[d.change].push(d.rule);
    }
  }
  report.rules = activeRules(decisions);
}
