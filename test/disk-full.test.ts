// Issue 9, data loss: a full disk. A write cut short leaves a torn line; the next append must
// start on a fresh line (the hook's and the import's), and a lock that could not be written must
// not stand. Run on a real small filesystem where one can be mounted (root, mount allowed), and
// always through the fault-injection seam HOMUNCULUS_TEST_FULL_DISK=<bytes left>.
import { execa } from 'execa';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runHook, sandbox, tempDir } from './helpers.js';
import { payload, transcriptText } from './history-helpers.js';

const NOW = '2026-11-08T12:00:00Z';
const DAY_FILE = join('observations', '2026-11-08.jsonl');

function hookAt(data: string, n: number, extra: Record<string, string> = {}) {
  const at = new Date(Date.parse(NOW) + n * 1000).toISOString();
  return runHook(JSON.stringify(payload({ tool_use_id: `toolu_${n}`, tool_name: ['Grep', 'Read', 'Edit'][n % 3] })), { HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: at, ...extra });
}

/** Each line of the day's file, and whether it parses as a record. */
function lines(data: string): { text: string; record: boolean }[] {
  return readFileSync(join(data, DAY_FILE), 'latin1')
    .split('\n')
    .slice(0, -1)
    .map((text) => {
      try {
        return { text, record: typeof (JSON.parse(text) as { ts?: unknown }).ts === 'string' };
      } catch {
        return { text, record: false };
      }
    });
}

async function analyzeJson(data: string) {
  const r = await runCli(['analyze', '--home', data, '--now', '2026-11-08T19:00:00Z', '--json'], {});
  expect(r.exitCode, r.stderr as string).toBe(0);
  return JSON.parse(r.stdout as string);
}

describe('disk full, through the fault-injection seam', () => {
  it('the hook: a torn record stays one malformed line; the next record starts on a fresh line', async () => {
    const { data } = sandbox();
    expect((await hookAt(data, 0)).exitCode).toBe(0);
    const torn = await hookAt(data, 1, { HOMUNCULUS_TEST_FULL_DISK: '40' });
    expect(torn.exitCode).toBe(0);
    expect(torn.stdout).toBe('');
    const raw = readFileSync(join(data, DAY_FILE), 'latin1');
    expect(raw.endsWith('\n')).toBe(false); // the torn write, as a full disk leaves it
    expect((await hookAt(data, 2)).exitCode).toBe(0);
    expect(lines(data).map((l) => l.record)).toEqual([true, false, true]);
    expect(lines(data)[1]!.text).toHaveLength(40);
    const r = await analyzeJson(data);
    expect(r.skipped.malformed).toBe(1);
    expect(r.recordsInWindow).toBe(2);
  });

  it('the hook with no space at all writes nothing and exits 0', async () => {
    const { data } = sandbox();
    await hookAt(data, 0);
    const before = readFileSync(join(data, DAY_FILE));
    expect((await hookAt(data, 1, { HOMUNCULUS_TEST_FULL_DISK: '0' })).exitCode).toBe(0);
    expect(readFileSync(join(data, DAY_FILE)).equals(before)).toBe(true);
  });

  it('import-transcripts: a torn batch is reported in one line (exit 1), and later appends start on a fresh line', async () => {
    const { root, data } = sandbox();
    await hookAt(data, 0);
    const calls = Array.from({ length: 6 }, (_, i) => ({ id: `toolu_imp${i}`, tool: 'Read', at: `2026-11-08T10:0${i}:00Z`, resultAt: `2026-11-08T10:0${i}:01Z` }));
    mkdirSync(join(root, 'projects'));
    writeFileSync(join(root, 'projects', 'imp.jsonl'), transcriptText('imp', calls));
    const r = await runCli(['import-transcripts', join(root, 'projects'), '--home', data, '--since', '2026-11-01'], { HOMUNCULUS_TEST_FULL_DISK: '300' });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^homunculus: ENOSPC: no space left on device, write '.*2026-11-08\.jsonl': 300 of \d+ bytes written, the next record starts on a new line \(the disk is full: free some space and run again\)$/);
    expect(r.stderr).not.toContain('    at ');
    expect((await hookAt(data, 1)).exitCode).toBe(0);
    const ls = lines(data);
    expect(ls[0]!.record).toBe(true);
    expect(ls.at(-1)!.record).toBe(true); // the hook's record, whole, after the torn batch
    expect(ls.filter((l) => !l.record)).toHaveLength(1);
    // Importing again once there is space adds what was lost, once.
    const again = await runCli(['import-transcripts', join(root, 'projects'), '--home', data, '--since', '2026-11-01', '--json'], {});
    expect(again.exitCode, again.stderr as string).toBe(0);
    const added = JSON.parse(again.stdout as string).added;
    expect(added + ls.filter((l) => l.record && l.text.includes('toolu_imp')).length).toBe(6);
  });

  it.each([['0'], ['10']])('a lock that could not be written (%s bytes left) does not stand: analyze exits 1 in one line, the next run works', async (left) => {
    const { data } = sandbox();
    await hookAt(data, 0);
    const r = await runCli(['analyze', '--home', data, '--now', '2026-11-08T19:00:00Z'], { HOMUNCULUS_TEST_FULL_DISK: left });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^homunculus: ENOSPC: no space left on device, write '.*analysis\.lock' \(the disk is full: free some space and run again\)$/);
    expect(existsSync(join(data, 'analysis.lock'))).toBe(false);
    const next = await analyzeJson(data);
    expect(next.status).toBe('done');
    expect(next.recordsInWindow).toBe(1);
  });
});

