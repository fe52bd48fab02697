// store/views/word-swaps.ts: a word swapped between two alike texts (tabs / spaces) against one only
// added (packages / new packages), filler and plurals set aside (issue 38, item 5).
import { describe, expect, it } from 'vitest';
import { meaningWords, singular, swappedWords } from '../store/views/word-swaps.js';

describe('meaningWords', () => {
  it.each([
    ['indent with tabs', ['indent', 'tab']],
    ['Use the pnpm package managers', ['pnpm', 'package', 'manager']],
    ['always run the tests before a push', ['test', 'before', 'push']],
    ['deploy to eu-west-1', ['deploy', 'eu', 'west', '1']],
    ['never use class components', ['never', 'class', 'component']],
  ])('%s -> %j', (text, want) => {
    expect(meaningWords(text)).toEqual(want);
  });

  it.each([['tabs', 'tab'], ['class', 'class'], ['yes', 'yes'], ['us', 'us'], ['managers', 'manager']])('singular(%s) = %s', (w, want) => {
    expect(singular(w)).toBe(want);
  });
});

describe('swappedWords', () => {
  const sw = (a: string, b: string, framed = false) => swappedWords(meaningWords(a), meaningWords(b), framed);
  it.each([
    ['indent with tabs', 'indent with spaces', [['tab'], ['space']]],
    ['use pnpm', 'use yarn', [['pnpm'], ['yarn']]],
    ['deploy to eu-west', 'deploy to us-east', [['eu', 'west'], ['east', 'us']]],
    ['use single quotes', 'use double quotes', [['single'], ['double']]],
    ['write commit messages in English', 'write commit messages in French', [['english'], ['french']]],
    ['connect to postgres', 'connect to mysql', [['postgre'], ['mysql']]],
    ['lint before the commit', 'lint after the commit', [['before'], ['after']]],
  ])('%s / %s: swapped %j', (a, b, want) => {
    expect(sw(a, b)).toEqual(want);
  });

  it.each([
    ['installing packages', 'installing new packages'],
    ['use pnpm install', 'run pnpm install'],
    ['use pnpm', 'pnpm'],
    ['prefer pnpm', 'always use pnpm'],
    ['the package managers', 'a package manager'],
    ['', 'use pnpm'],
    ['use pnpm', 'use pnpm'],
  ])('%s / %s: nothing swapped', (a, b) => {
    expect(sw(a, b)).toBeUndefined();
  });

  it.each([
    ['indent tabs', 'indent spaces', [['tab'], ['space']]],
    ['pkg', 'installer', undefined],
    ['package manager', 'pkg manager', [['package'], ['pkg']]],
  ])('framed: %s / %s -> %j', (a, b, want) => {
    expect(sw(a, b, true)).toEqual(want);
  });
});
