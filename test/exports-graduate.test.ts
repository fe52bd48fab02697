// graduate and evolve through the real CLI: instincts that held move into a guidelines block of
// CLAUDE.md, a SKILL.md or a slash command; they gain evolved_to and are no longer reinforced;
// the TTL rule archives or halves old taught ones, once; --dry-run changes nothing.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { skillProblems } from '../exports/skill.js';
import { parseInstinct } from '../store/model/file-format.js';
import { runCli, sandbox } from './helpers.js';
import { cliJson } from './store-helpers.js';
import { instinct, NOW, seedStore } from './exports-helpers.js';

const OLD = '2026-11-01T10:00:00.000Z';
const ready = { first_seen: OLD, confidence: 0.85, confirmed: 3, contradicted: 0 };
const STORE = [
  instinct({ pattern: 'pref:pkg=pnpm', domain: 'tool-preference', trigger: 'installing packages', action: 'use pnpm', ...ready, confidence: 0.9 }),
  instinct({ pattern: 'pref:test-runner=vitest', domain: 'testing', trigger: 'writing tests', action: 'use vitest', ...ready, confirmed: 4 }),
  instinct({ pattern: 'fix:test-flaky-retry', domain: 'testing', trigger: 'a test is flaky', action: 'fix the wait, never retry', ...ready }),
  instinct({ pattern: 'combo:test+coverage', domain: 'testing', trigger: 'running tests', action: 'add coverage', ...ready, confidence: 0.8 }),
  instinct({ pattern: 'seq:Grep->Read->Edit', domain: 'workflow', trigger: 'changing code', action: 'search, read, then edit', ...ready }),
  instinct({ pattern: 'seq:Edit->Bash->Read', domain: 'workflow', trigger: 'after an edit', action: 'run the tests, read the output', ...ready }),
  instinct({ pattern: 'fix:commit-small', domain: 'workflow', trigger: 'committing', action: 'commit one change at a time', ...ready, confidence: 0.76 }),
  // Not ready: too young, too little confirmed, too contradicted.
  instinct({ pattern: 'pref:quotes=single', domain: 'code-style', trigger: 'writing strings', action: 'single quotes', ...ready, first_seen: '2026-11-18T10:00:00.000Z' }),
  instinct({ pattern: 'pref:indent=tabs', domain: 'code-style', trigger: 'indenting', action: 'tabs', ...ready, confirmed: 2, first_seen: '2026-10-01T10:00:00.000Z' }),
  instinct({ pattern: 'pref:semi=no', domain: 'code-style', trigger: 'ending statements', action: 'no semicolons', ...ready, contradicted: 2, first_seen: '2026-10-01T10:00:00.000Z' }),
  // The TTL rule: older than 28 days, never graduated.
  instinct({ pattern: 'pref:old-low=x', domain: 'misc', trigger: 'old', action: 'low', confidence: 0.25, confirmed: 0, first_seen: '2026-10-01T10:00:00.000Z' }),
  instinct({ pattern: 'pref:old-mid=y', domain: 'misc', trigger: 'old', action: 'mid', confidence: 0.6, confirmed: 0, first_seen: '2026-10-01T10:00:00.000Z' }),
  instinct({ pattern: 'seq:Read->Read->Read', domain: 'misc', source: 'observed', confidence: 0.2, confirmed: 0, first_seen: '2026-10-01T10:00:00.000Z' }),
];

type Placed = { name?: string; file: string; keys: string[]; changed: boolean };
type Graduated = { dry_run: boolean; guidelines: Placed | null; skills: Placed[]; commands: Placed[]; ttl: { removed: { pattern: string }[]; halved: { pattern: string; to: number }[] } };

const files = (dir: string) => Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
const byPattern = (data: string) => new Map(readdirSync(join(data, 'instincts')).map((f) => parseInstinct(readFileSync(join(data, 'instincts', f), 'utf8'))).map((x) => [x.pattern, x]));

