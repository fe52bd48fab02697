// Issue 9, data loss: a day's file truncated or rewritten in place (same inode) must be read
// again, never served from the cache, whatever its new size and even with the same mtime.
import { appendFileSync, cpSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles, runCli, sandbox } from './helpers.js';
import { obsLine, PAST, sessionLines } from './history-helpers.js';

const DAY = '2026-11-08';

async function analyzeJson(data: string) {
  const r = await runCli(['analyze', '--home', data, '--now', PAST, '--json'], {});
  expect(r.exitCode, r.stderr as string).toBe(0);
  return JSON.parse(r.stdout as string);
}

/**
 * What a run found and the instincts it keeps, minus how it got the records. (The daily summary
 * also lists the instincts the earlier run made and this one archived: history, not a result.)
 */
function results(r: { tracked: unknown; recordsInWindow: number; sessionsInWindow: number; skipped: unknown }, data: string) {
  const summary = readFileSync(join(data, 'daily-summary.md'), 'utf8').replace(/^- Instincts archived: .*$/gm, '');
  return { tracked: r.tracked, records: r.recordsInWindow, sessions: r.sessionsInWindow, skipped: r.skipped, instincts: listFiles(join(data, 'instincts')), summary };
}

/** The same observation files in a fresh data home: what the cached one must agree with. */
async function cleanRun(obs: string) {
  const b = sandbox();
  cpSync(obs, join(b.data, 'observations'), { recursive: true });
  const r = await analyzeJson(b.data);
  expect(r.files.parsed).toBe(r.files.read);
  return results(r, b.data);
}

// Sessions of Grep->Read->Edit, about 12 KiB: more than the 4 KiB hashed at each end. A change
// only between them, at the same size, is caught by the mtime (a real rewrite moves it); a change
// with size and mtime put back exactly is caught by the hashes.
const ORIGINAL = `${sessionLines(`${DAY}T08:00:00Z`, ['s1', 's2', 's3'], 10).join('\n')}\n`;

const REWRITES: [string, () => string][] = [
  ['shorter', () => `${sessionLines(`${DAY}T10:00:00Z`, ['t1', 't2'], 2, ['Bash', 'Read', 'Edit']).join('\n')}\n`],
  // Every Grep becomes a Glob and every session s* an x*: byte for byte the same length.
  ['the same size', () => ORIGINAL.replace(/"Grep"/g, '"Glob"').replace(/"s(\d)"/g, '"x$1"')],
  ['the same size, only the middle changed', () => {
    const lines = ORIGINAL.split('\n');
    const mid = Math.floor(lines.length / 2);
    for (let i = mid - 5; i < mid + 5; i++) lines[i] = lines[i]!.replace('"Read"', '"Bash"');
    return lines.join('\n');
  }],
  ['longer', () => `${sessionLines(`${DAY}T11:00:00Z`, ['u1', 'u2', 'u3', 'u4'], 12, ['Bash', 'Grep', 'Edit']).join('\n')}\n`],
  ['longer, keeping the first lines', () => `${ORIGINAL.split('\n').slice(0, 20).join('\n')}\n${sessionLines(`${DAY}T12:00:00Z`, ['v1', 'v2'], 30, ['Read', 'Bash', 'Edit']).join('\n')}\n`],
];

describe('the observation cache notices a file truncated and rewritten in place', () => {
  it.each(REWRITES)('rewritten %s: the run equals a clean one', async (name, rewrite) => {
    const a = sandbox();
    const obs = join(a.data, 'observations');
    mkdirSync(obs, { recursive: true });
    const file = join(obs, `${DAY}.jsonl`);
    writeFileSync(file, ORIGINAL);
    // A whole-second mtime, so that the rewrite can be given exactly the same one below.
    utimesSync(file, 1_794_000_000, 1_794_000_000);
    const first = await analyzeJson(a.data);
    expect(first.files.parsed).toBe(1);
    const ino = statSync(file).ino;

    const text = rewrite();
    if (name.startsWith('the same size')) expect(Buffer.byteLength(text)).toBe(Buffer.byteLength(ORIGINAL));
    writeFileSync(file, text); // O_TRUNC: the same inode
    expect(statSync(file).ino).toBe(ino);
    if (name === 'the same size') {
      utimesSync(file, 1_794_000_000, 1_794_000_000);
      // Size and mtime (to the nanosecond) are those the cache recorded: only the content differs.
      expect(statSync(file, { bigint: true }).mtimeNs).toBe(1_794_000_000_000_000_000n);
    }
    const again = await analyzeJson(a.data);
    const clean = await cleanRun(obs);
    expect(results(again, a.data)).toEqual(clean);
    expect(again.files.cached).toBe(0);
    // Whatever changed, the file is parsed again from its start.
    expect(again.files.parsed).toBe(1);
  });

  it('a file that only grew is still read from where the last run stopped, and equals a clean run', async () => {
    const a = sandbox();
    const obs = join(a.data, 'observations');
    mkdirSync(obs, { recursive: true });
    const file = join(obs, `${DAY}.jsonl`);
    writeFileSync(file, ORIGINAL);
    await analyzeJson(a.data);
    appendFileSync(file, `${sessionLines(`${DAY}T15:00:00Z`, ['w1', 'w2'], 3).join('\n')}\n`);
    const grown = await analyzeJson(a.data);
    expect(grown.files.appended).toBe(1);
    expect(results(grown, a.data)).toEqual(await cleanRun(obs));
    const same = await analyzeJson(a.data);
    expect(same.files.cached).toBe(1);
  });

  it('a file truncated and regrown past its old size is read again, not resumed from the old offset', async () => {
    const a = sandbox();
    const obs = join(a.data, 'observations');
    mkdirSync(obs, { recursive: true });
    const file = join(obs, `${DAY}.jsonl`);
    writeFileSync(file, ORIGINAL);
    await analyzeJson(a.data);
    writeFileSync(file, '');
    for (const l of sessionLines(`${DAY}T13:00:00Z`, ['y1', 'y2', 'y3', 'y4'], 10, ['Bash', 'Read', 'Write'])) appendFileSync(file, `${l}\n`);
    appendFileSync(file, `${obsLine(`${DAY}T18:00:00.000Z`, 'Read', 'y1')}\n`);
    expect(statSync(file).size).toBeGreaterThan(Buffer.byteLength(ORIGINAL));
    const again = await analyzeJson(a.data);
    expect(again.files.parsed).toBe(1);
    expect(results(again, a.data)).toEqual(await cleanRun(obs));
  });
});
