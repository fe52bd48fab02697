import { renderRules, RULES_HEADER, ruleLine } from '../analyzer/rules-file.js';
import type { ScopedRule } from './delivery.js';
import { safeText, taughtRuleLine, type TaughtRule } from './taught-rules.js';

// generated-rules.md, for people to read (Claude gets the rules from the SessionStart hook).
// Global observed rules are the first release's lines, unchanged: a data home that has only those
// renders byte for byte as before. A project's rule says which project; taught rules follow in
// their own section, every word of them through safeText.

export const TAUGHT_HEADING = '## Taught';

export function renderGeneratedRules(rules: readonly ScopedRule[], taught: readonly TaughtRule[], projectNames: ReadonlyMap<string, string> = new Map()): string {
  if (taught.length === 0 && rules.every((r) => r.scope !== 'project')) return renderRules(rules);
  const lines: string[] = [];
  for (const r of rules) {
    const line = ruleLine(r);
    if (line === undefined) continue;
    if (r.scope !== 'project') lines.push(line);
    else {
      const name = safeText(projectNames.get(r.project ?? ''), 60);
      lines.push(`${line} (project ${name ? `${name}, ` : ''}${/^[0-9a-f]{12}$/.test(r.project ?? '') ? r.project : 'unknown'})`);
    }
  }
  const taughtLines = [...taught].sort((a, b) => b.confidence_now - a.confidence_now).map(taughtRuleLine).filter((l): l is string => l !== undefined);
  const out = [...RULES_HEADER, ...(lines.length ? lines : ['_No rules promoted yet._'])];
  if (taughtLines.length) out.push('', TAUGHT_HEADING, '', 'Taught to homunculus by you or Claude (`homunculus observe`, the `observe` tool), confirmed in two or more sessions.', '', ...taughtLines);
  return [...out, ''].join('\n');
}
