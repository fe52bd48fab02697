// import-transcripts against a baseline that only reads and JSON.parses every line, same files,
// interleaved. Usage: node bench/import.mjs [rounds] [MiB]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generateTranscripts } from './generate-transcripts.mjs';
import { fmt, interleave, runOnce, target } from './lib.mjs';

const root = resolve(import.meta.dirname, '..');
const rounds = Number(process.argv[2] ?? 3);
const mb = Number(process.argv[3] ?? 200);
const dir = mkdtempSync(join(tmpdir(), 'homunculus-bench-transcripts-'));
const g = generateTranscripts(join(dir, 'projects'), mb);
const home = join(dir, 'data');
const res = interleave(
  [
    { name: 'baseline', run: () => runOnce('node', [join(root, 'bench', 'baseline-jsonparse.mjs'), join(dir, 'projects')]) },
    {
      name: 'import',
      run: () => (rmSync(home, { recursive: true, force: true }), runOnce('node', [join(root, 'dist', 'cli', 'homunculus.js'), 'import-transcripts', join(dir, 'projects'), '--home', home, '--since', '2020-01-01', '--json'])),
    },
  ],
  rounds,
);
rmSync(dir, { recursive: true, force: true });
console.log(`${(g.bytes / 1048576).toFixed(0)} MiB, ${g.sessions} transcript files, ${g.calls} tool calls; ${rounds} interleaved rounds`);
console.log('| case | median wall ms | x baseline | peak RSS MiB |');
console.log('|---|---|---|---|');
console.log(`| baseline: readline + JSON.parse every line | ${fmt(res.baseline.ms)} | 1.00 | ${fmt(res.baseline.rssMiB)} |`);
console.log(`| homunculus import-transcripts | ${fmt(res.import.ms)} | ${fmt(res.import.ms / res.baseline.ms, 2)} | ${fmt(res.import.rssMiB)} |`);
target(`import-transcripts, ${(g.bytes / 1048576).toFixed(0)} MiB, wall x readline + JSON.parse`, res.import.ms / res.baseline.ms, 1.0);
target('import-transcripts, peak RSS', res.import.rssMiB, 96, 'MiB');
