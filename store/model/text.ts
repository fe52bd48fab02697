import type { AnalyzerKind } from './keys.js';
import { KINDS } from '../../analyzer/kinds.js';
import { isTestStep } from '../../analyzer/key-tokens.js';
import { learnerModule } from '../../analyzer/learners/index.js';

// The words generated for observed patterns: trigger, action, explanation, domain, title. Built
// from the analyzer's keys, which hold only validated tokens (tool names, command words). A
// learner's words come from its own file (analyzer/learners/).

/** The key's tokens: a chain's three steps, a retry's step, a fix's failed command and step, a command's purpose and detail, a correction's step. */
export function stepsOf(kind: AnalyzerKind, key: string): string[] {
  return KINDS[kind].tokens(key) ?? [key];
}

export function observedDomain(kind: AnalyzerKind, key: string): string {
  if (kind === 'error-retry') return 'error-handling';
  const m = learnerModule(kind);
  if (m !== undefined) return m.text.domain(stepsOf(kind, key));
  return stepsOf(kind, key).some(isTestStep) ? 'testing' : 'workflow';
}

export function observedTrigger(kind: AnalyzerKind, key: string): string {
  const s = stepsOf(kind, key);
  if (kind === 'chain') return `after ${s.slice(0, -1).join(', then ')}`;
  if (kind === 'error-retry') return `${s[0]} fails`;
  return learnerModule(kind)!.text.trigger(s);
}

export function observedAction(kind: AnalyzerKind, key: string): string {
  const s = stepsOf(kind, key);
  if (kind === 'chain') return `${s[s.length - 1]} next`;
  if (kind === 'error-retry') return `check what ${s[0]} needs before running it again`;
  return learnerModule(kind)!.text.action(s);
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
