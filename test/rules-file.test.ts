// The rules file (rulesFile, HOMUNCULUS_RULES_FILE) follows the rule `export --out` follows
// (issue 30, 2): bye replaces a whole file only when it is empty or an earlier rules file; a
// Markdown file of the user's (~/.claude/CLAUDE.md, a natural thing to try) gets a marker block,
// every other byte kept, recorded so that the SessionStart hook does not give its rules twice; any
// other file (a package.json) is refused with exit 73 before anything is written.
import { execa } from 'execa';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES_HEADER } from '../analyzer/rules-file.js';
import { GENERATED_RULES_PREFIX } from '../exports/marker-block.js';
import { loadConfig } from '../lib/config.js';
import { runConsolidation } from '../runs/consolidate-run.js';
import { RulesFileRefused } from '../runs/rules-file-write.js';
import { cleanEnv, DIST, FIXTURES, runCli, sandbox } from './helpers.js';
import { snapshot } from './history-helpers.js';
import { bash, writeTranscripts } from './transcript-writer.js';

const NOW = '2026-11-08T19:00:00Z';

function home() {
  const s = sandbox();
  cpSync(join(FIXTURES, 'release-0.1.0-home'), s.data, { recursive: true });
  mkdirSync(s.project, { recursive: true });
  return { ...s, env: { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: NOW } };
}

/**
 * A session of the release's project (/home/dev/work/shop, as Claude Code names it), its folder
 * `cwd` (which CLAUDE.md files it loads): the release's rule is that project's.
 */
async function sessionStart(s: { root: string; home: string; data: string }, cwd: string, sid: string): Promise<string> {
  const r = await execa('node', [join(DIST, 'hooks', 'session-start.js')], { input: JSON.stringify({ session_id: sid, hook_event_name: 'SessionStart', source: 'startup', cwd, transcript_path: join(s.root, `${sid}.jsonl`) }), env: cleanEnv({ HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: NOW, CLAUDE_PROJECT_DIR: '/home/dev/work/shop' }), extendEnv: false, reject: false });
  expect(r.exitCode).toBe(0);
  return r.stdout;
}

describe('bye never replaces a file that is not its own', () => {
  // The first through the CLI (exit 73, one line, --exit-zero); the others through runConsolidation,
  // what the CLI's bye runs: refused (RulesFileRefused, which the CLI makes exit 73) with the same words.
  it.each([
    ['package.json', true, '{\n  "name": "my-app",\n  "version": "1.0.0"\n}\n'],
    ['notes.txt', false, 'my notes\n'],
    ['.cursorrules', false, 'Be brief.\n'],
  ])('a %s of the user\'s is refused with exit 73 in one line; nothing anywhere is written (through the CLI: %s)', async (name, cli, text) => {
    const s = home();
    const file = join(s.project, name);
    writeFileSync(file, text);
    const before = snapshot(s.root);
    for (const env of [{ ...s.env, HOMUNCULUS_RULES_FILE: file }, s.env]) {
      // The second time through config.json's rulesFile.
      if (env === s.env) {
        writeFileSync(join(s.data, 'config.json'), `${JSON.stringify({ rulesFile: file })}\n`);
        before[join('data', 'config.json')] = snapshot(s.data)['config.json']!;
      }
      if (cli) {
        const r = await runCli(['bye'], env);
        expect(r.exitCode, r.stderr).toBe(73);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
        expect(r.stderr).toContain(`the rules file ${file} holds something else`);
      } else {
        const bye = () => runConsolidation({ home: s.data, now: new Date(NOW), config: loadConfig(s.data, {}).config, env: env === s.env ? {} : { HOMUNCULUS_RULES_FILE: file } });
        expect(bye).toThrow(RulesFileRefused);
        expect(bye).toThrow(`the rules file ${file} holds something else`);
      }
      expect(readFileSync(file, 'utf8')).toBe(text);
      expect(snapshot(s.root)).toEqual(before);
    }
    if (!cli) return;
    const z = await runCli(['bye', '--exit-zero'], s.env);
    expect(z.exitCode).toBe(0);
    expect(z.stdout).toContain('holds something else');
  });

  it('bye --help documents exit 73', async () => {
    const r = await runCli(['bye', '--help'], {});
    expect(r.stdout).toMatch(/^ {2}73 {2}the rules file/m);
  });

  it('an empty file, and an earlier rules file, are replaced whole', async () => {
    const s = home();
    const file = join(s.root, 'rules.md');
    writeFileSync(file, '');
    expect((await runCli(['bye'], { ...s.env, HOMUNCULUS_RULES_FILE: file })).exitCode).toBe(0);
    const first = readFileSync(file, 'utf8');
    expect(first.startsWith(`${RULES_HEADER[0]}\n`)).toBe(true);
    // An earlier rules file, with other rules: replaced whole again, no block.
    writeFileSync(file, `${RULES_HEADER.join('\n')}- an old rule\n`);
    expect((await runCli(['bye'], { ...s.env, HOMUNCULUS_RULES_FILE: file })).exitCode).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(RULES_HEADER[0]!.startsWith(GENERATED_RULES_PREFIX)).toBe(true);
  });
});

