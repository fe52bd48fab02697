import { stringify } from 'yaml';
import { DAY_MS } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import { safeText } from '../lib/safe-text.js';
import type { InstinctView } from '../store/views/query.js';
import { ruleBullet, sortRules, type ExportRule } from './formats.js';
import { toExportRule } from './select.js';
import { plural } from '../lib/plural.js';

// Graduation and evolution, pure over the store's views, the configuration and `now`.
// graduate: an instinct old enough (graduateMinDays), confident enough (graduateMinConfidence),
// confirmed (graduateMinConfirmed) and hardly contradicted (graduateMaxContradicted) leaves the
// learning loop for a permanent place: graduateGroupSize (3) or more of the workflow domain
// become a slash command, as many of another domain a skill, the others one guideline each in
// a CLAUDE.md / AGENTS.md block. evolve: domain clusters proposed as skills.

export type GraduateConfig = Pick<Config, 'graduateMinDays' | 'graduateMinConfidence' | 'graduateMinConfirmed' | 'graduateMaxContradicted' | 'graduateGroupSize' | 'evolveMinConfidence'>;

export function canGraduate(v: InstinctView, nowMs: number, c: GraduateConfig): boolean {
  if (v.evolved_to !== undefined || v.state === 'archived' || !v.deliverable) return false;
  return nowMs - Date.parse(v.first_seen) >= c.graduateMinDays * DAY_MS && v.confidence >= c.graduateMinConfidence && v.confirmed >= c.graduateMinConfirmed && v.contradicted <= c.graduateMaxContradicted;
}

export interface GraduationPlan {
  guidelines: InstinctView[];
  skills: { domain: string; name: string; members: InstinctView[] }[];
  commands: { name: string; members: InstinctView[] }[];
}

export const WORKFLOW = 'workflow';

/** A skill's or command's name for a domain: lowercase letters, digits and single hyphens. */
export function nameFor(domain: string): string {
  return `homunculus-${domain.replace(/[^a-z0-9]+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '') || 'rules'}`.slice(0, 64).replace(/-$/, '');
}

export function planGraduation(views: readonly InstinctView[], nowMs: number, c: GraduateConfig): GraduationPlan {
  const ready = views.filter((v) => canGraduate(v, nowMs, c));
  const byDomain = new Map<string, InstinctView[]>();
  for (const v of ready) byDomain.set(v.domain, [...(byDomain.get(v.domain) ?? []), v]);
  const plan: GraduationPlan = { guidelines: [], skills: [], commands: [] };
  for (const [domain, members] of [...byDomain].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (members.length < c.graduateGroupSize) plan.guidelines.push(...members);
    else if (domain === WORKFLOW) plan.commands.push({ name: nameFor(domain), members });
    else plan.skills.push({ domain, name: nameFor(domain), members });
  }
  plan.guidelines.sort((a, b) => b.confidence - a.confidence || (a.pattern < b.pattern ? -1 : 1));
  return plan;
}

/** The guidelines block: every instinct graduated into this file, most confident first. */
export function guidelinesBlock(rules: readonly ExportRule[]): string {
  return [
    '## Permanent guidelines (graduated by homunculus)',
    '',
    'Habits that held for a week or more, confirmed and hardly ever contradicted. Written by `homunculus graduate`; edit outside this block.',
    '',
    ...sortRules(rules).map(ruleBullet).filter((b): b is string => b !== undefined),
  ].join('\n');
}

/**
 * A Claude Code slash command (`.claude/commands/<name>.md`): frontmatter with `description` and
 * `argument-hint` only (fields Claude Code knows), then the steps, and `$ARGUMENTS` for the task.
 */
export function renderCommand(rules: readonly ExportRule[], domain: string): string {
  const list = sortRules(rules);
  const description = `Apply the ${safeText(domain, 40)} habits homunculus learned (${list.length} steps)`;
  return [
    '---',
    stringify({ description, 'argument-hint': '[task]' }, { lineWidth: 0 }).trimEnd(),
    '---',
    '',
    `Work on the task below following these ${safeText(domain, 40)} habits, learned from how this user works (most confident first):`,
    '',
    ...list.map((r, i) => `${i + 1}. ${safeText(r.text)} (${r.rate === undefined ? `${Math.round(r.confidence * 100)}%, ` : ''}${plural(Math.round(r.observations), 'observation')})${r.explain ? `: ${safeText(r.explain)}` : ''}`),
    '',
    'Task: $ARGUMENTS',
    '',
  ].join('\n');
}

export interface EvolveCluster {
  domain: string;
  name: string;
  members: InstinctView[];
  mean_confidence: number;
}

/** Domains with graduateGroupSize (3) or more live instincts at a mean confidence of evolveMinConfidence, and no skill yet. */
export function evolveClusters(views: readonly InstinctView[], c: GraduateConfig, hasSkill: (name: string) => boolean): EvolveCluster[] {
  const byDomain = new Map<string, InstinctView[]>();
  for (const v of views) if (v.evolved_to === undefined && v.state !== 'archived' && v.deliverable) byDomain.set(v.domain, [...(byDomain.get(v.domain) ?? []), v]);
  const out: EvolveCluster[] = [];
  for (const [domain, members] of [...byDomain].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (members.length < c.graduateGroupSize) continue;
    const mean = Math.round((members.reduce((n, v) => n + v.confidence, 0) / members.length) * 1e4) / 1e4;
    if (mean < c.evolveMinConfidence || hasSkill(nameFor(domain))) continue;
    out.push({ domain, name: nameFor(domain), members: [...members].sort((a, b) => b.confidence - a.confidence || (a.pattern < b.pattern ? -1 : 1)), mean_confidence: mean });
  }
  return out;
}

export { toExportRule };
