import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

// Issue 32: a newcomer reads the README and today's benchmark results, not lab notes. The
// reference, the notes and what was tried live in docs/.
describe('the front pages stay short', () => {
  it.each([['README.md'], ['BENCHMARKS.md']])('%s is at most 15 KB', (file) => {
    expect(statSync(join(ROOT, file)).size).toBeLessThanOrEqual(15_000);
  });
});
