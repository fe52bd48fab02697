import { worthDelivering, type DeliveryConfig } from '../analyzer/deliver.js';
import { ruleFacts } from '../analyzer/promotion.js';
import { claimLine, renderRules, RULES_HEADER, ruleLine } from '../analyzer/rules-file.js';
import { acrossWords } from '../analyzer/rules-file.js';
import { ruleProject, type ObservedRule } from '../rules/rule.js';
import { safeText, taughtRuleLine, type TaughtRule } from './taught-rules.js';

// generated-rules.md, for people to read (Claude gets the rules from the SessionStart hook).
// Global observed rules are the first release's lines, unchanged: a data home that has only those
// renders byte for byte as before. A project's rule says which project; taught rules follow in
// their own section, every word of them through safeText.

export const TAUGHT_HEADING = '## Taught';

/**
 * generated-rules.md: the rules that pass the delivery test (analyzer/deliver.ts), each the
 * seed's line (a project's rule names its project) and its claim on an indented line below.
 */
export function renderGeneratedRules(all: readonly ObservedRule[], taught: readonly TaughtRule[], projectNames: ReadonlyMap<string, string>, config: DeliveryConfig): string {
  const rules = all.filter((r) => worthDelivering(ruleFacts(r), config));
  if (taught.length === 0 && rules.every((r) => ruleProject(r) === undefined && r.projects === undefined)) return renderRules(rules);
  const lines: string[] = [];
  for (const r of rules) {
    const line = ruleLine(r);
    if (line === undefined) continue;
    const project = ruleProject(r);
    const across = project === undefined && Array.isArray(r.projects) ? { projects: r.projects.length } : undefined;
    const claim = claimLine(r, across);
    if (project !== undefined) {
      const id = /^[0-9a-f]{12}$/.test(project) ? project : 'unknown';
      lines.push(`${line} (project ${safeText(projectNames.get(id), 80) ?? id})`);
    } else lines.push(across !== undefined ? `${line} (${acrossWords(across)})` : line);
    if (claim !== undefined) lines.push(`  - ${claim}`);
  }
  const taughtLines = [...taught].sort((a, b) => b.confidence_now - a.confidence_now).map(taughtRuleLine).filter((l): l is string => l !== undefined);
  const out = [...RULES_HEADER, ...(lines.length ? lines : ['_No rules promoted yet._'])];
  if (taughtLines.length) out.push('', TAUGHT_HEADING, '', 'Taught to homunculus by you or Claude (`homunculus observe`, the `observe` tool).', '', ...taughtLines);
  return [...out, ''].join('\n');
}
