import { execa } from 'execa';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectId, projectName, projectRoot } from '../observer/project-id.js';
import { projectLabels } from '../store/files/projects.js';
import { cleanEnv, CLI, readObservations, ROOT, sandbox } from './helpers.js';
import { bash, writeTranscripts } from './transcript-writer.js';

// One id per folder, whatever folder the command runs in, a Windows path included; and the
// folder's name, not its hash, wherever a person reads a project.

describe('one id for a Windows cwd', () => {
  it.each([['C:\\Users\\dev\\proj'], ['c:\\Users\\dev\\proj'], ['C:/Users/dev/proj'], ['C:\\Users\\dev\\proj\\']])('%s is the folder C:\\Users\\dev\\proj, named proj', (cwd) => {
    expect(projectRoot(cwd, {})).toBe('C:\\Users\\dev\\proj');
    expect(projectName(projectRoot(cwd, {})!)).toBe('proj');
  });
  it('is never looked up on this disk (a Windows path cannot be there)', () => {
    const looked: string[] = [];
    projectRoot('C:\\Users\\dev\\proj', {}, (p) => (looked.push(p), true));
    expect(looked).toEqual([]);
  });
});

describe('from a terminal, the folder Claude Code was started in', () => {
  // /repo holds .git; Claude Code was started in /repo/pkg (its hooks record under it: CLAUDE_PROJECT_DIR).
  const exists = (p: string) => p === '/repo/.git';
  it.each<[string, string, string[], string]>([
    ['a known project on the way up to the repository wins over the repository', '/repo/pkg/src', [projectId('/repo/pkg')], '/repo/pkg'],
    ['none known: the repository', '/repo/pkg/src', [], '/repo'],
    ['the repository itself known', '/repo/pkg', [projectId('/repo')], '/repo'],
    ['a known folder above the repository is never reached', '/repo/pkg', [projectId('/')], '/repo'],
  ])('%s', (_name, cwd, known, root) => {
    expect(projectRoot(cwd, {}, exists, (id) => known.includes(id))).toBe(root);
  });
  it('CLAUDE_PROJECT_DIR, when set, is the project as it is', () => {
    expect(projectRoot('/repo/pkg/src', { CLAUDE_PROJECT_DIR: '/repo/pkg/src' }, exists, () => false)).toBe('/repo/pkg/src');
  });
});

describe('import and the hooks name a project the same from any folder', () => {
  const s = sandbox();
  const projects = join(s.root, 'claude-projects');
  writeTranscripts(projects, [
    { id: 'win-1', cwd: 'C:\\Users\\dev\\proj', start: '2026-11-02T10:00:00Z', calls: [{ tool: 'Read' }, bash('npm test')] },
    { id: 'nix-1', cwd: '/home/dev/shop', start: '2026-11-02T11:00:00Z', calls: [{ tool: 'Read' }, { tool: 'Edit' }] },
  ]);
  const winId = projectId('C:\\Users\\dev\\proj');

  it('two imports run in two different folders record the same project id, and register its name', async () => {
    const ids: unknown[] = [];
    for (const [i, cwd] of [s.project, s.root].entries()) {
      const data = join(s.root, `data-${i}`);
      mkdirSync(cwd, { recursive: true });
      const r = await execa('node', [CLI, 'import-transcripts', projects, '--home', data, '--since', '2026-11-01', '--now', '2026-11-03T00:00:00Z'], { cwd, env: cleanEnv({}), extendEnv: false, reject: false });
      expect(r.exitCode, r.stderr).toBe(0);
      ids.push(...new Set(readObservations(data).filter((o) => o['session'] === 'win-1').map((o) => o['project'])));
      const registry = JSON.parse(readFileSync(join(data, 'projects.json'), 'utf8')).projects;
      expect(registry).toEqual(expect.arrayContaining([expect.objectContaining({ id: winId, name: 'proj' }), expect.objectContaining({ name: 'shop' })]));
    }
    expect(ids).toEqual([winId, winId]);
  });

  it('the SessionStart hook names the same project from a Windows cwd, wherever it runs', async () => {
    const data = join(s.root, 'data-hook');
    const r = await execa('node', [join(ROOT, 'dist', 'hooks', 'session-start.js')], {
      cwd: s.root,
      input: JSON.stringify({ hook_event_name: 'SessionStart', session_id: 'win-2', cwd: 'c:\\Users\\dev\\proj', source: 'startup', transcript_path: join(s.root, 'none.jsonl') }),
      env: cleanEnv({ HOMUNCULUS_HOME: data }),
      extendEnv: false,
      reject: false,
    });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(readFileSync(join(data, 'projects.json'), 'utf8')).projects).toEqual([expect.objectContaining({ id: winId, name: 'proj' })]);
  });
});

describe('labels', () => {
  it('a project is its folder name, with its id only where two names collide', () => {
    const labels = projectLabels([
      { id: 'aaaaaaaaaaaa', name: 'api' },
      { id: 'bbbbbbbbbbbb', name: 'api' },
      { id: 'cccccccccccc', name: 'shop' },
    ]);
    expect([...labels.values()]).toEqual(['api (aaaaaaaaaaaa)', 'api (bbbbbbbbbbbb)', 'shop']);
  });
});
