// Instinct ids: at most 60 characters, readable and distinct (slugFor, idFor, in process), and
// every id an earlier version gave still resolves through the CLI (get, history, feedback) and
// is kept through analysis.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { legacySlugFor, slugFor } from '../analyzer/instinct-file.js';
import { idFor } from '../store/model/keys.js';
import { runCli, tempDir } from './helpers.js';
import { sessionLines } from './history-helpers.js';

describe('ids are at most 60 characters, and every earlier id still resolves', () => {
  const TOOLS = ['mcp__clear-thought-server__sequentialthinking', 'mcp__clear-thought-server__mentalmodel', 'mcp__clear-thought-server__debuggingapproach'];
  const KEY = TOOLS.join('->');

  // slugFor (analyzer/instinct-file.ts) and idFor (store/model/keys.ts), in process.
  it.each([
    // Cut at a word, then the hash of the whole key (the same hash the long id ended with).
    ['a long chain', () => slugFor('chain', KEY), 'chain-mcp-clear-thought-server-sequentialthinking-695d2ebf'],
    ['its id in the first versions, kept to resolve it', () => legacySlugFor('chain', KEY), 'chain-mcp-clear-thought-server-sequentialthinking-mcp-clear-thought-server-mentalmodel-mcp-clear-tho-695d2ebf'],
    // Short ones are what they were.
    ['a short chain', () => slugFor('chain', 'Grep->Read->Edit'), 'chain-grep-read-edit'],
    ['a long chain of plain tool names', () => slugFor('chain', 'Grep->Read->Edit->Write->Bash->Glob->Grep->Read->Edit->Write->Bash'), 'chain-grep-read-edit-write-bash-glob-grep-read-edit-5bb5469c'],
    ['a short chain in the first versions', () => legacySlugFor('chain', 'Grep->Read->Edit'), 'chain-grep-read-edit'],
    ['a long taught key', () => idFor('', 'pref:when-writing-release-notes-for-the-mobile-app=use-the-changelog-generator-script'), 'pref-when-writing-release-notes-for-the-mobile-app-5d20fbf1'],
  ])('%s', (_name, id, expected) => {
    expect(id()).toBe(expected);
    expect(id().length).toBeLessThanOrEqual(expected.length > 60 ? 109 : 60);
  });

  it('the same tools in another order have another id', () => {
    expect(slugFor('chain', KEY)).not.toBe(slugFor('chain', TOOLS.slice().reverse().join('->')));
  });

  it('an observed instinct of a long chain gets a short id; its earlier id finds it (get, history, feedback)', async () => {
    const root = tempDir();
    const data = join(root, 'data');
    mkdirSync(join(data, 'observations'), { recursive: true });
    writeFileSync(join(data, 'observations', '2026-11-08.jsonl'), `${sessionLines('2026-11-08T08:00:00Z', ['s1', 's2', 's3'], 4, TOOLS).join('\n')}\n`);
    const env = { HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: '2026-11-08T19:00:00Z' };
    expect((await runCli(['analyze'], env)).exitCode).toBe(0);
    const ids = readdirSync(join(data, 'instincts')).map((f) => f.slice(0, -3));
    expect(ids).toContain(slugFor('chain', KEY));
    for (const id of ids) expect(id.length).toBeLessThanOrEqual(60);
    const list = await runCli(['list', '--scope', 'all'], env);
    expect(list.stdout).toContain(slugFor('chain', KEY));
    // The id this instinct had before ids were capped (an archive name, a note, a script).
    const former = legacySlugFor('chain', KEY);
    const got = await runCli(['get', former, '--json'], env);
    expect(got.exitCode, got.stderr as string).toBe(0);
    expect(JSON.parse(got.stdout as string).instinct).toMatchObject({ id: slugFor('chain', KEY), pattern: `seq:${KEY}` });
    expect((await runCli(['history', former], env)).exitCode).toBe(0);
    expect((await runCli(['feedback', former, 'confirm'], env)).exitCode).toBe(0);
    expect((await runCli(['get', `${former}x`], env)).exitCode).toBe(2);
  });

  it('an instinct written with a long id by an earlier version keeps it through analysis', async () => {
    const root = tempDir();
    const data = join(root, 'data');
    mkdirSync(join(data, 'observations'), { recursive: true });
    writeFileSync(join(data, 'observations', '2026-11-08.jsonl'), `${sessionLines('2026-11-08T08:00:00Z', ['s1', 's2', 's3'], 4, TOOLS).join('\n')}\n`);
    const env = { HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: '2026-11-08T19:00:00Z' };
    expect((await runCli(['analyze'], env)).exitCode).toBe(0);
    // As the earlier version left it: the file and its id the long one.
    const now = slugFor('chain', KEY);
    const former = legacySlugFor('chain', KEY);
    const text = readFileSync(join(data, 'instincts', `${now}.md`), 'utf8').replace(`id: "${now}"`, `id: "${former}"`);
    rmSync(join(data, 'instincts', `${now}.md`));
    writeFileSync(join(data, 'instincts', `${former}.md`), text);
    expect((await runCli(['analyze', '--now', '2026-11-08T20:00:00Z'], env)).exitCode).toBe(0);
    expect(readdirSync(join(data, 'instincts'))).toContain(`${former}.md`);
    expect(readdirSync(join(data, 'instincts'))).not.toContain(`${now}.md`);
    expect(JSON.parse((await runCli(['get', former, '--json'], env)).stdout as string).instinct.id).toBe(former);
  });
});
