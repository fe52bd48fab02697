import type { AnalyzerKind } from './keys.js';
import { KINDS } from '../analyzer/kinds.js';

// The words generated for observed patterns: trigger, action, explanation, domain, title. Built
// from the analyzer's keys, which hold only validated tokens (tool names, command words).

const TEST_WORDS = new Set(['test', 'tests', 'pytest', 'jest', 'vitest', 'mocha', 'rspec', 'phpunit', 'ctest', 'nextest']);

function isTestStep(step: string): boolean {
  const m = /^Bash\((.*)\)$/.exec(step);
  return m !== null && m[1]!.split(' ').some((w) => TEST_WORDS.has(w));
}

/** The key's tokens: a chain's three steps, a retry's step, a fix's failed command and step, a command's purpose and detail, a correction's step. */
export function stepsOf(kind: AnalyzerKind, key: string): string[] {
  return KINDS[kind].tokens(key) ?? [key];
}

export function observedDomain(kind: AnalyzerKind, key: string): string {
  if (kind === 'error-retry' || kind === 'fix') return 'error-handling';
  if (kind === 'command') return stepsOf(kind, key)[0] === 'test' ? 'testing' : 'workflow';
  return stepsOf(kind, key).some(isTestStep) ? 'testing' : 'workflow';
}

export function observedTrigger(kind: AnalyzerKind, key: string): string {
  const s = stepsOf(kind, key);
  switch (kind) {
    case 'chain':
      return `after ${s.slice(0, -1).join(', then ')}`;
    case 'error-retry':
    case 'fix':
      return `${s[0]} fails`;
    case 'command':
      return s[0] === 'other' ? `running ${s[1]}` : `running the ${s[0]}`;
    case 'correction':
      return `about to run ${s[0]}`;
  }
}

export function observedAction(kind: AnalyzerKind, key: string): string {
  const s = stepsOf(kind, key);
  switch (kind) {
    case 'chain':
      return `${s[s.length - 1]} next`;
    case 'error-retry':
      return `check what ${s[0]} needs before running it again`;
    case 'fix':
      return `run ${s[1]} before running it again`;
    case 'command':
      return `use ${s[1]}`;
    case 'correction':
      return 'ask the user first: they stopped it before';
  }
}

export function observedExplain(kind: AnalyzerKind, key: string, observations: number, sessions: number, sessionsInWindow: number): string {
  const where = `in ${sessions} of ${sessionsInWindow} sessions`;
  switch (kind) {
    case 'chain':
      return `Frequent tool chain: ${key} (seen ${observations}x ${where})`;
    case 'error-retry':
      return `${stepsOf(kind, key)[0]} error-retry pairs detected (${observations}x ${where}). Consider pre-validation.`;
    default:
      return `${KINDS[kind].claim(stepsOf(kind, key))} (${observations}x ${where})`;
  }
}

export function observedTitle(kind: AnalyzerKind, key: string): string {
  return kind === 'chain' ? `${key} chain` : key;
}
