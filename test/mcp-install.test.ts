// homunculus install registers the MCP server where Claude Code looks for it, by minimal edits,
// and uninstall takes exactly that back.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './helpers.js';
import { setup } from './install-helpers.js';

describe('install registers the MCP server', () => {
  it('user scope: mcpServers.homunculus in ~/.claude.json, every other byte kept, and taken back by uninstall', async () => {
    const b = setup();
    const file = join(b.home, '.claude.json');
    const original = '{\n  "numStartups": 12,\n  "projects": {\n    "/x": { "allowedTools": [] }\n  },\n  "mcpServers": {\n    "other": { "command": "other-server" }\n  }\n}\n';
    writeFileSync(file, original);
    const r = await runCli(['install'], b.env);
    expect(r.exitCode, r.stderr as string).toBe(0);
    const after = JSON.parse(readFileSync(file, 'utf8'));
    expect(after.mcpServers.other).toEqual({ command: 'other-server' });
    expect(after.mcpServers.homunculus).toEqual({ type: 'stdio', command: 'node', args: [join(ROOT, 'dist', 'cli', 'homunculus.js'), 'mcp'], env: { HOMUNCULUS_HOME: b.data, HOMUNCULUS_RULES_FILE: join(b.root, 'generated-rules.md') } });
    expect(readFileSync(file, 'utf8').startsWith('{\n  "numStartups": 12,\n  "projects": {\n    "/x": { "allowedTools": [] }\n  },')).toBe(true);
    const again = await runCli(['install'], b.env);
    expect(again.stdout).toContain('already installed');
    const u = await runCli(['uninstall'], b.env);
    expect(u.exitCode, u.stderr as string).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(original);
  });

  it('user scope without a ~/.claude.json: created, and removed again by uninstall', async () => {
    const b = setup();
    const file = join(b.home, '.claude.json');
    expect((await runCli(['install'], b.env)).exitCode).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).mcpServers.homunculus.args[1]).toBe('mcp');
    expect((await runCli(['uninstall'], b.env)).exitCode).toBe(0);
    expect(existsSync(file)).toBe(false);
  });

  it("project scope: the committed .mcp.json names no path of this machine; local scope: the project's entry in ~/.claude.json", async () => {
    const b = setup();
    expect((await runCli(['install', '--scope', 'project', '--project', b.project], b.env)).exitCode).toBe(0);
    const mcp = JSON.parse(readFileSync(join(b.project, '.mcp.json'), 'utf8'));
    expect(mcp.mcpServers.homunculus).toEqual({ type: 'stdio', command: 'node', args: ['${CLAUDE_PROJECT_DIR:-.}/node_modules/homunculus-claude-code/dist/cli/homunculus.js', 'mcp'] });
    const c = setup();
    expect((await runCli(['install', '--scope', 'local', '--project', c.project], c.env)).exitCode).toBe(0);
    expect(JSON.parse(readFileSync(join(c.home, '.claude.json'), 'utf8')).projects[c.project].mcpServers.homunculus.args[1]).toBe('mcp');
  });

  it('a server named homunculus that is not ours is refused, nothing written', async () => {
    const b = setup();
    const file = join(b.home, '.claude.json');
    writeFileSync(file, '{"mcpServers": {"homunculus": {"command": "something-else"}}}');
    const r = await runCli(['install'], b.env);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/^homunculus: .*\.claude\.json already has an MCP server named "homunculus" that homunculus did not add; rename or remove it and install again; nothing was written$/);
    expect(existsSync(join(b.home, '.claude', 'settings.json'))).toBe(false);
  });

  it('a ~/.claude.json that does not parse, or is no object: install and uninstall say so in one line and write nothing', async () => {
    const b = setup();
    const file = join(b.home, '.claude.json');
    expect((await runCli(['install'], b.env)).exitCode).toBe(0);
    const settings = readFileSync(join(b.home, '.claude', 'settings.json'));
    for (const [text, says] of [['{"numStartups": 3, "mcpServers": {"homunculus": ', 'not valid JSON (ValueExpected at line 1, column 49)'], ['[1, 2]\n', 'not a JSON object']]) {
      writeFileSync(file, text!);
      for (const cmd of ['install', 'uninstall']) {
        const r = await runCli([cmd], b.env);
        expect(r.exitCode, `${cmd}: ${r.stderr}`).toBe(2);
        expect(r.stderr).toBe(`homunculus: ${file}: ${says}; left as it is (fix the file, or add the homunculus MCP server by hand); nothing was written`);
        expect(readFileSync(file, 'utf8')).toBe(text);
        expect(readFileSync(join(b.home, '.claude', 'settings.json')).equals(settings)).toBe(true);
      }
    }
  });
});