describe("a Markdown file of the user's gets a block", () => {
  // A rule every session is given (a rules file outside the data home holds only those): what a
  // person taught for every project. The release's chain is its project's, and stays out.
  const RULE = 'pref:commit=conventional';
  const teachGlobal = async (s: ReturnType<typeof home>) => {
    const r = await runCli(['observe', RULE, '--global', '--trigger', 'writing a commit message', '--action', 'use a conventional commit'], s.env, { cwd: s.project });
    expect(r.exitCode, r.stderr as string).toBe(0);
  };

  it('~/.claude/CLAUDE.md keeps every byte; the block is updated in place; the SessionStart hook does not give its rules twice', async () => {
    const s = home();
    const file = join(s.home, '.claude', 'CLAUDE.md');
    mkdirSync(dirname(file), { recursive: true });
    const mine = '\uFEFF# My rules\r\n\r\n- Always answer in French.\r\n';
    writeFileSync(file, mine);
    await teachGlobal(s);
    // Before: it reaches sessions through the SessionStart hook.
    expect((await runCli(['bye'], s.env)).exitCode).toBe(0);
    expect(await sessionStart(s, s.project, 'a0')).toContain(RULE);
    const env = { ...s.env, HOMUNCULUS_RULES_FILE: file };
    const r = await runCli(['bye'], env);
    expect(r.exitCode, r.stderr).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith(mine)).toBe(true);
    expect(text.slice(mine.length)).toMatch(/^\r\n<!-- homunculus:rules-file:start -->\r\n<!-- Generated by homunculus[^]*conventional commit[^]*\r\n<!-- homunculus:rules-file:end -->\r\n$/);
    expect(text).not.toContain('Grep->Read->Edit');
    const recorded = JSON.parse(readFileSync(join(s.data, 'state', 'injected.json'), 'utf8')) as { files: Record<string, { keys: string[] }> };
    expect(recorded.files[`${file}#rules-file`]!.keys).toEqual([RULE]);
    // Claude Code loads ~/.claude/CLAUDE.md in every session: the hook leaves those rules out, and still gives the project's own.
    const a1 = await sessionStart(s, s.project, 'a1');
    expect(a1).not.toContain(RULE);
    expect(a1).toContain('Grep->Read->Edit');
    // Again: the block is current, nothing changes.
    const again = await runCli(['bye'], env);
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toContain('(unchanged)');
    expect(readFileSync(file, 'utf8')).toBe(text);
    // The user edits the block away: the rules are given by the hook again.
    writeFileSync(file, mine);
    expect(await sessionStart(s, s.project, 'a2')).toContain(RULE);
  });

  it("a whole rules file bye writes at a CLAUDE.md Claude Code loads is not given twice either", async () => {
    const s = home();
    await teachGlobal(s);
    const file = join(s.project, 'CLAUDE.md');
    expect((await runCli(['bye'], { ...s.env, HOMUNCULUS_RULES_FILE: file })).exitCode).toBe(0);
    expect(readFileSync(file, 'utf8').startsWith(RULES_HEADER[0]!)).toBe(true);
    expect(await sessionStart(s, s.project, 'b1')).not.toContain(RULE);
    expect(await sessionStart(s, s.root, 'b2')).toContain(RULE);
    expect(existsSync(join(s.data, 'state', 'injected.json'))).toBe(true);
  });
});

