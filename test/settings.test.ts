// claude/settings.ts in process: install's edit of a settings text is minimal, schema-valid and
// idempotent, uninstall's gives the original back, and a file homunculus cannot read is refused
// with one line naming file:line:column. The CLI's round trips are test/settings-bytes.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hookCommands, type HookRoot } from '../claude/installer.js';
import { isOurs, ourEntries, ourHooksOf, parseSettingsDoc, SettingsError, withOurHooks, withoutOurHooks } from '../claude/settings.js';
import { ROOT } from './helpers.js';
import { EVENTS, SETTINGS_FIXTURES } from './install-helpers.js';
import { expectMinimalInstall, oursGroup, parseSettings, REFUSED, SETTINGS_FILES } from './settings-helpers.js';

const PATH = '/home/someone/.claude/settings.json';
/** The hook commands install writes at each scope (project: inside the project; user and local: this machine's paths). */
const OURS: Record<string, ReturnType<typeof hookCommands>> = {
  user: hookCommands({ kind: 'absolute', root: ROOT }, { HOMUNCULUS_HOME: '/tmp/data home', HOMUNCULUS_RULES_FILE: "/tmp/it's/rules.md" }),
  local: hookCommands({ kind: 'absolute', root: ROOT }, { HOMUNCULUS_HOME: '/tmp/data' }),
  project: hookCommands({ kind: 'project', rel: 'node_modules/homunculus-claude-code' } satisfies HookRoot, {}),
};
const fixture = (file: string) => readFileSync(join(SETTINGS_FIXTURES, file), 'utf8');

describe('withOurHooks and withoutOurHooks: the settings byte for byte', () => {
  it.each(SETTINGS_FILES.flatMap((f) => ['user', 'project', 'local'].map((scope) => [f, scope])))('%s (%s scope): minimal edit, schema-valid, idempotent, uninstall restores the text', (file, scope) => {
    const text = fixture(file);
    const after = withOurHooks(parseSettingsDoc(text, PATH), OURS[scope]!).text;
    expectMinimalInstall(text, after, EVENTS);
    // Installed again: the same text.
    expect(withOurHooks(parseSettingsDoc(after, PATH), OURS[scope]!).text).toBe(after);
    // Uninstall (claude/installer.ts `uninstalled`) gives the original back: the backup is taken
    // when it holds none of ours and installing into it gives the text as it is now.
    const backup = parseSettingsDoc(text, PATH);
    expect(ourEntries(backup)).toEqual([]);
    expect(withOurHooks(backup, ourHooksOf(parseSettingsDoc(after, PATH))).text).toBe(after);
    // Without a backup, every entry of ours goes and nothing else.
    const removed = withoutOurHooks(parseSettingsDoc(after, PATH)).text;
    expect(ourEntries(parseSettingsDoc(removed, PATH))).toEqual([]);
    const { hooks: left, ...rest } = parseSettings(removed);
    const { hooks: was, ...wasRest } = parseSettings(text);
    expect(rest).toEqual(wasRest);
    for (const [event, groups] of Object.entries(was ?? {})) if (groups.length > 0) expect(left![event]).toEqual(groups);
  });

  it('keeps the number literals and the BOM that JSON.parse would lose', () => {
    const after = withOurHooks(parseSettingsDoc(fixture('bom-numbers.json'), PATH), OURS['user']!).text;
    for (const literal of ['12345678901234567890', '"feedbackSurveyRate": 1.0', '[1.0, 2.50, -0.0, 1e3, 1E-7, 0.1000000000000000055511151231257827]', '-98765432109876543210']) expect(after).toContain(literal);
    expect(after.charCodeAt(0)).toBe(0xfeff);
  });

  it('edits the hooks key Claude Code reads when a key is repeated', () => {
    const text = fixture('duplicate-keys.json');
    const after = withOurHooks(parseSettingsDoc(text, PATH), OURS['user']!).text;
    // The first (shadowed) "hooks" is untouched; JSON.parse (the last key wins) sees every entry.
    const cut = after.indexOf('"model": "sonnet"');
    expect(after.slice(0, cut)).toBe(text.slice(0, cut));
    const hooks = parseSettings(after).hooks!;
    for (const event of EVENTS) expect(hooks[event]!.filter(oursGroup)).toHaveLength(1);
    expect(hooks['PostToolUse']![0]!.hooks[0]!.command).toContain('the last one counts');
  });
});

describe('parseSettingsDoc and the hooks it reads: a file homunculus cannot read is refused', () => {
  it.each(REFUSED)('refuses %s with one line naming file:line:column', (_name, text, message) => {
    // What install (withOurHooks), uninstall (withoutOurHooks) and doctor (ourEntries) read.
    for (const read of [(t: string) => withOurHooks(parseSettingsDoc(t, PATH), OURS['user']!), (t: string) => withoutOurHooks(parseSettingsDoc(t, PATH)), (t: string) => ourEntries(parseSettingsDoc(t, PATH))]) {
      let error: unknown;
      try {
        read(text);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SettingsError);
      expect((error as Error).message).toContain(`${PATH}${message}`);
      expect((error as Error).message).not.toContain('\n');
    }
  });
});

describe("isOurs: a hook is ours by the marker at its command's end, never by a word in it", () => {
  it.each([
    ['node "/home/u/.npm/homunculus/dist/hooks/observe.js" # homunculus', true],
    ['node /x/dist/hooks/stop.js # homunculus  ', true],
    ['echo homunculus', false],
    ['node /home/u/homunculus/dist/hooks/observe.js', false], // a path of ours, without the marker: the user's own line
    ['# homunculus then something', false],
    ['notify.sh # homunculus-notes', false],
    [undefined, false],
    [42, false],
  ])('%s: %s', (command, ours) => {
    expect(isOurs(command)).toBe(ours);
  });
});
