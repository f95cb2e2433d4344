import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, DESKTOP } from './e2e/support/browser.ts';

/** Browser tests (e2e/): the real portal driven by Debian's Chromium. See e2e/README.md. */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.test.ts',
  globalSetup: './e2e/support/global-setup.ts',
  outputDir: 'test-results/e2e',
  reporter: 'list',
  // Two cores: one portal and one browser per worker.
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    ...DESKTOP,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
  },
});
