// Issue 30, wrong learning: merges that lost a user's words. `dream` merged "api server: port
// 3000" into "web server: port 8080" and node 18 into node 22; teaching pref:test-runner=jest
// after pref:test-runner=vitest reinforced vitest, so `get pref:test-runner=jest` answered "use
// vitest". Keys or actions that differ in a value (a number, a version, a name after `=`) are
// different instincts, or a contradiction to report, never a merge: in teaching, gc, dream,
// duplicates, and facts.
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../lib/config.js';
import { storeContext } from '../store/service.js';
import { writeFact as addFact } from '../store/verbs/facts.js';
import { teach } from '../store/verbs/teach.js';
import { mergeLoses, valueConflict, valuesOf } from '../store/views/similarity.js';
import { runCli, sandbox } from './helpers.js';
import { writeFact, writeInstinct } from './inloop-helpers.js';
import { cliJson } from './store-helpers.js';

const NOW = '2026-11-22T12:00:00.000Z';

function home() {
  const s = sandbox();
  mkdirSync(s.project, { recursive: true });
  return { ...s, env: { HOMUNCULUS_HOME: s.data, HOME: s.home, CLAUDE_PROJECT_DIR: s.project, HOMUNCULUS_NOW: NOW } };
}

/** The store as the CLI's observe and facts add open it, from the project's folder: those two verbs run in process (the CLI's observe and get: the first test). */
const ctx = (s: ReturnType<typeof home>) => storeContext({ home: s.data, config: loadConfig(s.data, {}).config, now: new Date(NOW), cwd: s.project, env: { CLAUDE_PROJECT_DIR: s.project }, register: true });

const ids = (data: string) => readdirSync(join(data, 'instincts')).filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3)).sort();

describe('values in keys and texts', () => {
  it.each([
    ['pref:test-runner=jest', ['=jest']],
    ['pref:node=18', ['=18', '18']],
    ['combo:pkg=pnpm,node=v22', ['=pnpm', '=v22', 'v22']],
    ['seq:Grep->Read->Edit', []],
  ])('%s names %j', (key, values) => {
    expect([...valuesOf(key, true)].sort()).toEqual([...values].sort());
  });

  it.each([
    [{ pattern: 'pref:runner=jest', trigger: 'running tests', action: 'use jest' }, { pattern: 'pref:runner=vitest', trigger: 'running tests', action: 'use vitest' }, true],
    [{ pattern: 'pref:api-server', trigger: 'starting the api server', action: 'listen on port 3000' }, { pattern: 'pref:web-server', trigger: 'starting the web server', action: 'listen on port 8080' }, true],
    [{ pattern: 'pref:pkg=pnpm', trigger: 'installing packages', action: 'use pnpm install' }, { pattern: 'pref:installer=pnpm', trigger: 'installing new packages', action: 'use pnpm install' }, false],
  ])('a merge of %j and %j would lose words: %s', (a, b, loses) => {
    expect(mergeLoses(a, b)).toBe(loses);
  });

  it('one setting with two values is a conflict; two settings are not', () => {
    expect(valueConflict({ pattern: 'pref:test-runner=jest', trigger: 'running tests', action: 'use jest' }, { pattern: 'pref:test-runner=vitest', trigger: 'running the tests', action: 'use vitest' })).toBe(true);
    expect(valueConflict({ pattern: 'pref:node-a', trigger: 'choosing the node version', action: 'use node 18' }, { pattern: 'pref:node-b', trigger: 'choosing the node version', action: 'use node 22' })).toBe(true);
    expect(valueConflict({ pattern: 'pref:api', trigger: 'starting the api server', action: 'listen on port 3000' }, { pattern: 'pref:web', trigger: 'starting the web server', action: 'listen on port 8080' })).toBe(false);
  });
});

