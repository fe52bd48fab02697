// The user's settings, byte for byte: install makes minimal edits to the text, uninstall gives
// back the original bytes, backups are never overwritten, errors name file:line:column.
import Ajv from 'ajv';
import { diffLines } from 'diff';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers.js';
import { EVENTS, SETTINGS_FIXTURES, SETTINGS_SCHEMA, settingsPath, setup } from './install-helpers.js';

const validate = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(JSON.parse(readFileSync(SETTINGS_SCHEMA, 'utf8')));
const parse = (text: string) => JSON.parse(text.replace(/^\uFEFF/, '')) as Record<string, unknown> & { hooks?: Record<string, { hooks: { command?: string }[] }[]> };
const ours = (g: { hooks: { command?: string }[] }) => g.hooks.some((h) => h.command?.endsWith('# homunculus'));

function isSubsequence(small: string, big: string): boolean {
  let j = 0;
  for (let i = 0; i < big.length && j < small.length; i++) if (big[i] === small[j]) j++;
  return j === small.length;
}

/**
 * Lines the edit changed in ways a minimal edit would not. An existing line may only gain a comma
 * at its end (the separator before an appended element), be opened where it held an empty `{}` or
 * `[]`, or, for a container written on one line, gain text inside that line. Everything else
 * (re-indentation, re-formatting, changed literals) is reported.
 */
function changedLines(before: string, after: string): string[] {
  const parts = diffLines(before, after);
  const removed = parts.filter((p) => p.removed).flatMap((p) => p.value.split(/(?<=\n)/));
  const added = parts.filter((p) => p.added).flatMap((p) => p.value.split(/(?<=\n)/));
  return removed.filter((line) => {
    const body = line.replace(/\r?\n$/, '');
    const empty = Math.max(body.lastIndexOf('{}'), body.lastIndexOf('[]'));
    return !added.some((a) =>
      a.startsWith(`${body},`) ||
      (empty !== -1 && a.startsWith(body.slice(0, empty + 1)) && !/\S/.test(a.slice(empty + 1).replace(/\r?\n$/, ''))) ||
      (!/[\r\n]/.test(a.replace(/\r?\n$/, '')) && isSubsequence(body, a) && a.startsWith(body.slice(0, body.search(/\S/) + 1))),
    );
  });
}

const fixtures = readdirSync(SETTINGS_FIXTURES).filter((f) => f.endsWith('.json'));

