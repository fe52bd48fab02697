import { fairOrder, worthDelivering, type DeliveryConfig } from '../analyzer/deliver.js';
import { ruleFacts } from '../analyzer/promotion.js';
import { claimLine } from '../analyzer/rules-file.js';
import type { Config } from '../lib/config.js';
import type { Reaching } from '../rules/reach.js';
import type { ObservedRule } from '../rules/rule.js';
import { safeText, taughtClaimLine } from './taught-rules.js';
import { plural } from '../lib/plural.js';

// What reaches Claude at the start of a session: the rules that reach its project
// (rules/reach.ts) and pass the delivery test (analyzer/deliver.ts), most useful first, within a
// budget of items and characters, as the SessionStart hook's additionalContext. Each line states
// its claim and rate in plain words and ends with its key in backticks; each section says whose
// evidence its lines state: what the user taught, this project's own sessions, or the user's
// other projects (a habit held there and not contradicted here). Observed rules are rebuilt from
// their tokens (claimLine), taught ones from sanitised text. Nothing rather than filler.

export type ContextConfig = DeliveryConfig & Pick<Config, 'maxSessionRules' | 'maxSessionChars'>;

export const SESSION_CONTEXT_HEAD = 'homunculus: what your past sessions show, most useful first (each line ends with its key, for feedback). Apply what fits the task.';

/** The heading of each section, by where its lines' evidence is from. */
export const SECTION_HEADS = {
  taught: 'What you taught (or imported):',
  here: "This project's sessions:",
  across: 'Your other projects (not yet seen here):',
  sessions: 'Your sessions (no project recorded):',
} as const;

/** The line a rule is given as, or undefined when it cannot be shown safely. */
export function deliveredLine(r: Reaching): string | undefined {
  if (r.rule.kind === 'taught') return taughtClaimLine(r.rule);
  return claimLine(r.rule, r.where === 'across' ? { projects: r.projects } : undefined);
}

/** Taught rules first (a person said them), then this project's own, then those from other projects or no project: each that passes the delivery test, most useful first. */
export function deliverable(rules: readonly Reaching[], config: DeliveryConfig): Reaching[] {
  const observed = (where: 'here' | 'across' | 'sessions') =>
    fairOrder(
      rules.filter((r) => r.where === where && r.rule.kind !== 'taught' && worthDelivering(ruleFacts(r.rule as ObservedRule), config)),
      (r) => ruleFacts(r.rule as ObservedRule),
    );
  return [...rules.filter((r) => r.where === 'taught'), ...observed('here'), ...observed('across'), ...observed('sessions')];
}

/**
 * The context text, and how many items it holds; undefined when nothing is worth giving. At most
 * maxSessionRules items, and maxSessionChars characters with the headings: a line that does not
 * fit is skipped, and a shorter one after it may still fit.
 */
export function sessionRulesContext(rules: readonly Reaching[], config: ContextConfig): { text: string; shown: number } | undefined {
  const sections = new Map<keyof typeof SECTION_HEADS, string[]>();
  let size = SESSION_CONTEXT_HEAD.length;
  let shown = 0;
  for (const r of deliverable(rules, config)) {
    if (shown >= config.maxSessionRules) break;
    const line = deliveredLine(r);
    if (line === undefined) continue;
    const list = sections.get(r.where);
    const add = 1 + 2 + line.length + (list === undefined ? 1 + SECTION_HEADS[r.where].length : 0);
    if (size + add > config.maxSessionChars) continue;
    if (list === undefined) sections.set(r.where, [`- ${line}`]);
    else list.push(`- ${line}`);
    size += add;
    shown++;
  }
  if (shown === 0) return undefined;
  const text = [SESSION_CONTEXT_HEAD];
  for (const where of ['taught', 'here', 'across', 'sessions'] as const) {
    const list = sections.get(where);
    if (list !== undefined) text.push(SECTION_HEADS[where], ...list);
  }
  return { text: text.join('\n'), shown };
}

/** The prompt router's periodic reminder: it points back at the rules instead of repeating them. */
export function reminderText(shown: number): string {
  return `homunculus: re-check your approach against the ${plural(shown, 'learned item')} given at the start of this session.`;
}

export { safeText };
