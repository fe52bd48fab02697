import type { Analysis } from '../../analyzer/analyze.js';
import type { ProjectAnalyses } from '../../analyzer/projects.js';
import type { ScoredPattern } from '../../analyzer/score.js';
import { byStrength } from '../../analyzer/score.js';
import { keepTracked, type TrackConfig } from '../../analyzer/tracked.js';
import type { Config } from '../../lib/config.js';
import type { Scope } from '../model/model.js';

// Which scope each observed pattern takes, from the analyses of each project alone: a pattern
// that holds (is tracked) in one project is that project's; in universalProjects (2) or more it
// is universal and global; one that holds only across everything together (records without a
// project, or a habit spread thin over several) is global.

export interface ObservedPattern {
  /** The score the instinct keeps: its project's, or for a universal pattern the strongest. */
  p: ScoredPattern;
  scope: Scope;
  project?: string;
  /** Projects in which it holds, sorted. */
  projects: string[];
}

const keyOf = (p: ScoredPattern) => `${p.kind}:${p.key}`;

export function scopePatterns(pa: ProjectAnalyses, config: Pick<Config, 'maxInstincts' | 'universalProjects'> & TrackConfig): ObservedPattern[] {
  const holds = new Map<string, { project: string; p: ScoredPattern }[]>();
  for (const [project, a] of pa.projects) {
    for (const p of a.tracked) {
      const k = keyOf(p);
      holds.set(k, [...(holds.get(k) ?? []), { project, p }]);
    }
  }
  const out: ObservedPattern[] = [];
  const seen = new Set<string>();
  const add = (k: string, fallback: ScoredPattern | undefined) => {
    if (seen.has(k)) return;
    seen.add(k);
    const list = holds.get(k) ?? [];
    const projects = list.map((h) => h.project).sort();
    if (list.length === 1 && (projects.length < config.universalProjects)) {
      out.push({ p: list[0]!.p, scope: 'project', project: list[0]!.project, projects });
      return;
    }
    const candidates = [...list.map((h) => h.p), ...(fallback ? [fallback] : [])].sort(byStrength);
    out.push({ p: candidates[0]!, scope: 'global', projects });
  };
  for (const p of pa.all.tracked) add(keyOf(p), p);
  for (const [k, list] of holds) add(k, allPattern(pa.all, k) ?? list[0]!.p);
  return keepTracked(out.sort((a, b) => byStrength(a.p, b.p)), config.maxInstincts, (o) => o.p, config);
}

function allPattern(a: Analysis, k: string): ScoredPattern | undefined {
  return a.tracked.find((p) => keyOf(p) === k);
}

/**
 * The patterns bye weighs for promotion: each scoped pattern's chosen score, then every other
 * pattern of the whole window (for rules whose pattern is no longer tracked).
 */
export function promotionPatterns(pa: ProjectAnalyses, scoped: readonly ObservedPattern[]): ScoredPattern[] {
  const chosen = new Map(scoped.map((s) => [keyOf(s.p), s.p]));
  const rest = pa.all.patterns.filter((p) => !chosen.has(keyOf(p)));
  return [...chosen.values(), ...rest];
}
