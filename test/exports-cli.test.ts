// The exports through the real CLI: export claude-md and every format, inject into a user's
// CLAUDE.md (CRLF, BOM, text above and below kept byte for byte; a second run touches nothing),
// --out, SKILL.md, unknown formats, filters.
import { existsSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { END, START } from '../exports/marker-block.js';
import { skillProblems } from '../exports/skill.js';
import { ROOT, runCli, sandbox } from './helpers.js';
import { cliJson } from './store-helpers.js';
import { instinct, NOW, seedStore, SEEDED } from './exports-helpers.js';

function golden(name: string): string {
  return readFileSync(join(ROOT, 'test', 'golden', 'exports', name), 'utf8');
}

describe('export and inject', () => {
  const s = sandbox();
  const env = { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: NOW };
  beforeAll(() => {
    seedStore(s.data, SEEDED);
    mkdirSync(s.project, { recursive: true });
  });

  it('export claude-md prints the block of rule-level and approved rules, most confident first (golden)', async () => {
    const [r, j] = await Promise.all([runCli(['export', 'claude-md'], env, { cwd: s.project }), cliJson<{ format: string; rules: number; text: string }>(['export', 'claude-md'], env, s.project)]);
    expect(r.exitCode, r.stderr as string).toBe(0);
    expect(r.stdout + '\n').toBe(golden('cli-claude-md.md'));
    expect(r.stdout).not.toContain('combo:pytest+coverage'); // a seedling at 0.4 is not a rule
    expect(j).toMatchObject({ format: 'claude-md', rules: 3 });
  });

  it.each([
    ['agents-md', 'cli-claude-md.md'],
    ['cursorrules', 'cli-cursorrules.txt'],
    ['windsurfrules', 'cli-windsurfrules.txt'],
    ['cursor-mdc', 'cli-homunculus.mdc'],
  ])('export --format %s matches its golden file', async (format, file) => {
    const r = await runCli(['export', '--format', format], env, { cwd: s.project });
    expect(r.exitCode, r.stderr as string).toBe(0);
    expect(r.stdout + '\n').toBe(golden(file));
  });

  it('filters by category and scope', async () => {
    const [byCat, none, unknown] = await Promise.all([
      cliJson<{ rules: number; text: string }>(['export', 'claude-md', '--category', 'pref'], env, s.project),
      cliJson<{ rules: number }>(['export', 'claude-md', '--scope', 'a1b2c3d4e5f6'], env, s.project),
      runCli(['export', 'claude-md', '--project', 'nowhere'], env, { cwd: s.project }),
    ]);
    expect(byCat.rules).toBe(1);
    expect(byCat.text).toContain('`pref:pkg=pnpm`');
    expect(none.rules).toBe(0);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('no project "nowhere"');
  });

  it('an unknown format is refused with the list of known ones', async () => {
    const r = await runCli(['export', '--format', 'vscode'], env, { cwd: s.project });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('unknown format "vscode": expected one of claude-md, agents-md, cursorrules, cursor-mdc, windsurfrules, json');
  });

  it('inject keeps every byte outside the block of a CRLF file with a BOM, and a second run leaves it untouched', async () => {
    const file = join(s.project, 'CLAUDE.md');
    const above = '\uFEFF# My project\r\n\r\nUse tabs.\r\n\r\n';
    const below = '\r\n\r\n## Notes\r\n\r\nKeep this. ünïcode ✓\r\nno newline at the end';
    writeFileSync(file, `${above}<!-- instinct:start -->\r\nold rules\r\n<!-- instinct:end -->${below}`);
    const r1 = await cliJson<{ changed: boolean; how: string; rules: number; file: string }>(['inject', file], env, s.project);
    expect(r1).toMatchObject({ changed: true, how: 'taken over', rules: 3 });
    const after = readFileSync(file, 'utf8');
    expect(after.startsWith(`${above}${START}\r\n`)).toBe(true);
    expect(after.endsWith(`${END}${below}`)).toBe(true);
    const block = after.slice(above.length, after.length - below.length);
    expect(block.split('\r\n').every((l) => !l.includes('\n'))).toBe(true); // the block speaks the file's CRLF
    expect(block).toContain('`pref:pkg=pnpm`');
    // Second run: nothing changes, not even the mtime.
    const old = new Date('2020-01-01T00:00:00Z');
    utimesSync(file, old, old);
    const r2 = await cliJson<{ changed: boolean; how: string }>(['inject', file], env, s.project);
    expect(r2).toMatchObject({ changed: false, how: 'unchanged' });
    expect(statSync(file).mtime.getTime()).toBe(old.getTime());
    expect(readFileSync(file, 'utf8')).toBe(after);
  });

  it('inject keeps the edits a user made outside the block between runs, and the file mode', async () => {
    const file = join(s.project, 'AGENTS.md');
    writeFileSync(file, '# Agents\n', { mode: 0o640 });
    await cliJson(['inject', file, '--format', 'agents-md'], env, s.project);
    const first = readFileSync(file, 'utf8');
    expect(first.startsWith('# Agents\n\n<!-- homunculus:start -->\n')).toBe(true);
    writeFileSync(file, `${first}\nMy own note.\n`);
    seedStore(s.data, [instinct({ pattern: 'pref:editor=vim', trigger: 'editing', action: 'use vim', confidence: 0.92 })]);
    const r = await cliJson<{ changed: boolean; rules: number }>(['inject', file, '--format', 'agents-md'], env, s.project);
    expect(r).toMatchObject({ changed: true, rules: 4 });
    const text = readFileSync(file, 'utf8');
    expect(text.endsWith(`${END}\n\nMy own note.\n`)).toBe(true);
    expect(text).toContain('`pref:editor=vim`');
    expect(statSync(file).mode & 0o777).toBe(0o640);
  });

  it('export --out writes a new file, then a marker block in it; cursor-mdc owns its whole file', async () => {
    const out = join(s.project, '.windsurfrules');
    const r1 = await cliJson<{ changed: boolean; how: string }>(['export', '--format', 'windsurfrules', '--out', out], env, s.project);
    expect(r1).toMatchObject({ changed: true, how: 'created' });
    writeFileSync(out, `Be brief.\n\n${readFileSync(out, 'utf8')}`);
    const r2 = await cliJson<{ changed: boolean }>(['export', '--format', 'windsurfrules', '--out', out], env, s.project);
    expect(r2.changed).toBe(false);
    expect(readFileSync(out, 'utf8').startsWith('Be brief.\n\n<!-- homunculus:start -->\n# Learned workflow rules (homunculus, for Windsurf)\n')).toBe(true);
    const mdc = join(s.project, '.cursor', 'rules', 'homunculus.mdc');
    const r3 = await cliJson<{ changed: boolean; how: string }>(['export', 'cursor-mdc', '--out', mdc], env, s.project);
    expect(r3).toMatchObject({ changed: true, how: 'created' });
    const text = readFileSync(mdc, 'utf8');
    expect(text.startsWith('---\ndescription: ')).toBe(true);
    expect(text).not.toContain(START);
  });

  // Issue 38, item 13: inject into a mistyped folder made the folders and an empty block (exit 0).
  it.each([
    ['inject', ['inject', join(s.root, 'no-such-project', 'CLAUDE.md')], join(s.root, 'no-such-project')],
    ['inject, two folders deep', ['inject', join(s.root, 'typo', 'deeper', 'CLAUDE.md')], join(s.root, 'typo', 'deeper')],
    ['export of a block --out', ['export', '--format', 'agents-md', '--out', join(s.root, 'nowhere', 'AGENTS.md')], join(s.root, 'nowhere')],
  ])('%s into a folder that does not exist is refused in one line, nothing created', async (_, args, folder) => {
    const before = existsSync(join(s.data, 'state', 'injected.json')) ? readFileSync(join(s.data, 'state', 'injected.json'), 'utf8') : undefined;
    const r = await runCli(args, env, { cwd: s.project });
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`homunculus: ${folder}: no such folder; a block is written into a file of an existing folder (a project's CLAUDE.md or AGENTS.md); nothing was written`);
    expect(existsSync(folder)).toBe(false);
    for (const top of ['no-such-project', 'typo', 'nowhere']) expect(existsSync(join(s.root, top))).toBe(false);
    const after = existsSync(join(s.data, 'state', 'injected.json')) ? readFileSync(join(s.data, 'state', 'injected.json'), 'utf8') : undefined;
    expect(after).toBe(before);
  });
});

