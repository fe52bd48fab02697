// claude/command-files.ts: whether a slash-command file is still what install wrote (issue 38,
// item 10: install overwrote, uninstall deleted, command files the user had edited).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandState, markedCommand } from '../claude/command-files.js';
import { ROOT } from './helpers.js';

const template = readFileSync(join(ROOT, 'commands', 'status.md'), 'utf8');
const rendered = (line: string) => template.replaceAll('node "{{HOMUNCULUS_CLI}}"', line);
const written = markedCommand(rendered(`HOMUNCULUS_HOME='/data/h' node "/opt/homunculus/dist/cli/homunculus.js"`));
/** As an earlier version wrote it: the marker line without a digest. */
const legacy = (line: string) => rendered(line).replace(/^---\n/, '---\n# installed by homunculus\n');

describe('commandState', () => {
  it.each([
    ['nothing there', null, 'absent'],
    ['a file of the user\'s', 'my own /homunculus-status\n', 'foreign'],
    ['as install wrote it', written, 'ours'],
    ['a word of it changed', written.replace('one sentence', 'two sentences'), 'edited'],
    ['a line added at the end', `${written}Also list the projects.\n`, 'edited'],
    ['saved with CRLF line endings', written.replace(/\n/g, '\r\n'), 'edited'],
    ['its digest changed to match nothing', written.replace(/sha256 [0-9a-f]{16}/, 'sha256 0000000000000000'), 'edited'],
    ['an earlier version\'s, as it wrote it', legacy(`node "/usr/lib/node_modules/homunculus/dist/cli/homunculus.js"`), 'ours'],
    ['an earlier version\'s, with locations carried', legacy(`HOMUNCULUS_HOME='/a b/it'\\''s' HOMUNCULUS_RULES_FILE='/r.md' node "/x/dist/cli/homunculus.js"`), 'ours'],
    ['an earlier version\'s, edited', legacy(`node "/x/dist/cli/homunculus.js"`).replace('Do not run any other command.', 'Then run the tests.'), 'edited'],
  ])('%s: %s', (_, text, want) => {
    expect(commandState(text, template)).toBe(want);
  });

  it('the marker and digest are the first line of the frontmatter, the rest as rendered', () => {
    expect(written).toMatch(/^---\n# installed by homunculus \(sha256 [0-9a-f]{16}\)\ndescription: /);
    expect(written.replace(/^---\n[^\n]*\n/, '---\n')).toBe(rendered(`HOMUNCULUS_HOME='/data/h' node "/opt/homunculus/dist/cli/homunculus.js"`));
  });
});
