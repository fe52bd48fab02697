import type { AnalyzerKind } from './keys.js';

// The words generated for observed patterns: trigger, action, explanation, domain, title. Built
// from the analyzer's keys, which hold only validated tokens (tool names, command words).

const TEST_WORDS = new Set(['test', 'tests', 'pytest', 'jest', 'vitest', 'mocha', 'rspec', 'phpunit', 'ctest', 'nextest']);

function isTestStep(step: string): boolean {
  const m = /^Bash\((.*)\)$/.exec(step);
  return m !== null && m[1]!.split(' ').some((w) => TEST_WORDS.has(w));
}

export function stepsOf(kind: AnalyzerKind, key: string): string[] {
  return kind === 'chain' ? key.split('->') : [key.replace(/ error-retry$/, '')];
}

export function observedDomain(kind: AnalyzerKind, key: string): string {
  if (kind === 'error-retry') return 'error-handling';
  return stepsOf(kind, key).some(isTestStep) ? 'testing' : 'workflow';
}

export function observedTrigger(kind: AnalyzerKind, key: string): string {
  const s = stepsOf(kind, key);
  return kind === 'chain' ? `after ${s.slice(0, -1).join(', then ')}` : `${s[0]} fails`;
}

export function observedAction(kind: AnalyzerKind, key: string): string {
  const s = stepsOf(kind, key);
  return kind === 'chain' ? `${s[s.length - 1]} next` : `check what ${s[0]} needs before running it again`;
}

export function observedExplain(kind: AnalyzerKind, key: string, observations: number, sessions: number, sessionsInWindow: number): string {
  return kind === 'chain'
    ? `Frequent tool chain: ${key} (seen ${observations}x in ${sessions} of ${sessionsInWindow} sessions)`
    : `${stepsOf(kind, key)[0]} error-retry pairs detected (${observations}x in ${sessions} of ${sessionsInWindow} sessions). Consider pre-validation.`;
}

export function observedTitle(kind: AnalyzerKind, key: string): string {
  return kind === 'chain' ? `${key} chain` : key;
}
