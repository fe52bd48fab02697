import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { writeFileAtomic } from '../lib/atomic-write.js';
import type { Config } from '../lib/config.js';
import { layout, packageRoot } from '../lib/data-home.js';
import { writeUserFile } from '../lib/user-file.js';
import { renderInstinct, type InstinctMeta } from './instinct-file.js';
import { activeRules, consolidate, type Rule, type RuleDecision } from './promotion.js';
import { renderRules } from './rules-file.js';
import { runAnalysis, stamp, type AnalysisReport } from './run.js';

export interface ByeReport {
  analysis: AnalysisReport;
  rulesFile: string;
  rulesFileChanged: boolean;
  rules: Rule[];
  changes: { promoted: Rule[]; refreshed: Rule[]; decaying: Rule[]; archived: { rule: Rule; reason: string }[] };
}

/** HOMUNCULUS_RULES_FILE, else `rulesFile` from config (relative to the data home), else the package's. */
export function rulesFilePath(home: string, config: Config, env: NodeJS.ProcessEnv): string {
  const chosen = env['HOMUNCULUS_RULES_FILE'] || config.rulesFile;
  if (!chosen) return join(packageRoot(), 'generated-rules.md');
  return isAbsolute(chosen) ? chosen : resolve(home, chosen);
}

export class RulesStateError extends Error {}

export function readRules(home: string): Rule[] {
  const path = layout.rulesJson(home);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new RulesStateError(`${path}: expected JSON (${(e as Error).message}); move it aside to start over`);
  }
  const rules = (v as { rules?: unknown })?.rules;
  if (!Array.isArray(rules)) throw new RulesStateError(`${path}: expected {"rules": [...]}, found ${text.slice(0, 40)}`);
  return rules as Rule[];
}

export function runConsolidation(opts: { home: string; now: Date; config: Config; env: NodeJS.ProcessEnv }): ByeReport {
  const { home, now, config, env } = opts;
  const analysis = runAnalysis({ home, now, config, keepAnalysis: true });
  const rulesFile = rulesFilePath(home, config, env);
  const report: ByeReport = { analysis, rulesFile, rulesFileChanged: false, rules: [], changes: { promoted: [], refreshed: [], decaying: [], archived: [] } };
  if (analysis.status === 'locked' || !analysis.analysis) return report;
  const decisions: RuleDecision[] = consolidate(readRules(home), analysis.analysis.patterns, now.getTime(), config);
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
      writeFileAtomic(join(layout.archive(home), `rule-${d.rule.id}--${stamp(nowIso)}.md`), renderInstinct(meta, [`- Archived rule: ${nowIso.slice(0, 10)} (${d.reason})`]));
      report.changes.archived.push({ rule: d.rule, reason: d.reason ?? '' });
    } else if (d.change !== 'unchanged') {
      report.changes[d.change].push(d.rule);
    }
  }
  report.rules = activeRules(decisions);
  // rules.json keeps machine state; confidence_now moves with the clock, so it is rewritten, but
  // generated-rules.md is only touched when a line changes.
  writeFileAtomic(layout.rulesJson(home), `${JSON.stringify({ rules: report.rules }, null, 2)}\n`);
  report.rulesFileChanged = writeUserFile(rulesFile, renderRules(report.rules), { createMode: 0o600 });
  return report;
}

