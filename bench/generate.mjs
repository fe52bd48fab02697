// Synthetic observation data for benchmarks and the large-data tests: canonical lines, as the
// hook writes them, spread over `days` days ending at `endMs`, one file per UTC day.
// Usage: node bench/generate.mjs DIR RECORDS [DAYS] [END_ISO]
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const WORKFLOWS = [
  ['Grep', 'Read', 'Edit'],
  ['Bash', 'Read', 'Edit', 'Bash'],
  ['Glob', 'Read', 'Read', 'Edit'],
  ['Read', 'Edit', 'Bash', 'Bash'],
  ['TodoWrite', 'Grep', 'Read', 'Edit', 'Bash'],
  ['mcp__github__search_issues', 'Read', 'Write'],
];
const DETAILS = ['npm test', 'git status', 'git diff', 'npm run', 'pytest', 'ls', 'cargo build'];

function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
}

// `append`: add to the day files instead of replacing them (large sets are made in chunks of
// different seeds, so that only one chunk's lines are held at a time).
export function generateObservations(dir, { records, days = 7, endMs = Date.parse('2026-11-08T19:00:00Z'), seed = 42, callsPerSession = 200, append = false }) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const rand = rng(seed);
  const startMs = endMs - days * 86_400_000 + 60_000;
  const sessions = Math.max(1, Math.ceil(records / callsPerSession));
  const lines = new Map(); // day -> string[]
  let written = 0;
  for (let s = 0; s < sessions && written < records; s++) {
    const session = `sess-${seed}-${s.toString(36)}`;
    let t = startMs + Math.floor(rand() * (endMs - startMs - callsPerSession * 5_000));
    const prev = { main: [null, null], agent: [null, null] };
    const n = Math.min(callsPerSession, records - written);
    let wf = WORKFLOWS[Math.floor(rand() * WORKFLOWS.length)];
    let step = 0;
    for (let i = 0; i < n; i++) {
      if (step >= wf.length) {
        step = 0;
        if (rand() < 0.3) wf = WORKFLOWS[Math.floor(rand() * WORKFLOWS.length)];
      }
      const tool = wf[step++];
      const sub = rand() < 0.1;
      const stream = sub ? prev.agent : prev.main;
      const ok = rand() > 0.04;
      t += 1_000 + Math.floor(rand() * 4_000);
      const iso = new Date(t).toISOString();
      let line = `{"v":1,"ts":"${iso}","tool":"${tool}","ok":${ok},"ms":${Math.floor(rand() * 3000)},"prev":${stream[0] ? `"${stream[0]}"` : 'null'},"prev2":${stream[1] ? `"${stream[1]}"` : 'null'},"session":"${session}","project":"a1b2c3d4e5f6","event":"${ok ? 'PostToolUse' : 'PostToolUseFailure'}","id":"toolu_${seed}_${s}_${i}"`;
      if (tool === 'Bash') line += `,"detail":"${DETAILS[Math.floor(rand() * DETAILS.length)]}"`;
      if (sub) line += `,"agent":"Explore","agentId":"ag${s.toString(36)}"`;
      line += '}';
      stream[1] = stream[0];
      stream[0] = tool;
      const day = iso.slice(0, 10);
      let arr = lines.get(day);
      if (!arr) lines.set(day, (arr = []));
      arr.push([t, line]);
      written++;
    }
  }
  let bytes = 0;
  for (const [day, arr] of lines) {
    arr.sort((a, b) => a[0] - b[0]);
    const text = arr.map((x) => x[1]).join('\n') + '\n';
    bytes += text.length;
    (append ? appendFileSync : writeFileSync)(join(dir, `${day}.jsonl`), text, { mode: 0o600 });
  }
  return { records: written, files: lines.size, bytes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, n, days, end] = process.argv.slice(2);
  // Over a million records: chunks of a million, seeds 11, 12, ... (the first chunk is the 1M set).
  const total = Number(n);
  const out = { records: 0, files: 0, bytes: 0 };
  for (let k = 0; out.records < total; k++) {
    const g = generateObservations(dir, { records: Math.min(1_000_000, total - out.records), days: Number(days ?? 7), endMs: end ? Date.parse(end) : undefined, seed: 11 + k, append: k > 0 });
    out.records += g.records;
    out.files = Math.max(out.files, g.files);
    out.bytes += g.bytes;
  }
  console.log(out);
}
