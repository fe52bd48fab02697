// import claude-md: rules written by inject come back; hand-written bullets with a key are
// taught through the store's import (sanitised, capped); each line reported imported, merged or
// skipped with why.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sandbox } from './helpers.js';
import { cliJson } from './store-helpers.js';
import { NOW, seedStore, SEEDED } from './exports-helpers.js';

type MdResult = { imported: { key: string; line: number }[]; merged: { key: string; id: string; line: number }[]; skipped: { line: number; key?: string; why: string }[] };
type ListResult = { instincts: { pattern: string; trigger: string; action: string; explain: string; domain: string; source: string; confidence: number }[] };

describe('import claude-md', () => {
  it('reads back what inject wrote: the same keys, words and domains, as imported instincts', async () => {
    const s = sandbox();
    const env = { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: NOW };
    seedStore(s.data, SEEDED);
    const file = join(s.root, 'CLAUDE.md');
    writeFileSync(file, '# Team notes\n\n- a plain bullet without a key\n');
    await cliJson(['inject', file], env, s.root);
    const t = sandbox();
    const tenv = { HOME: t.home, HOMUNCULUS_HOME: t.data, HOMUNCULUS_NOW: NOW };
    const r = await cliJson<MdResult>(['import', 'claude-md', file], tenv, t.root);
    expect(r.imported.map((x) => x.key)).toEqual(['pref:pkg=pnpm', 'seq:Grep->Read->Edit']);
    expect(r.merged).toEqual([]);
    // A fix: key that is not a fix the learner could make (issue 38, 1) is refused, with why.
    expect(r.skipped).toEqual([expect.objectContaining({ key: 'fix:lint-before-commit', why: 'not a key homunculus learns: fix: keys are two Bash steps, like fix:Bash(npm test)->Bash(npm install)' })]);
    const list = await cliJson<ListResult>(['list', '--scope', 'all'], tenv, t.root);
    const pnpm = list.instincts.find((v) => v.pattern === 'pref:pkg=pnpm')!;
    // The words come back; the scope and confidence the block states do not (this project's, at the taught start).
    expect(pnpm).toMatchObject({ trigger: 'installing packages', action: 'use pnpm, not npm', explain: 'the lockfile is pnpm-lock.yaml', domain: 'tool-preference', source: 'imported', confidence: 0.3, scope: 'project' });
    // Again: each is known now, and merged (reinforced) rather than created twice.
    const again = await cliJson<MdResult>(['import', 'claude-md', file], tenv, t.root);
    expect(again.imported).toEqual([]);
    expect(again.merged.map((x) => x.key)).toEqual(['pref:pkg=pnpm', 'seq:Grep->Read->Edit']);
  });

  it('takes hand-written keyed bullets with a confidence, skips unknown prefixes with why, and keeps text harmless', async () => {
    const s = sandbox();
    const env = { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: NOW };
    const file = join(s.root, 'RULES.md');
    writeFileSync(
      file,
      [
        '# Rules',
        '',
        '- `pref:shell=zsh` use zsh for scripts (0.8)',
        '- Always run the linter before committing `fix:lint-first` (80%)',
        '- `todo:later` something else',
        '- `combo:a+b` <script>alert(1)</script> then `rm -rf`',
        '',
      ].join('\r\n'),
    );
    const r = await cliJson<MdResult>(['import', 'claude-md', file], env, s.root);
    expect(r.imported.map((x) => [x.key, x.line])).toEqual([['pref:shell=zsh', 3], ['combo:a+b', 6]]);
    expect(r.skipped).toEqual([
      { line: 4, key: 'fix:lint-first', why: 'not a key homunculus learns: fix: keys are two Bash steps, like fix:Bash(npm test)->Bash(npm install)' },
      { line: 5, why: 'unknown key prefix (expected one of seq, retry, pref, combo, fix, cmd, ask)' },
    ]);
    const list = await cliJson<ListResult>(['list', '--scope', 'all'], env, s.root);
    // A confidence written in the file is not taken: the taught start.
    expect(list.instincts.find((v) => v.pattern === 'pref:shell=zsh')).toMatchObject({ action: 'use zsh for scripts', confidence: 0.3, source: 'imported' });
    // Rendered again, the hostile words are plain text.
    const out = await cliJson<{ text: string }>(['export', 'claude-md', '--scope', 'all'], env, s.root);
    expect(out.text).not.toMatch(/<script|`rm/);
    expect(readFileSync(file, 'utf8')).toContain('`todo:later`'); // the source file is only read
  });
});
