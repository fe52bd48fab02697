import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSharedRulesFile, reachesEverySession, rulesForFile } from '../runs/shared-rules-file.js';

// Which rules a rules file holds (runs/shared-rules-file.ts, issue 38, 4): every rule in the data
// home, the global ones only in a file outside it, which every session may load.

const HOME = '/home/u/.local/share/homunculus';

describe('isSharedRulesFile', () => {
  it.each([
    [join(HOME, 'generated-rules.md'), false],
    [join(HOME, 'rules', 'mine.md'), false],
    ['/home/u/.claude/CLAUDE.md', true],
    ['/home/u/dotfiles/rules.md', true],
    ['/home/u/src/app/CLAUDE.md', true],
    [`${HOME}-other/generated-rules.md`, true],
  ])('%s: %s', (path, shared) => {
    expect(isSharedRulesFile(HOME, path)).toBe(shared);
  });
});

describe('reachesEverySession', () => {
  it.each([
    [{ kind: 'chain' }, true],
    [{ kind: 'chain', scope: 'global' }, true],
    [{ kind: 'error-retry', scope: 'global' }, true],
    [{ kind: 'taught', scope: 'global' }, true],
    [{ kind: 'chain', scope: 'project' }, false],
    [{ kind: 'taught', scope: 'project' }, false],
    // A project's commands and fixes, global or not, belong to the projects that hold them.
    [{ kind: 'command', scope: 'global' }, false],
    [{ kind: 'command' }, false],
    [{ kind: 'fix', scope: 'global' }, false],
    [{ kind: 'command', scope: 'project' }, false],
  ])('%j: %s', (rule, every) => {
    expect(reachesEverySession(rule)).toBe(every);
  });

  it('rulesForFile keeps every rule in the data home, the global ones outside it', () => {
    const rules = [{ kind: 'chain', pattern: 'a' }, { kind: 'chain', pattern: 'b', scope: 'project', project: 'abcdefabcdef' }, { kind: 'command', pattern: 'cmd:test=npm test', scope: 'global', projects: ['abcdefabcdef'] }] as never[];
    const taught = [{ kind: 'taught', pattern: 'pref:x=y', scope: 'global' }, { kind: 'taught', pattern: 'pref:z=w', scope: 'project', project: 'abcdefabcdef' }] as never[];
    const pick = (x: { rules: { pattern: string }[]; taught: { pattern: string }[] }) => [x.rules.map((r) => r.pattern), x.taught.map((r) => r.pattern)];
    expect(pick(rulesForFile(HOME, join(HOME, 'generated-rules.md'), rules, taught))).toEqual([['a', 'b', 'cmd:test=npm test'], ['pref:x=y', 'pref:z=w']]);
    expect(pick(rulesForFile(HOME, '/home/u/.claude/CLAUDE.md', rules, taught))).toEqual([['a'], ['pref:x=y']]);
  });
});
