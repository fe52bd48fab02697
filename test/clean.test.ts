// store/views/clean.ts: what `duplicates` and MCP `find_duplicates` report. Issue 38, item 11: every
// pair across all projects was compared (14-22 s at 5,000 instincts, bench/duplicates.mjs), and
// pairs of two projects' instincts were reported though nothing ever merges or weighs them
// against each other. Each instinct is compared with its own project's and the global ones.
import { describe, expect, it } from 'vitest';
import { findContradictions, findDistinct, findDuplicates } from '../store/views/clean.js';
import type { InstinctView } from '../store/views/query.js';

const P = 'aaaaaaaaaaaa';
const Q = 'bbbbbbbbbbbb';

function view(id: string, pattern: string, where: string | null, trigger = 'running tests', action = 'use pnpm', source = 'taught'): InstinctView {
  return { id, pattern, category: pattern.startsWith('seq:') ? 'sequence' : 'preference', trigger, action, scope: where === null ? 'global' : 'project', ...(where === null ? {} : { project: where }), source } as unknown as InstinctView;
}

const pairs = (xs: { a: string; b: string }[]) => xs.map((x) => [x.a, x.b].sort().join(' ')).sort();

describe('duplicates within a project and against the global ones', () => {
  it.each([
    ['two projects: never', [view('p1', 'seq:Grep->Read->Edit', P, 'after Grep', 'Edit next', 'observed'), view('q1', 'seq:Grep->Read->Edit', Q, 'after Grep', 'Edit next', 'observed')], []],
    ['one project', [view('p1', 'seq:Grep->Read->Edit', P, 'after Grep', 'Edit next', 'observed'), view('p2', 'seq:Grep->Read->Edit->Bash', P, 'after Edit', 'Bash next', 'observed')], ['p1 p2']],
    ['a project and a global one', [view('p1', 'seq:Grep->Read->Edit', P, 'after Grep', 'Edit next', 'observed'), view('g1', 'seq:Grep->Read->Edit', null, 'after Grep', 'Edit next', 'observed')], ['g1 p1']],
    ['two global ones', [view('g1', 'pref:pkg-manager=pnpm', null), view('g2', 'pref:pkg-manager-tool=pnpm', null), view('q1', 'pref:lint=strict', Q)], ['g1 g2']],
    ['three projects and a global one', [view('p1', 'pref:pkg-manager=pnpm', P), view('q1', 'pref:pkg-manager=pnpm', Q), view('r1', 'pref:pkg-manager=pnpm', 'cccccccccccc'), view('g1', 'pref:pkg-manager-tool=pnpm', null)], ['g1 p1', 'g1 q1', 'g1 r1']],
  ])('%s', (_, views, want) => {
    expect(pairs(findDuplicates(views, 0.75))).toEqual(want);
  });
});

describe('contradictions within a project and against the global ones', () => {
  const sign = (id: string, where: string | null, action: string) => view(id, `pref:commit-${id}`, where, 'committing changes', action);
  it.each([
    ['two projects: never', [sign('p1', P, 'always sign commits'), sign('q1', Q, 'never sign commits')], []],
    ['one project', [sign('p1', P, 'always sign commits'), sign('p2', P, 'never sign commits')], ['p1 p2']],
    ['a project and a global one', [sign('p1', P, 'always sign commits'), sign('g1', null, 'never sign commits'), sign('q1', Q, 'always sign commits')], ['g1 p1', 'g1 q1']],
    ['one setting, two values, two projects: never', [view('p1', 'pref:runner=jest', P), view('q1', 'pref:runner=vitest', Q)], []],
  ])('%s', (_, views, want) => {
    expect(pairs(findContradictions(views, 0.6))).toEqual(want);
  });
});

describe('alike pairs kept apart (issue 38, item 5)', () => {
  const c = { mergeThreshold: 0.6, duplicateThreshold: 0.75 };
  it.each([
    ['one project', [view('p1', 'pref:pnpm', P, 'installing packages', 'use pnpm'), view('p2', 'pref:yarn', P, 'installing packages', 'use yarn')], [['p1 p2', 'action', [['pnpm'], ['yarn']]]]],
    ['two projects: never compared', [view('p1', 'pref:pnpm', P, 'installing packages', 'use pnpm'), view('q1', 'pref:yarn', Q, 'installing packages', 'use yarn')], []],
    ['observed: never merged, never listed', [view('p1', 'seq:Grep->Read->Edit', P, 'after Grep', 'Edit next', 'observed'), view('p2', 'seq:Grep->Read->Write', P, 'after Grep', 'Write next', 'observed')], []],
    ['a contradiction is listed as one, not here', [view('p1', 'pref:commit-a', P, 'committing', 'always sign commits'), view('p2', 'pref:commit-b', P, 'committing', 'never sign commits')], []],
  ])('%s', (_, views, want) => {
    expect(findDistinct(views, c).map((d) => [[d.a, d.b].sort().join(' '), d.in, d.words])).toEqual(want);
  });
});
