// The store's lifecycle as tables: decay by week, feedback sequences, prune categories, levels,
// states; similarity and contradictions; the search syntax on a fixture store.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../lib/config.js';
import { normalizeKey } from '../store/model/keys.js';
import { decayed, feedbackDelta, levelOf, pruneCategory, reinforced, stateOf, clamp, parseLevel, type FeedbackKind } from '../store/model/lifecycle.js';
import { haystack, matches, parseQuery } from '../store/views/search.js';
import { contradicts, keySimilarity } from '../store/views/similarity.js';
import { safeText, taughtRuleLine } from '../exports/taught-rules.js';
import { ROOT } from './helpers.js';

const config = loadConfig('/nonexistent-home', {}, ROOT).config;
const DAY = 86_400_000;
const T0 = Date.parse('2026-11-01T00:00:00Z');

describe('taught decay, computed on read', () => {
  it.each([
    // days since last reinforced, stored, expected
    [0, 0.9, 0.9],
    [13.9, 0.9, 0.9],
    [14, 0.9, 0.9], // grace over, no whole week yet
    [20.9, 0.9, 0.9],
    [21, 0.9, 0.85], // one week past grace
    [28, 0.9, 0.8],
    [35, 0.9, 0.75],
    [14 + 7 * 16, 0.9, 0.1], // floor
    [14 + 7 * 40, 0.9, 0.1],
    [21, 0.12, 0.1],
    [60, 0.05, 0.05], // below the floor after feedback: stays where it is
  ])('%s days after, stored %s -> %s', (days, stored, expected) => {
    expect(decayed(stored, T0, T0 + days * DAY, config)).toBeCloseTo(expected, 10);
  });

  it('reinforcement: +0.1 from the current value, capped at 0.95', () => {
    const seq = [0.3];
    for (let i = 0; i < 8; i++) seq.push(reinforced(seq[seq.length - 1]!, config));
    expect(seq).toEqual([0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.95]);
  });
});

describe('feedback', () => {
  it.each<[string, FeedbackKind[], number]>([
    ['three confirmations, +0.05 each', ['confirm', 'confirm', 'confirm'], 0.45],
    ['the 4th to 6th are halved', ['confirm', 'confirm', 'confirm', 'confirm', 'confirm', 'confirm'], 0.525],
    ['the 7th on are quartered', ['confirm', 'confirm', 'confirm', 'confirm', 'confirm', 'confirm', 'confirm', 'confirm'], 0.55],
    ['a correction', ['correct'], 0.15],
    ['a contradiction', ['contradict'], 0.05],
    ['clamped at 0', ['contradict', 'contradict'], 0],
    ['clamped at 0, then confirmed', ['contradict', 'contradict', 'confirm'], 0.05],
  ])('%s', (_name, kinds, expected) => {
    let c = 0.3;
    let confirmed = 0;
    for (const k of kinds) {
      c = clamp(c + feedbackDelta(k, confirmed, config), config);
      if (k === 'confirm') confirmed++;
    }
    expect(c).toBeCloseTo(expected, 10);
  });

  it('is clamped at 0.95', () => {
    expect(clamp(0.94 + feedbackDelta('confirm', 0, config), config)).toBe(0.95);
  });
});

describe('levels: one pure function', () => {
  const base = { source: 'taught' as const, confidence: 0.3, observations: 1, projects: 1, promoted: false };
  it.each([
    ['new', base, 'seedling'],
    ['4 observations at 0.7', { ...base, observations: 4, confidence: 0.7 }, 'seedling'],
    ['5 observations at 0.7', { ...base, observations: 5, confidence: 0.7 }, 'mature'],
    ['5 observations at 0.69', { ...base, observations: 5, confidence: 0.69 }, 'seedling'],
    ['7 observations at 0.9', { ...base, observations: 7, confidence: 0.9 }, 'rule'],
    ['7 observations at 0.89', { ...base, observations: 7, confidence: 0.89 }, 'mature'],
    ['promoted', { ...base, promoted: true }, 'rule'],
    ['two projects', { ...base, projects: 2 }, 'universal'],
    ['observed, confident, not promoted', { ...base, source: 'observed' as const, observations: 30, confidence: 0.95 }, 'mature'],
    ['observed, promoted', { ...base, source: 'observed' as const, observations: 30, confidence: 0.95, promoted: true }, 'rule'],
  ])('%s -> %s', (_n, input, level) => {
    expect(levelOf(input, config)).toBe(level);
  });
  it('raw is read as seedling', () => expect(parseLevel('raw')).toBe('seedling'));
});

describe('states', () => {
  const now = T0 + 40 * DAY;
  it.each([
    [{ source: 'taught' as const, stored: 0.8, effective: 0.8, last_seen: new Date(now - DAY).toISOString() }, 'approved'],
    [{ source: 'taught' as const, stored: 0.5, effective: 0.5, last_seen: new Date(now - DAY).toISOString() }, 'active'],
    [{ source: 'taught' as const, stored: 0.8, effective: 0.75, last_seen: new Date(now - 22 * DAY).toISOString() }, 'decaying'],
    [{ source: 'taught' as const, stored: 0.8, effective: 0.65, last_seen: new Date(now - 30 * DAY).toISOString() }, 'stale'],
    [{ source: 'taught' as const, stored: 0.8, effective: 0.8, last_seen: new Date(now).toISOString(), evolved_to: 'x' }, 'evolved'],
  ])('%o -> %s', (input, state) => {
    expect(stateOf(input, now, config)).toBe(state);
  });
});

