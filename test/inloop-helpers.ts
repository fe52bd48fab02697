import { execa } from 'execa';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanEnv, DIST, runCli } from './helpers.js';

// A store written straight into a data home (instinct and fact files as the store writes them),
// and the hooks of the in-session loop run as child processes.

export const ROUTER = join(DIST, 'hooks', 'prompt-router.js');
export const STOP = join(DIST, 'hooks', 'stop.js');

export interface InstinctSpec {
  id: string;
  pattern: string;
  trigger: string;
  action: string;
  confidence: number;
  domain?: string;
  explain?: string;
  source?: 'observed' | 'taught' | 'imported';
  scope?: 'global' | 'project';
  project?: string;
  category?: string;
  observations?: number;
  confirmed?: number;
  inactive?: number;
  last_seen?: string;
  /** More frontmatter fields (an observed instinct's claim: hits, opportunities, rate, lift, sessions...). */
  extra?: Record<string, unknown>;
}

const CATEGORY: Record<string, string> = { seq: 'sequence', retry: 'error_retry', pref: 'preference', fix: 'fix_pattern', combo: 'combo' };

function fm(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join('\n');
}

export function writeInstinct(data: string, x: InstinctSpec, at = '2026-11-20T10:00:00.000Z'): void {
  const dir = join(data, 'instincts');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const scope = x.scope ?? 'global';
  const fields = {
    id: x.id,
    pattern: x.pattern,
    category: x.category ?? CATEGORY[x.pattern.split(':')[0]!] ?? 'preference',
    domain: x.domain ?? 'workflow',
    trigger: x.trigger,
    action: x.action,
    explain: x.explain ?? '',
    scope,
    project: scope === 'project' ? x.project : undefined,
    projects: scope === 'project' && x.project ? [x.project] : [],
    source: x.source ?? 'taught',
    confidence: x.confidence,
    observations: x.observations ?? 3,
    level: 'seedling',
    state: 'active',
    sessions: 1,
    session_ids: ['s0'],
    first_seen: at,
    last_seen: x.last_seen ?? at,
    created: at,
    confirmed: x.confirmed ?? 0,
    contradicted: 0,
    corrected: 0,
    suggested: 0,
    inactive: x.inactive ?? 0,
    ...x.extra,
  };
  writeFileSync(join(dir, `${x.id}.md`), `---\n${fm(fields)}\n---\n# ${x.pattern}\n\nWhen ${x.trigger}: ${x.action}\n\n## Evidence\n- ${at.slice(0, 16)}Z: taught\n`, { mode: 0o600 });
}

export function writeFact(data: string, x: { id: string; text: string; confidence: number; domain?: string; scope?: 'global' | 'project'; project?: string }, at = '2026-11-20T10:00:00.000Z'): void {
  const dir = join(data, 'facts');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const scope = x.scope ?? 'global';
  const fields = {
    id: x.id,
    fact: x.text,
    domain: x.domain ?? 'architecture',
    scope,
    project: scope === 'project' ? x.project : undefined,
    projects: scope === 'project' && x.project ? [x.project] : [],
    source: 'taught',
    confidence: x.confidence,
    observations: 3,
    state: 'active',
    sessions: 1,
    session_ids: ['s0'],
    first_seen: at,
    last_seen: at,
    created: at,
    confirmed: 0,
    contradicted: 0,
    corrected: 0,
    suggested: 0,
    inactive: 0,
  };
  writeFileSync(join(dir, `${x.id}.md`), `---\n${fm(fields)}\n---\n# Fact\n\n${x.text}\n\n## Evidence\n- ${at.slice(0, 16)}Z: taught\n`, { mode: 0o600 });
}

/** Builds state/store-index.json the way any store read does (the hooks read only the index). */
export async function indexStore(data: string, now: string): Promise<void> {
  const r = await runCli(['list', '--json', '--now', now], { HOMUNCULUS_HOME: data });
  if (r.exitCode !== 0) throw new Error(`list failed: ${r.stderr}`);
}

export async function runRouter(payload: Record<string, unknown>, env: Record<string, string | undefined>) {
  return execa('node', [ROUTER], { input: JSON.stringify(payload), env: cleanEnv(env), extendEnv: false, reject: false, timeout: 20_000 });
}

export async function runStop(payload: Record<string, unknown>, env: Record<string, string | undefined>) {
  return execa('node', [STOP], { input: JSON.stringify(payload), env: cleanEnv(env), extendEnv: false, reject: false, timeout: 60_000 });
}

/** The context the router added, or '' when it printed nothing. */
export function contextOf(stdout: string): string {
  if (stdout.trim() === '') return '';
  return (JSON.parse(stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
}

export function readJsonl(path: string): Record<string, unknown>[] {
  try {
    return readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
  } catch {
    return [];
  }
}
