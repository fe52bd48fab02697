// The first hour's papercuts (issue 33, 4): each one a user met in their first hour, each with
// the behaviour it has now.
import { execa } from 'execa';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, cleanEnv, ROOT, runCli, tempDir } from './helpers.js';
import { settingsPath, setup } from './install-helpers.js';
import { sessionLines } from './history-helpers.js';
import { legacySlugFor, slugFor } from '../analyzer/instinct-file.js';
import { idFor } from '../store/model/keys.js';

describe('a closed pipe is a normal end', () => {
  // The reader is gone before the command writes its first byte: every write meets EPIPE.
  async function closedPipe(args: string[]) {
    const env = cleanEnv({ HOMUNCULUS_HOME: tempDir(), HOMUNCULUS_NOW: '2026-11-08T12:00:00Z' });
    const child = execa('node', [CLI, ...args], { cwd: tempDir(), env, extendEnv: false, reject: false, timeout: 60_000, stdout: 'pipe' });
    child.stdout!.destroy();
    return child;
  }

  for (const args of [['config'], ['report', '--json'], ['list'], ['status', '--json'], ['suggest'], ['analyze', '--json'], ['--help']]) {
    it(`homunculus ${args.join(' ')} | (closed) exits 0, no stack trace`, async () => {
      const r = await closedPipe(args);
      expect(r.stderr).toBe('');
      expect(r.exitCode).toBe(0);
    });
  }
});

describe('list and export say where the instincts are', () => {
  // One project with a taught rule (eight times: confidence 0.95), one global seedling, and a
  // second project folder with nothing of its own.
  async function twoProjects() {
    const root = tempDir();
    const env = { HOMUNCULUS_HOME: join(root, 'data'), HOMUNCULUS_NOW: '2026-11-08T12:00:00Z' };
    const a = join(root, 'alpha');
    const b = join(root, 'beta');
    mkdirSync(a);
    mkdirSync(b);
    for (let i = 0; i < 8; i++) expect((await runCli(['observe', 'pref:pkg=pnpm', '--trigger', 'installing packages', '--action', 'use pnpm'], env, { cwd: a })).exitCode).toBe(0);
    expect((await runCli(['observe', 'seq:Grep->Read->Edit', '--global', '--trigger', 'finding code', '--action', 'grep, read, then edit'], env, { cwd: b })).exitCode).toBe(0);
    return { env, a, b };
  }

  it('list has column headers, aligned with its rows', async () => {
    const { env, a } = await twoProjects();
    const r = await runCli(['list'], env, { cwd: a });
    const lines = (r.stdout as string).split('\n');
    expect(lines[0]).toMatch(/^rate {2}live {2}score {2}level +source +scope +id +pattern$/);
    expect(lines).toHaveLength(3);
    // Each column starts where its header does.
    for (const h of ['level', 'source', 'scope', 'id', 'pattern']) {
      const at = lines[0]!.search(new RegExp(`  ${h}\\b`)) + 2;
      for (const row of lines.slice(1)) expect(row[at - 1]).toBe(' ');
      for (const row of lines.slice(1)) expect(row[at]).not.toBe(' ');
    }
    // A taught instinct makes no measured claim: no rate, nothing held since it was given, its score under the score heading.
    expect(lines[1]).toMatch(/^ +- {2} +- {2} +95% {2}rule +taught +project alpha +pref-pkg-pnpm-[0-9a-f]{8} +pref:pkg=pnpm$/);
  });

  it('list --scope bogus is refused in one line, exit 2; a scope with nothing says where the instincts are', async () => {
    const { env, a, b } = await twoProjects();
    const bad = await runCli(['list', '--scope', 'bogus'], env, { cwd: a });
    expect(bad.exitCode).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toBe(`homunculus: unknown scope "bogus": expected current, all, global or a project id (12 hex digits, as \`node ${CLI} projects\` lists them)`);
    const json = await runCli(['list', '--scope', 'bogus', '--json'], env, { cwd: a });
    expect(JSON.parse(json.stdout as string)).toMatchObject({ exit: 2, error: expect.stringContaining('unknown scope "bogus"') });
    // A well-formed project id with nothing in it: no instincts there, and where they are.
    const empty = await runCli(['list', '--scope', '0123456789ab'], env, { cwd: b });
    expect(empty.exitCode).toBe(0);
    expect(empty.stdout).toBe(`No instincts in this scope; 2 instincts in other scopes: node ${CLI} list --scope all`);
  });

  it('export --format nope names every format, skill too; export claude-md elsewhere says where the rules are', async () => {
    const { env, a, b } = await twoProjects();
    const nope = await runCli(['export', '--format', 'nope'], env, { cwd: a });
    expect(nope.exitCode).toBe(2);
    expect(nope.stderr).toBe('homunculus: unknown format "nope": expected one of claude-md, agents-md, cursorrules, cursor-mdc, windsurfrules, json, or skill');
    expect((await runCli(['export', 'claude-md', '--scope', 'bogus'], env, { cwd: a })).stderr).toContain('unknown scope "bogus"');
    // In alpha its rule is exported; in beta, alpha's is not (what a person taught for every project is, at once).
    expect((await runCli(['export', 'claude-md'], env, { cwd: a })).stdout).toContain('`pref:pkg=pnpm`');
    const there = await runCli(['export', 'claude-md'], env, { cwd: b });
    expect(there.exitCode).toBe(0);
    expect(there.stdout).not.toContain('pref:pkg=pnpm');
    expect(there.stdout).toContain('`seq:Grep->Read->Edit`');
    expect((await runCli(['export', 'claude-md', '--scope', 'all'], env, { cwd: b })).stdout).toContain('`pref:pkg=pnpm`');
    // A folder with nothing of its own, and no global rule: it says where the rules are.
    await runCli(['forget', 'seq:Grep->Read->Edit'], env, { cwd: b });
    const none = await runCli(['export', 'claude-md'], env, { cwd: b });
    expect(none.stdout).toContain('_No rules yet._');
    expect(none.stderr).toBe('No rules for this project; 1 rule in other projects: --scope all');
    expect(JSON.parse((await runCli(['export', 'claude-md', '--json'], env, { cwd: b })).stdout as string)).toMatchObject({ rules: 0, hint: 'No rules for this project; 1 rule in other projects: --scope all' });
  });
});

