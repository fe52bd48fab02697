// The export tools of the MCP server, through the SDK's Client over stdio against the built
// server: structured content, files written in the project folder, {error} on a miss.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cleanEnv, sandbox } from './helpers.js';
import { NOW, seedStore, SEEDED } from './exports-helpers.js';

type Out = Record<string, unknown> & { error?: string };

describe('the export tools over MCP', () => {
  const s = sandbox();
  const env = { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: NOW };
  let client: Client;
  const call = async (name: string, args: Record<string, unknown> = {}): Promise<{ out: Out; isError: boolean }> => {
    const r = await client.callTool({ name, arguments: args });
    const text = (r.content as { text: string }[])[0]!.text;
    return { out: (r.structuredContent ?? (text.startsWith('{') ? JSON.parse(text) : { error: text })) as Out, isError: r.isError === true };
  };
  const ok = async (name: string, args: Record<string, unknown> = {}): Promise<Out> => {
    const r = await call(name, args);
    expect(r.isError, `${name}: ${JSON.stringify(r.out)}`).toBe(false);
    return r.out;
  };

  beforeAll(async () => {
    seedStore(s.data, SEEDED);
    mkdirSync(s.project, { recursive: true });
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], env: cleanEnv(env) as Record<string, string>, cwd: s.project, stderr: 'pipe' });
    client = new Client({ name: 'homunculus-test', version: '1.0.0' });
    await client.connect(transport);
  }, 60_000);
  afterAll(async () => client?.close());

  it('export_rules and export_claude_md answer the rules as data and as the block', async () => {
    const r = await ok('export_rules', {});
    expect(r['count']).toBe(3);
    expect((r['rules'] as { key: string }[]).map((x) => x.key)).toEqual(['pref:pkg=pnpm', 'seq:Grep->Read->Edit', 'fix:lint-before-commit']);
    const c = await ok('export_claude_md', { category: 'pref' });
    expect(c).toMatchObject({ rules: 1 });
    expect(c['text']).toContain('`pref:pkg=pnpm`');
  });

  it("inject_claude_md writes the project's CLAUDE.md block, then reports changed: false", async () => {
    const file = join(s.project, 'CLAUDE.md');
    writeFileSync(file, '# Mine\n');
    const r1 = await ok('inject_claude_md', {});
    expect(r1).toMatchObject({ changed: true, how: 'appended', rules: 3 });
    expect(readFileSync(file, 'utf8').startsWith('# Mine\n\n<!-- homunculus:start -->\n')).toBe(true);
    const r2 = await ok('inject_claude_md', {});
    expect(r2).toMatchObject({ changed: false, how: 'unchanged' });
  });

  it('export_platform renders every format, writes with out, and refuses an unknown format with the list', async () => {
    const w = await ok('export_platform', { format: 'windsurfrules' });
    expect(w['text']).toContain('for Windsurf');
    const j = await ok('export_platform', { format: 'json' });
    expect((j['document'] as { version: string }).version).toBe('1.1');
    const out = await ok('export_platform', { format: 'agents-md', out: 'AGENTS.md' });
    expect(out).toMatchObject({ changed: true, how: 'created' });
    expect(existsSync(join(s.project, 'AGENTS.md'))).toBe(true);
    const bad = await call('export_platform', { format: 'vscode' });
    expect(bad.isError).toBe(true);
    expect(bad.out.error).toContain('unknown format "vscode": expected one of claude-md, agents-md, cursorrules, cursor-mdc, windsurfrules, json');
    const notOurs = await call('export_platform', { format: 'agents-md', out: '.bashrc' });
    expect(notOurs.out.error).toContain('out: expected a Markdown file (.md)');
  });

  it("keeps a model's paths inside the project folder and never replaces a file that is not the export", async () => {
    const outside = join(s.root, 'outside');
    mkdirSync(outside, { recursive: true });
    const settings = join(outside, 'settings.json');
    writeFileSync(settings, '{"permissions":{"deny":["Bash(rm:*)"]}}\n');
    const pkg = join(s.project, 'package.json');
    writeFileSync(pkg, '{"name":"proj"}\n');
    symlinkSync(outside, join(s.project, 'linked'));
    const refused = async (name: string, args: Record<string, unknown>, says: string) => {
      const r = await call(name, args);
      expect(r.isError, `${name} ${JSON.stringify(args)}: ${JSON.stringify(r.out)}`).toBe(true);
      expect(r.out.error).toContain(says);
    };
    const inside = 'expected a path inside the project folder';
    await refused('export_platform', { format: 'json', out: settings }, inside);
    await refused('export_skill', { out: '../outside/README.md' }, inside);
    await refused('inject_claude_md', { file: join(outside, 'CLAUDE.md') }, inside);
    await refused('export_platform', { format: 'cursor-mdc', out: join(s.root, 'new', 'deep', 'x.mdc') }, inside);
    await refused('export_skill', { out: 'linked/SKILL.md' }, inside);
    // Issue 38, item 13: a folder that is not there is not made for a block.
    await refused('inject_claude_md', { file: 'docs/new/CLAUDE.md' }, 'no such folder');
    expect(existsSync(join(s.project, 'docs'))).toBe(false);
    await refused('import_claude_md', { file: '../outside/notes.md' }, inside);
    await refused('export_platform', { format: 'json', out: 'package.json' }, 'exists and is not a homunculus json export; nothing was written');
    await refused('export_platform', { format: 'agents-md', out: 'package.json' }, 'out: expected a Markdown file (.md)');
    writeFileSync(join(s.project, 'README.md'), '# Proj\n');
    await refused('export_skill', { out: 'README.md' }, 'exists and is not a homunculus SKILL.md export');
    expect(readFileSync(settings, 'utf8')).toBe('{"permissions":{"deny":["Bash(rm:*)"]}}\n');
    expect(readFileSync(pkg, 'utf8')).toBe('{"name":"proj"}\n');
    expect(readFileSync(join(s.project, 'README.md'), 'utf8')).toBe('# Proj\n');
    expect(readdirSync(outside)).toEqual(['settings.json']);
    expect(existsSync(join(s.root, 'new'))).toBe(false);
    // Its own exports are replaced, by an absolute path inside the project too.
    const first = await ok('export_platform', { format: 'json', out: join(s.project, 'team.json') });
    expect(first).toMatchObject({ changed: true, how: 'created' });
    const again = await ok('export_platform', { format: 'json', out: 'team.json', all: true });
    expect(again).toMatchObject({ how: expect.stringMatching(/^(written|unchanged)$/) });
    await ok('export_platform', { format: 'cursor-mdc', out: '.cursor/rules/homunculus.mdc' });
    await ok('export_platform', { format: 'cursor-mdc', out: '.cursor/rules/homunculus.mdc' });
  });

  it('export_skill returns a SKILL.md, writes it with out; import_claude_md reads rules back', async () => {
    const k = await ok('export_skill', { name: 'team-habits' });
    expect(k['text']).toMatch(/^---\nname: team-habits\n/);
    const w = await ok('export_skill', { out: '.claude/skills/homunculus-rules/SKILL.md' });
    expect(w).toMatchObject({ changed: true, rules: 3 });
    writeFileSync(join(s.project, 'NOTES.md'), '- `pref:shell=zsh` use zsh (0.8)\n- `nope:x` no\n');
    const i = await ok('import_claude_md', { file: 'NOTES.md' });
    expect((i['imported'] as { key: string }[]).map((x) => x.key)).toEqual(['pref:shell=zsh']);
    expect(i['skipped']).toEqual([{ line: 2, why: 'unknown key prefix (expected one of seq, retry, pref, combo, fix, cmd, ask)' }]);
    const miss = await call('import_claude_md', { file: 'ABSENT.md' });
    expect(miss.isError).toBe(true);
    expect(miss.out.error).toMatch(/^cannot read \/.*\/project\/ABSENT\.md: ENOENT$/);
  });
});
