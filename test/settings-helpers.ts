// What a minimal edit of a settings file is, for the in-process test of claude/settings.ts and the
// install/uninstall round trips of test/settings-bytes.test.ts.
import { Ajv } from 'ajv';
import { diffLines } from 'diff';
import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { SETTINGS_FIXTURES, SETTINGS_SCHEMA } from './install-helpers.js';

export const validateSettings = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(JSON.parse(readFileSync(SETTINGS_SCHEMA, 'utf8')));
export const parseSettings = (text: string) => JSON.parse(text.replace(/^\uFEFF/, '')) as Record<string, unknown> & { hooks?: Record<string, { hooks: { command?: string }[] }[]> };
export const oursGroup = (g: { hooks: { command?: string }[] }) => g.hooks.some((h) => h.command?.endsWith('# homunculus'));
/** The settings fixtures (test/fixtures/settings/*.json). */
export const SETTINGS_FILES = readdirSync(SETTINGS_FIXTURES).filter((f) => f.endsWith('.json'));

export function isSubsequence(small: string, big: string): boolean {
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
export function changedLines(before: string, after: string): string[] {
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

/** The checks every install makes of a settings text: a minimal edit, schema-valid, ours once per event, everything kept in order. */
export function expectMinimalInstall(text: string, after: string, events: string[]): void {
  expect(changedLines(text, after)).toEqual([]);
  expect(isSubsequence(text, after)).toBe(true);
  expect(after.startsWith('\uFEFF')).toBe(text.startsWith('\uFEFF'));
  if (text.includes('\r\n')) expect(after.replace(/\r\n/g, '')).not.toContain('\n');
  const value = parseSettings(after);
  expect(validateSettings(value), JSON.stringify(validateSettings.errors?.slice(0, 3))).toBe(true);
  for (const event of events) expect(value.hooks![event]!.filter(oursGroup)).toHaveLength(1);
  // Everything that was there is still there, in the same order.
  const was = parseSettings(text);
  for (const [event, groups] of Object.entries(was.hooks ?? {})) expect(value.hooks![event]!.slice(0, groups.length)).toEqual(groups);
  expect(Object.keys(value).slice(0, Object.keys(was).length)).toEqual(Object.keys(was));
}

/** The texts install, uninstall and doctor refuse, and the one line each gives after the path: claude/settings.ts in process, the CLI in test/settings-bytes.test.ts. */
export const REFUSED: [string, string, string][] = [
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
];
