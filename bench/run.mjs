// `npm run bench`: every benchmark, one after the other (they must not share the machine).
// Each prints a Markdown table for BENCHMARKS.md. Takes several minutes on 2 cores.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

for (const [file, ...args] of [['hook.mjs', '60'], ['analyzer.mjs', '3'], ['import.mjs', '3', '200'], ['session-start.mjs', '40'], ['store.mjs', '30'], ['report.mjs', '1000000', '5', '4000000'], ['learning.mjs']]) {
  console.log(`\n## ${file} ${args.join(' ')}`);
  const r = spawnSync(process.execPath, [join(import.meta.dirname, file), ...args], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
