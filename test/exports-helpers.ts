import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderInstinct } from '../store/model/file-format.js';
import { idFor } from '../store/model/keys.js';
import { zeroFeedback, type Instinct } from '../store/model/model.js';

// A store written straight into a data home (instinct files in the store's own format), so that
// the exports' tests start from known rules without running the analyzer.

export const NOW = '2026-11-20T12:00:00.000Z';

export function instinct(p: Partial<Instinct> & { pattern: string }): Instinct {
  const category = ({ seq: 'sequence', retry: 'error_retry', pref: 'preference', fix: 'fix_pattern', combo: 'combo' } as const)[p.pattern.split(':')[0] as 'seq'];
  return {
    id: idFor('', p.pattern),
    category,
    domain: 'workflow',
    trigger: `working on ${p.pattern.split(':')[1]}`,
    action: `follow ${p.pattern}`,
    explain: '',
    scope: 'global',
    projects: [],
    source: 'taught',
    confidence: 0.8,
    observations: 8,
    level: 'mature',
    state: 'approved',
    sessions: 3,
    session_ids: ['s1', 's2', 's3'],
    first_seen: '2026-11-01T10:00:00.000Z',
    last_seen: '2026-11-19T10:00:00.000Z',
    created: '2026-11-01T10:00:00.000Z',
    ...zeroFeedback(),
    aliases: [],
    extra: {},
    evidence: ['2026-11-01T10:00Z: taught'],
    body: `# ${p.pattern}\n`,
    ...p,
  } as Instinct;
}

export function seedStore(data: string, xs: readonly Instinct[]): void {
  mkdirSync(join(data, 'instincts'), { recursive: true, mode: 0o700 });
  writeFileSync(join(data, 'store.json'), `${JSON.stringify({ version: 2, migrated_at: NOW })}\n`, { mode: 0o600 });
  for (const x of xs) writeFileSync(join(data, 'instincts', `${x.id}.md`), renderInstinct(x), { mode: 0o600 });
}

/** Three global rules of different categories, and one seedling that no export carries. */
export const SEEDED: Instinct[] = [
  instinct({ pattern: 'pref:pkg=pnpm', domain: 'tool-preference', trigger: 'installing packages', action: 'use pnpm, not npm', explain: 'the lockfile is pnpm-lock.yaml', confidence: 0.9, observations: 9 }),
  instinct({ pattern: 'fix:lint-before-commit', domain: 'code-style', trigger: 'committing', action: 'run the linter first', confidence: 0.75, observations: 5 }),
  instinct({ pattern: 'seq:Grep->Read->Edit', domain: 'workflow', trigger: 'changing code', action: 'search, read, then edit', explain: 'seen in 9 sessions', confidence: 0.85, observations: 12 }),
  instinct({ pattern: 'combo:pytest+coverage', domain: 'testing', trigger: 'running tests', action: 'add coverage', confidence: 0.4, observations: 2 }),
];
