// uninstall --purge deletes only what homunculus wrote (issue 30, 1). HOMUNCULUS_HOME may be a
// folder of the user's that happens to hold an observations/ or archive/ of its own: the whole
// tree is walked, every entry must be one of ours by name and kind, and anything else refuses the
// purge before anything is uninstalled or removed, naming what it found.
import { execa } from 'execa';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { layout } from '../lib/data-home.js';
import { walkDataHome } from '../lib/data-home-tree.js';
import { cleanEnv, DIST, FIXTURES, runCli, runHook, tempDir } from './helpers.js';
import { livedInHome, payload, runRouter, runStop, snapshot } from './history-helpers.js';
import { settingsPath, setup } from './install-helpers.js';

const hook = (name: string, input: unknown, env: Record<string, string>) =>
  execa('node', [join(DIST, 'hooks', `${name}.js`)], { input: JSON.stringify(input), env: cleanEnv(env), extendEnv: false, reject: false, timeout: 30_000 });

async function installed() {
  const b = setup();
  expect((await runCli(['install'], b.env)).exitCode).toBe(0);
  return { b, settings: readFileSync(settingsPath(b, 'user')) };
}

// Each test has its own sandbox: they run at once.
describe.concurrent('uninstall --purge deletes only what homunculus wrote', () => {
  it("refuses a data home whose observations/ and archive/ hold the user's files, naming them, before uninstalling anything", async () => {
    const { b, settings } = await installed();
    // A folder of the user's: only names homunculus also uses at its top.
    mkdirSync(join(b.data, 'observations'), { recursive: true });
    mkdirSync(join(b.data, 'archive', 'photos'), { recursive: true });
    writeFileSync(join(b.data, 'observations', '2026-11-08.jsonl'), '{"v":1}\n');
    writeFileSync(join(b.data, 'observations', 'birds.csv'), 'robin,3\n');
    writeFileSync(join(b.data, 'archive', 'taxes-2025.pdf'), '%PDF\n');
    writeFileSync(join(b.data, 'archive', 'photos', 'cat.jpg'), 'jpeg\n');
    const before = snapshot(b.data);
    const r = await runCli(['uninstall', '--purge'], b.env);
    expect(r.exitCode).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(`not purging ${b.data}`);
    for (const f of ['observations/birds.csv', 'archive/taxes-2025.pdf', 'archive/photos (a folder)']) expect(r.stderr).toContain(f);
    expect(snapshot(b.data)).toEqual(before);
    expect(readFileSync(settingsPath(b, 'user')).equals(settings)).toBe(true);
    expect(existsSync(join(b.home, '.claude', 'commands', 'bye.md'))).toBe(true);
    // --json and --dry-run refuse alike.
    expect((await runCli(['uninstall', '--purge', '--json'], b.env)).exitCode).toBe(2);
    expect(snapshot(b.data)).toEqual(before);
  });

  it('judges by kind as well as name: a folder, a link or a FIFO at one of our file names is not ours', async () => {
    const { b, settings } = await installed();
    const mine = join(b.root, 'my-notes.md');
    writeFileSync(mine, 'mine\n');
    mkdirSync(join(b.data, 'observations', '2020-01-01.jsonl'), { recursive: true });
    writeFileSync(join(b.data, 'observations', '2020-01-01.jsonl', 'keep.txt'), 'keep\n');
    mkdirSync(join(b.data, 'instincts'), { recursive: true });
    symlinkSync(mine, join(b.data, 'instincts', 'chain-grep-read-edit.md'));
    mkdirSync(join(b.data, 'state'), { recursive: true });
    await execa('mkfifo', [join(b.data, 'state', 'last-analysis.json')]);
    const r = await runCli(['uninstall', '--purge'], b.env);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('observations/2020-01-01.jsonl (a folder)');
    expect(r.stderr).toContain('instincts/chain-grep-read-edit.md (a symbolic link)');
    expect(r.stderr).toContain('state/last-analysis.json (a FIFO)');
    expect(readFileSync(join(b.data, 'observations', '2020-01-01.jsonl', 'keep.txt'), 'utf8')).toBe('keep\n');
    expect(readFileSync(mine, 'utf8')).toBe('mine\n');
    expect(readFileSync(settingsPath(b, 'user')).equals(settings)).toBe(true);
  });

  it('deletes a data home every part of the loop has written: hooks, analysis, bye, the store, dream, inject, imports', async () => {
    const { b } = await installed();
    const env = { ...b.env, HOMUNCULUS_NOW: '2026-11-08T19:00:00Z' };
    await livedInHome(b.data, b.env.HOMUNCULUS_RULES_FILE!);
    const p = { ...payload(), cwd: b.project };
    for (let i = 0; i < 3; i++) {
      const h = await runHook(JSON.stringify({ ...p, tool_use_id: `toolu_${i}` }), env);
      expect(h.exitCode, h.stderr).toBe(0);
    }
    expect((await hook('session-start', { session_id: 's1', hook_event_name: 'SessionStart', source: 'startup', cwd: b.project, transcript_path: join(b.root, 's1.jsonl') }, env)).exitCode).toBe(0);
    expect((await runRouter({ session_id: 's1', hook_event_name: 'UserPromptSubmit', prompt: 'install the packages', cwd: b.project }, env)).exitCode).toBe(0);
    expect((await runStop(env)).exitCode).toBe(0);
    const claudeMd = join(b.project, 'CLAUDE.md');
    writeFileSync(claudeMd, '# Project\n');
    const transcripts = join(b.root, 'transcripts');
    cpSync(join(FIXTURES, 'transcripts', 'projects'), transcripts, { recursive: true });
    const steps = [
      ['observe', 'pref:pkg=pnpm', '--trigger', 'installing packages', '--action', 'use pnpm'],
      ['facts', 'add', 'the', 'api', 'listens', 'on', 'port', '3000'],
      ['feedback', 'pref:pkg=pnpm', 'confirm'],
      ['import-transcripts', transcripts],
      ['bye'],
      ['gc'],
      ['dream'],
      ['inject', claudeMd],
      ['forget', 'pref:pkg=pnpm'],
      ['report', '--out', join(b.root, 'report.html')],
    ];
    for (const args of steps) {
      const r = await runCli(args, env, { cwd: b.project });
      expect(r.exitCode, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    }
    const r = await runCli(['uninstall', '--purge'], env);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(existsSync(b.data)).toBe(false);
  });

  it("a checkout's README.md stays; the rest goes", async () => {
    const { b } = await installed();
    await livedInHome(b.data, b.env.HOMUNCULUS_RULES_FILE!);
    writeFileSync(join(b.data, 'README.md'), '# data home\n');
    const r = await runCli(['uninstall', '--purge'], b.env);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(snapshot(b.data)).toEqual({ 'README.md': expect.stringMatching(/^file /) as unknown as string });
  });

  it('knows every file of the layout, and the temporary files a killed writer leaves', () => {
    const home = tempDir();
    const paths = Object.entries(layout).map(([k, f]) => [k, (f as (h: string, d: string) => string)(home, '2026-11-08')] as const);
    for (const [k, p] of paths) {
      // A folder of the layout is made as a folder, a file as a file.
      if (['observations', 'streams', 'state', 'instincts', 'archive', 'cache', 'codeCache', 'promptCounts', 'sessions', 'facts', 'injectionsDir'].includes(k)) mkdirSync(p, { recursive: true });
      else {
        mkdirSync(dirname(p), { recursive: true });
        writeFileSync(p, '');
        writeFileSync(`${p}.4242.7.tmp`, '');
      }
    }
    expect(walkDataHome(home).foreign).toEqual([]);
  });
});
