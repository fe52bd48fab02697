// The MCP server through the SDK's own Client over stdio, against the built server: every tool,
// misses and bad input answered as {"error": ...}, concurrent calls while an analysis runs.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { execa } from 'execa';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectId } from '../observer/project-id.js';
import { parseInstinct } from '../store/model/file-format.js';
import { CLI, cleanEnv, DIST, ROOT, sandbox } from './helpers.js';
import { writeSessions } from './store-helpers.js';

const TOOLS = [
  'observe', 'suggest', 'list_instincts', 'get_instinct', 'search_instincts', 'stats', 'trending', 'history', 'effectiveness', 'consolidate', 'session_summary', 'detect_chains',
  'alias_pattern', 'find_duplicates', 'import_patterns', 'gc', 'housekeep', 'instinct_write', 'instinct_delete', 'instinct_merge', 'fact_list', 'fact_read', 'fact_write', 'fact_delete',
  'export_rules', 'export_claude_md', 'inject_claude_md', 'export_skill', 'export_platform', 'import_claude_md',
];
const NOW = '2026-11-08T18:00:00Z';

async function connect(env: Record<string, string | undefined>, cwd: string): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], env: cleanEnv(env) as Record<string, string>, cwd, stderr: 'pipe' });
  const client = new Client({ name: 'homunculus-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

type Out = Record<string, unknown> & { error?: string };

describe('the MCP server over stdio', () => {
  const s = sandbox();
  const proj = join(s.root, 'shop');
  const P = projectId(resolve(proj));
  const env = { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: NOW };
  let client: Client;
  const call = async (name: string, args: Record<string, unknown> = {}): Promise<{ out: Out; isError: boolean }> => {
    const r = await client.callTool({ name, arguments: args });
    const text = (r.content as { text: string }[])[0]!.text;
    // Input the schema refuses is answered by the SDK itself, as a text error.
    const out = (r.structuredContent ?? (text.startsWith('{') ? JSON.parse(text) : { error: text })) as Out;
    return { out, isError: r.isError === true };
  };
  const ok = async (name: string, args: Record<string, unknown> = {}): Promise<Out> => {
    const r = await call(name, args);
    expect(r.isError, `${name}: ${JSON.stringify(r.out)}`).toBe(false);
    expect(r.out.error).toBeUndefined();
    return r.out;
  };

  beforeAll(async () => {
    mkdirSync(proj, { recursive: true });
    writeSessions(s.data, [
      { session: 's1', project: P, start: '2026-11-08T09:00:00Z', tools: ['Grep', 'Read', 'Edit'], repeat: 5 },
      { session: 's2', project: P, start: '2026-11-08T11:00:00Z', tools: ['Grep', 'Read', 'Edit'], repeat: 5 },
    ]);
    client = await connect(env, proj);
  }, 60_000);
  afterAll(async () => client?.close());

  it('lists exactly the tools of the issue, each with a description for the model and an input schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort());
    for (const t of tools) {
      expect(t.description!.length, t.name).toBeGreaterThan(40);
      expect(t.inputSchema.type).toBe('object');
    }
  });

  it('every tool answers structured content', async () => {
    // Sessions m1 and m2 started (their SessionStart hook ran): observe counts only such sessions.
    for (const session of ['m1', 'm2']) {
      const r = await execa('node', [join(DIST, 'hooks', 'session-start.js')], { input: JSON.stringify({ session_id: session, hook_event_name: 'SessionStart', source: 'startup', cwd: proj, transcript_path: join(s.root, `${session}.jsonl`) }), env: cleanEnv(env), extendEnv: false, reject: false, cwd: proj });
      expect(r.exitCode).toBe(0);
    }
    const taught = await ok('observe', { pattern: 'pref:pkg=pnpm', trigger: 'installing packages', action: 'use pnpm', session: 'm1' });
    expect(taught).toMatchObject({ pattern: 'pref:pkg=pnpm', confidence: 0.3, level: 'seedling', created: true });
    expect((await ok('observe', { pattern: 'pref:pkg = pnpm', session: 'm2' })).confidence).toBe(0.4);
    const id = taught['id'] as string;
    const consolidated = await ok('consolidate');
    // The observed chain is promoted; what was taught was a rule the moment it was taught.
    expect(consolidated['promoted']).toMatchObject({ rule: 1 });
    expect(consolidated['rules']).toBe(2);
    const sugg = await ok('suggest');
    // The claim's rate (what every view states of it) beside its score.
    expect((sugg['suggestions'] as unknown[])[0]).toEqual({ pattern: 'seq:Grep->Read->Edit', confidence: 0.95, rate: expect.any(Number), level: 'rule' });
    expect(((await ok('suggest', { full: true }))['suggestions'] as unknown[])[0]).toMatchObject({ pattern: 'seq:Grep->Read->Edit', scope: 'project', project: P, trigger: 'after Grep, then Read', action: 'Edit next' });
    expect(((await ok('list_instincts'))['instincts'] as unknown[]).length).toBeGreaterThanOrEqual(2);
    expect((await ok('get_instinct', { id }))['instinct']).toMatchObject({ pattern: 'pref:pkg=pnpm', observations: 2, sessions: 2 });
    const found = ((await ok('search_instincts', { query: 'pnpm OR grep' }))['instincts'] as { pattern: string }[]).map((v) => v.pattern);
    expect(found).toEqual(expect.arrayContaining(['pref:pkg=pnpm', 'seq:Grep->Read->Edit']));
    expect(((await ok('search_instincts', { query: 'pnpm NOT grep' }))['instincts'] as { pattern: string }[]).map((v) => v.pattern)).toEqual(['pref:pkg=pnpm']);
    expect(((await ok('search_instincts', { query: 'seq:Grep->Read' }))['mode'])).toBe('substring');
    expect((await ok('stats'))['levels']).toMatchObject({ rule: 2 });
    expect((await ok('stats'))['rules']).toBe(2);
    expect((await ok('trending', { days: 7 }))['basis']).toBe('events');
    const h = await ok('history', { pattern: 'pref:pkg=pnpm' });
    expect(h['sum']).toBe(0.4);
    await ok('observe', { pattern: 'seq:Grep->Read->Edit', outcome: 'confirm' }); // suggested, then confirmed
    const eff = (await ok('effectiveness'))['patterns'] as { pattern: string }[];
    expect(eff.find((r) => r.pattern === 'seq:Grep->Read->Edit')).toEqual({ pattern: 'seq:Grep->Read->Edit', suggested: 2, confirmed: 1, rate: 0.5 });
    expect((await ok('session_summary', { session: 's2' }))).toMatchObject({ session: 's2', calls: 15 });
    expect(((await ok('detect_chains'))['chains'] as { pattern: string }[])[0]!.pattern).toBe('seq:Grep->Read->Edit');
    expect(await ok('instinct_write', { pattern: 'pref:pkg-manager=pnpm', trigger: 'adding a dependency', action: 'pnpm add' })).toMatchObject({ id, created: false }); // similar (0.8): merged
    const longer = await ok('instinct_write', { pattern: 'seq:Grep->Read->Edit->Bash', trigger: 'after an edit', action: 'run the tests' });
    expect(longer['created']).toBe(true);
    const other = await ok('instinct_write', { pattern: 'pref:shell=zsh', trigger: 'writing shell snippets', action: 'use zsh syntax' });
    expect(await ok('alias_pattern', { from: 'pref:pm=pnpm', to: 'pref:pkg=pnpm' })).toMatchObject({ to: 'pref:pkg=pnpm' });
    expect((await ok('observe', { pattern: 'pref:pm=pnpm' }))['id']).toBe(id); // the alias leads to it
    expect((await ok('find_duplicates'))['duplicates']).toEqual([{ a: 'chain-grep-read-edit', b: longer['id'], a_pattern: 'seq:Grep->Read->Edit', b_pattern: 'seq:Grep->Read->Edit->Bash', similarity: 0.8571 }]);
    const imported = await ok('import_patterns', { patterns: [{ pattern: 'pref:imports=absolute', trigger: 'a module is not found', action: 'add the import', confidence: 0.6 }, { fact: 'CI runs on Node 20' }, { pattern: 'nope' }], source: 'another machine' });
    expect(imported).toMatchObject({ created: [expect.stringMatching(/^pref-imports-absolute/)], facts: [expect.any(String)], skipped: [{ row: 3 }] });
    // A model's confidence is not taken: the taught start, in this project.
    expect((await ok('get_instinct', { id: 'pref:imports=absolute' }))['instinct']).toMatchObject({ confidence: 0.3, source: 'imported', scope: 'project' });
    const fact = await ok('fact_write', { fact: 'the test database listens on 3306' });
    expect(((await ok('fact_list'))['facts'] as unknown[]).length).toBe(2);
    expect((await ok('fact_read', { id: fact['id'] as string }))['fact']).toMatchObject({ fact: 'the test database listens on 3306' });
    await ok('fact_delete', { id: fact['id'] as string });
    const merged = await ok('instinct_merge', { from: other['id'] as string, into: id });
    expect(merged['into']).toBe(id);
    await ok('instinct_delete', { id: 'pref:imports=absolute' });
    expect(await ok('housekeep')).toMatchObject({ merged: [], orphanAliases: [] });
    expect(await ok('gc')).toMatchObject({ decayed: [], merged: [], evicted: [], removed: [] });
  });

  it("the plugin's own server bundle (plugin/dist/mcp/server.mjs, run by plugin/.mcp.json) serves the same tools", async () => {
    const mcpJson = JSON.parse(readFileSync(join(ROOT, 'plugin', '.mcp.json'), 'utf8'));
    const args = (mcpJson.mcpServers.homunculus.args as string[]).map((a) => a.replace('${CLAUDE_PLUGIN_ROOT}', join(ROOT, 'plugin')));
    const transport = new StdioClientTransport({ command: process.execPath, args, env: cleanEnv(env) as Record<string, string>, cwd: proj, stderr: 'pipe' });
    const plugin = new Client({ name: 'homunculus-test', version: '1.0.0' });
    await plugin.connect(transport);
    try {
      expect((await plugin.listTools()).tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort());
      const r = await plugin.callTool({ name: 'stats', arguments: {} });
      expect(r.isError).not.toBe(true);
    } finally {
      await plugin.close();
    }
  });

  it('a miss or a bad input answers {"error": ...} and the server keeps serving', async () => {
    for (const [name, args] of [
      ['get_instinct', { id: 'nothing-here' }],
      ['history', { pattern: 'seq:never' }],
      ['fact_read', { id: 'x' }],
      ['instinct_delete', { id: 'chain-grep-read-edit' }], // observed: the analyzer's
      ['observe', { pattern: 'no-prefix' }],
      ['observe', { pattern: 'pref:new=thing' }], // a new one needs trigger and action
      ['instinct_merge', { from: 'a', into: 'b' }],
      ['get_instinct', {}], // schema
      ['observe', { pattern: 42 }],
    ] as [string, Record<string, unknown>][]) {
      const r = await call(name, args);
      expect(r.isError, name).toBe(true);
      expect(r.out.error, name).toEqual(expect.any(String));
    }
    expect((await ok('stats'))['total']).toBeGreaterThan(0);
  });

  it('concurrent calls while an analysis runs: nothing crashes, nothing taught is lost', async () => {
    // A big window keeps the analysis (and its lock) busy for a while.
    writeSessions(s.data, Array.from({ length: 60 }, (_, i) => ({ session: `big${i}`, project: P, start: `2026-11-0${1 + (i % 7)}T0${i % 10}:00:00Z`, tools: ['Grep', 'Read', 'Edit', 'Bash', 'Write'], repeat: 300 })));
    const analysis = execa('node', [CLI, 'analyze', '--now', NOW], { env: cleanEnv(env), extendEnv: false, reject: false });
    // The calls go out while the analysis holds the lock.
    for (let i = 0; i < 200 && !existsSync(join(s.data, 'analysis.lock')); i++) await new Promise((r) => setTimeout(r, 10));
    expect(existsSync(join(s.data, 'analysis.lock'))).toBe(true);
    const calls = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => call('observe', { pattern: `combo:tool${i}+check`, trigger: `using tool ${i}`, action: 'check it' })),
      call('suggest'),
      call('list_instincts'),
      call('stats'),
    ]);
    const a = await analysis;
    expect(a.exitCode, a.stderr as string).toBe(0);
    for (const c of calls) expect(c.isError ? c.out.error : 'ok').toMatch(/^(ok|the store is busy.*)$/);
    const taught = calls.slice(0, 6).filter((c) => !c.isError).map((c) => c.out['pattern']);
    // Every observe that answered is on disk after the analysis finished.
    const onDisk = readdirSync(join(s.data, 'instincts')).map((f) => parseInstinct(readFileSync(join(s.data, 'instincts', f), 'utf8')).pattern);
    for (const p of taught) expect(onDisk).toContain(p);
    expect(taught.length).toBeGreaterThan(0);
  }, 120_000);
});
