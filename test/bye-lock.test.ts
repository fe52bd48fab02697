// Issue 9, data loss: bye run while another analysis (the Stop hook's) holds the lock used to do
// nothing. It waits up to 10 s and then does its work, or says it timed out with exit code 75.
import { execa, type ResultPromise } from 'execa';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DIST, runCli, sandbox } from './helpers.js';
import { PAST, sessionLines } from './history-helpers.js';

let holder: ResultPromise | undefined;
afterEach(() => {
  holder?.kill('SIGKILL');
  holder = undefined;
});

/** A live process that takes the real analysis lock, says so, and holds it for `ms` (or until killed). */
async function holdLock(data: string, ms: number): Promise<number> {
  const lock = join(DIST, 'lib', 'lock.js');
  const code = `const { acquireLock } = await import(${JSON.stringify(lock)});
const l = acquireLock(${JSON.stringify(join(data, 'analysis.lock'))});
if (!('release' in l)) process.exit(3);
process.stdout.write('held\\n');
setTimeout(() => { l.release(); process.exit(0); }, ${ms});`;
  holder = execa('node', ['--input-type=module', '-e', code], { reject: false });
  await new Promise<void>((resolve, reject) => {
    holder!.stdout!.on('data', (b: Buffer) => b.toString().includes('held') && resolve());
    void holder!.then((r) => reject(new Error(`lock holder exited: ${r.exitCode} ${r.stderr}`)));
  });
  return holder.pid!;
}

function home() {
  const { root, data } = sandbox();
  mkdirSync(join(data, 'observations'), { recursive: true });
  writeFileSync(join(data, 'observations', '2026-11-08.jsonl'), `${sessionLines('2026-11-08T09:00:00Z', ['s1', 's2', 's3'], 8).join('\n')}\n`);
  return { data, env: { HOMUNCULUS_HOME: data, HOMUNCULUS_RULES_FILE: join(root, 'rules.md'), HOMUNCULUS_NOW: PAST }, rulesFile: join(root, 'rules.md') };
}

describe('bye and a lock held by another analysis', () => {
  it('waits for the lock to be released, then does its work', async () => {
    const { data, env, rulesFile } = home();
    const pid = await holdLock(data, 3000);
    const r = await runCli(['bye'], env);
    expect(r.exitCode, r.stderr as string).toBe(0);
    expect(r.stdout).toContain(`Waited for another analysis (pid ${pid}) to finish.`);
    expect(r.stdout).toContain('Promoted to rules: Grep->Read->Edit');
    expect(readFileSync(rulesFile, 'utf8')).toContain('Frequent tool chain: Grep->Read->Edit');
    expect(JSON.parse(readFileSync(join(data, 'rules.json'), 'utf8')).rules).toHaveLength(1);
  });

  it('gives up after 10 s with exit code 75 and one line, changing nothing; --exit-zero says so on stdout', async () => {
    const { data, env, rulesFile } = home();
    const pid = await holdLock(data, 600_000);
    const r = await runCli(['bye'], env);
    expect(r.exitCode).toBe(75);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(new RegExp(`^homunculus: timed out after 10 s waiting for another analysis \\(pid ${pid}, since [^)]+\\) to finish; nothing was changed: run bye again$`));
    expect(() => readFileSync(rulesFile)).toThrow();
    expect(() => readFileSync(join(data, 'rules.json'))).toThrow();
    const z = await runCli(['bye', '--exit-zero'], env);
    expect(z.exitCode).toBe(0);
    expect(z.stdout).toContain('homunculus bye could not finish: timed out after 10 s');
  }, 60_000);

  it('--help documents the wait and the exit codes', async () => {
    const r = await runCli(['bye', '--help'], {});
    expect(r.stdout).toContain('Waits up to 10 s');
    expect(r.stdout).toMatch(/\n {2}75 {2}another analysis still held the lock after 10 s: nothing changed, run bye again\n?/);
  });
});
