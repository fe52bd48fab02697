// The Stop hook's bundle runs through V8's code cache (lib/code-cache.ts). The cache is kept in the
// data home, private; it is reused while it fits and written again when it does not; no link takes
// it out of the data home; it is never written by a read-only run or a disabled hook. The hook's
// results are the same with it, without it, and from a broken one.
import { execa } from 'execa';
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionLines, snapshot } from './history-helpers.js';
import { cleanEnv, DIST, mode, ROOT, tempDir } from './helpers.js';

const NOW = '2026-11-08T19:00:00Z';

function homeWithRecords(): string {
  const data = join(tempDir(), 'data');
  mkdirSync(join(data, 'observations'), { recursive: true });
  writeFileSync(join(data, 'observations', '2026-11-08.jsonl'), `${sessionLines('2026-11-08T09:00:00Z', ['s1', 's2', 's3'], 6).join('\n')}\n`);
  return data;
}

/** More records, so that the next Stop hook has something to analyse. */
function addRecords(data: string, at: string, session: string): void {
  appendFileSync(join(data, 'observations', '2026-11-08.jsonl'), `${sessionLines(at, [session], 4).join('\n')}\n`);
}

async function stop(data: string, env: Record<string, string> = {}, hooks = join(DIST, 'hooks')) {
  const r = await execa('node', [join(hooks, 'stop.js')], { input: '{}', env: cleanEnv({ HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: NOW, ...env }), extendEnv: false, reject: false, timeout: 60_000 });
  expect(r.exitCode, r.stderr as string).toBe(0);
  expect(r.stderr).toBe('');
  return r;
}

const v8Dir = (data: string) => join(data, 'state', 'cache', 'v8');
const caches = (data: string) => (existsSync(v8Dir(data)) ? readdirSync(v8Dir(data)).sort() : []);

/** Everything the analysis writes that a user reads (not the caches, not the logs' times). */
function results(data: string): Record<string, string> {
  const s = snapshot(data);
  return Object.fromEntries(Object.entries(s).filter(([k]) => k.startsWith('instincts') || k === 'daily-summary.md' || k === 'store.json'));
}

describe('the Stop hook through the code cache', () => {
  it('writes a private cache once, then runs from it without writing it again', async () => {
    const data = homeWithRecords();
    await stop(data);
    const [file, ...more] = caches(data);
    expect(more).toEqual([]);
    expect(file).toMatch(/^stop-[0-9a-f]{16}\.bin$/);
    const path = join(v8Dir(data), file!);
    expect(mode(v8Dir(data))).toBe(0o700);
    expect(mode(path)).toBe(0o600);
    expect(statSync(path).size).toBeGreaterThan(10_000);
    const before = statSync(path);
    addRecords(data, '2026-11-08T14:00:00Z', 's4');
    await stop(data);
    // Not written again: V8 took it (a rejected cache is replaced by a new file).
    const after = statSync(path);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect(caches(data)).toEqual([file]);
  });

  it('gives the same results with the cache, without it, and from a broken one (which it replaces)', async () => {
    const homes = { off: homeWithRecords(), on: homeWithRecords(), broken: homeWithRecords() };
    const off = { HOMUNCULUS_CODE_CACHE: '0' };
    await stop(homes.off, off);
    await stop(homes.on);
    await stop(homes.broken);
    expect(caches(homes.off)).toEqual([]);
    const brokenPath = join(v8Dir(homes.broken), caches(homes.broken)[0]!);
    const garbage = Buffer.alloc(300_000, 0x5a);
    writeFileSync(brokenPath, garbage);
    for (const [name, data] of Object.entries(homes)) {
      addRecords(data, '2026-11-08T14:00:00Z', 's4');
      await stop(data, name === 'off' ? off : {});
    }
    expect(Object.keys(results(homes.on)).some((k) => k.startsWith('instincts/'))).toBe(true);
    expect(results(homes.on)).toEqual(results(homes.off));
    expect(results(homes.broken)).toEqual(results(homes.off));
    expect(readFileSync(brokenPath).equals(garbage)).toBe(false);
    expect(caches(homes.off)).toEqual([]);
  });

  it('follows no link out of the data home', async () => {
    const outside = join(tempDir(), 'outside');
    mkdirSync(outside);
    // The cache folder a link out: nothing is read from it or written to it.
    const data = homeWithRecords();
    await stop(data);
    const name = caches(data)[0]!;
    rmSync(v8Dir(data), { recursive: true });
    writeFileSync(join(outside, name), 'not a cache');
    symlinkSync(outside, v8Dir(data));
    addRecords(data, '2026-11-08T14:00:00Z', 's4');
    await stop(data);
    expect(readdirSync(outside)).toEqual([name]);
    expect(readFileSync(join(outside, name), 'utf8')).toBe('not a cache');
    // The cache file a link out: replaced by a file, its target untouched.
    const other = homeWithRecords();
    await stop(other);
    const path = join(v8Dir(other), caches(other)[0]!);
    rmSync(path);
    symlinkSync(join(outside, name), path);
    addRecords(other, '2026-11-08T14:00:00Z', 's4');
    await stop(other);
    expect(readFileSync(join(outside, name), 'utf8')).toBe('not a cache');
    expect(statSync(path).isFile()).toBe(true);
    expect(mode(path)).toBe(0o600);
  });

  it('writes nothing in a read-only run, a disabled hook, or a data home without its cache folder', async () => {
    // A clock override far ahead: the hook writes nothing, the loader neither.
    const data = homeWithRecords();
    await stop(data, { HOMUNCULUS_CODE_CACHE: '0' });
    const before = snapshot(data);
    await stop(data, { HOMUNCULUS_NOW: '2062-11-08T19:00:00Z' });
    const after = snapshot(data);
    delete after['hook-errors.log'];
    expect(after).toEqual(before);
    // Disabled: no data home is made.
    const none = join(tempDir(), 'none');
    await stop(none, { HOMUNCULUS_DISABLE: '1' });
    expect(existsSync(none)).toBe(false);
  });

  it('writes a new cache for a new build and removes the old one', async () => {
    // A copy of the package's hooks and config (the bundle finds config/ above itself).
    const pkg = tempDir();
    cpSync(join(DIST, 'hooks'), join(pkg, 'dist', 'hooks'), { recursive: true });
    cpSync(join(ROOT, 'config'), join(pkg, 'config'), { recursive: true });
    const hooks = join(pkg, 'dist', 'hooks');
    const data = homeWithRecords();
    await stop(data, {}, hooks);
    const [first] = caches(data);
    // The bundle edited in place (same bytes, a new mtime, as a hand edit or a rebuild gives).
    const bundle = join(hooks, 'stop.bundle.js');
    utimesSync(bundle, new Date('2030-01-01T00:00:00Z'), new Date('2030-01-01T00:00:00Z'));
    addRecords(data, '2026-11-08T14:00:00Z', 's4');
    await stop(data, {}, hooks);
    const now = caches(data);
    expect(now).toHaveLength(1);
    expect(now[0]).not.toBe(first);
  });
});