// A real filesystem that fills up: tmpfs, where mounting is allowed (root on most CI machines).
let mnt: string | undefined;
beforeAll(async () => {
  const dir = tempDir('homunculus-tmpfs-');
  const r = await execa('mount', ['-t', 'tmpfs', '-o', 'size=64k,mode=0700', 'tmpfs', dir], { reject: false });
  if (r.exitCode === 0) mnt = dir;
});
afterAll(async () => {
  if (mnt !== undefined) await execa('umount', [mnt], { reject: false });
});

/** Fills the filesystem with a file `fill`, until ENOSPC. */
function fill(dir: string): void {
  const chunk = Buffer.alloc(1024, 0x2e);
  let text = Buffer.alloc(0);
  for (;;) {
    try {
      const next = Buffer.concat([text, chunk]);
      writeFileSync(join(dir, 'fill'), next);
      text = next;
    } catch {
      // The last 1 KiB did not fit: top up byte by byte is not needed, a page is the unit.
      writeFileSync(join(dir, 'fill'), text);
      return;
    }
  }
}

describe('disk full, on a real 64 KiB tmpfs', () => {
  it('hooks until the disk is full: one torn line, then records on fresh lines; a lock that cannot be written does not stand', async (ctx) => {
    if (mnt === undefined) ctx.skip(); // mounting not allowed here: the seam tests above cover it
    const data = join(mnt!, 'data');
    expect((await hookAt(data, 0)).exitCode).toBe(0);
    fill(mnt!);
    // The day's file has the rest of its last page: hooks append into it until one tears.
    let n = 1;
    for (; n < 60; n++) {
      expect((await hookAt(data, n)).exitCode).toBe(0);
      if (!readFileSync(join(data, DAY_FILE), 'latin1').endsWith('\n')) break;
    }
    expect(n).toBeLessThan(60); // a write was cut short by the full disk
    // Still full: the lock cannot be written; analyze fails in one line and leaves no lock.
    const full = await runCli(['analyze', '--home', data, '--now', '2026-11-08T19:00:00Z'], {});
    expect(full.exitCode).toBe(1);
    expect(full.stderr).toMatch(/^homunculus: ENOSPC: no space left on device/);
    expect(full.stderr.split('\n')).toHaveLength(1);
    expect(readdirSync(data)).not.toContain('analysis.lock');
    rmSync(join(mnt!, 'fill'));
    expect((await hookAt(data, n + 1)).exitCode).toBe(0);
    const ls = lines(data);
    expect(ls.filter((l) => !l.record)).toHaveLength(1);
    expect(ls.at(-1)!.record).toBe(true);
    expect(ls.at(-2)!.record).toBe(false); // the torn one, on its own line
    const r = await analyzeJson(data);
    expect(r.skipped.malformed).toBe(1);
    expect(r.recordsInWindow).toBe(ls.length - 1);
  });
});
