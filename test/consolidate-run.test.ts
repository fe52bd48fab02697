// runs/consolidate-run.ts in process: bye's wait for the analysis lock (issue 9), with a short
// wait instead of the CLI's 10 s. The lock is held by this process's own pid (alive), written as
// acquireLock writes it; a worker thread lets go of it once bye has tried to take it. The CLI's
// wiring (exit code 75, the line it prints) is test/bye-lock.test.ts.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../lib/config.js';
import { runConsolidation } from '../runs/consolidate-run.js';
import { sandbox } from './helpers.js';
import { PAST, sessionLines } from './history-helpers.js';

function home() {
  const { root, data } = sandbox();
  mkdirSync(join(data, 'observations'), { recursive: true });
  writeFileSync(join(data, 'observations', '2026-11-08.jsonl'), `${sessionLines('2026-11-08T09:00:00Z', ['s1', 's2', 's3'], 8).join('\n')}\n`);
  const started = new Date().toISOString();
  writeFileSync(join(data, 'analysis.lock'), JSON.stringify({ pid: process.pid, started, token: 'held-by-the-test' }), { mode: 0o600 });
  return { data, rulesFile: join(root, 'rules.md'), started };
}

/** A thread that removes the lock once this process has found it held and tries again (its `<lock>.<pid>.tmp` comes a second time). */
function releaseWhenTried(data: string): Promise<void> {
  const code = `const fs = require('node:fs'); const { parentPort, workerData } = require('node:worker_threads');
let events = 0;
const w = fs.watch(workerData.data, (event, name) => {
  // At the second attempt (the third 'rename': each attempt creates the file, writes it, a 'change', and removes
  // it), when the first has found the lock held: any sooner, and that attempt could still take it (it retries at once).
  if (event === 'rename' && name === 'analysis.lock.' + workerData.pid + '.tmp' && ++events >= 3) { w.close(); fs.rmSync(workerData.data + '/analysis.lock', { force: true }); parentPort.postMessage('released'); }
});
parentPort.postMessage('watching');`;
  const worker = new Worker(code, { eval: true, workerData: { data, pid: process.pid } });
  return new Promise((resolve, reject) => {
    worker.on('message', (m) => m === 'watching' && resolve());
    worker.on('error', reject);
  });
}

const bye = (data: string, rulesFile: string, lockWaitMs: number) =>
  runConsolidation({ home: data, now: new Date(PAST), config: loadConfig(data, {}).config, env: { HOMUNCULUS_RULES_FILE: rulesFile }, lockWaitMs });

describe('runConsolidation and a lock another run holds', () => {
  it.each([0, 50, 300])('held for the whole wait of %i ms: locked, says by whom, changes nothing', (waitMs) => {
    const { data, rulesFile, started } = home();
    const t0 = Date.now();
    const r = bye(data, rulesFile, waitMs);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(waitMs);
    expect(r.analysis.status).toBe('locked');
    expect(r.analysis.heldBy).toEqual({ pid: process.pid, started });
    expect(r.changes.promoted).toEqual([]);
    expect(existsSync(rulesFile)).toBe(false);
    expect(existsSync(join(data, 'rules.json'))).toBe(false);
    expect(existsSync(join(data, 'instincts'))).toBe(false);
    // The lock is still the holder's.
    expect(JSON.parse(readFileSync(join(data, 'analysis.lock'), 'utf8')).token).toBe('held-by-the-test');
  });

  it('released during the wait: takes it, does its work, and says whom it waited for', async () => {
    const { data, rulesFile, started } = home();
    await releaseWhenTried(data);
    const r = bye(data, rulesFile, 10_000);
    expect(r.analysis.status).not.toBe('locked');
    expect(r.analysis.waitedFor).toEqual({ pid: process.pid, started });
    expect(r.changes.promoted.map((p) => p.pattern)).toEqual(['Grep->Read->Edit']);
    expect(readFileSync(rulesFile, 'utf8')).toContain('Frequent tool chain: Grep->Read->Edit');
    expect(JSON.parse(readFileSync(join(data, 'rules.json'), 'utf8')).rules).toHaveLength(1);
    expect(existsSync(join(data, 'analysis.lock'))).toBe(false);
  });

  it('a lock free from the start: no wait is reported', () => {
    const { data, rulesFile } = home();
    rmSync(join(data, 'analysis.lock'));
    const r = bye(data, rulesFile, 0);
    expect(r.analysis.waitedFor).toBeUndefined();
    expect(r.changes.promoted.map((p) => p.pattern)).toEqual(['Grep->Read->Edit']);
  });
});
