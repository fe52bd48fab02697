import { describe, expect, it } from 'vitest';
import { ruleProblem } from '../analyzer/promotion.js';
import { agedRule } from '../rules/plan.js';
import { liveProblem, type ObservedRule } from '../rules/rule.js';

// rules.json is data a person may edit: its rule entries are read strictly (analyzer/promotion.ts
// ruleProblem, rules/rule.ts liveProblem), and what is shown of them are times that read as times.

const rule: ObservedRule = {
  id: 'cmd-test-npm-test', kind: 'command', pattern: 'cmd:test=npm test', promoted_at: '2026-11-01T12:00:00.000Z', confidence_at_promotion: 0.8, last_confidence: 0.8,
  last_seen: '2026-11-01T12:00:00.000Z', observations: 3, sessions: 3, confidence_now: 0.8, scope: 'project', project: 'aaaaaaaaaaaa',
};
const live = { since: '2026-11-01T12:00:00.000Z', through: '2026-11-03T12:00:00.000Z', hits: 1, opportunities: 2, rate: 0.6 };
const ESC = '(\u001b[2J\u001b[31m)2026-11-05T20:00:00Z';

describe('ruleProblem: the working days a rule went without its pattern', () => {
  it.each<[string, Record<string, unknown>, string | undefined]>([
    ['absent (an earlier version)', {}, undefined],
    ['counted', { unseen_days: 3, aged_through: '2026-11-04T00:00:00.000Z' }, undefined],
    ['a string', { unseen_days: '2' }, '"unseen_days" must be a whole number of days, 0 or more, found "2"'],
    ['negative', { unseen_days: -1000 }, '"unseen_days" must be a whole number of days, 0 or more, found -1000'],
    ['beyond any run', { unseen_days: 1e308 }, '"unseen_days" must be a whole number of days, 0 or more, found 1e+308'],
    ['a time that is not one', { aged_through: ESC }, `"aged_through" must be an ISO 8601 time, found ${JSON.stringify(ESC)}`],
  ])('%s', (_name, over, want) => {
    const problem = ruleProblem({ ...rule, ...over });
    if (want === undefined) expect(problem).toBeUndefined();
    else expect(problem?.replace(/\\u001b/g, '\u001b')).toContain(want.slice(0, 40));
  });
});

describe('liveProblem: a rule’s live figures', () => {
  it.each<[string, unknown, boolean]>([
    ['usable', live, true],
    ['a since that Date.parse takes but is no ISO time (a terminal escape in a comment)', { ...live, since: ESC }, false],
    ['a through likewise', { ...live, through: ESC }, false],
    ['hits over opportunities', { ...live, hits: 3 }, false],
  ])('%s', (_name, v, ok) => {
    expect(liveProblem(v) === undefined).toBe(ok);
  });
});

describe('agedRule: a day counted once, and only once its work was seen', () => {
  const DAY = 86_400_000;
  const day = (iso: string) => Math.floor(Date.parse(iso) / DAY);
  it.each<[string, Partial<ObservedRule>, string[], string, number, string]>([
    ['two active days after it was last seen', {}, ['2026-11-02', '2026-11-03'], '2026-11-03T20:00:00Z', 2, '2026-11-03'],
    ['a bye in the morning before the day works counts through the day before', {}, ['2026-11-02'], '2026-11-03T06:00:00Z', 1, '2026-11-02'],
    ['days already counted are not counted again', { unseen_days: 2, aged_through: '2026-11-03T00:00:00.000Z' }, ['2026-11-02', '2026-11-03', '2026-11-04'], '2026-11-04T20:00:00Z', 3, '2026-11-04'],
    ['a hand-edited count that is no number starts from 0', { unseen_days: '2' as unknown as number }, ['2026-11-02'], '2026-11-02T20:00:00Z', 1, '2026-11-02'],
    ['a day of the future is not counted', {}, ['2026-11-02', '2026-11-09'], '2026-11-03T20:00:00Z', 1, '2026-11-02'],
  ])('%s', (_name, over, days, now, unseen, through) => {
    const r = agedRule({ ...rule, ...over }, days.map((d) => day(`${d}T00:00:00Z`)), Date.parse(now));
    expect([r.unseen_days, r.aged_through?.slice(0, 10)]).toEqual([unseen, through]);
  });
});
