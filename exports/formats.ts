import { safeText } from '../lib/safe-text.js';
import { plural } from '../lib/plural.js';

// Renderers from learned rules to the text other agents read: a Markdown block for CLAUDE.md and
// AGENTS.md, .cursorrules and .cursor/rules/*.mdc, .windsurfrules. Pure, deterministic templates:
// the same rules give the same bytes. Every free-text field goes through safeText.

/** A rule as the exports see it (the store's rule-level and approved instincts, projected). */
export interface ExportRule {
  /** `seq:Grep->Read->Edit`, `retry:Bash(npm test)`, `pref:pkg=pnpm`, `fix:…`, `combo:…`. */
  key: string;
  category: string;
  domain: string;
  scope: 'global' | 'project';
  /** The project id when scope is project. */
  project?: string;
  confidence: number;
  observations: number;
  /** An observed rule's claim rate (its text states it): the one percentage shown beside a claim. */
  rate?: number;
  /** What to do, in words (an observed rule's claim with its rate, or a taught trigger and action). */
  text: string;
  explain?: string;
  evidence?: string[];
}

export const FORMATS = ['claude-md', 'agents-md', 'cursorrules', 'cursor-mdc', 'windsurfrules', 'json'] as const;
export type Format = (typeof FORMATS)[number];

/** Where each format goes and which agent reads it (docs/exports.md's table is checked against this). */
export const FORMAT_TARGETS: Record<Format, { file: string; reader: string }> = {
  'claude-md': { file: 'CLAUDE.md (marker block)', reader: 'Claude Code' },
  'agents-md': { file: 'AGENTS.md (marker block)', reader: 'Codex, Jules, Amp, Cursor and other agents that read AGENTS.md' },
  cursorrules: { file: '.cursorrules (marker block)', reader: 'Cursor (legacy rules file)' },
  'cursor-mdc': { file: '.cursor/rules/homunculus.mdc', reader: 'Cursor (project rules)' },
  windsurfrules: { file: '.windsurfrules (marker block)', reader: 'Windsurf' },
  json: { file: 'any .json (homunculus export format, versioned)', reader: 'homunculus import json, on another machine or for a team' },
};

/** Most confident first; ties by more observations, then key: a stable order. */
export function sortRules(rules: readonly ExportRule[]): ExportRule[] {
  return [...rules].sort((a, b) => b.confidence - a.confidence || b.observations - a.observations || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

// The characters of a key, each listed: a range (` ->`) once let `<>"'#$%&;!` through.
const KEY_SAFE = /^[a-z]+:[A-Za-z0-9_.:+@=(),> /-]{1,200}$/;

/**
 * One bullet, readable by a person and read back by `homunculus import claude-md`:
 * `- <text> `<key>` (<category>; <domain>; <scope>; confidence 0.9500; 30 observations): <explain>`
 */
export function ruleBullet(r: ExportRule): string | undefined {
  if (!KEY_SAFE.test(r.key) || !Number.isFinite(r.confidence) || !Number.isFinite(r.observations)) return undefined;
  const scope = r.scope === 'project' && r.project ? `project ${safeText(r.project, 40)}` : 'global';
  const meta = [safeText(r.category, 40), safeText(r.domain, 40), scope, `confidence ${r.confidence.toFixed(4)}`, plural(Math.round(r.observations), 'observation')].join('; ');
  const explain = safeText(r.explain ?? '');
  return `- ${safeText(r.text)} \`${r.key}\` (${meta})${explain ? `: ${explain}` : ''}`;
}

function bullets(rules: readonly ExportRule[]): string[] {
  return sortRules(rules).map(ruleBullet).filter((b): b is string => b !== undefined);
}

/** The block for CLAUDE.md and AGENTS.md (without the markers: injectBlock adds them). */
export function markdownBlock(rules: readonly ExportRule[], heading = 'Learned workflow rules (homunculus)'): string {
  const list = bullets(rules);
  return [
    `## ${heading}`,
    '',
    'Patterns homunculus saw hold across your sessions, most confident first. This block is rewritten by `homunculus inject`; edit outside it.',
    '',
    ...(list.length ? list : ['_No rules yet._']),
  ].join('\n');
}

/** Plain rules for .cursorrules and .windsurfrules (inside a marker block when the file exists). */
export function plainRules(rules: readonly ExportRule[], tool: string): string {
  const list = bullets(rules);
  return [`# Learned workflow rules (homunculus, for ${tool})`, '', ...(list.length ? list : ['(no rules yet)'])].join('\n');
}

/** A Cursor project rule: `.cursor/rules/homunculus.mdc`, always applied. */
export function cursorMdc(rules: readonly ExportRule[]): string {
  return ['---', 'description: Workflow rules homunculus learned from your sessions', 'globs:', 'alwaysApply: true', '---', plainRules(rules, 'Cursor'), ''].join('\n');
}
