import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectId } from '../observer/project-id.js';
import { shadowLines, skillDescription } from '../store/verbs/dream.js';
import { runCli, sandbox } from './helpers.js';
import { writeInstinct } from './inloop-helpers.js';
import { cliJson } from './store-helpers.js';

const NOW = '2026-11-22T12:00:00.000Z';

describe('homunculus dream on a fixture store', () => {
  const s = sandbox();
  const env = { HOMUNCULUS_HOME: s.data, HOME: s.home, CLAUDE_PROJECT_DIR: s.project };
  let P = '';

  beforeAll(() => {
    mkdirSync(s.project, { recursive: true });
    mkdirSync(join(s.home, '.claude', 'skills', 'release'), { recursive: true });
    P = projectId(s.project);
    const proj = { scope: 'project' as const, project: P };
    writeInstinct(s.data, { id: 'dup-a', pattern: 'pref:pkg=pnpm', trigger: 'installing packages', action: 'use pnpm install', confidence: 0.6, observations: 4, ...proj });
    writeInstinct(s.data, { id: 'dup-b', pattern: 'pref:installer=pnpm', trigger: 'installing new packages', action: 'use pnpm install', confidence: 0.4, observations: 2, ...proj });
    writeInstinct(s.data, { id: 'sign-yes', pattern: 'pref:commit=sign', trigger: 'committing changes', action: 'always sign commits', confidence: 0.8, ...proj });
    writeInstinct(s.data, { id: 'sign-no', pattern: 'pref:commit=unsigned', trigger: 'committing changes', action: 'never sign commits', confidence: 0.5, ...proj });
    writeInstinct(s.data, { id: 'stale-idle', pattern: 'pref:lint=strict', trigger: 'linting', action: 'turn on every rule', confidence: 0.6, inactive: 10, ...proj });
    writeInstinct(s.data, { id: 'stale-low', pattern: 'pref:format=tabs', trigger: 'formatting', action: 'indent with tabs', confidence: 0.15, ...proj });
    writeInstinct(s.data, { id: 'shadowed', pattern: 'pref:tests=before-push', trigger: 'pushing', action: 'run the full test suite before pushing', confidence: 0.7, ...proj });
    writeInstinct(s.data, { id: 'by-skill', pattern: 'pref:release=notes', trigger: 'cutting a release', action: 'write release notes from the changelog', confidence: 0.6, ...proj });
    writeInstinct(s.data, { id: 'proven', pattern: 'pref:style=prettier', trigger: 'saving a file', action: 'format it with prettier', confidence: 0.8, confirmed: 3, ...proj });
    writeInstinct(s.data, { id: 'keep', pattern: 'pref:editor=vim', trigger: 'editing by hand', action: 'use vim for editing', confidence: 0.6, ...proj });
    writeInstinct(s.data, { id: 'observed-chain', pattern: 'seq:Grep->Read->Edit', trigger: 'after Grep', action: 'run the full test suite before pushing', confidence: 0.1, source: 'observed', inactive: 30 });
    // The user's own instructions, with homunculus's generated block (never a shadow of itself).
    writeFileSync(join(s.project, 'CLAUDE.md'), '# Project\n\n- Always run the full test suite before pushing.\n\n<!-- homunculus:start -->\n- use vim for editing\n<!-- homunculus:end -->\n');
    writeFileSync(join(s.home, '.claude', 'skills', 'release', 'SKILL.md'), '---\nname: release\ndescription: "Write release notes from the changelog when cutting a release"\n---\n# Release\n');
  });

  const ids = () => readdirSync(join(s.data, 'instincts')).filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3)).sort();
  const get = async (id: string) => (await cliJson<{ instinct: Record<string, unknown> }>(['get', id, '--now', NOW], env, s.project)).instinct;

  it('--dry-run shows the plan and changes nothing', async () => {
    const before = ids().map((id) => readFileSync(join(s.data, 'instincts', `${id}.md`), 'utf8'));
    const r = await runCli(['dream', '--dry-run', '--now', NOW], env, { cwd: s.project });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('would merge   dup-b into dup-a');
    expect(r.stdout).toContain('Dry run: nothing changed.');
    expect(ids().map((id) => readFileSync(join(s.data, 'instincts', `${id}.md`), 'utf8'))).toEqual(before);
  });

  it('merges, flags, removes stale and shadowed ones, promotes; observed files are left to the analyzer', async () => {
    const r = await cliJson<{ removed: { id: string; reason: string }[]; merged: { from: string; into: string }[]; contradictions: { weaker: string; stronger: string }[]; promoted: { id: string }[] }>(['dream', '--now', NOW], env, s.project);
    expect(Object.fromEntries(r.removed.map((x) => [x.id, x.reason]))).toEqual({
      'stale-idle': 'stale: injected 10 times where it did not apply, never confirmed',
      'stale-low': 'confidence 15% is below 20%',
      shadowed: 'already said by CLAUDE.md:3',
      'by-skill': 'already said by skill release',
    });
    expect(r.merged).toEqual([{ from: 'dup-b', into: 'dup-a', similarity: expect.any(Number) }]);
    expect(r.contradictions).toEqual([{ weaker: 'sign-no', stronger: 'sign-yes' }]);
    expect(r.promoted.map((p) => p.id)).toEqual(['proven']);
    expect(ids()).toEqual(['dup-a', 'keep', 'observed-chain', 'proven', 'sign-no', 'sign-yes']);
    expect(await get('dup-a')).toMatchObject({ observations: 6, confidence: 0.6 });
    expect(await get('sign-no')).toMatchObject({ confidence: 0.25, contradicted: 1 });
    expect(await get('proven')).toMatchObject({ scope: 'global' });
    // Nothing deleted for good: the removed and merged files are in archive/.
    const archived = readdirSync(join(s.data, 'archive')).join(' ');
    for (const id of ['dup-b', 'stale-idle', 'stale-low', 'shadowed', 'by-skill']) expect(archived).toContain(id);
    const log = await cliJson<{ events: { kind: string; removed?: number }[] }>(['log'], env, s.project);
    expect(log.events.map((e) => e.kind)).toEqual(['dream', 'promotion']);
  });

  it('a second run does nothing', async () => {
    const r = await runCli(['dream', '--now', NOW], env, { cwd: s.project });
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trim()).toBe('Nothing to consolidate.');
    expect(ids()).toEqual(['dup-a', 'keep', 'observed-chain', 'proven', 'sign-no', 'sign-yes']);
  });

  it('promote --global by hand, and refuses what it cannot promote', async () => {
    const r = await cliJson<{ scope: string; was_project: string }>(['promote', 'keep', '--global', '--now', NOW], env, s.project);
    expect(r).toMatchObject({ scope: 'global', was_project: P });
    const again = await runCli(['promote', 'keep', '--global', '--now', NOW], env, { cwd: s.project });
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toContain('is global already');
    expect((await runCli(['promote', 'observed-chain', '--global'], env, { cwd: s.project })).stderr).toContain('is observed');
    expect((await runCli(['promote', 'keep'], env, { cwd: s.project })).stderr).toContain('needs --global');
  });
});

describe('shadow texts', () => {
  it('reads lines without headings, bullets unwrapped, and leaves out homunculus\'s own block', () => {
    expect(shadowLines('# Head\n- **Use pnpm** for installs\n<!-- homunculus:start -->\n- mine only\n<!-- homunculus:end -->\nshort\n', 'CLAUDE.md')).toEqual([{ where: 'CLAUDE.md:2', text: 'Use pnpm for installs' }]);
    expect(skillDescription('---\nname: x\ndescription: Deploys the app\n---\n')).toBe('Deploys the app');
    expect(skillDescription('no frontmatter')).toBeUndefined();
  });
});
