import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Tests start real hook and CLI processes; two cores are shared between files.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