// Issue 38, 4: a rules file every session may load (outside the data home: ~/.claude/CLAUDE.md)
// holds the global rules only; a project's rules and its folder name never go there, and reach
// that project's sessions through the SessionStart hook.
describe('a rules file outside the data home holds the global rules only', () => {
  const NOV = '2026-11-06T00:00:00Z';
  const PROJECTS = { acme: '/home/dev/acme-payments', blog: '/home/dev/blog-site', lab: '/home/dev/lab-notebooks' };

  async function threeProjects() {
    const s = sandbox();
    const projects = join(s.root, 'projects');
    const work = (test: string) => [{ tool: 'Grep' }, { tool: 'Read' }, { tool: 'Edit' }, bash(test), { tool: 'Grep' }, { tool: 'Read' }, { tool: 'Edit' }, bash(test)];
    // acme and blog run `npm test` (a command held in two projects), lab `pytest`.
    const sessions = Object.entries(PROJECTS).flatMap(([name, cwd], k) => [2, 3, 4, 5].map((d) => ({ id: `${name}${d}`, cwd, start: `2026-11-0${d}T1${k}:00:00Z`, calls: work(name === 'lab' ? 'pytest' : 'npm test') })));
    writeTranscripts(projects, sessions);
    const env = { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: NOV };
    const r = await runCli(['import-transcripts', projects, '--since', '2026-11-01', '--no-learn'], env);
    expect(r.exitCode, r.stderr as string).toBe(0);
    return { ...s, env };
  }

  const start = async (s: { root: string; home: string; data: string }, cwd: string, sid: string) => {
    const r = await execa('node', [join(DIST, 'hooks', 'session-start.js')], { input: JSON.stringify({ session_id: sid, hook_event_name: 'SessionStart', source: 'startup', cwd, transcript_path: join(s.root, `${sid}.jsonl`) }), env: cleanEnv({ HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: NOV }), extendEnv: false, reject: false });
    expect(r.exitCode).toBe(0);
    return r.stdout;
  };

  it('~/.claude/CLAUDE.md gets the global chain, never a command, a project\'s chain or a folder name; each project still gets its own', async () => {
    const s = await threeProjects();
    const file = join(s.home, '.claude', 'CLAUDE.md');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '# Mine\n');
    const r = await runCli(['bye', '--json'], { ...s.env, HOMUNCULUS_RULES_FILE: file });
    expect(r.exitCode, r.stderr as string).toBe(0);
    const rules = (JSON.parse(readFileSync(join(s.data, 'rules.json'), 'utf8')) as { rules: { pattern: string; scope?: string; kind: string }[] }).rules;
    // rules.json holds them all: a global chain, commands (one held in two projects), a project's chain.
    expect(rules.map((x) => x.pattern)).toEqual(expect.arrayContaining(['Grep->Read->Edit', 'cmd:test=npm test', 'cmd:test=pytest', 'Read->Edit->Bash(pytest)']));
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('`seq:Grep->Read->Edit`');
    expect(text).not.toMatch(/cmd:|pytest|\(project |acme|blog|lab-notebooks/);
    // Only the rules in the file are left out of the SessionStart context; each project gets its own.
    const acme = await start(s, PROJECTS.acme, 'x1');
    expect(acme).toContain('`npm test`');
    expect(acme).not.toContain('Grep->Read->Edit');
    const lab = await start(s, PROJECTS.lab, 'x2');
    expect(lab).toContain('`pytest`');
    expect(lab).not.toContain('`npm test`');
    // In the data home (no session loads it), generated-rules.md keeps every rule, with its project.
    expect((await runCli(['bye'], s.env)).exitCode).toBe(0);
    const all = readFileSync(join(s.data, 'generated-rules.md'), 'utf8');
    expect(all).toContain('`cmd:test=pytest`');
    expect(all).toContain('(project lab-notebooks)');
  }, 60_000);
});