describe('export skill', () => {
  it('an empty store writes no file and gives a hint', async () => {
    const s = sandbox();
    const env = { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: NOW };
    const out = join(s.root, 'skills', 'homunculus-rules', 'SKILL.md');
    const r = await runCli(['export', 'skill', '--out', out], env, { cwd: s.root });
    expect(r.exitCode, r.stderr as string).toBe(0);
    expect(r.stderr).toContain('no rule to put in a skill yet');
    expect(existsSync(out)).toBe(false);
    const j = await cliJson<{ written: boolean; hint: string }>(['export', 'skill'], env, s.root);
    expect(j.written).toBe(false);
  });

  it('writes a SKILL.md that passes the Agent Skills rules; a bad name is refused', async () => {
    const s = sandbox();
    const env = { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: NOW };
    seedStore(s.data, SEEDED);
    const out = join(s.root, 'skills', 'team-habits', 'SKILL.md');
    const r = await cliJson<{ changed: boolean; rules: number }>(['export', 'skill', '--name', 'team-habits', '--out', out], env, s.root);
    expect(r).toMatchObject({ changed: true, rules: 3 });
    const text = readFileSync(out, 'utf8');
    const fm = parse(text.split('---\n')[1]!) as { name: string; description: string };
    expect(skillProblems(fm.name, fm.description)).toEqual([]);
    expect(fm).toEqual({ name: 'team-habits', description: expect.stringMatching(/^Learned patterns from 26 observations/) });
    const bad = await runCli(['export', 'skill', '--name', 'Claude_Rules'], env, { cwd: s.root });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('not a valid skill: name: expected lowercase letters');
  });
});