describe('uninstall removes what install created, once it is left empty', () => {
  const tree = (dir: string): string[] => {
    const out: string[] = [];
    const walk = (d: string, rel: string) => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        out.push(`${rel}${e.name}${e.isDirectory() ? '/' : ''}`);
        if (e.isDirectory()) walk(join(d, e.name), `${rel}${e.name}/`);
      }
    };
    walk(dir, '');
    return out.sort();
  };

  it('a fresh HOME is left as it was: no settings.json holding {}, no empty commands/, no data home', async () => {
    const b = setup();
    expect(tree(b.home)).toEqual([]);
    expect((await runCli(['install'], b.env)).exitCode).toBe(0);
    expect(tree(b.home)).toContain('.claude/commands/bye.md');
    const r = await runCli(['uninstall'], b.env);
    expect(r.exitCode, r.stderr as string).toBe(0);
    expect(r.stdout).toContain(`remove (install created it; nothing else is in it): ${settingsPath(b, 'user')}`);
    expect(tree(b.home)).toEqual([]);
    expect(existsSync(b.data)).toBe(false);
  });

  it('never removes what was there before install, nor a folder that holds a file of the user', async () => {
    const b = setup();
    mkdirSync(join(b.home, '.claude', 'commands'), { recursive: true });
    writeFileSync(settingsPath(b, 'user'), '{}\n');
    expect((await runCli(['install'], b.env)).exitCode).toBe(0);
    expect((await runCli(['uninstall'], b.env)).exitCode).toBe(0);
    // The empty settings file and the empty folder were the user's: both stay, byte for byte.
    expect(readFileSync(settingsPath(b, 'user'), 'utf8')).toBe('{}\n');
    expect(tree(b.home).filter((f) => !f.includes('homunculus-backup'))).toEqual(['.claude/', '.claude/commands/', '.claude/settings.json']);

    // A fresh HOME where the user adds a command of their own after install: it and its folders stay.
    const c = setup();
    expect((await runCli(['install'], c.env)).exitCode).toBe(0);
    writeFileSync(join(c.home, '.claude', 'commands', 'mine.md'), 'my command\n');
    expect((await runCli(['uninstall'], c.env)).exitCode).toBe(0);
    expect(tree(c.home)).toEqual(['.claude/', '.claude/commands/', '.claude/commands/mine.md']);
  });
});

