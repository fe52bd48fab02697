import { expect } from 'vitest';

/** One line on stderr, `homunculus: ...`, no stack: how the CLI reports an expected failure. */
export function oneLine(stderr: unknown): string {
  const s = String(stderr);
  expect(s.split('\n')).toHaveLength(1);
  expect(s).toMatch(/^homunculus: /);
  expect(s).not.toMatch(/unexpected error|\n\s+at /);
  return s;
}
