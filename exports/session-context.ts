import { byUsefulness, withinBudget, worthDelivering, type DeliveryConfig } from '../analyzer/deliver.js';
import { ruleFacts } from '../analyzer/promotion.js';
import { claimLine } from '../analyzer/rules-file.js';
import type { Config } from '../lib/config.js';
import type { DeliveredRule, ScopedRule } from './delivery.js';
import { safeText, taughtClaimLine, type TaughtRule } from './taught-rules.js';
import { plural } from '../lib/plural.js';

// What reaches Claude at the start of a session: the rules that pass the delivery test
// (analyzer/deliver.ts), most useful first, within a budget of items and characters, as the
// SessionStart hook's additionalContext. Each line states its claim and rate in plain words and
// ends with its key in backticks. Observed rules are rebuilt from their tokens (claimLine), taught
// ones from sanitised text. Nothing rather than filler: a rule the test rejects is left out.

export type ContextConfig = DeliveryConfig & Pick<Config, 'maxSessionRules' | 'maxSessionChars'>;

export const SESSION_CONTEXT_HEAD = 'homunculus: what your past sessions in this project show, most useful first (each line ends with its key, for feedback). Apply what fits the task:';

/** The line a rule is given as, or undefined when it cannot be shown safely. */
export function deliveredLine(r: DeliveredRule): string | undefined {
  return r.kind === 'taught' ? taughtClaimLine(r) : claimLine(r);
}

/** Taught rules first (a person said them), then observed ones that pass the delivery test, most useful first. */
export function deliverable(rules: readonly DeliveredRule[], config: DeliveryConfig): DeliveredRule[] {
  const taught = rules.filter((r): r is TaughtRule => r.kind === 'taught');
  const observed = rules.filter((r): r is ScopedRule => r.kind !== 'taught' && worthDelivering(ruleFacts(r), config));
  return [...taught, ...observed.sort((a, b) => byUsefulness(ruleFacts(a), ruleFacts(b)))];
}

/** The context text, and how many items it holds; undefined when nothing is worth giving. */
export function sessionRulesContext(rules: readonly DeliveredRule[], config: ContextConfig): { text: string; shown: number } | undefined {
  const lines: string[] = [];
  for (const r of deliverable(rules, config)) {
    const line = deliveredLine(r);
    if (line !== undefined) lines.push(`- ${line}`);
  }
  const kept = withinBudget(SESSION_CONTEXT_HEAD, lines, config.maxSessionRules, config.maxSessionChars);
  return kept.length === 0 ? undefined : { text: [SESSION_CONTEXT_HEAD, ...kept].join('\n'), shown: kept.length };
}

/** The prompt router's periodic reminder: it points back at the rules instead of repeating them. */
export function reminderText(shown: number): string {
  return `homunculus: re-check your approach against the ${plural(shown, 'learned item')} given at the start of this session.`;
}

export { safeText };