describe('graduate', () => {
  const s = sandbox();
  const env = { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: NOW };
  beforeAll(() => {
    seedStore(s.data, STORE);
    mkdirSync(s.project, { recursive: true });
    writeFileSync(join(s.project, 'CLAUDE.md'), '# Project\n\nMy notes.\n');
  });

  it('--dry-run says what would graduate and what the TTL rule would do, and changes nothing', async () => {
    const before = files(join(s.data, 'instincts'));
    const r = await cliJson<Graduated>(['graduate', '--dry-run'], env, s.project);
    expect(r.dry_run).toBe(true);
    expect(r.guidelines?.keys).toEqual(['pref:pkg=pnpm']);
    expect(r.skills.map((k) => [k.name, k.keys.sort()])).toEqual([['homunculus-testing', ['combo:test+coverage', 'fix:test-flaky-retry', 'pref:test-runner=vitest']]]);
    expect(r.commands.map((k) => [k.name, k.keys.sort()])).toEqual([['homunculus-workflow', ['fix:commit-small', 'seq:Edit->Bash->Read', 'seq:Grep->Read->Edit']]]);
    expect(r.ttl.removed.map((t) => t.pattern)).toEqual(['pref:old-low=x']);
    expect(r.ttl.halved.map((t) => [t.pattern, t.to]).sort()).toEqual([['pref:indent=tabs', 0.425], ['pref:old-mid=y', 0.3], ['pref:semi=no', 0.425]]);
    expect(files(join(s.data, 'instincts'))).toEqual(before);
    expect(readFileSync(join(s.project, 'CLAUDE.md'), 'utf8')).toBe('# Project\n\nMy notes.\n');
    expect(existsSync(join(s.project, '.claude'))).toBe(false);
  });

  it('writes the guidelines block, the SKILL.md and the slash command, and marks each instinct evolved_to', async () => {
    const r = await cliJson<Graduated>(['graduate'], env, s.project);
    expect(r.dry_run).toBe(false);
    const claude = readFileSync(join(s.project, 'CLAUDE.md'), 'utf8');
    expect(claude.startsWith('# Project\n\nMy notes.\n\n<!-- homunculus:guidelines:start -->\n## Permanent guidelines (graduated by homunculus)\n')).toBe(true);
    expect(claude).toContain('`pref:pkg=pnpm`');
    const skill = readFileSync(join(s.project, '.claude', 'skills', 'homunculus-testing', 'SKILL.md'), 'utf8');
    const fm = parse(skill.split('---\n')[1]!) as { name: string; description: string };
    expect(skillProblems(fm.name, fm.description)).toEqual([]);
    expect(fm.name).toBe('homunculus-testing');
    const command = readFileSync(join(s.project, '.claude', 'commands', 'homunculus-workflow.md'), 'utf8');
    const cfm = parse(command.split('---\n')[1]!) as Record<string, unknown>;
    // Claude Code's command frontmatter: only fields it knows, description a string.
    expect(Object.keys(cfm).every((k) => ['description', 'argument-hint', 'allowed-tools', 'model', 'disable-model-invocation'].includes(k))).toBe(true);
    expect(cfm['description']).toBe('Apply the workflow habits homunculus learned (3 steps)');
    expect(command).toContain('1. When after an edit: run the tests, read the output (85%, 8 observations)\n2. When changing code: search, read, then edit (85%');
    expect(command.trimEnd().endsWith('Task: $ARGUMENTS')).toBe(true);
    const x = byPattern(s.data);
    expect(x.get('pref:pkg=pnpm')!.evolved_to).toBe(`guideline:${join(s.project, 'CLAUDE.md')}`);
    expect(x.get('combo:test+coverage')!.evolved_to).toBe(`skill:${join(s.project, '.claude', 'skills', 'homunculus-testing', 'SKILL.md')}`);
    expect(x.get('fix:commit-small')!).toMatchObject({ evolved_to: `command:${join(s.project, '.claude', 'commands', 'homunculus-workflow.md')}`, state: 'evolved' });
    // The TTL rule.
    expect(x.has('pref:old-low=x')).toBe(false);
    expect(readdirSync(join(s.data, 'archive')).some((f) => f.startsWith(STORE[10]!.id))).toBe(true);
    expect(x.get('pref:old-mid=y')!).toMatchObject({ confidence: 0.3, extra: { ttl: true } });
    expect(x.get('seq:Read->Read->Read')!.confidence).toBe(0.2); // observed: the analyzer's to decay
    const recorded = JSON.parse(readFileSync(join(s.data, 'state', 'injected.json'), 'utf8'));
    expect(recorded.files[`${join(s.project, 'CLAUDE.md')}#guidelines`].keys).toEqual(['pref:pkg=pnpm']);
  });

  it('a second run finds nothing to do: no instinct graduates twice, the TTL halves once', async () => {
    const before = files(join(s.data, 'instincts'));
    const r = await runCli(['graduate'], env, { cwd: s.project });
    expect(r.exitCode, r.stderr as string).toBe(0);
    expect(r.stdout).toBe('Nothing ready to graduate, and nothing for the TTL rule.');
    expect(files(join(s.data, 'instincts'))).toEqual(before);
  });

  it('a graduated instinct is no longer reinforced, and inject leaves it out of the rules block of the same file', async () => {
    const t = await cliJson<{ confidence: number; evolved_to?: string }>(['observe', 'pref:pkg=pnpm', '--global'], env, s.project);
    expect(t).toMatchObject({ confidence: 0.9, evolved_to: `guideline:${join(s.project, 'CLAUDE.md')}` });
    await cliJson(['inject', join(s.project, 'CLAUDE.md')], env, s.project);
    const text = readFileSync(join(s.project, 'CLAUDE.md'), 'utf8');
    expect(text.split('`pref:pkg=pnpm`')).toHaveLength(2); // once: in the guidelines block only
    expect(text).toContain('<!-- homunculus:start -->');
    expect(text).toContain('<!-- homunculus:guidelines:end -->');
  });
});

