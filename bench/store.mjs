// The store's read paths on a store of 500 instincts (400 taught in two projects and globally,
// 100 observed) and 50 facts:
// - `homunculus suggest` (the CLI's fast path, no yargs) against bare `node -e 0`: target < 1.5x;
//   `homunculus list` (the full path through yargs) for comparison;
// - the running MCP server answering `suggest` (the SDK's Client over stdio): target < 20 ms.
// Usage: node bench/store.mjs [ROUNDS=20]
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, interleave, median } from './lib.mjs';

const rounds = Number(process.argv[2] ?? 20);
const root = join(import.meta.dirname, '..');
const CLI = join(root, 'dist', 'cli', 'homunculus.js');
const { renderInstinct, renderFact } = await import(join(root, 'dist', 'store', 'model', 'file-format.js'));
const { writeIndex } = await import(join(root, 'dist', 'store', 'files', 'index-file.js'));
const { projectId } = await import(join(root, 'dist', 'observer', 'project-id.js'));

const dir = mkdtempSync(join(tmpdir(), 'homunculus-bench-store-'));
const data = join(dir, 'data');
const proj = join(dir, 'shop');
mkdirSync(proj, { recursive: true });
mkdirSync(join(data, 'instincts'), { recursive: true, mode: 0o700 });
mkdirSync(join(data, 'facts'), { recursive: true, mode: 0o700 });
writeFileSync(join(data, 'store.json'), '{"version":2}\n');
const P = projectId(proj);
const OTHER = 'abcdefabcdef';
const now = '2026-11-08T12:00:00.000Z';
const zero = { confirmed: 0, contradicted: 0, corrected: 0, suggested: 0, inactive: 0 };
for (let i = 0; i < 500; i++) {
  const observed = i < 100;
  const scope = i % 3 === 0 ? 'global' : 'project';
  const project = i % 3 === 1 ? P : OTHER;
  const confidence = Math.round((0.3 + ((i * 37) % 65) / 100) * 1e4) / 1e4;
  const pattern = observed ? `seq:Tool${i}->Read->Edit` : `pref:setting${i}=value${i % 7}`;
  const x = {
    id: observed ? `chain-tool${i}-read-edit` : `pref-setting${i}-value${i % 7}-${String(i).padStart(8, '0')}`,
    pattern,
    category: observed ? 'sequence' : 'preference',
    domain: ['workflow', 'testing', 'tool-preference', 'code-style'][i % 4],
    trigger: observed ? `after Tool${i}, then Read` : `configuring setting ${i}`,
    action: observed ? 'Edit next' : `use value ${i % 7}`,
    explain: '',
    scope,
    ...(scope === 'project' ? { project } : {}),
    projects: scope === 'project' ? [project] : [P, OTHER],
    source: observed ? 'observed' : 'taught',
    confidence,
    observations: 3 + (i % 9),
    level: 'seedling',
    state: 'active',
    sessions: 2,
    session_ids: [],
    first_seen: '2026-11-01T10:00:00.000Z',
    last_seen: '2026-11-07T10:00:00.000Z',
    created: '2026-11-01T10:00:00.000Z',
    ...zero,
    aliases: [],
    ...(observed ? { score: confidence } : {}),
    extra: {},
    evidence: ['2026-11-01T10:00Z: taught'],
    body: `# ${pattern}\n`,
  };
  writeFileSync(join(data, 'instincts', `${x.id}.md`), renderInstinct(x), { mode: 0o600 });
}
for (let i = 0; i < 50; i++) {
  const f = { id: `fact-${i}`, text: `fact number ${i}`, domain: 'architecture', scope: 'global', projects: [], source: 'taught', confidence: 0.5, observations: 1, sessions: 1, session_ids: [], first_seen: now, last_seen: now, created: now, state: 'active', ...zero, extra: {}, evidence: [], body: '' };
  writeFileSync(join(data, 'facts', `fact-${i}.md`), renderFact(f), { mode: 0o600 });
}
writeIndex(data);

const env = { HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: now };
const { runOnce } = await import('./lib.mjs');
const cases = [
  { name: 'node -e 0', run: () => runOnce(process.execPath, ['-e', '0']) },
  { name: 'homunculus suggest', run: () => runOnce(process.execPath, [CLI, 'suggest'], { env, cwd: proj }) },
  { name: 'homunculus suggest --json', run: () => runOnce(process.execPath, [CLI, 'suggest', '--json'], { env, cwd: proj }) },
  { name: 'homunculus list (yargs)', run: () => runOnce(process.execPath, [CLI, 'list'], { env, cwd: proj }) },
];
const r = interleave(cases, rounds);
const base = r['node -e 0'].ms;
console.log(`Store of 500 instincts and 50 facts; ${rounds} rounds, interleaved, medians.\n`);
console.log('| command | wall ms | vs node -e 0 | peak RSS MiB |');
console.log('|---|---|---|---|');
for (const c of cases) console.log(`| \`${c.name}\` | ${fmt(r[c.name].ms)} | ${fmt(r[c.name].ms / base, 2)}x | ${fmt(r[c.name].rssMiB)} |`);

// The MCP server, running: suggest through the SDK's client.
const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], env: { ...process.env, ...env }, cwd: proj });
const client = new Client({ name: 'bench', version: '1' });
const t0 = performance.now();
await client.connect(transport);
const startMs = performance.now() - t0;
const times = [];
for (let i = 0; i < Math.max(50, rounds * 5); i++) {
  const t = performance.now();
  const res = await client.callTool({ name: 'suggest', arguments: {} });
  times.push(performance.now() - t);
  if (res.isError) throw new Error(JSON.stringify(res.content));
}
await client.close();
times.sort((a, b) => a - b);
console.log(`\nMCP server (\`homunculus mcp\`, started in ${fmt(startMs, 0)} ms): \`suggest\` over stdio, ${times.length} calls: median ${fmt(median(times))} ms, p95 ${fmt(times[Math.floor(times.length * 0.95)])} ms, max ${fmt(times[times.length - 1])} ms.`);