describe('teaching another value', () => {
  it('pref:test-runner=jest after =vitest is a new instinct, the change of mind reported and the older down-weighted; get answers jest', async () => {
    const s = home();
    const first = await cliJson<{ id: string; created: boolean }>(['observe', 'pref:test-runner=vitest', '--trigger', 'running tests', '--action', 'use vitest'], s.env, s.project);
    expect(first.created).toBe(true);
    const second = await cliJson<{ id: string; created: boolean; merged_into?: string; contradictions: { id: string }[] }>(['observe', 'pref:test-runner=jest', '--trigger', 'running tests', '--action', 'use jest'], s.env, s.project);
    expect(second.created).toBe(true);
    expect(second.merged_into).toBeUndefined();
    expect(second.contradictions.map((c) => c.id)).toEqual([first.id]);
    const got = await cliJson<{ instinct: { pattern: string; action: string } }>(['get', 'pref:test-runner=jest'], s.env, s.project);
    expect(got.instinct).toMatchObject({ pattern: 'pref:test-runner=jest', action: 'use jest' });
    const vitest = await cliJson<{ instinct: { confidence: number; contradicted: number } }>(['get', 'pref:test-runner=vitest'], s.env, s.project);
    expect(vitest.instinct.contradicted).toBe(1);
    // Teaching jest again reinforces jest, not vitest.
    const again = await cliJson<{ id: string; created: boolean }>(['observe', 'pref:test-runner=jest'], s.env, s.project);
    expect(again).toMatchObject({ id: second.id, created: false });
  });

  it('a similar key with the same value still merges (pref: pkg = pnpm is pref:pkg=pnpm)', async () => {
    const s = home();
    const a = teach(ctx(s), { pattern: 'pref:pkg-manager=pnpm', trigger: 'installing packages', action: 'use pnpm' });
    const b = teach(ctx(s), { pattern: 'pref:pkg-managers=pnpm', trigger: 'installing packages', action: 'use pnpm' });
    expect(b).toMatchObject({ created: false, merged_into: a.id });
  });

  it('facts that differ in a number are two facts', async () => {
    const s = home();
    const a = addFact(ctx(s), { fact: 'the test database listens on port 3306' });
    const b = addFact(ctx(s), { fact: 'the test database listens on port 5432' });
    expect(a.created).toBe(true);
    expect(b.created).toBe(true);
    const same = addFact(ctx(s), { fact: 'the test database listens on port 5432' });
    expect(same).toMatchObject({ id: b.id, created: false });
  });
});

