// Smaller ones from issue 30 (11): HOME unset or relative never makes a relative path; a data
// home that cannot be created (read-only filesystem, a link to nowhere on its way) is one line,
// not a stack trace; a folder named like an expired data file is left alone and named, not a crash.
import { execa } from 'execa';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cleanEnv, runCli, runHook, tempDir } from './helpers.js';
import { payload, runStop, sessionLines, transcriptText } from './history-helpers.js';

/** One line on stderr, `homunculus: ...`, no stack. */
function oneLine(stderr: string): string {
  expect(stderr.trim().split('\n')).toHaveLength(1);
  expect(stderr).toMatch(/^homunculus: /);
  expect(stderr).not.toMatch(/unexpected error|\n\s+at /);
  return stderr.trim();
}

describe('HOME unset or relative', () => {
  // Issue 38, item 13: this ran import-transcripts with HOME set to the account's home and unset,
  // reading the machine's own ~/.claude/projects (the developer's history). The rule for HOME unset
  // or relative (the system's entry, never a path below the current folder) is a function of HOME
  // and that entry, tested with the entry given (test/data-home.test.ts); here HOME is a folder of
  // the test's, not the account's.
  it('import-transcripts reads $HOME/.claude/projects, never ./.claude/projects', async () => {
    const cwd = tempDir();
    const home = tempDir();
    const calls = (tag: string) => [1, 2, 3].map((i) => ({ id: `toolu_${tag}${i}`, tool: 'Read', at: `2026-11-08T10:0${i}:00Z`, resultAt: `2026-11-08T10:0${i}:01Z` }));
    for (const [root, tag] of [[cwd, 'fromcwd'], [home, 'fromhome']] as const) {
      mkdirSync(join(root, '.claude', 'projects', '-w'), { recursive: true });
      writeFileSync(join(root, '.claude', 'projects', '-w', `${tag}.jsonl`), transcriptText(tag, calls(tag)));
    }
    const data = join(tempDir(), 'data');
    const r = await execa('node', [CLI, 'import-transcripts', '--json', '--since', '2000-01-01'], { cwd, env: cleanEnv({ HOME: home, HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: '2026-11-08T12:00:00Z' }), extendEnv: false, reject: false, timeout: 120_000 });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ files: 1, sessions: 1, calls: 3 });
    const ids = readFileSync(join(data, 'observations', '2026-11-08.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { id: string }).id);
    expect(ids.sort()).toEqual(['toolu_fromhome1', 'toolu_fromhome2', 'toolu_fromhome3']);
  });
});

describe('a data home that cannot be created', () => {
  it('below a symbolic link to nowhere: one line naming the link (exit 1); the hook exits 0', async () => {
    const root = tempDir();
    symlinkSync(join(root, 'gone'), join(root, 'link'));
    const data = join(root, 'link', 'data');
    for (const args of [['analyze'], ['observe', 'pref:pkg=pnpm', '--trigger', 'installing packages', '--action', 'use pnpm']]) {
      const r = await runCli(args, { HOMUNCULUS_HOME: data });
      expect(r.exitCode, args[0]).toBe(1);
      expect(oneLine(r.stderr)).toBe(`homunculus: cannot create ${data}: ${join(root, 'link')} is a symbolic link to nowhere (set HOMUNCULUS_HOME to a folder you can write, or make the folder it points to)`);
    }
    expect((await runHook(JSON.stringify(payload()), { HOMUNCULUS_HOME: data })).exitCode).toBe(0);
    expect(existsSync(join(root, 'gone'))).toBe(false);
  });

  describe('on a read-only filesystem (a tmpfs mounted read-only, where mounting is allowed)', () => {
    let mnt: string | undefined;
    beforeAll(async () => {
      const dir = tempDir('homunculus-rofs-');
      if ((await execa('mount', ['-t', 'tmpfs', '-o', 'ro,size=64k', 'tmpfs', dir], { reject: false })).exitCode === 0) mnt = dir;
    });
    afterAll(async () => {
      if (mnt !== undefined) await execa('umount', [mnt], { reject: false });
    });

    it('analyze, observe and import-transcripts say so in one line (exit 1)', async (ctx) => {
      if (mnt === undefined) ctx.skip(); // mounting not allowed here: the link case above takes the same path
      const data = join(mnt!, 'data');
      const t = tempDir();
      writeFileSync(join(t, 's1.jsonl'), transcriptText('s1', [{ id: 'toolu_1', tool: 'Read', at: '2026-11-08T10:00:00Z', resultAt: '2026-11-08T10:00:01Z' }]));
      for (const args of [['analyze'], ['observe', 'pref:pkg=pnpm', '--trigger', 'installing packages', '--action', 'use pnpm'], ['import-transcripts', t]]) {
        const r = await runCli(args, { HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: '2026-11-08T12:00:00Z' });
        expect(r.exitCode, args[0]).toBe(1);
        expect(oneLine(r.stderr)).toMatch(new RegExp(`^homunculus: cannot create ${data}(/observations)?: ${mnt} is on a read-only filesystem \\(set HOMUNCULUS_HOME to a folder you can write\\)$`));
      }
    });
  });
});

describe('a folder named like an expired data file', () => {
  it('analyze and bye leave it alone and name it; the Stop hook logs it in analysis.log', async () => {
    const data = join(tempDir(), 'data');
    const obs = join(data, 'observations');
    mkdirSync(obs, { recursive: true });
    writeFileSync(join(obs, '2026-11-08.jsonl'), `${sessionLines('2026-11-08T09:00:00Z', ['s1', 's2'], 4).join('\n')}\n`);
    // Past retention (30 days), each a folder with something in it: an observation file, its cache,
    // an archived instinct past archivePruneDays, a day of injections, a temporary file.
    const folders = ['observations/2020-01-01.jsonl', 'state/cache/2020-01-02.bin', 'archive/chain-a-b-c--20200101T000000Z.md', 'state/injections/2020-01-03.jsonl', 'instincts/x.1.tmp'];
    for (const f of folders) {
      mkdirSync(join(data, f), { recursive: true });
      writeFileSync(join(data, f, 'keep.txt'), 'mine\n');
    }
    const env = { HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: '2026-11-08T12:00:00Z' };
    for (const cmd of ['analyze', 'bye']) {
      const r = await runCli([cmd], { ...env, HOMUNCULUS_RULES_FILE: join(data, '..', 'rules.md') });
      expect(r.exitCode, `${cmd}: ${r.stderr}`).toBe(0);
      expect(r.stderr).toBe('');
      const line = r.stdout.split('\n').find((l) => l.startsWith('Not pruned, a folder where an expired file was expected'));
      for (const f of folders) expect(line, cmd).toContain(f);
    }
    const json = JSON.parse((await runCli(['analyze', '--json'], env)).stdout) as { notPruned: string[] };
    expect(json.notPruned.sort()).toEqual([...folders].sort());
    writeFileSync(join(obs, '2026-11-08.jsonl'), `${sessionLines('2026-11-08T10:00:00Z', ['s3', 's4'], 4).join('\n')}\n`, { flag: 'a' });
    expect((await runStop(env)).exitCode).toBe(0);
    const log = readFileSync(join(data, 'analysis.log'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { by?: string; not_pruned?: string[] });
    expect(log.filter((e) => e.by === 'stop').at(-1)?.not_pruned?.sort()).toEqual([...folders].sort());
    for (const f of folders) expect(readFileSync(join(data, f, 'keep.txt'), 'utf8')).toBe('mine\n');
  });
});
