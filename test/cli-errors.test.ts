// Issue 9, clear errors: each of these used to end in a stack trace, "unexpected error", NaN or
// a silent failure. The CLI prints one line `homunculus: ...` and exits non-zero; hooks log to
// hook-errors.log and exit 0; user data is kept.
import { execa } from 'execa';
import { appendFileSync, chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLine } from '../runs/observation-file.js';
import { TableBuilder } from '../analyzer/table-builder.js';
import { CLI, cleanEnv, listFiles, readObservations, ROOT, runCli, runHook, sandbox } from './helpers.js';
import { hookErrors, obsLine, PAST, payload, runRouter, runStop, sessionLines } from './history-helpers.js';

/** One line on stderr, `homunculus: ...`, no stack. */
function oneLine(stderr: unknown): string {
  const s = String(stderr);
  expect(s.split('\n')).toHaveLength(1);
  expect(s).toMatch(/^homunculus: /);
  expect(s).not.toMatch(/unexpected error|\n\s+at /);
  return s;
}

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

describe('an unwritable data home', () => {
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

describe('configuration ranges that keep every date valid', () => {
  it.each([
    ['retentionDays', 1e9, 'a number of days from 0 to 36500'],
    ['archivePruneDays', 1e300, 'a number of days from 0 to 36500'],
    ['halfLifeDays', 5e-324, 'a number of days from 0.001 to 36500'],
    ['halfLifeDays', 1e9, 'a number of days from 0.001 to 36500'],
    ['windowDays', 1e9, 'a whole number of days from 1 to 365'],
  ])('%s: %s is refused (exit 2) by the CLI and logged by the Stop hook', async (key, value, allowed) => {
    const s = seeded();
    writeFileSync(join(s.data, 'config.json'), JSON.stringify({ [key]: value }));
    for (const cmd of ['analyze', 'bye']) {
      const r = await runCli([cmd, '--now', PAST], s.env);
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain(`"${key}" must be ${allowed}, found ${JSON.stringify(value)}`);
      expect(r.stderr).not.toContain('RangeError');
    }
    expect((await runStop({ ...s.env, HOMUNCULUS_NOW: PAST })).exitCode).toBe(0);
    expect(hookErrors(s.data)).toContain(`"${key}" must be ${allowed}`);
    expect(listFiles(s.data)).toEqual(['config.json', 'hook-errors.log', 'observations/2026-11-08.jsonl']);
  });

  it('the largest allowed values run', async () => {
    const s = seeded();
    writeFileSync(join(s.data, 'config.json'), JSON.stringify({ retentionDays: 36500, archivePruneDays: 36500, halfLifeDays: 36500, windowDays: 365 }));
    const r = await runCli(['bye', '--now', PAST], s.env);
    expect(r.exitCode, r.stderr as string).toBe(0);
  });
});

describe('config keys that name Object.prototype members', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('%s is an unknown key (exit 2)', async (key) => {
    const s = seeded();
    writeFileSync(join(s.data, 'config.json'), `{"${key}": 1}`);
    const r = await runCli(['config'], s.env);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`unknown key "${key}" (value 1); known keys: windowDays`);
  });
});

