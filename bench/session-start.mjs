// The SessionStart hook with a backlog: 50 sessions left unreconciled (killed, their SessionEnd
// never seen), each with a transcript of 1,000 tool calls. The hook is synchronous (Claude waits
// for it before its first request): it must stay quick, handing the catch-up to a detached worker.
// Each round restores the backlog and stops the previous round's worker first, so every run sees
// all 50 sessions open. Also times the worker's catch-up of the whole backlog, once.
// Usage: node bench/session-start.mjs [ROUNDS=40]
import { execSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, median, runOnce } from './lib.mjs';

const rounds = Number(process.argv[2] ?? 40);
const root = join(import.meta.dirname, '..');
const HOOK = join(root, 'dist', 'hooks', 'session-start.js');
const dir = mkdtempSync(join(tmpdir(), 'homunculus-bench-ss-'));
const data = join(dir, 'data');
const projects = join(dir, 'projects', '-home-dev-shop');
mkdirSync(projects, { recursive: true });
mkdirSync(join(data, 'state', 'sessions'), { recursive: true, mode: 0o700 });

// A dead pid: what a killed Claude Code leaves.
const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
const deadPid = Number(dead.stdout);
const TOOLS = ['Read', 'Grep', 'Edit', 'Bash', 'Glob'];
const start = Date.parse('2026-11-08T08:00:00Z');
for (let s = 0; s < 50; s++) {
  const session = `backlog-${String(s).padStart(2, '0')}`;
  const lines = [];
  for (let i = 0; i < 1000; i++) {
    const id = `toolu_${session}_${i}`;
    const t = start + s * 600_000 + i * 500;
    const tool = TOOLS[(i * 7 + s) % TOOLS.length];
    const base = `"sessionId":"${session}","cwd":"/home/dev/shop","isSidechain":false,"version":"2.1.330"`;
    lines.push(`{${base},"type":"assistant","uuid":"a${i}","timestamp":"${new Date(t).toISOString()}","message":{"role":"assistant","content":[{"type":"tool_use","id":"${id}","name":"${tool}","input":${tool === 'Bash' ? '{"command":"npm test"}' : '{}'}}]}}`);
    lines.push(`{${base},"type":"user","uuid":"r${i}","timestamp":"${new Date(t + 300).toISOString()}","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"${id}","content":"${'x'.repeat(200)}"}]}}`);
  }
  const transcript = join(projects, `${session}.jsonl`);
  writeFileSync(transcript, `${lines.join('\n')}\n`);
  writeFileSync(join(data, 'state', 'sessions', `${session}.json`), JSON.stringify({ session, transcript, started: new Date(start).toISOString(), pid: deadPid }));
}
const rules = Array.from({ length: 20 }, (_, i) => ({ id: `chain-r${i}`, kind: 'chain', pattern: `Grep->Read->Edit`, promoted_at: '2026-11-08T00:00:00.000Z', confidence_at_promotion: 0.95, last_confidence: 0.95, last_seen: '2026-11-08T00:00:00.000Z', observations: 30 + i, sessions: 4, confidence_now: 0.95 - i / 100 }));
writeFileSync(join(data, 'rules.json'), JSON.stringify({ rules }));
const backlog = join(dir, 'backlog');
cpSync(join(data, 'state', 'sessions'), backlog, { recursive: true });

const stopWorkers = () => {
  try {
    execSync(`pkill -f ${join(root, 'dist', 'hooks', 'reconcile.js')}`, { stdio: 'ignore' });
  } catch {
    // none running
  }
};
const restore = () => {
  stopWorkers();
  rmSync(join(data, 'state', 'sessions'), { recursive: true, force: true });
  cpSync(backlog, join(data, 'state', 'sessions'), { recursive: true });
  rmSync(join(data, 'state', 'reconcile.lock'), { force: true });
};

const env = { HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: '2026-11-09T10:00:00Z' };
const payload = (i) => JSON.stringify({ session_id: `bench-${i}`, transcript_path: join(projects, `bench-${i}.jsonl`), cwd: '/home/dev/shop', hook_event_name: 'SessionStart', source: 'startup' });
const hook = [];
const node = [];
let context = 0;
for (let i = 0; i < rounds; i++) {
  restore();
  node.push(runOnce(process.execPath, ['-e', '0']).ms);
  const r = runOnce(process.execPath, [HOOK], { input: payload(i), env });
  context = r.stdout.length;
  hook.push(r.ms);
}
stopWorkers();
const sorted = [...hook].sort((a, b) => a - b);
const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];

// The catch-up itself, once, detached as the hook starts it: until every mark is closed.
restore();
const t0 = Date.now();
runOnce(process.execPath, [HOOK], { input: payload('catch-up'), env });
for (;;) {
  // The marks only (a worker writes each through a temporary file, renamed over it: one may be
  // gone between the listing and the read, and is looked at again on the next poll).
  const reconciled = (f) => {
    try {
      return JSON.parse(readFileSync(join(data, 'state', 'sessions', f), 'utf8')).reconciled;
    } catch {
      return false;
    }
  };
  const open = readdirSync(join(data, 'state', 'sessions')).filter((f) => /^backlog-.*\.json$/.test(f) && !reconciled(f));
  if (open.length === 0) break;
  if (Date.now() - t0 > 600_000) throw new Error('catch-up did not finish in 10 minutes');
  await new Promise((r) => setTimeout(r, 100));
}
const catchUp = Date.now() - t0;
const records = readdirSync(join(data, 'observations')).reduce((n, f) => n + readFileSync(join(data, 'observations', f), 'utf8').split('\n').filter(Boolean).length, 0);
stopWorkers();
rmSync(dir, { recursive: true, force: true });

console.log(`### SessionStart with a backlog of 50 unreconciled transcripts x 1,000 calls (${rounds} rounds)\n`);
console.log('| case | p50 wall ms | p95 wall ms | max wall ms | target |');
console.log('|---|---|---|---|---|');
console.log(`| node -e 0 | ${fmt(median(node))} | | | |`);
console.log(`| SessionStart hook (rules context ${context} bytes, worker started) | ${fmt(median(hook))} | ${fmt(p95)} | ${fmt(sorted[sorted.length - 1])} | p95 < 300 ms |`);
console.log(`\nThe detached worker's catch-up of the backlog: ${fmt(catchUp / 1000, 1)} s for ${records} records imported (50 transcripts, then one analysis).`);
