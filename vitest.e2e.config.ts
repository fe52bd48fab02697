import { defineConfig } from 'vitest/config';

// The end-to-end suite: the real Claude Code binary against a mock Messages API on loopback.
// Run by `npm run test:e2e` (which installs the binary into a cache folder first), never by `npm test`.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    setupFiles: ['test/e2e/setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // Each test starts Claude Code (a 370 MB binary) and hook processes: one file at a time.
    fileParallelism: false,
    maxWorkers: 1,
  },
});
