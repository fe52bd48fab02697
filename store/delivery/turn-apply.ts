import { appendAnalysisEvent } from '../../lib/analysis-log.js';
import type { Config } from '../../lib/config.js';
import { turnFeedback, type TurnOutcome } from '../verbs/feedback.js';
import { judgePending, markJudged } from './turn-feedback.js';

// After a turn (the Stop hook): judge the turns the prompt router added instincts to, apply the
// outcomes under the store's lock, and remember which turns are done (a turn is judged once; one
// that fails to apply, say the lock stayed busy, is judged again at the next Stop).

export interface TurnFeedbackReport {
  turns: number;
  outcomes: Record<TurnOutcome['outcome'], number>;
  applied: (TurnOutcome & { delta: number; confidence: number })[];
  skipped: string[];
}

export function applyTurnFeedback(home: string, config: Config, now: Date, session: string | undefined, opts: { dryRun?: boolean } = {}): TurnFeedbackReport {
  const { entries, items, facts } = judgePending(home, now.getTime(), session);
  const outcomes = { confirmed: 0, corrected: 0, contradicted: 0, inactive: 0 };
  for (const it of items) outcomes[it.outcome]++;
  if (entries.length === 0 || opts.dryRun) return { turns: entries.length, outcomes, applied: [], skipped: [] };
  const r = items.length > 0 || facts.length > 0 ? turnFeedback({ home, config, now, project: null }, items, facts) : { applied: [], skipped: [] };
  markJudged(home, entries);
  try {
    appendAnalysisEvent(home, { ts: now.toISOString(), kind: 'turn-feedback', turns: entries.length, ...outcomes, changed: r.applied.filter((a) => a.delta !== 0).map((a) => a.id), skipped: r.skipped });
  } catch {
    // the log must not undo what was applied
  }
  return { turns: entries.length, outcomes, ...r };
}