describe('evolve', () => {
  it('proposes a skill for a domain cluster, writes it with --write, and not again once it exists', async () => {
    const s = sandbox();
    const env = { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: NOW };
    seedStore(s.data, [
      instinct({ pattern: 'pref:db=postgres', domain: 'architecture', confidence: 0.6 }),
      instinct({ pattern: 'pref:queue=sqs', domain: 'architecture', confidence: 0.5 }),
      instinct({ pattern: 'fix:n-plus-one', domain: 'architecture', confidence: 0.45 }),
      instinct({ pattern: 'pref:a=b', domain: 'documentation', confidence: 0.3 }),
      instinct({ pattern: 'pref:c=d', domain: 'documentation', confidence: 0.3 }),
      instinct({ pattern: 'pref:e=f', domain: 'documentation', confidence: 0.3 }),
    ]);
    mkdirSync(s.project, { recursive: true });
    type Evolved = { written: boolean; clusters: { name: string; keys: string[]; mean_confidence: number; file: string; changed: boolean }[] };
    const p = await cliJson<Evolved>(['evolve'], env, s.project);
    expect(p.clusters.map((c) => [c.name, c.mean_confidence])).toEqual([['homunculus-architecture', 0.5167]]); // documentation's mean 0.3 is under 0.5
    expect(existsSync(p.clusters[0]!.file)).toBe(false);
    const w = await cliJson<Evolved>(['evolve', '--write'], env, s.project);
    expect(w.clusters[0]!.changed).toBe(true);
    const fm = parse(readFileSync(w.clusters[0]!.file, 'utf8').split('---\n')[1]!) as { name: string; description: string };
    expect(skillProblems(fm.name, fm.description)).toEqual([]);
    expect((await cliJson<Evolved>(['evolve'], env, s.project)).clusters).toEqual([]);
  });
});

describe('a graduated observed instinct', () => {
  it('keeps evolved_to and its confidence when the analyzer sees its pattern again', async () => {
    const { writeSessions } = await import('./store-helpers.js');
    const s = sandbox();
    const env = { HOME: s.home, HOMUNCULUS_HOME: s.data };
    seedStore(s.data, [instinct({ id: 'chain-grep-read-edit', pattern: 'seq:Grep->Read->Edit', source: 'observed', confidence: 0.55, evolved_to: 'guideline:/p/CLAUDE.md', first_seen: '2026-11-01T09:00:00.000Z' })]);
    writeSessions(s.data, [
      { session: 's1', project: null, start: '2026-11-08T09:00:00Z', tools: ['Grep', 'Read', 'Edit'], repeat: 8 },
      { session: 's2', project: null, start: '2026-11-08T11:00:00Z', tools: ['Grep', 'Read', 'Edit'], repeat: 8 },
    ]);
    const r = await runCli(['analyze', '--now', '2026-11-08T18:00:00Z'], env);
    expect(r.exitCode, r.stderr as string).toBe(0);
    const x = byPattern(s.data).get('seq:Grep->Read->Edit')!;
    expect(x).toMatchObject({ evolved_to: 'guideline:/p/CLAUDE.md', confidence: 0.55, state: 'evolved' });
    expect(x.observations).toBeGreaterThan(8); // the evidence is still counted; only its confidence stays
  });
});
