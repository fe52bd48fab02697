// store/views/similarity.ts: what a merge of two alike instincts would lose (issue 38, item 5). Round
// three kept apart values with a digit or after `=`; a word that changes the meaning (pnpm / yarn,
// tabs / spaces, eu-west / us-east) is kept apart too, while a word only added, a plural or
// filler still merges.
import { describe, expect, it } from 'vitest';
import { mergeLost, mergeSimilarity } from '../store/views/similarity.js';

type X = { pattern: string; trigger: string; action: string; source?: string };
const t = (pattern: string, trigger: string, action: string, source = 'taught'): X => ({ pattern, trigger, action, source });

describe('mergeLost', () => {
  it.each([
    ['pnpm / yarn in the action', t('pref:pkg-manager', 'installing packages', 'use pnpm'), t('pref:pkg-managers', 'installing packages', 'use yarn'), { in: 'action', words: [['pnpm'], ['yarn']] }],
    ['tabs / spaces in the key', t('pref:indent-tabs', 'indenting code', 'indent with tabs'), t('pref:indent-spaces', 'indenting code', 'indent with spaces'), { in: 'key', words: [['tab'], ['space']] }],
    ['eu-west / us-east in the action, one key only longer', t('pref:region', 'deploying the api', 'deploy to eu-west'), t('pref:deploy-region', 'deploying the api', 'deploy to us-east'), { in: 'action', words: [['eu', 'west'], ['east', 'us']] }],
    ['staging / production', t('pref:deploy-target', 'deploying', 'deploy to staging first'), t('pref:deploy-targets', 'deploying', 'deploy to production first'), { in: 'action', words: [['staging'], ['production']] }],
    ['single / double quotes', t('pref:quote-style', 'writing strings', 'use single quotes'), t('pref:quote-styles', 'writing strings', 'use double quotes'), { in: 'action', words: [['single'], ['double']] }],
    ['dark / light in the key', t('pref:theme-dark', 'styling', 'use it'), t('pref:theme-light', 'styling', 'use it'), { in: 'key', words: [['dark'], ['light']] }],
    ['a value after = (round three)', t('pref:runner=jest', 'running tests', 'use jest'), t('pref:runner=vitest', 'running tests', 'use vitest'), { in: 'value', words: [['jest'], ['vitest']] }],
    ['a number in the action (round three)', t('pref:api-port', 'starting the server', 'listen on port 3000'), t('pref:api-ports', 'starting the server', 'listen on port 8080'), { in: 'value', words: [['3000'], ['8080']] }],
  ])('%s: kept apart', (_, a, b, want) => {
    expect(mergeLost(a, b)).toEqual(want);
    expect(mergeLost(b, a)).toEqual({ ...want, words: [want.words[1], want.words[0]] });
  });

  it.each([
    ['a word only added', t('pref:pkg=pnpm', 'installing packages', 'use pnpm install'), t('pref:pkg-installer=pnpm', 'installing new packages', 'use pnpm install')],
    ['a plural', t('pref:pkg-manager=pnpm', 'installing packages', 'use pnpm'), t('pref:pkg-managers=pnpm', 'adding packages', 'use pnpm')],
    ['another naming of the setting, the same value', t('pref:pkg=pnpm', 'installing packages', 'use pnpm install'), t('pref:installer=pnpm', 'installing new packages', 'use pnpm install')],
    ['another wording of the trigger, the action only longer', t('pref:pkg=pnpm', 'installing packages', 'use pnpm'), t('pref:pkg-manager=pnpm', 'adding a dependency', 'pnpm add')],
    ['use / run', t('pref:install', 'installing', 'use pnpm install'), t('pref:installs', 'installing', 'run pnpm install')],
    ['an observed action is its key in words', t('seq:Grep->Read->Edit', 'after Grep, then Read', 'Edit next', 'observed'), t('seq:Grep->Read->Edit->Bash', 'after an edit', 'run the tests')],
  ])('%s: one instinct', (_, a, b) => {
    expect(mergeLost(a, b)).toBeUndefined();
  });
});

describe('mergeSimilarity', () => {
  const c = { mergeThreshold: 0.6, duplicateThreshold: 0.75 };
  it.each([
    [t('pref:indent-tabs-always', 'x', 'indent'), t('pref:indent-spaces-always', 'y', 'nothing alike'), 0.6667],
    [t('pref:indent-tabs', 'x', 'indent with tabs'), t('pref:indent-spaces', 'x', 'indent with spaces'), 0.75],
    [t('pref:pnpm', 'installing packages', 'use pnpm'), t('pref:yarn', 'installing packages', 'use yarn'), 0.75],
    [t('pref:pnpm', 'installing packages', 'use pnpm'), t('pref:yarn', 'building', 'use yarn'), 0],
  ])('%o ~ %o: %s', (a, b, want) => {
    expect(mergeSimilarity({ ...a, category: 'preference' }, { ...b, category: 'preference' }, c)).toBe(want);
  });
});