describe('import-transcripts --json', () => {
  it('counts what it skipped under camelCase keys, each one docs/import.md lists', async () => {
    const root = tempDir();
    const dir = join(root, 'projects', '-w');
    mkdirSync(dir, { recursive: true });
    const call = (id: string, at: string) => JSON.stringify({ type: 'assistant', sessionId: 's1', cwd: '/w', timestamp: at, uuid: `u-${id}`, message: { role: 'assistant', content: [{ type: 'tool_use', id, name: 'Read', input: {} }] } });
    const result = (id: string, at: string) => JSON.stringify({ type: 'user', sessionId: 's1', cwd: '/w', timestamp: at, uuid: `r-${id}`, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'ok' }] } });
    const lines = [
      call('toolu_old', '2020-01-01T10:00:00Z'), result('toolu_old', '2020-01-01T10:00:01Z'), // before --since
      call('toolu_new', '2026-11-01T10:00:00Z'), result('toolu_new', '2026-11-01T10:00:01Z'),
      call('toolu_open', '2026-11-01T10:01:00Z'), // no result
      result('toolu_nobody', '2026-11-01T10:02:00Z'), // no call
      '{"type": "progress", "timestamp": "2026-11-01T10:03:00Z"}',
      '{"type": "assistant", "message": {"content": [{"type": "tool_use", "id": "toolu_cut"', // cut short
    ];
    writeFileSync(join(dir, 's1.jsonl'), `${lines.join('\n')}\n`);
    const r = await runCli(['import-transcripts', join(root, 'projects'), '--since', '2026-10-01', '--json'], { HOMUNCULUS_HOME: join(root, 'data'), HOMUNCULUS_NOW: '2026-11-08T12:00:00Z' });
    expect(r.exitCode, r.stderr as string).toBe(0);
    const out = JSON.parse(r.stdout as string) as { added: number; skipped: Record<string, number> };
    expect(out.added).toBe(1);
    expect(out.skipped).toMatchObject({ olderThanSince: 1, callsWithoutResult: 1, resultsWithoutCall: 1, malformedLines: 1 });
    expect(Object.keys(out.skipped).filter((k) => !/^[a-z][a-zA-Z0-9]*$/.test(k))).toEqual([]);
    const doc = readFileSync(join(ROOT, 'docs', 'import.md'), 'utf8');
    for (const k of Object.keys(out.skipped)) expect(doc).toContain(`\`${k}\``);
  });
});