describe('gc, dream and duplicates on instincts that differ in a value', () => {
  function store(data: string) {
    writeInstinct(data, { id: 'api-port', pattern: 'pref:api-server-port', trigger: 'starting the api server', action: 'listen on port 3000', confidence: 0.6 });
    writeInstinct(data, { id: 'web-port', pattern: 'pref:web-server-port', trigger: 'starting the web server', action: 'listen on port 8080', confidence: 0.5 });
    writeInstinct(data, { id: 'node-18', pattern: 'pref:node=18', trigger: 'choosing the node version', action: 'use node 18', confidence: 0.5, last_seen: '2026-11-19T10:00:00.000Z' });
    writeInstinct(data, { id: 'node-22', pattern: 'pref:node=22', trigger: 'choosing the node version', action: 'use node 22', confidence: 0.6 });
    writeInstinct(data, { id: 'runner-vitest', pattern: 'pref:test-runner=vitest', trigger: 'running tests', action: 'use vitest', confidence: 0.5, last_seen: '2026-11-19T10:00:00.000Z' });
    writeInstinct(data, { id: 'runner-jest', pattern: 'pref:test-runner=jest', trigger: 'running tests', action: 'use jest', confidence: 0.6 });
    // Alike and the same value: still one instinct.
    writeInstinct(data, { id: 'dup-a', pattern: 'pref:pkg=pnpm', trigger: 'installing packages', action: 'use pnpm install', confidence: 0.6 });
    writeInstinct(data, { id: 'dup-b', pattern: 'pref:pkg-installer=pnpm', trigger: 'installing new packages', action: 'use pnpm install', confidence: 0.4 });
  }
  const everyId = ['api-port', 'dup-a', 'node-18', 'node-22', 'runner-jest', 'runner-vitest', 'web-port'];

  it('dream merges only the same value; one setting with two values is a contradiction', async () => {
    const s = home();
    store(s.data);
    const r = await cliJson<{ merged: { from: string; into: string }[]; contradictions: { weaker: string; stronger: string }[] }>(['dream'], s.env, s.project);
    expect(r.merged.map((m) => [m.from, m.into])).toEqual([['dup-b', 'dup-a']]);
    expect(r.contradictions).toEqual(expect.arrayContaining([{ weaker: 'node-18', stronger: 'node-22' }, { weaker: 'runner-vitest', stronger: 'runner-jest' }]));
    expect(r.contradictions).toHaveLength(2);
    expect(ids(s.data)).toEqual(everyId);
  });

  it('gc merges only the same value and reports one setting with two values', async () => {
    const s = home();
    store(s.data);
    const r = await cliJson<{ merged: { from: string; into: string }[]; contradictions: { a: string; b: string }[] }>(['gc'], s.env, s.project);
    expect(r.merged).toEqual([{ from: 'dup-b', into: 'dup-a' }]);
    expect(r.contradictions).toEqual(expect.arrayContaining([{ a: 'node-18', b: 'node-22' }, { a: 'runner-vitest', b: 'runner-jest' }]));
    expect(r.contradictions).toHaveLength(2);
    expect(ids(s.data)).toEqual(everyId);
  });

  it('duplicates lists no pair that differs in a value, and lists the value conflicts', async () => {
    const s = home();
    store(s.data);
    writeFact(s.data, { id: 'f1', text: 'unrelated', confidence: 0.5 });
    const r = await cliJson<{ duplicates: { a: string; b: string }[]; contradictions: { a: string; b: string }[] }>(['duplicates'], s.env, s.project);
    for (const d of r.duplicates) expect([d.a, d.b].sort()).toEqual(['dup-a', 'dup-b']);
    expect(r.contradictions.map((c) => [c.a, c.b].sort().join(' '))).toEqual(expect.arrayContaining(['node-18 node-22', 'runner-jest runner-vitest']));
  });
});

