// store/views/search.ts: a query nested thousands deep (issue 38, item 12: 3,000 parentheses overflowed
// the stack) is read as a plain substring, as an unbalanced one is; up to 100 levels the syntax holds.
import { describe, expect, it } from 'vitest';
import { haystack, matches, parseQuery } from '../store/views/search.js';
import { runCli, sandbox } from './helpers.js';

const wrap = (n: number, q: string) => `${'('.repeat(n)}${q}${')'.repeat(n)}`;

describe('parseQuery: nesting', () => {
  it.each([
    ['100 parentheses', 'term', wrap(100, 'pnpm')],
    ['101 parentheses', 'substring', wrap(101, 'pnpm')],
    ['3,000 parentheses', 'substring', wrap(3000, 'pnpm')],
    ['100,000 parentheses', 'substring', wrap(100_000, 'pnpm OR yarn')],
    ['100 NOTs', 'term', `${'NOT '.repeat(100)}pnpm`],
    ['101 NOTs', 'substring', `${'NOT '.repeat(101)}pnpm`],
    ['20,001 NOTs', 'substring', `${'NOT '.repeat(20_001)}pnpm`],
    ['NOT and parentheses, 60 of each', 'substring', wrap(60, `${'NOT '.repeat(60)}pnpm`)],
    ['NOT and parentheses, 50 of each', 'term', wrap(50, `${'NOT '.repeat(50)}pnpm`)],
    ['an unclosed parenthesis 3,000 deep', 'substring', `${'('.repeat(3000)}pnpm`],
  ])('%s: %s', (_, kind, q) => {
    let query = parseQuery(q);
    // Even NOTs cancel: unwrap them to see what they hold.
    while (query.kind === 'not') query = query.q;
    expect(query.kind).toBe(kind);
  });

  it('what it parses, it matches without overflowing', () => {
    const h = haystack(['pref:pkg=pnpm', 'use pnpm']);
    expect(matches(parseQuery(wrap(100, 'pnpm')), h)).toBe(true);
    expect(matches(parseQuery(`${'NOT '.repeat(100)}pnpm`), h)).toBe(true);
    expect(matches(parseQuery(wrap(3000, 'pnpm')), h)).toBe(false);
  });
});

describe('homunculus search, nested 3,000 deep', () => {
  it('answers (a substring search) instead of a stack trace', async () => {
    const s = sandbox();
    const env = { HOMUNCULUS_HOME: s.data, HOME: s.home };
    expect((await runCli(['observe', 'pref:pkg=pnpm', '--trigger', 'installing', '--action', 'use pnpm', '--global'], env)).exitCode).toBe(0);
    const r = await runCli(['search', wrap(3000, 'pnpm'), '--json'], env);
    expect(r.exitCode, r.stderr as string).toBe(0);
    expect(JSON.parse(r.stdout as string)).toMatchObject({ mode: 'substring', instincts: [] });
    const ok = await runCli(['search', wrap(50, 'pnpm'), '--json'], env);
    expect(JSON.parse(ok.stdout as string)).toMatchObject({ mode: 'syntax', instincts: [{ pattern: 'pref:pkg=pnpm' }] });
  });
});
