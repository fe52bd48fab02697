import { DETAIL_PART, TOOL_NAME } from '../lib/tokens.js';
import { plural } from '../lib/plural.js';

// The checks every kind's words go through (analyzer/kinds.ts and each learner's own words): a
// step or a command detail is used only when made of the tokens the observer records.

const STEP = /^([A-Za-z0-9_.:-]{1,128})(?:\(([A-Za-z0-9._:+@ -]{1,81})\))?$/;
const DETAIL = /^[A-Za-z0-9._:+@ -]{1,81}$/;

/** One step (`Read`, `Bash(npm test)`) when it is made of valid tokens. */
export function validStep(s: string): boolean {
  const m = STEP.exec(s);
  if (!m || !TOOL_NAME.test(m[1]!)) return false;
  return m[2] === undefined || m[2].split(' ').every((w) => DETAIL_PART.test(w));
}

/** A command detail (`npm test`) when it is made of valid tokens. */
export const validDetail = (d: string) => DETAIL.test(d) && d.split(' ').every((w) => DETAIL_PART.test(w));

/** A whole number a line may show. */
export const whole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 1e9;

/** The counts beside a rate, for claims counted in times: "38 of 45 times in 4 sessions". */
export const times = (h: number, o: number, s: number) => `${h} of ${plural(o, 'time')} in ${plural(s, 'session')}`;

const TEST_WORDS = new Set(['test', 'tests', 'pytest', 'jest', 'vitest', 'mocha', 'rspec', 'phpunit', 'ctest', 'nextest']);

/** A Bash step that runs tests (`Bash(npm test)`, `Bash(pytest)`): its instinct's domain is testing. */
export function isTestStep(step: string): boolean {
  const m = /^Bash\((.*)\)$/.exec(step);
  return m !== null && m[1]!.split(' ').some((w) => TEST_WORDS.has(w));
}

