// The observer against bare `node -e 0`, interleaved, 30+ runs each: median wall time and peak RSS.
// Usage: node bench/hook.mjs [rounds]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fmt, interleave, runOnce, target } from './lib.mjs';

const root = resolve(import.meta.dirname, '..');
const hook = join(root, 'dist', 'hooks', 'observe.js');
const rounds = Number(process.argv[2] ?? 40);
const realistic = readFileSync(join(root, 'test', 'fixtures', 'hook-payloads', 'post-tool-use-edit.json'));
const base = JSON.parse(realistic.toString('utf8'));
// A Bash call whose detail takes the whole walk: a no-op, an assignment, a wrapper, global options, a pipeline.
const bash = Buffer.from(JSON.stringify({ ...base, tool_name: 'Bash', tool_input: { command: 'cd /home/maya/src/invoicer && FOO=1 timeout 60 pnpm --filter web vitest run src/invoice.test.ts 2>&1 | tail -20' }, tool_response: { stdout: 'ok', stderr: '', interrupted: false, isImage: false } }));
const big = Buffer.from(JSON.stringify({ ...base, tool_name: 'Read', tool_response: { type: 'text', file: { filePath: '/x', content: 'line of a large file\\n'.repeat(10 * 1024 * 1024 / 22) } } }));
const home = mkdtempSync(join(tmpdir(), 'homunculus-bench-'));
const env = { HOMUNCULUS_HOME: home };

const res = interleave(
  [
    { name: 'node -e 0', run: () => runOnce('node', ['-e', '0'], { input: realistic }) },
    { name: 'hook, realistic payload', run: () => runOnce('node', [hook], { input: realistic, env }) },
    { name: 'hook, compound Bash command', run: () => runOnce('node', [hook], { input: bash, env }) },
    { name: 'hook, 10 MiB payload', run: () => runOnce('node', [hook], { input: big, env }) },
  ],
  rounds,
);
rmSync(home, { recursive: true, force: true });
const b = res['node -e 0'];
console.log(`| case (${rounds} interleaved runs each, ${(big.length / 1048576).toFixed(1)} MiB big payload) | median wall ms | x node | peak RSS MiB | x node |`);
console.log('|---|---|---|---|---|');
for (const [name, r] of Object.entries(res)) {
  console.log(`| ${name} | ${fmt(r.ms)} | ${fmt(r.ms / b.ms, 2)} | ${fmt(r.rssMiB)} | ${fmt(r.rssMiB / b.rssMiB, 2)} |`);
}
target('observe hook, realistic payload, wall x node -e 0', res['hook, realistic payload'].ms / b.ms, 1.15);
target('observe hook, realistic payload, peak RSS x node -e 0', res['hook, realistic payload'].rssMiB / b.rssMiB, 1.2);
