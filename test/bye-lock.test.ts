// Issue 9, data loss: bye run while another analysis (the Stop hook's) holds the lock used to do
// nothing. It waits up to 10 s and then does its work, or says it timed out with exit code 75.
// The CLI's wiring here (real processes, run concurrently); the give-up itself with a short wait
// in process: test/consolidate-run.test.ts.
import { execa, type ResultPromise } from 'execa';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { DIST, runCli, sandbox } from './helpers.js';
import { PAST, sessionLines } from './history-helpers.js';

/**
 * A live process that takes the real analysis lock and says so. With `untilTried`, it releases
 * the lock once another process has tried to take it, found it held and tried again (acquireLock
 * writes `analysis.lock.<its pid>.tmp` at each attempt and removes it once link(2) has failed); else it holds it until
 * killed at the test's end.
 */
async function holdLock(t: TestContext, data: string, untilTried: boolean): Promise<{ pid: number; done: ResultPromise }> {
  const lock = join(DIST, 'lib', 'lock.js');
  const code = `const { acquireLock } = await import(${JSON.stringify(lock)});
const fs = await import('node:fs');
const l = acquireLock(${JSON.stringify(join(data, 'analysis.lock'))});
if (!('release' in l)) process.exit(3);
if (${untilTried}) {
  let events = 0;
  const w = fs.watch(${JSON.stringify(data)}, (event, name) => {
    const m = /^analysis\\.lock\\.(\\d+)\\.tmp$/.exec(String(name));
    // At its second attempt (the third 'rename': each attempt creates the file, writes it, a
    // 'change', and removes it), when the first is over: it found the lock held and said by whom.
    // Let go any sooner and that attempt could still take the lock at once (between its write and
    // its link, or at its look at the holder, which retries), waiting for nothing.
    if (m && event === 'rename' && Number(m[1]) !== process.pid && ++events >= 3) { w.close(); l.release(); process.stdout.write('released\\n'); process.exit(0); }
  });
}
process.stdout.write('held\\n');
setInterval(() => {}, 1 << 30);`;
  const holder = execa('node', ['--input-type=module', '-e', code], { reject: false });
  t.onTestFinished(() => {
    holder.kill('SIGKILL');
  });
  await new Promise<void>((resolve, reject) => {
    holder.stdout!.on('data', (b: Buffer) => b.toString().includes('held') && resolve());
    void holder.then((r) => reject(new Error(`lock holder exited: ${r.exitCode} ${r.stderr}`)));
  });
  return { pid: holder.pid!, done: holder };
}

function home() {
  const { root, data } = sandbox();
  mkdirSync(join(data, 'observations'), { recursive: true });
  writeFileSync(join(data, 'observations', '2026-11-08.jsonl'), `${sessionLines('2026-11-08T09:00:00Z', ['s1', 's2', 's3'], 8).join('\n')}\n`);
  return { data, env: { HOMUNCULUS_HOME: data, HOMUNCULUS_RULES_FILE: join(root, 'rules.md'), HOMUNCULUS_NOW: PAST }, rulesFile: join(root, 'rules.md') };
}

// Independent homes and processes: the three run at once (the timeout's 10 s is the file's time).
describe.concurrent('bye and a lock held by another analysis', () => {
  it('waits for the lock to be released, then does its work', async (t) => {
    const { expect } = t;
    const { data, env, rulesFile } = home();
    const { pid, done } = await holdLock(t, data, true);
    const r = await runCli(['bye'], env);
    expect(r.exitCode, r.stderr as string).toBe(0);
    // The holder let go only once bye had tried and found it held.
    expect((await done).stdout).toBe('held\nreleased');
    expect(r.stdout).toContain(`Waited for another analysis (pid ${pid}) to finish.`);
    expect(r.stdout).toContain('Promoted to rules: Grep->Read->Edit');
    expect(readFileSync(rulesFile, 'utf8')).toContain('Frequent tool chain: Grep->Read->Edit');
    expect(JSON.parse(readFileSync(join(data, 'rules.json'), 'utf8')).rules).toHaveLength(1);
  });

  it('gives up after 10 s with exit code 75 and one line, changing nothing; --exit-zero says so on stdout', async (t) => {
    const { expect } = t;
    const { data, env, rulesFile } = home();
    const { pid } = await holdLock(t, data, false);
    // Both wait out the same holder at once.
    const [r, z] = await Promise.all([runCli(['bye'], env), runCli(['bye', '--exit-zero'], env)]);
    expect(r.exitCode).toBe(75);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(new RegExp(`^homunculus: timed out after 10 s waiting for another analysis \\(pid ${pid}, since [^)]+\\) to finish; nothing was changed: run bye again$`));
    expect(() => readFileSync(rulesFile)).toThrow();
    expect(() => readFileSync(join(data, 'rules.json'))).toThrow();
    expect(z.exitCode).toBe(0);
    expect(z.stdout).toContain('homunculus bye could not finish: timed out after 10 s');
  }, 60_000);

  it('--help documents the wait and the exit codes', async ({ expect }) => {
    const r = await runCli(['bye', '--help'], {});
    expect(r.stdout).toContain('Waits up to 10 s');
    expect(r.stdout).toMatch(/\n {2}75 {2}another analysis still held the lock after 10 s: nothing changed, run bye again\n?/);
  });
});
