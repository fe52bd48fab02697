// The CLI against a data home it cannot use: unwritable, a file where the folder should be, a
// folder where one of its files should be. Each is one line `homunculus: ...`, exit 1, and the
// user's data is kept; the observe hook logs it and exits 0.
import { execa } from 'execa';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cleanEnv, ROOT, runCli, runHook, sandbox } from './helpers.js';
import { hookErrors, PAST, payload, sessionLines } from './history-helpers.js';
import { oneLine } from './one-line.js';

function seeded() {
  const box = sandbox();
  mkdirSync(join(box.data, 'observations'), { recursive: true });
  writeFileSync(join(box.data, 'observations', '2026-11-08.jsonl'), `${sessionLines('2026-11-08T09:00:00Z', ['s1', 's2', 's3'], 8).join('\n')}\n`);
  return { ...box, rulesFile: join(box.root, 'rules.md'), env: { HOMUNCULUS_HOME: box.data, HOMUNCULUS_RULES_FILE: join(box.root, 'rules.md') } };
}

// As root (CI) permission bits do not stop writes: there the CLI runs as nobody, in a folder
// nobody can reach (the test's temp root is 0700). The clone itself may be where nobody can read
// it (/root/..., a 0700 folder), so nobody runs the CLI built self-contained from the same
// sources (build.mjs --plugin: one bundle, config/ beside it) into that open folder.
describe('an unwritable data home', () => {
  const open = mkdtempSync(join(tmpdir(), 'homunculus-open-'));
  chmodSync(open, 0o755);
  afterAll(() => rmSync(open, { recursive: true, force: true }));
  const asRoot = process.getuid?.() === 0;
  let cliAsNobody = CLI;
  beforeAll(async () => {
    if (!asRoot) return;
    await execa('node', [join(ROOT, 'build.mjs'), '--plugin', join(open, 'cli')]);
    cliAsNobody = join(open, 'cli', 'dist', 'cli', 'homunculus.mjs');
  }, 60_000);

  it.each(['analyze', 'bye'])('%s: permission denied, one line, exit 1', async (cmd) => {
    const data = mkdtempSync(join(open, 'data-'));
    mkdirSync(join(data, 'observations'));
    writeFileSync(join(data, 'observations', '2026-11-08.jsonl'), `${sessionLines('2026-11-08T09:00:00Z', ['s1', 's2'], 4).join('\n')}\n`);
    chmodSync(join(data, 'observations'), 0o755);
    chmodSync(join(data, 'observations', '2026-11-08.jsonl'), 0o644);
    chmodSync(data, 0o555);
    const env = cleanEnv({ HOME: open, HOMUNCULUS_HOME: data, HOMUNCULUS_RULES_FILE: join(open, `rules-${cmd}.md`) });
    const r = await execa('node', [cliAsNobody, cmd, '--now', PAST], { env, extendEnv: false, reject: false, ...(asRoot ? { uid: 65534, gid: 65534 } : {}) });
    chmodSync(data, 0o755);
    expect(r.exitCode).toBe(1);
    const line = oneLine(r.stderr);
    expect(line).toMatch(/^homunculus: EACCES: permission denied, \w+ '.*' \(check its permissions, or set HOMUNCULUS_HOME to a folder you can write\)$/);
    expect(readdirSync(data).sort()).toEqual(['observations']);
  });
});

describe('a file where the data home should be', () => {
  it.each(['analyze', 'bye'])('%s: a file where the data home should be, one line, exit 1', async (cmd) => {
    const { root } = sandbox();
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'file'), 'x');
    const data = join(root, 'file', 'data');
    const r = await runCli([cmd, '--now', PAST, '--home', join(root, 'file')], { HOMUNCULUS_RULES_FILE: join(root, 'rules.md') });
    expect(r.exitCode).toBe(1);
    expect(oneLine(r.stderr)).toBe(`homunculus: ${join(root, 'file')} is a file, expected a folder; move it aside (or set HOMUNCULUS_HOME to another folder)`);
    const below = await runCli([cmd, '--now', PAST, '--home', data], { HOMUNCULUS_RULES_FILE: join(root, 'rules.md') });
    if (cmd === 'analyze') {
      expect(below.exitCode).toBe(1);
      expect(oneLine(below.stderr)).toMatch(/^homunculus: ENOTDIR: not a directory, \w+ '.*' \(a file stands where a folder belongs: move it aside\)$/);
    } else {
      expect(below.exitCode).toBe(0); // bye: no data home yet, nothing to consolidate
      expect(below.stdout).toContain('Nothing to consolidate yet');
    }
    expect(readFileSync(join(root, 'file'), 'utf8')).toBe('x');
  });
});

// Seven commands, each in its own sandbox: run at once.
describe.concurrent('a data home that is a file', () => {
  it.each([['list'], ['status'], ['stats'], ['report', '--out', 'r.html'], ['effectiveness'], ['doctor'], ['analyze']])('%s says so in one line, exit 1', async (...args) => {
    const box = sandbox();
    mkdirSync(box.root, { recursive: true });
    const file = join(box.root, 'a-file');
    writeFileSync(file, 'x\n');
    const r = await runCli([...args, '--home', file], { HOME: box.home, HOMUNCULUS_NOW: PAST }, { cwd: box.root });
    expect(r.exitCode).toBe(1);
    expect(oneLine(r.stderr)).toContain(`${file} is a file, expected a folder`);
    expect(readFileSync(file, 'utf8')).toBe('x\n');
  });
});

describe('a folder named like an observation file', () => {
  it('analyze and bye exit 1 in one line naming it; the hook logs it and exits 0', async () => {
    const s = seeded();
    mkdirSync(join(s.data, 'observations', '2026-11-07.jsonl'));
    for (const cmd of ['analyze', 'bye']) {
      const r = await runCli([cmd, '--now', PAST], s.env);
      expect(r.exitCode).toBe(1);
      expect(oneLine(r.stderr)).toBe(`homunculus: ${join(s.data, 'observations', '2026-11-07.jsonl')} is not a file (a folder?), expected an observation file; move it out of the observations folder`);
    }
    const h = await runHook(JSON.stringify(payload()), { ...s.env, HOMUNCULUS_NOW: '2026-11-07T10:00:00Z' });
    expect(h.exitCode).toBe(0);
    expect(h.stdout + h.stderr).toBe('');
    expect(hookErrors(s.data)).toMatch(/ observe: EISDIR: illegal operation on a directory/);
  });
});

describe.concurrent('folders named like other data files', () => {
  it.each([
    ['analysis.lock', 'is a folder, expected the analysis lock (a file); move it aside'],
    ['daily-summary.md', '(a folder stands where a file belongs: move it aside)'],
    [join('instincts', 'chain-grep-read-edit.md'), 'chain-grep-read-edit.md is a folder, expected a file of the instinct store; move it aside'],
  ])('%s: analyze exits 1 in one line', async (name, message) => {
    const s = seeded();
    mkdirSync(join(s.data, name), { recursive: true });
    const r = await runCli(['analyze', '--now', PAST], s.env);
    expect(r.exitCode).toBe(1);
    expect(oneLine(r.stderr)).toContain(message);
  });
});