// Issue 38, item 5: round three kept apart only values with a digit or after `=`; dream still
// merged "use yarn" into "use pnpm", tabs into spaces, us-east into eu-west, and teaching merged a
// longer key with another region into the first. A word one holds where the other has its own is
// the point of both: two instincts, and `duplicates` says it kept them apart and why.
describe('instincts that differ in a word that changes their meaning', () => {
  const P = 'aaaaaaaaaaaa';
  const Q = 'bbbbbbbbbbbb';
  function store(data: string) {
    const proj = { scope: 'project' as const, project: P };
    writeInstinct(data, { id: 'pkg-pnpm', pattern: 'pref:pnpm', trigger: 'installing packages', action: 'use pnpm', confidence: 0.6, ...proj });
    writeInstinct(data, { id: 'pkg-yarn', pattern: 'pref:yarn', trigger: 'installing packages', action: 'use yarn', confidence: 0.5, ...proj });
    writeInstinct(data, { id: 'indent-tabs', pattern: 'pref:indent-tabs', trigger: 'indenting code', action: 'indent with tabs', confidence: 0.6, ...proj });
    writeInstinct(data, { id: 'indent-spaces', pattern: 'pref:indent-spaces', trigger: 'indenting code', action: 'indent with spaces', confidence: 0.5, ...proj });
    writeInstinct(data, { id: 'region-eu', pattern: 'pref:region', trigger: 'deploying the api', action: 'deploy to eu-west', confidence: 0.6, ...proj });
    writeInstinct(data, { id: 'region-us', pattern: 'pref:deploy-region', trigger: 'deploying the api', action: 'deploy to us-east', confidence: 0.5, ...proj });
    writeInstinct(data, { id: 'db-postgres', pattern: 'pref:database-engine', trigger: 'writing migrations', action: 'target postgres', confidence: 0.6, ...proj });
    writeInstinct(data, { id: 'db-mysql', pattern: 'pref:database-engines', trigger: 'writing migrations', action: 'target mysql', confidence: 0.5, ...proj });
    // Alike and saying the same: still one instinct.
    writeInstinct(data, { id: 'same-a', pattern: 'pref:commit-message-style', trigger: 'writing commit messages', action: 'use the imperative mood', confidence: 0.6, ...proj });
    writeInstinct(data, { id: 'same-b', pattern: 'pref:commit-message-styles', trigger: 'writing new commit messages', action: 'use the imperative mood', confidence: 0.4, ...proj });
    // The same pair in another project: never compared with P's.
    writeInstinct(data, { id: 'other-yarn', pattern: 'pref:yarn', trigger: 'installing packages', action: 'use yarn', confidence: 0.5, scope: 'project', project: Q });
  }
  const kept = ['db-mysql', 'db-postgres', 'indent-spaces', 'indent-tabs', 'other-yarn', 'pkg-pnpm', 'pkg-yarn', 'region-eu', 'region-us', 'same-a'];

  it('dream merges only the pair that says the same', async () => {
    const s = home();
    store(s.data);
    const r = await cliJson<{ merged: { from: string; into: string }[] }>(['dream'], s.env, s.project);
    expect(r.merged.map((m) => [m.from, m.into])).toEqual([['same-b', 'same-a']]);
    expect(ids(s.data)).toEqual(kept);
  });

  it('gc merges only the pair that says the same', async () => {
    const s = home();
    store(s.data);
    const r = await cliJson<{ merged: { from: string; into: string }[] }>(['gc'], s.env, s.project);
    expect(r.merged).toEqual([{ from: 'same-b', into: 'same-a' }]);
    expect(ids(s.data)).toEqual(kept);
  });

  it('duplicates says which alike pairs it kept apart and the words a merge would lose, within a project', async () => {
    const s = home();
    store(s.data);
    const r = await cliJson<{ distinct: { a: string; b: string; in: string; words: string[][] }[] }>(['duplicates'], s.env, s.project);
    const got = Object.fromEntries(r.distinct.map((d) => [[d.a, d.b].sort().join(' '), [d.in, [...d.words].sort((x, y) => (x[0]! < y[0]! ? -1 : 1))]]));
    expect(got).toEqual({
      'pkg-pnpm pkg-yarn': ['action', [['pnpm'], ['yarn']]],
      'indent-spaces indent-tabs': ['key', [['space'], ['tab']]],
      'region-eu region-us': ['action', [['east', 'us'], ['eu', 'west']]],
      'db-mysql db-postgres': ['action', [['mysql'], ['postgre']]],
    });
    const text = await runCli(['duplicates'], s.env, { cwd: s.project });
    expect(text.stdout).toContain('kept apart: pref:indent-spaces and pref:indent-tabs (0.80 alike; their keys say space / tab)');
  });

  it('teaching a longer key with another region is a new instinct, not a second sighting of the first', async () => {
    const s = home();
    const eu = teach(ctx(s), { pattern: 'pref:api-region', trigger: 'deploying the api', action: 'deploy to eu-west' });
    const us = teach(ctx(s), { pattern: 'pref:api-deploy-region', trigger: 'deploying the api', action: 'deploy to us-east' });
    expect(us.created).toBe(true);
    expect(us.merged_into).toBeUndefined();
    // The same words again under a longer key: the first, reinforced.
    const again = teach(ctx(s), { pattern: 'pref:api-region-choice', trigger: 'deploying the apis', action: 'deploy to eu-west' });
    expect(again).toMatchObject({ id: eu.id, created: false });
  });
});
