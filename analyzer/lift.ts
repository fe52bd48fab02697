import type { KeyStats, PatternCount } from './counted.js';

// Whether a pattern says something the tools' own frequencies do not. A chain of common tools
// (Read->Read->Read) recurs because those tools are common, not because of a habit; a retry of a
// tool that is called twice in a row anyway (Read after Read) is no sign of a failure handled
// the same way each time.

/**
 * lift = n_ABC * N^2 / (n_A * n_B * n_C): how many times more often the chain occurs than if the
 * window's calls followed one another at random. N and n_X count the window's calls.
 */
export function chainLift(steps: readonly number[], n: number, stats: KeyStats, calls: number): number {
  return (n * calls * calls) / (stats.calls[steps[0]!]! * stats.calls[steps[1]!]! * stats.calls[steps[2]!]!);
}

/**
 * How many times more likely the same call is to follow a failure of it than a success of it:
 * (retries / failures followed by a call) / ((same after success + 1) / (successes followed by a
 * call + 1)). The +1s keep a command that never succeeded, or was never repeated after success,
 * from dividing by zero, and make a rare success count for little.
 */
export function retryLift(key: number, retries: number, stats: KeyStats): number {
  const afterFailure = retries / stats.failedThenAny[key]!;
  const afterSuccess = (stats.okThenSame[key]! + 1) / (stats.okThenAny[key]! + 1);
  return afterFailure / afterSuccess;
}

export function patternLift(p: PatternCount, stats: KeyStats, calls: number): number {
  return p.kind === 'chain' ? chainLift(p.steps, p.n, stats, calls) : retryLift(p.steps[0]!, p.n, stats);
}

/** A chain of one key repeated (Read->Read->Read, Bash(ls)->Bash(ls)->Bash(ls)) is never a rule. */
export function oneKeyRepeated(p: Pick<PatternCount, 'kind' | 'steps'>): boolean {
  return p.kind === 'chain' && p.steps[0] === p.steps[1] && p.steps[1] === p.steps[2];
}