describe('--out never replaces a file that is not the same export, unless --force', () => {
  const s = sandbox();
  const env = { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: NOW };
  beforeAll(() => {
    seedStore(s.data, SEEDED);
    mkdirSync(s.project, { recursive: true });
  });
  const cli = (args: string[]) => runCli(args, env, { cwd: s.project });

  it.each([
    [['export', 'json', '--out', 'package.json'], 'package.json', '{"name":"app"}\n', 'is not a homunculus json export'],
    [['export', 'skill', '--out', 'SKILL.md'], 'SKILL.md', '---\nname: mine\ndescription: x\n---\nmy body\n', 'is not a homunculus SKILL.md export'],
    [['export', 'cursor-mdc', '--out', 'mine.mdc'], 'mine.mdc', 'my cursor rule\n', 'is not a homunculus cursor-mdc export'],
    [['report', '--out', 'notes.md'], 'notes.md', '# my notes\nimportant\n', 'is not a homunculus report'],
    [['export', 'claude-md', '--out', 'main.py'], 'main.py', 'print(1)\n', 'expected a Markdown file (.md) for claude-md'],
    [['inject', 'package.json'], 'package.json', '{"name":"app"}\n', 'expected a Markdown file (.md) for claude-md'],
  ])('%j refuses, byte for byte; --force writes', async (args, name, text, says) => {
    const file = join(s.project, name);
    writeFileSync(file, text);
    const r = await cli(args);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(says);
    expect(r.stderr).toContain('nothing was written');
    expect(readFileSync(file, 'utf8')).toBe(text);
    const forced = await cli([...args, '--force']);
    expect(forced.exitCode, forced.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).not.toBe(text);
  });

  it('its own earlier export, or an empty file, is replaced without --force', async () => {
    for (const args of [['export', 'json', '--out', 'team.json'], ['export', 'skill', '--out', 's/SKILL.md'], ['export', 'cursor-mdc', '--out', '.cursor/rules/homunculus.mdc'], ['report', '--out', 'r.html']]) {
      for (let i = 0; i < 2; i++) expect((await cli(args)).exitCode, args.join(' ')).toBe(0);
    }
    writeFileSync(join(s.project, 'empty.json'), '');
    expect((await cli(['export', 'json', '--out', 'empty.json'])).exitCode).toBe(0);
  });
});