describe('counts in words: one plural helper', () => {
  it('one fact is "1 fact", one instinct "1 instinct", everywhere they are counted', async () => {
    const root = tempDir();
    const project = join(root, 'shop');
    mkdirSync(project);
    const env = { HOMUNCULUS_HOME: join(root, 'data'), HOMUNCULUS_NOW: '2026-11-08T12:00:00Z' };
    for (const args of [['observe', 'pref:pkg=pnpm', '--trigger', 'installing packages', '--action', 'use pnpm'], ['facts', 'add', 'the', 'api', 'listens', 'on', 'port', '3000']]) {
      expect((await runCli(args, env, { cwd: project })).exitCode).toBe(0);
    }
    const stats = await runCli(['stats'], env, { cwd: project });
    // What a person taught is a rule at once.
    expect((stats.stdout as string).split('\n')[0]).toBe('1 instinct, 1 fact, 1 rule, 1 project, 2 events');
    const status = await runCli(['status'], env, { cwd: project });
    expect(status.stdout).toMatch(/trends over 7 days\n[\s\S]*\n1 fact\.$/);
    expect(status.stdout).not.toMatch(/\b1 facts\b/);
    const projects = await runCli(['projects'], env, { cwd: project });
    expect(projects.stdout).toMatch(/shop +1 instinct, 1 fact, last seen 2026-11-08/);
  });

  it('no count is pluralised by hand outside lib/plural.ts', () => {
    const inline = /[!=]== 1 \? '(?:|y)' : '(?:s|ies)'|\? 's' : ''/;
    const offenders: string[] = [];
    for (const dir of ['analyzer', 'claude', 'cli', 'exports', 'hooks', 'lib', 'mcp', 'observer', 'report', 'runs', 'store']) {
      for (const f of readdirSync(join(ROOT, dir), { recursive: true }) as string[]) {
        if (!f.endsWith('.ts') || `${dir}/${f}` === 'lib/plural.ts') continue;
        readFileSync(join(ROOT, dir, f), 'utf8').split('\n').forEach((line, i) => {
          if (inline.test(line)) offenders.push(`${dir}/${f}:${i + 1}`);
        });
      }
    }
    expect(offenders).toEqual([]);
  });
});

describe("the README's worked example and demo agree", () => {
  it("every line the README quotes from the demo is a line of the demo's output, in the same order", async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const at = readme.indexOf('played by `homunculus demo`');
    expect(at).toBeGreaterThan(-1);
    const block = /```\n([\s\S]*?)\n```/.exec(readme.slice(at))![1]!.split('\n');
    expect(block.length).toBeGreaterThan(3);
    const demo = await runCli(['demo'], {});
    expect(demo.exitCode, demo.stderr as string).toBe(0);
    const lines = (demo.stdout as string).split('\n');
    let from = 0;
    for (const quoted of block) {
      const i = lines.indexOf(quoted, from);
      expect(i, `README line not in the demo's output (after line ${from}): ${quoted}`).toBeGreaterThanOrEqual(from);
      from = i + 1;
    }
    // The sentence before the block names the same figures.
    expect(readme.slice(at, at + 200)).toMatch(/Bash\(grep\)->Read->Edit a score of 84% after four sessions \(no rule\), then Grep->Read->Edit a score\nof 95% and a rule after seven, stated at its rate, 90%/);
  });
});

describe('ids are at most 60 characters, and every earlier id still resolves', () => {
  const TOOLS = ['mcp__clear-thought-server__sequentialthinking', 'mcp__clear-thought-server__mentalmodel', 'mcp__clear-thought-server__debuggingapproach'];
  const KEY = TOOLS.join('->');

  it('slugFor and idFor: short, readable, distinct; the first versions\' ids are kept to resolve them', () => {
    const slug = slugFor('chain', KEY);
    // Cut at a word, then the hash of the whole key (the same hash the long id ended with).
    expect(slug).toBe('chain-mcp-clear-thought-server-sequentialthinking-695d2ebf');
    expect(legacySlugFor('chain', KEY)).toBe('chain-mcp-clear-thought-server-sequentialthinking-mcp-clear-thought-server-mentalmodel-mcp-clear-tho-695d2ebf');
    expect(slug).not.toBe(slugFor('chain', TOOLS.slice().reverse().join('->')));
    // Short ones are what they were.
    expect(slugFor('chain', 'Grep->Read->Edit')).toBe('chain-grep-read-edit');
    expect(legacySlugFor('chain', 'Grep->Read->Edit')).toBe('chain-grep-read-edit');
    const taught = idFor('', 'pref:when-writing-release-notes-for-the-mobile-app=use-the-changelog-generator-script');
    expect(taught).toBe('pref-when-writing-release-notes-for-the-mobile-app-5d20fbf1');
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
