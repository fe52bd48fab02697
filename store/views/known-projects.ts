import type { RulesDoc } from '../../rules/rule.js';

/**
 * The projects homunculus knows: those the registry names (every project a hook or an import
 * saw), and any an instinct or a rule names. The one count of projects every view states.
 */
export function knownProjects(registry: Iterable<string>, views: readonly { project?: string | undefined; projects: readonly string[] }[], rules: RulesDoc): Set<string> {
  const out = new Set<string>(registry);
  for (const v of views) {
    if (v.project) out.add(v.project);
    for (const p of v.projects) out.add(p);
  }
  for (const r of [...rules.rules, ...rules.taught]) {
    if (r.scope === 'project' && typeof r.project === 'string') out.add(r.project);
    if ('projects' in r && Array.isArray(r.projects)) for (const p of r.projects) out.add(p);
  }
  return out;
}
