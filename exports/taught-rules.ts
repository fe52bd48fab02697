// Rules taught by the user or the model (the store's `taught` instincts promoted by bye). Their
// trigger and action are free text: data, never markup. Every line that shows one is built here,
// from text passed through safeText, so nothing taught can open an HTML comment, a code span, a
// link or a new line in generated-rules.md or in Claude's session context. Light: the hooks
// import it.

import { breakExpansions, INVISIBLE, whenClause } from '../lib/safe-text.js';
import { plural } from '../lib/plural.js';
import { isTaughtRule, type TaughtRule } from '../rules/rule.js';

export { isTaughtRule, type TaughtRule };

export const MAX_RULE_TEXT = 200;

/**
 * One line of plain words: control characters and line breaks become spaces; the characters of
 * Markdown and HTML markup (`<>` `` ` `` `[]` `{}` `|` `\` `&` `$` `~`) become spaces; a URL scheme
 * such as `javascript:` is broken (`javascript :`); at most `max` characters. Undefined when
 * nothing is left.
 */
export function safeText(s: unknown, max = MAX_RULE_TEXT): string | undefined {
  if (typeof s !== 'string') return undefined;
  const out = breakExpansions(s.replace(INVISIBLE, ''))
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
    .replace(/[<>`[\]{}|\\&$~]/g, ' ')
    .replace(/\b([a-z][a-z0-9+.-]{1,20}):(?=\S)/gi, (m, scheme: string) => (/^(javascript|vbscript|data|file)$/i.test(scheme) ? `${scheme} :` : m))
    .replace(/-{2,}/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
  return out === '' ? undefined : out;
}

/** `- **[90%, 7x taught]** When <trigger>: <action>`, or undefined when it cannot be shown safely. */
export function taughtRuleLine(r: TaughtRule): string | undefined {
  if (!isTaughtRule(r)) return undefined;
  const trigger = safeText(r.trigger);
  const action = safeText(r.action);
  if (trigger === undefined || action === undefined) return undefined;
  const n = Math.max(0, Math.round(r.observations));
  return `- **[score ${Math.round(Math.min(1, Math.max(0, r.confidence_now)) * 100)}%, ${n}x taught]** When ${whenClause(trigger)}: ${action}`;
}

/** A taught key as it may be shown in backticks: plain text (no backtick), at most 120 characters. */
const shownKey = (pattern: unknown): string | undefined => safeText(pattern, 120);

/**
 * A taught rule as Claude is given it: the person's words, who said it and how often it was
 * confirmed, and its key in backticks (no percentage: a taught rule makes no measured claim).
 */
export function taughtClaimLine(r: TaughtRule): string | undefined {
  if (!isTaughtRule(r)) return undefined;
  const trigger = safeText(r.trigger);
  const action = safeText(r.action);
  const key = shownKey(r.pattern);
  if (trigger === undefined || action === undefined || key === undefined) return undefined;
  const n = Math.max(0, Math.round(r.observations));
  const s = Math.max(0, Math.round(r.sessions));
  return `When ${whenClause(trigger)}: ${action} (${r.source === 'imported' ? 'imported' : 'taught'}; ${plural(n, 'time')}${s > 0 ? ` in ${plural(s, 'session')}` : ''}) \`${key}\``;
}