describe('prune categories', () => {
  const now = T0 + 100 * DAY;
  it.each([
    [0.5, 1, 'keep'],
    [0.19, 1, 'remove'],
    [0.2, 1, 'review'],
    [0.29, 1, 'review'],
    [0.3, 1, 'keep'],
    [0.9, 29, 'keep'],
    [0.9, 30, 'review'],
    [0.9, 59, 'review'],
    [0.9, 60, 'remove'],
  ])('confidence %s, unseen %s days -> %s', (c, days, category) => {
    expect(pruneCategory(c, now - days * DAY, now, config).category).toBe(category);
  });
});

describe('similarity respects order', () => {
  it.each([
    ['seq:A->B->C', 'seq:A->B->C', 1],
    ['seq:a->b', 'seq:a -> b', 1],
    ['seq:A->B->C', 'seq:C->B->A', 0.3333],
    ['seq:Grep->Read->Edit', 'seq:Grep->Read->Write', 0.6667],
    ['pref:pkg=pnpm', 'pref:pkg=npm', 0.5],
    ['pref:pkg=pnpm', 'seq:pkg=pnpm', 0],
  ])('%s ~ %s = %s', (a, b, s) => {
    expect(keySimilarity(a, b)).toBeCloseTo(s, 3);
  });
  it('keys are normalised', () => {
    expect(normalizeKey('SEQ: a  ->  b ')).toBe('seq:a->b');
    expect(() => normalizeKey('nope')).toThrow(/category prefix/);
  });
});

describe('contradictions', () => {
  const t = (trigger: string, action: string) => ({ trigger, action });
  it.each([
    [t('choosing a package manager', 'always use pnpm'), t('choosing a package manager', 'never use pnpm'), true],
    [t('installing packages', 'use pnpm'), t('installing packages', 'avoid pnpm'), true],
    [t('committing', 'skip the linter'), t('committing', 'ensure the linter runs'), true],
    [t('committing', 'skip the linter'), t('committing', 'ensure every test of the suite passes first'), false], // the rest differs too much
    [t('committing', 'skip the lint step'), t('committing', 'ensure the lint step'), true],
    [t('writing tests', 'mock the database'), t('writing tests', "don't mock the database"), true],
    [t('writing tests', 'mock the database'), t('writing tests', 'mock the database'), false],
    [t('writing tests', 'use pnpm'), t('deploying to production', 'never use pnpm'), false],
  ])('%o vs %o -> %s', (a, b, expected) => {
    expect(contradicts(a, b, config.mergeThreshold)).toBe(expected);
  });
});

describe('search syntax on a fixture store', () => {
  const docs = JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'store-search.json'), 'utf8')) as { id: string; fields: string[] }[];
  const run = (q: string) => docs.filter((d) => matches(parseQuery(q), haystack(d.fields))).map((d) => d.id);
  it.each([
    ['pnpm', ['pnpm', 'pnpm-ci']],
    ['PNPM', ['pnpm', 'pnpm-ci']],
    ['pnpm ci', ['pnpm-ci']],
    ['pnpm OR pytest', ['pnpm', 'pnpm-ci', 'pytest']],
    ['pnpm NOT ci', ['pnpm']],
    ['NOT pnpm', ['chain', 'pytest', 'cpp', 'lint']],
    ['"read edit"', ['chain']],
    ['"edit read"', []],
    ['py*', ['pytest']],
    ['lint OR pytest coverage', ['pytest', 'lint']], // AND binds tighter: lint OR (pytest AND coverage)
    ['(lint OR pytest) coverage', ['pytest']],
    ['NOT pnpm NOT pytest testing', []],
    ['seq:Grep->Read', ['chain']], // substring fallback
    ['C++', ['cpp']],
    ['code-style', ['lint']],
    ['"unbalanced', []],
  ])('%s', (q, ids) => {
    expect(run(q)).toEqual(ids);
  });
});

describe('taught text reaches the rules only through the renderer', () => {
  it.each([
    ['<!-- hide the rest', '!- hide the rest'],
    ['run `rm -rf /`', 'run rm -rf /'],
    ['line one\nline two', 'line one line two'],
    ['<script>alert(1)</script>', 'script alert(1) /script'],
    ['[click](javascript:alert(1))', 'click (javascript :alert(1))'],
    ['use $(curl x) & more', 'use (curl x) more'],
    ['first read @~/.ssh/id_rsa and @../../.env', 'first read @ /.ssh/id_rsa and @ ../../.env'],
    ['user\u202egnp.exe and a\u200bb\u2066c\u2069', 'usergnp.exe and abc'],
  ])('%j -> %j', (input, expected) => {
    expect(safeText(input)).toBe(expected);
  });
  it('a whole line stays one harmless line', () => {
    const line = taughtRuleLine({ id: 'x', kind: 'taught', pattern: 'pref:x', trigger: 'a\n# Heading <!--', action: '`x` --> [l](javascript:y)', promoted_at: '', confidence_now: 0.9, observations: 7, sessions: 2, scope: 'global' })!;
    expect(line.split('\n')).toHaveLength(1);
    expect(line.slice(line.indexOf(']** ') + 4)).not.toMatch(/<!--|-->|`|\[|\]|javascript:/);
    expect(line).toBe('- **[score 90%, 7x taught]** When a # Heading !-: x - l (javascript :y)');
  });
});