describe('settings byte for byte', () => {
  it.each(fixtures.flatMap((f) => ['user', 'project', 'local'].map((scope) => [f, scope])))('%s (%s scope): minimal edit, schema-valid, idempotent, uninstall restores the bytes', async (file, scope) => {
    const b = setup();
    const path = settingsPath(b, scope);
    mkdirSync(dirname(path), { recursive: true });
    copyFileSync(join(SETTINGS_FIXTURES, file), path);
    const original = readFileSync(path);
    const text = original.toString('utf8');
    const args = ['--scope', scope, '--project', b.project];

    const first = await runCli(['install', ...args], b.env);
    expect(first.exitCode, first.stderr as string).toBe(0);
    const after = readFileSync(path, 'utf8');
    expect(changedLines(text, after)).toEqual([]);
    expect(isSubsequence(text, after)).toBe(true);
    expect(after.startsWith('\uFEFF')).toBe(text.startsWith('\uFEFF'));
    if (text.includes('\r\n')) expect(after.replace(/\r\n/g, '')).not.toContain('\n');
    const value = parse(after);
    expect(validate(value), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    for (const event of EVENTS) expect(value.hooks![event]!.filter(ours)).toHaveLength(1);
    // Everything that was there is still there, in the same order.
    const was = parse(text);
    for (const [event, groups] of Object.entries(was.hooks ?? {})) expect(value.hooks![event]!.slice(0, groups.length)).toEqual(groups);
    expect(Object.keys(value).slice(0, Object.keys(was).length)).toEqual(Object.keys(was));
    const backups = readdirSync(dirname(path)).filter((f) => f.includes('.homunculus-backup-'));
    expect(backups).toHaveLength(1);
    expect(readFileSync(join(dirname(path), backups[0]!)).equals(original)).toBe(true);

    const installed = readFileSync(path);
    const second = await runCli(['install', ...args], b.env);
    expect(second.stdout).toContain('already installed');
    expect(readFileSync(path).equals(installed)).toBe(true);

    const un = await runCli(['uninstall', ...args], b.env);
    expect(un.exitCode, un.stderr as string).toBe(0);
    expect(readFileSync(path).toString('utf8')).toBe(text);
    expect(readFileSync(path).equals(original)).toBe(true);
  });

  it('keeps the number literals and the BOM that JSON.parse would lose', async () => {
    const b = setup();
    const path = settingsPath(b, 'user');
    mkdirSync(dirname(path), { recursive: true });
    copyFileSync(join(SETTINGS_FIXTURES, 'bom-numbers.json'), path);
    expect((await runCli(['install'], b.env)).exitCode).toBe(0);
    const after = readFileSync(path, 'utf8');
    for (const literal of ['12345678901234567890', '"feedbackSurveyRate": 1.0', '[1.0, 2.50, -0.0, 1e3, 1E-7, 0.1000000000000000055511151231257827]', '-98765432109876543210']) expect(after).toContain(literal);
    expect(after.charCodeAt(0)).toBe(0xfeff);
  });

  it('edits the hooks key Claude Code reads when a key is repeated', async () => {
    const b = setup();
    const path = settingsPath(b, 'user');
    mkdirSync(dirname(path), { recursive: true });
    copyFileSync(join(SETTINGS_FIXTURES, 'duplicate-keys.json'), path);
    expect((await runCli(['install'], b.env)).exitCode).toBe(0);
    const after = readFileSync(path, 'utf8');
    // The first (shadowed) "hooks" is untouched; JSON.parse (the last key wins) sees every entry.
    expect(after.slice(0, after.indexOf('"model": "sonnet"'))).toBe(readFileSync(join(SETTINGS_FIXTURES, 'duplicate-keys.json'), 'utf8').slice(0, after.indexOf('"model": "sonnet"')));
    const hooks = parse(after).hooks!;
    for (const event of EVENTS) expect(hooks[event]!.filter(ours)).toHaveLength(1);
    expect(hooks['PostToolUse']![0]!.hooks[0]!.command).toContain('the last one counts');
  });

  it('never overwrites a backup: installs within a second keep every version; uninstall then removes those it made redundant', async () => {
    const b = setup();
    const path = settingsPath(b, 'user');
    mkdirSync(dirname(path), { recursive: true });
    copyFileSync(join(SETTINGS_FIXTURES, 'typical.json'), path);
    const original = readFileSync(path);
    const backupsNow = () => readdirSync(dirname(path)).filter((f) => f.includes('.homunculus-backup-')).sort((x, y) => x.length - y.length || (x < y ? -1 : 1));
    expect((await runCli(['install'], b.env)).exitCode).toBe(0);
    const installed = readFileSync(path);
    // Installed again at once, the hooks carrying another data home: a second backup, the first kept.
    expect((await runCli(['install'], { ...b.env, HOMUNCULUS_HOME: join(b.root, 'other') })).exitCode).toBe(0);
    const contents = backupsNow().map((f) => readFileSync(join(dirname(path), f)));
    expect(contents).toHaveLength(2);
    expect(contents[0]!.equals(original)).toBe(true);
    expect(contents[1]!.equals(installed)).toBe(true);
    // Issue 38, item 13: uninstall gives back the original, and leaves no backup it made redundant
    // (the original's copy), nor one that still holds the hook commands.
    const un = await runCli(['uninstall', '--json'], { ...b.env, HOMUNCULUS_HOME: join(b.root, 'other') });
    expect(un.exitCode, un.stderr as string).toBe(0);
    expect(readFileSync(path).equals(original)).toBe(true);
    expect(backupsNow()).toEqual([]);
    expect(JSON.parse(un.stdout as string).backups).toMatchObject({ kept: [] });
    expect(JSON.parse(un.stdout as string).backups.removed).toHaveLength(3);
  });

  it('uninstall keeps, and names, a backup of settings the user changed since, and none with the hooks', async () => {
    const b = setup();
    const path = settingsPath(b, 'user');
    mkdirSync(dirname(path), { recursive: true });
    copyFileSync(join(SETTINGS_FIXTURES, 'typical.json'), path);
    const original = readFileSync(path);
    expect((await runCli(['install'], b.env)).exitCode).toBe(0);
    // The user changes a setting of their own while installed.
    writeFileSync(path, readFileSync(path, 'utf8').replace('{', '{\n  "outputStyle": "concise",'));
    const un = await runCli(['uninstall'], b.env);
    expect(un.exitCode, un.stderr as string).toBe(0);
    const left = readdirSync(dirname(path)).filter((f) => f.includes('.homunculus-backup-'));
    expect(left).toHaveLength(1);
    expect(readFileSync(join(dirname(path), left[0]!)).equals(original)).toBe(true);
    expect(un.stdout).toContain(`Kept 1 earlier backup of it (the settings as they were before an install; no hook of homunculus in it): ${join(dirname(path), left[0]!)}`);
    expect(un.stdout).toContain('Removed 1 backup of it that install and uninstall made');
    expect(readFileSync(path, 'utf8')).toContain('"outputStyle": "concise"');
    expect(readFileSync(path, 'utf8')).not.toContain('homunculus');
  });

  it.each([
    ['an error on line 3', '{\n  "model": "x",\n  "env": {"A": 1,}\n}\n', ':3:18: not valid JSON (expected a property name in double quotes)'],
    ['a missing comma on line 2', '{\n  "model": "x"\n  "env": {}\n}\n', ':3:3: not valid JSON (expected a comma)'],
    ['a BOM and an error on line 2', '\uFEFF{\n  "model": x\n}\n', ':2:12: not valid JSON'],
    ['a trailing comma', '{\n  "model": "x",\n  "env": {\n    "A": 1,\n  }\n}\n', ':5:3: not valid JSON'],
    ['a truncated file', '{\n  "model": "x",\n', ':3:1: not valid JSON'],
    ['hooks as an array', '{\n  "hooks": []\n}\n', ':2:12: expected "hooks" to be an object of events'],
    ['an event that is not an array', '{"hooks": {"Stop": {"command": "x"}}}', ':1:20: expected "hooks.Stop" to be an array'],
    ['a handler without the group wrapper', '{"hooks": {"Stop": [{"type": "command", "command": "x"}]}}', ':1:21: expected "hooks.Stop[0]" to be {matcher, hooks: [...]}'],
    ['a null handler', '{\n  "hooks": {\n    "Stop": [\n      {"hooks": [null]}\n    ]\n  }\n}\n', ':4:18: expected "hooks.Stop[0].hooks[0]" to be a {type, command} object, found null'],
    ['a top-level array', '[]', ':1:1: expected a JSON object of settings'],
  ])('refuses %s with one line naming file:line:column, and writes nothing', async (_name, text, message) => {
    const b = setup();
    const path = settingsPath(b, 'user');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    for (const cmd of ['install', 'uninstall', 'doctor']) {
      const r = await runCli([cmd, '--project', b.project], b.env);
      expect(r.exitCode).not.toBe(0);
      const out = cmd === 'doctor' ? (r.stdout as string) : (r.stderr as string);
      expect(out).toContain(`${path}${message}`);
      if (cmd !== 'doctor') expect((r.stderr as string).trimEnd().split('\n')).toHaveLength(1);
      expect(readFileSync(path, 'utf8')).toBe(text);
    }
    expect(readdirSync(dirname(path))).toEqual(['settings.json']);
  });
});
