import { ruleLine } from '../analyzer/rules-file.js';
import type { DeliveredRule } from './delivery.js';
import { taughtRuleLine } from './taught-rules.js';

// What reaches Claude at the start of a session: the promoted rules, as the SessionStart hook's
// additionalContext. Claude Code stores a context over 10,000 characters in a file and shows the
// model only a 2 KB preview, so whole lines are kept well under that, most confident first.
// Observed rules are rebuilt from their tokens (ruleLine), taught ones from sanitised text.

export const MAX_SESSION_CONTEXT = 8000;

export const SESSION_CONTEXT_HEAD = 'homunculus: workflow rules learned from your recent sessions (most confident first). Apply them where they fit the task:';

/** The context text and how many rules it holds; undefined when there is no rule to show. */
export function deliveredLine(r: DeliveredRule): string | undefined {
  return r.kind === 'taught' ? taughtRuleLine(r) : ruleLine(r);
}

export function sessionRulesContext(rules: readonly DeliveredRule[], maxChars = MAX_SESSION_CONTEXT): { text: string; shown: number } | undefined {
  let text = SESSION_CONTEXT_HEAD;
  let shown = 0;
  for (const r of rules) {
    const line = deliveredLine(r);
    if (line === undefined) continue;
    if (text.length + 1 + line.length > maxChars) break;
    text += `\n${line}`;
    shown++;
  }
  return shown === 0 ? undefined : { text, shown };
}

/** The prompt router's periodic reminder: it points back at the rules instead of repeating them. */
export function reminderText(shown: number): string {
  return `homunculus: re-check your approach against the ${shown} learned workflow rule${shown === 1 ? '' : 's'} given at the start of this session.`;
}
