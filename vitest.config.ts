import { defineConfig } from 'vitest/config';

// Unit and server tests. Browser tests (e2e/) are Playwright's: playwright.config.ts.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'bench/**/*.test.ts', 'apps/web/app/**/*.test.ts'],
    globalSetup: ['apps/server/src/test-support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
