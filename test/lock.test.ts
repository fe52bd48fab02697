// Issue 30, lost updates: the lock was not mutually exclusive under contention. A waiter that
// found the lock gone between its failed create and its read judged it stale and removed the
// next holder's lock; release removed the path whatever it held. Here many real processes take
// the lock in a tight loop (the built dist/lib/lock.js, as the CLI, the hooks and the MCP server
// use it).
import { execa } from 'execa';
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock, acquireLockWaiting } from '../lib/lock.js';
import { cleanEnv, DIST, tempDir } from './helpers.js';

const LOCK = join(DIST, 'lib', 'lock.js');

/** `n` child processes running `body` (ESM, with acquireLock, acquireLockWaiting, fs, lock, dir, sleep); all start once `go` appears. */
async function children(dir: string, n: number, body: string): Promise<string[]> {
  const go = join(dir, 'go');
  const code = `const { acquireLock, acquireLockWaiting } = await import(${JSON.stringify(LOCK)});
const fs = await import('node:fs');
const dir = ${JSON.stringify(dir)};
const lock = ${JSON.stringify(join(dir, 'analysis.lock'))};
const cell = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms) => Atomics.wait(cell, 0, 0, ms);
process.stdout.write('ready\\n');
while (!fs.existsSync(${JSON.stringify(go)})) sleep(1);
${body}`;
  const procs = Array.from({ length: n }, () => execa('node', ['--input-type=module', '-e', code], { env: cleanEnv(), extendEnv: false, reject: false, timeout: 120_000 }));
  await Promise.all(procs.map((p) => new Promise<void>((resolve) => p.stdout!.once('data', () => resolve()))));
  writeFileSync(go, '');
  const done = await Promise.all(procs);
  for (const r of done) expect(r.exitCode, r.stderr as string).toBe(0);
  return done.map((r) => (r.stdout as string).split('\n').filter((l) => l !== 'ready').join('\n'));
}

describe('the lock under contention, real processes', () => {
  it('8 processes each add 1 to a counter 50 times in a tight loop: the count is exact', async () => {
    const dir = tempDir('homunculus-lock-');
    writeFileSync(join(dir, 'counter'), '0');
    await children(dir, 8, `
for (let i = 0; i < 50; ) {
  const l = acquireLock(lock);
  if (!('release' in l)) { sleep(Math.random() < 0.5 ? 0 : 1); continue; }
  const n = Number(fs.readFileSync(dir + '/counter', 'utf8'));
  fs.writeFileSync(dir + '/counter', String(n + 1));
  l.release();
  i++;
}`);
    expect(readFileSync(join(dir, 'counter'), 'utf8')).toBe('400');
    expect(existsSync(join(dir, 'analysis.lock'))).toBe(false);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 120_000);

  it('through acquireLockWaiting (the store writes): 6 processes, 30 increments each, exact', async () => {
    const dir = tempDir('homunculus-lock-');
    writeFileSync(join(dir, 'counter'), '0');
    await children(dir, 6, `
for (let i = 0; i < 30; i++) {
  const l = acquireLockWaiting(lock, 60_000);
  if (!('release' in l)) process.exit(3);
  const n = Number(fs.readFileSync(dir + '/counter', 'utf8'));
  fs.writeFileSync(dir + '/counter', String(n + 1));
  l.release();
}`);
    expect(readFileSync(join(dir, 'counter'), 'utf8')).toBe('180');
  }, 120_000);

  it('a stale lock (its pid gone) is taken over by exactly one of 8 processes racing for it, round after round', async () => {
    const dir = tempDir('homunculus-lock-');
    for (let round = 0; round < 4; round++) {
      writeFileSync(join(dir, 'analysis.lock'), JSON.stringify({ pid: 2 ** 22 + 7, started: new Date().toISOString() }));
      const go = join(dir, 'go');
      if (existsSync(go)) (await import('node:fs')).rmSync(go);
      const out = await children(dir, 8, `
const l = acquireLock(lock);
if ('release' in l) {
  fs.appendFileSync(dir + '/holders', process.pid + '\\n');
  sleep(300);
  process.stdout.write('won\\n');
  l.release();
}`);
      expect(out.filter((o) => o === 'won'), `round ${round}`).toHaveLength(1);
      expect(existsSync(join(dir, 'analysis.lock'))).toBe(false);
    }
  }, 120_000);
});

describe('the lock, one process', () => {
  it('release removes the lock only while it holds this run\'s token', () => {
    const dir = tempDir('homunculus-lock-');
    const path = join(dir, 'analysis.lock');
    const l = acquireLock(path);
    if (!('release' in l)) throw new Error('not taken');
    // Taken over meanwhile (as a stale lock would be): the file is another run's now.
    const other = JSON.stringify({ pid: process.pid, started: new Date().toISOString(), token: 'another' });
    writeFileSync(path, other);
    l.release();
    expect(readFileSync(path, 'utf8')).toBe(other);
  });

  it('a lock held by this live process is reported, not taken; a stale one is taken over and released', () => {
    const dir = tempDir('homunculus-lock-');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, 'analysis.lock');
    const a = acquireLock(path);
    expect('release' in a).toBe(true);
    const b = acquireLock(path);
    expect(b).toEqual({ heldBy: { pid: process.pid, started: expect.any(String) } });
    (a as { release: () => void }).release();
    writeFileSync(path, JSON.stringify({ pid: process.pid, started: new Date(Date.now() - 11 * 60_000).toISOString() }));
    const c = acquireLock(path);
    if (!('release' in c)) throw new Error('stale lock not taken over');
    expect(Date.now() - Date.parse(JSON.parse(readFileSync(path, 'utf8')).started)).toBeLessThan(60_000);
    c.release();
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a run killed while taking over a stale lock leaves a claim that holds the lock only for a while', async () => {
    const dir = tempDir('homunculus-lock-');
    const path = join(dir, 'analysis.lock');
    writeFileSync(path, JSON.stringify({ pid: 2 ** 22 + 7, started: new Date().toISOString() }));
    // Killed at the rename that puts its lock in place: its claim stays behind.
    const code = `const fs = require('node:fs');
const { syncBuiltinESMExports } = require('node:module');
fs.renameSync = () => process.kill(process.pid, 'SIGKILL');
syncBuiltinESMExports();
import(${JSON.stringify(LOCK)}).then((m) => m.acquireLock(${JSON.stringify(path)}));`;
    const killed = await execa('node', ['-e', code], { env: cleanEnv(), extendEnv: false, reject: false });
    expect(killed.signal).toBe('SIGKILL');
    const claims = readdirSync(dir).filter((f) => f.endsWith('.claim.tmp'));
    expect(claims).toHaveLength(1);
    expect(acquireLock(path)).toEqual({ heldBy: { pid: -1, started: 'just now' } });
    const old = new Date(Date.now() - 11_000);
    utimesSync(join(dir, claims[0]!), old, old);
    const r = acquireLock(path);
    if (!('release' in r)) throw new Error('the abandoned claim still blocks the lock');
    r.release();
    expect(existsSync(path)).toBe(false);
  });
});