describe('the rules file', () => {
  it('a folder there stops bye before anything is committed; once fixed, the promotion is reported', async () => {
    const s = seeded();
    mkdirSync(s.rulesFile);
    const r = await runCli(['bye', '--now', PAST], s.env);
    expect(r.exitCode).toBe(2);
    expect(oneLine(r.stderr)).toBe(`homunculus: the rules file ${s.rulesFile} is a folder; expected a file (set rulesFile in config.json, or HOMUNCULUS_RULES_FILE, to a file path)`);
    expect(existsSync(join(s.data, 'rules.json'))).toBe(false);
    const z = await runCli(['bye', '--now', PAST, '--exit-zero'], s.env);
    expect(z.exitCode).toBe(0);
    expect(z.stdout).toContain('is a folder');
    rmSync(s.rulesFile, { recursive: true });
    const ok = await runCli(['bye', '--now', PAST], s.env);
    expect(ok.exitCode, ok.stderr as string).toBe(0);
    expect(ok.stdout).toContain('Promoted to rules: Grep->Read->Edit');
  });

  it('a file where its folder should be stops bye the same way', async () => {
    const s = seeded();
    writeFileSync(join(s.root, 'plain'), 'x');
    const r = await runCli(['bye', '--now', PAST], { ...s.env, HOMUNCULUS_RULES_FILE: join(s.root, 'plain', 'rules.md') });
    expect(r.exitCode).toBe(2);
    expect(oneLine(r.stderr)).toContain(`${join(s.root, 'plain')} is a file, not a folder`);
    expect(existsSync(join(s.data, 'rules.json'))).toBe(false);
  });
});

