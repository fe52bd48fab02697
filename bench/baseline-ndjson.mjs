// Baseline for the analyzer benchmark: stream every observation file through ndjson.parse() and
// count 3-tool chains (prev2->prev->tool) in a Map. What a straightforward implementation does.
import { createReadStream, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ndjson from 'ndjson';

const dir = process.argv[2];
const counts = new Map();
let n = 0;
for (const f of readdirSync(dir).filter((x) => x.endsWith('.jsonl')).sort()) {
  await new Promise((resolve, reject) => {
    createReadStream(join(dir, f))
      .pipe(ndjson.parse({ strict: false }))
      .on('data', (r) => {
        n++;
        if (r.prev && r.prev2) {
          const k = `${r.prev2}->${r.prev}->${r.tool}`;
          counts.set(k, (counts.get(k) ?? 0) + 1);
        }
      })
      .on('end', resolve)
      .on('error', reject);
  });
}
console.log(JSON.stringify({ records: n, chains: counts.size }));
