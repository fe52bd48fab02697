// Issue 30, 10 and 11: strings a caller, a payload or a folder name brings are data. The MCP
// observe tool refuses a session that is not an id and counts only sessions the hooks recorded;
// SessionStart's source and a project's folder name reach no terminal raw; a trigger typed
// "when ..." does not read "When when"; the export's key check lets no markup through.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { execa } from 'execa';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, CLI, DIST, runCli, runHook, sandbox, fixture } from './helpers.js';

const NOW = '2026-11-08T18:00:00Z';

describe('untrusted strings', () => {
  it('MCP observe: a session that is not an id is refused; one the hooks never recorded is not counted', async () => {
    const s = sandbox();
    mkdirSync(s.project, { recursive: true });
    const env = { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: NOW };
    // One session the hooks recorded.
    expect((await runHook(JSON.stringify({ ...fixture('post-tool-use-read.json'), session_id: 'real-1', cwd: s.project }), env)).exitCode).toBe(0);
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], env: cleanEnv(env) as Record<string, string>, cwd: s.project, stderr: 'pipe' });
    const client = new Client({ name: 'homunculus-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const observe = (session: string) => client.callTool({ name: 'observe', arguments: { pattern: 'pref:pkg=pnpm', trigger: 'choosing a package manager', action: 'use pnpm', session } });
      const forged = await observe('x\n## Forged heading');
      expect(forged.isError).toBe(true);
      expect((await observe('real-1')).isError ?? false).toBe(false);
      // Two sessions the hooks never saw: no more sessions than the one they did.
      expect((await observe('made-up-2')).isError ?? false).toBe(false);
      expect((await observe('made-up-3')).isError ?? false).toBe(false);
    } finally {
      await client.close();
    }
    const [file] = readdirSync(join(s.data, 'instincts')).filter((f) => f.startsWith('pref-pkg'));
    const text = readFileSync(join(s.data, 'instincts', file!), 'utf8');
    expect(text).not.toContain('Forged');
    expect(text).not.toContain('made-up');
    const got = JSON.parse((await runCli(['get', 'pref:pkg=pnpm', '--json'], env, { cwd: s.project })).stdout as string);
    expect(got.instinct.sessions).toBe(1);
  });

  it("SessionStart's source and a project folder's escape sequences reach neither doctor nor list raw", async () => {
    const s = sandbox();
    const evil = join(s.root, 'shop\u001b[31mRED\u0007');
    mkdirSync(evil, { recursive: true });
    const env = { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: NOW };
    const start = await execa('node', [join(DIST, 'hooks', 'session-start.js')], { input: JSON.stringify({ session_id: 'sess-1', hook_event_name: 'SessionStart', source: 'startup\u001b]0;pwned\u0007', cwd: evil, transcript_path: join(s.root, 't.jsonl') }), env: cleanEnv(env), extendEnv: false, reject: false, cwd: evil });
    expect(start.exitCode).toBe(0);
    const delivery = readFileSync(join(s.data, 'state', 'last-delivery.json'), 'utf8');
    expect(delivery).not.toContain('\u001b');
    expect(JSON.parse(delivery).source).toBe('unknown');
    expect((await runCli(['observe', 'pref:pkg=pnpm', '--trigger', 'when installing', '--action', 'use pnpm'], env, { cwd: evil })).exitCode).toBe(0);
    for (const args of [['projects'], ['list'], ['status'], ['get', 'pref:pkg=pnpm']]) {
      const r = await runCli(args, env, { cwd: evil });
      expect(r.exitCode, `${args[0]}: ${r.stderr as string}`).toBe(0);
      expect(r.stdout as string, args[0]).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    }
    // "when installing" is not "When when installing" in any file an agent reads.
    const inst = readdirSync(join(s.data, 'instincts')).find((f) => f.startsWith('pref-pkg'))!;
    expect(readFileSync(join(s.data, 'instincts', inst), 'utf8')).toContain('When installing: use pnpm');
    const md = await runCli(['export', 'claude-md', '--scope', 'all'], env, { cwd: evil });
    expect(md.stdout as string).not.toMatch(/When when/i);
  });
});
