// Baseline for the import benchmark: read every line of every transcript and JSON.parse it.
import fg from 'fast-glob';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

let lines = 0;
for (const f of (await fg('**/*.jsonl', { cwd: process.argv[2], absolute: true })).sort()) {
  for await (const raw of createInterface({ input: createReadStream(f), crlfDelay: Infinity })) {
    if (raw.length === 0) continue;
    JSON.parse(raw);
    lines++;
  }
}
console.log(JSON.stringify({ lines }));
