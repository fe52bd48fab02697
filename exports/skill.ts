import { stringify } from 'yaml';
import { LEARNERS } from '../analyzer/learners/index.js';
import { safeText } from '../lib/safe-text.js';
import { sortRules, type ExportRule } from './formats.js';
import { plural } from '../lib/plural.js';

// An Agent Skills SKILL.md (agentskills.io): YAML frontmatter with `name` and `description`,
// then the rules grouped by category with their confidence and evidence.

export const DEFAULT_SKILL_NAME = 'homunculus-rules';

/** The published rules for a skill's name and description; each problem as one line. */
export function skillProblems(name: unknown, description: unknown): string[] {
  const p: string[] = [];
  if (typeof name !== 'string' || name.length < 1 || name.length > 64) p.push(`name: expected 1 to 64 characters, found ${JSON.stringify(name)?.slice(0, 80)}`);
  else {
    if (!/^[a-z0-9-]+$/.test(name)) p.push(`name: expected lowercase letters, digits and hyphens only, found ${JSON.stringify(name)}`);
    if (name.startsWith('-') || name.endsWith('-')) p.push(`name: must not start or end with a hyphen, found ${JSON.stringify(name)}`);
    if (name.includes('--')) p.push(`name: must not hold two hyphens in a row, found ${JSON.stringify(name)}`);
    if (/anthropic|claude/.test(name)) p.push(`name: must not contain the reserved words "anthropic" or "claude", found ${JSON.stringify(name)}`);
  }
  if (typeof description !== 'string' || description.trim().length === 0 || description.length > 1024) {
    p.push(`description: expected 1 to 1024 characters, found ${typeof description === 'string' ? `${description.length} characters` : JSON.stringify(description)}`);
  } else if (/<[a-zA-Z/!]/.test(description)) p.push('description: must not contain XML or HTML tags');
  return p;
}

const CATEGORY_TITLES: Record<string, string> = {
  sequence: 'Tool sequences',
  error_retry: 'Errors and retries',
  preference: 'Preferences',
  combo: 'Combinations',
  ...Object.fromEntries(LEARNERS.map((m) => [m.category, m.title])),
};

export interface SkillOptions {
  name?: string;
  description?: string;
  /** Only rules of this category. */
  category?: string;
}

/** The SKILL.md text, or undefined when there is no rule to put in it. Throws on an invalid name or description. */
export function renderSkill(rules: readonly ExportRule[], o: SkillOptions = {}): string | undefined {
  const chosen = sortRules(rules.filter((r) => o.category === undefined || r.category === o.category));
  if (chosen.length === 0) return undefined;
  const observations = chosen.reduce((n, r) => n + Math.round(r.observations), 0);
  const name = o.name ?? DEFAULT_SKILL_NAME;
  const description = o.description ?? `Learned patterns from ${plural(observations, 'observation')} of how this user and Claude work: apply them when planning or reviewing a change.`;
  const problems = skillProblems(name, description);
  if (problems.length > 0) throw new Error(`not a valid skill: ${problems.join('; ')}`);
  const out = ['---', stringify({ name, description }, { lineWidth: 0 }).trimEnd(), '---', '', '# Learned patterns (homunculus)', ''];
  const byCategory = new Map<string, ExportRule[]>();
  for (const r of chosen) byCategory.set(r.category, [...(byCategory.get(r.category) ?? []), r]);
  for (const [category, list] of byCategory) {
    out.push(`## ${CATEGORY_TITLES[category] ?? safeText(category, 60)}`, '');
    for (const r of list) {
      const explain = safeText(r.explain ?? '');
      out.push(`- **${safeText(r.text)}** (${r.rate === undefined ? `${Math.round(r.confidence * 100)}%, ` : ''}${plural(Math.round(r.observations), 'observation')})${explain ? `: ${explain}` : ''}`);
      for (const e of (r.evidence ?? []).slice(0, 3)) out.push(`  - Evidence: ${safeText(e, 200)}`);
    }
    out.push('');
  }
  return out.join('\n');
}
