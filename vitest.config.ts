import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The end-to-end suite needs the real Claude Code binary: `npm run test:e2e`.
    exclude: [...configDefaults.exclude, 'test/e2e/**'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Tests start real hook and CLI processes; two cores are shared between files.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