describe('rules.json', () => {
  it.each([
    ['null', 'null'],
    ['rules: null', '{"rules": null}'],
    ['a folder', undefined],
  ])('%s: bye exits 2 in one line and writes nothing', async (_name, text) => {
    const s = seeded();
    if (text === undefined) mkdirSync(join(s.data, 'rules.json'));
    else writeFileSync(join(s.data, 'rules.json'), text);
    const r = await runCli(['bye', '--now', PAST], s.env);
    expect(r.exitCode).toBe(2);
    oneLine(r.stderr);
    expect(existsSync(s.rulesFile)).toBe(false);
    expect(existsSync(join(s.data, 'instincts'))).toBe(false);
  });

  it('null and incomplete rules are left out and reported, never NaN%; the file as it was is kept in archive/', async () => {
    const s = seeded();
    const good = { id: 'chain-bash-read-edit', kind: 'chain', pattern: 'Bash->Read->Edit', promoted_at: '2026-11-07T10:00:00.000Z', confidence_at_promotion: 0.9, last_confidence: 0.9, last_seen: '2026-11-07T10:00:00.000Z', observations: 12, sessions: 3, confidence_now: 0.9, hits: 12, opportunities: 13, rate: 0.82, lift: 7 };
    const original = JSON.stringify({ rules: [null, { pattern: 'Grep->Read->Edit' }, good, { ...good, id: '../../escape', pattern: 'Read->Edit->Bash' }, { ...good, pattern: 'Read->Edit->Write', last_seen: '2026-02-30T00:00:00Z' }] });
    writeFileSync(join(s.data, 'rules.json'), original);
    const r = await runCli(['bye', '--now', PAST], s.env);
    expect(r.exitCode, r.stderr as string).toBe(0);
    expect(r.stdout).toContain('Left out 4 unusable entries of rules.json');
    expect(r.stdout).toContain('rule 1: expected a rule object, found null');
    expect(r.stdout).toContain('rule 2: "id" must be a slug');
    expect(r.stdout).toContain('rule 4: "id" must be a slug like chain-grep-read-edit, found "../../escape"');
    expect(r.stdout).toContain('rule 5: "last_seen" must be an ISO 8601 time, found "2026-02-30T00:00:00Z"');
    const md = readFileSync(s.rulesFile, 'utf8');
    expect(md).not.toMatch(/NaN|undefined|null/);
    expect(md).toContain('Frequent tool chain: Bash->Read->Edit');
    expect(md).toContain('Frequent tool chain: Grep->Read->Edit');
    const kept = readdirSync(join(s.data, 'archive')).filter((f) => f.startsWith('rules.json--'));
    expect(kept).toHaveLength(1);
    expect(readFileSync(join(s.data, 'archive', kept[0]!), 'utf8')).toBe(original);
    expect(existsSync(join(s.root, 'escape'))).toBe(false);
    // The prompt router skips such entries too: it counts the rules that can be shown.
    writeFileSync(join(s.data, 'rules.json'), original);
    writeFileSync(join(s.data, 'config.json'), '{"forcedEvalEvery": 1}');
    const route = await runRouter({ session_id: 'p1', hook_event_name: 'UserPromptSubmit', prompt: 'x' }, s.env);
    expect(route.exitCode).toBe(0);
    expect(route.stdout).toContain('against the 3 learned items');
    expect(route.stdout).not.toMatch(/NaN/);
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

describe('folders named like other data files', () => {
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

describe('hand-edited instinct files', () => {
  it("the user's version is kept in archive/ before the analyzer rewrites or archives it; untouched files are not copied", async () => {
    const s = seeded();
    // A second habit in other sessions, so that there are two instinct files to edit.
    appendFileSync(join(s.data, 'observations', '2026-11-08.jsonl'), `${sessionLines('2026-11-08T13:00:00Z', ['s4', 's5', 's6'], 8, ['Glob', 'Read', 'Write']).join('\n')}\n`);
    const first = await runCli(['analyze', '--now', PAST], s.env);
    expect(first.exitCode).toBe(0);
    const file = join(s.data, 'instincts', 'chain-grep-read-edit.md');
    const edited = `${readFileSync(file, 'utf8')}\nMy note: always grep first. Ünïcödé and bytes kept.\n`;
    writeFileSync(file, edited);
    const broken = join(s.data, 'instincts', 'chain-glob-read-write.md');
    expect(existsSync(broken)).toBe(true);
    writeFileSync(broken, 'I rewrote this one entirely\n');
    const r = await runCli(['analyze', '--now', '2026-11-08T20:00:00Z'], s.env);
    expect(r.exitCode, r.stderr as string).toBe(0);
    expect(r.stdout).toContain('Hand-edited instinct files kept before rewriting them:');
    const kept = readdirSync(join(s.data, 'archive')).filter((f) => f.endsWith('.user.md')).sort();
    expect(kept).toEqual(['chain-glob-read-write--20261108T200000Z.user.md', 'chain-grep-read-edit--20261108T200000Z.user.md']);
    expect(readFileSync(join(s.data, 'archive', kept[1]!), 'utf8')).toBe(edited);
    expect(readFileSync(join(s.data, 'archive', kept[0]!), 'utf8')).toBe('I rewrote this one entirely\n');
    expect(readFileSync(file, 'utf8')).not.toContain('My note');
    // Untouched now: a later run rewrites them (new confidence) without another copy.
    const later = await runCli(['analyze', '--now', '2026-11-09T20:00:00Z'], s.env);
    expect(later.stdout).not.toContain('Hand-edited');
    expect(readdirSync(join(s.data, 'archive')).filter((f) => f.endsWith('.user.md'))).toHaveLength(2);
    // An edited instinct that is being archived is kept too.
    writeFileSync(file, `${readFileSync(file, 'utf8')}edited again\n`);
    const gone = await runCli(['analyze', '--now', '2026-11-20T20:00:00Z', '--json'], s.env);
    expect(gone.exitCode).toBe(0);
    expect(JSON.parse(gone.stdout as string).archived.map((a: { id: string }) => a.id)).toContain('chain-grep-read-edit');
    expect(readdirSync(join(s.data, 'archive')).filter((f) => f.endsWith('.user.md'))).toHaveLength(3);
    expect(readdirSync(join(s.data, 'archive')).filter((f) => f.endsWith('.user.md'))).toContain('chain-grep-read-edit--20261120T200000Z.user.md');
  });
});

describe('128-character session and agent ids', () => {
  it('the hook keeps the chain (no ENAMETOOLONG) and the prompt router counts: long ids are hashed in file names', async () => {
    const { data } = sandbox();
    const session = 'S'.repeat(128);
    const agent = 'a'.repeat(128);
    for (const [i, tool] of ['Grep', 'Read', 'Edit'].entries()) {
      const r = await runHook(JSON.stringify(payload({ session_id: session, agent_id: agent, agent_type: 'Explore', tool_name: tool, tool_use_id: `toolu_${i}` })), { HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: `2026-11-08T10:00:0${i}Z` });
      expect(r.exitCode).toBe(0);
    }
    expect(hookErrors(data)).toBe('');
    const last = readObservations(data).at(-1)!;
    expect(last).toMatchObject({ tool: 'Edit', prev: 'Read', prev2: 'Grep', session, agentId: agent });
    expect(readdirSync(join(data, 'state', 'streams'))).toEqual([expect.stringMatching(/^h\.[0-9a-f]{16}\.json$/)]);
    for (let i = 0; i < 2; i++) expect((await runRouter({ session_id: session, hook_event_name: 'UserPromptSubmit', prompt: 'x' }, { HOMUNCULUS_HOME: data })).exitCode).toBe(0);
    expect(hookErrors(data)).toBe('');
    const counts = readdirSync(join(data, 'state', 'prompts'));
    expect(counts).toEqual([expect.stringMatching(/^h\.[0-9a-f]{16}\.count$/)]);
    expect(readFileSync(join(data, 'state', 'prompts', counts[0]!), 'utf8')).toBe('2');
  });
});

// Timestamps the two readers must agree on: the fast reader (canonical lines) and the JSON path.
const BAD_TS = ['2026-13-45T99:99:99.000Z', '2026-02-30T10:00:00.000Z', '2026-02-29T10:00:00.000Z', '2026-04-31T10:00:00.000Z', '2026-11-08T24:00:00.000Z', '2026-11-08T23:60:00.000Z', '2026-11-08T23:59:60.000Z', '2026-00-08T10:00:00.000Z', '2026-11-00T10:00:00.000Z'];
const GOOD_TS = ['2024-02-29T10:00:00.000Z', '2026-11-08T23:59:59.999Z', '2026-12-31T00:00:00.000Z'];

/** The same record in the hook's key order (fast path) and with keys reordered (JSON path). */
function both(ts: string): [string, string] {
  const canonical = obsLine(ts, 'Read', 's1');
  const o = JSON.parse(canonical) as Record<string, unknown>;
  const { v, ...rest } = o;
  return [canonical, JSON.stringify({ ...rest, v })];
}

function read(line: string): number | undefined {
  const b = new TableBuilder();
  return addLine(line, 0, line.length, b) ? b.build().ts[0] : undefined;
}

describe('the fast reader and the JSON path accept the same timestamps', () => {
  it.each(BAD_TS)('%s is malformed on both paths', (ts) => {
    const [fast, json] = both(ts);
    expect(read(fast)).toBeUndefined();
    expect(read(json)).toBeUndefined();
  });

  it.each(GOOD_TS)('%s reads the same on both paths', (ts) => {
    const [fast, json] = both(ts);
    expect(read(fast)).toBe(Date.parse(ts));
    expect(read(json)).toBe(Date.parse(ts));
  });

  it('lines read one after another (a date remembered from the line before) read as each does alone', () => {
    // The next day, month and year right after a day; each bad time on a good date right after
    // that date; each good time right after a bad date or time of the same day; the same date
    // again after another one; a bad date twice in a row.
    const sequence = ['2026-11-08T10:00:00.000Z', '2026-11-09T00:00:00.000Z', '2026-12-09T00:00:00.000Z', '2027-12-09T00:00:00.000Z', ...GOOD_TS, ...BAD_TS, '2026-11-08T10:00:00.000Z', '2026-11-08T24:00:00.000Z', '2026-11-08T23:59:59.999Z', '2026-02-30T10:00:00.000Z', '2026-02-28T10:00:00.000Z', '2026-02-30T10:00:00.000Z', '2026-02-30T10:00:00.000Z', ...GOOD_TS.slice().reverse()];
    const b = new TableBuilder();
    const accepted: boolean[] = [];
    for (const ts of sequence) {
      const line = both(ts)[0];
      accepted.push(addLine(line, 0, line.length, b));
    }
    expect(accepted).toEqual(sequence.map((ts) => !BAD_TS.includes(ts)));
    expect([...b.build().ts]).toEqual(sequence.filter((ts) => !BAD_TS.includes(ts)).map((ts) => Date.parse(ts)));
  });

  it('through analyze: every bad line is counted malformed, whichever path reads it', async () => {
    const { data } = sandbox();
    mkdirSync(join(data, 'observations'), { recursive: true });
    const lines = [...BAD_TS, ...GOOD_TS.slice(1, 2)].flatMap(both);
    writeFileSync(join(data, 'observations', '2026-11-08.jsonl'), `${lines.join('\n')}\n`);
    const r = await runCli(['analyze', '--home', data, '--now', '2026-11-09T00:00:00Z', '--json'], {});
    expect(r.exitCode, r.stderr as string).toBe(0);
    const j = JSON.parse(r.stdout as string);
    expect(j.skipped.malformed).toBe(BAD_TS.length * 2);
    expect(j.recordsInWindow).toBe(2);
  });
});

describe('an option given without its value, or a number option given words', () => {
  it.each([
    [['install', '--scope'], '--scope: expected a value, found none'],
    [['install', '--scope', '--dry-run'], '--scope: expected a value, found the option --dry-run'],
    [['uninstall', '--scope'], '--scope: expected a value, found none'],
    [['list', '--scope'], '--scope: expected a value, found none'],
    [['report', '--out'], '--out: expected a value, found none'],
    [['status', '--days'], '--days: expected a value, found none'],
    [['list', '--limit', 'abc'], '--limit: expected a whole number above 0, found "abc"'],
    [['list', '--limit', '-1'], '--limit: expected a whole number above 0, found "-1"'],
    [['search', 'pnpm', '--limit=1.5'], '--limit: expected a whole number above 0, found "1.5"'],
    [['status', '--days', 'abc'], '--days: expected a whole number above 0, found "abc"'],
    [['trending', '--days', '1e400'], '--days: expected a whole number above 0, found "1e400"'],
  ])('%j: one line, exit 2, nothing written', async (args, says) => {
    const box = sandbox();
    const r = await runCli(args, { HOME: box.home, HOMUNCULUS_HOME: box.data, HOMUNCULUS_NOW: PAST }, { cwd: box.root });
    expect(r.exitCode).toBe(2);
    expect(oneLine(r.stderr)).toBe(`homunculus: ${says}`);
    expect(listFiles(box.root)).toEqual([]);
  });

  it('the same commands with their values run', async () => {
    const box = sandbox();
    const env = { HOME: box.home, HOMUNCULUS_HOME: box.data, HOMUNCULUS_NOW: PAST };
    for (const args of [['install', '--scope', 'user', '--dry-run'], ['list', '--limit', '2', '--json'], ['status', '--days=3', '--json']]) {
      const r = await runCli(args, env, { cwd: box.root });
      expect(r.exitCode, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    }
  });
});

describe('a data home that is a file', () => {
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

describe('--json on a failure', () => {
  it.each([
    [['list', '--limit', 'abc', '--json'], 2, '--limit: expected a whole number above 0, found "abc"'],
    [['analyze', '--now', 'garbage', '--json'], 2, '--now: expected an ISO 8601 time'],
    [['get', 'nothing-like-it', '--json'], 2, `no instinct "nothing-like-it": search or list the instincts for its id or pattern (node ${CLI} search, node ${CLI} list`],
  ])('%j: the one line on stderr, and {"error", "exit"} on stdout', async (args, exit, says) => {
    const box = sandbox();
    const r = await runCli(args, { HOME: box.home, HOMUNCULUS_HOME: box.data, HOMUNCULUS_NOW: PAST }, { cwd: box.root });
    expect(r.exitCode).toBe(exit);
    expect(oneLine(r.stderr)).toContain(says);
    const out = JSON.parse(r.stdout as string) as { error: string; exit: number };
    expect(out.exit).toBe(exit);
    expect(out.error).toContain(says);
    expect(`homunculus: ${out.error}`).toBe(r.stderr);
  });
});
