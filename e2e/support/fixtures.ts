import { test as base, type Page } from '@playwright/test';
import { login } from './personal.ts';
import { startPortal, startPortalWithLogin, type Portal } from './portal.ts';

export { expect } from '@playwright/test';

type PortalKind = 'anonymous' | 'login';

interface WorkerFixtures {
  /** Starts the portal a test file asks for, on a fresh database; one at a time per worker. */
  portals: (file: string, kind: PortalKind) => Promise<Portal>;
}

interface TestFixtures {
  /** The portal of this test file (http://127.0.0.1:{port}). */
  portal: Portal;
  /** The portal of this test file with the 'Acesso Cidadão' login (http://localhost:{port}). */
  loginPortal: Portal;
  /** Who `loggedIn` logs in as: `test.use({ citizen: 'maria.silva' })`. */
  citizen: string;
  /** Where `loggedIn` lands after logging in from the home: the home, or for staff the back office ('/app/gestao'). */
  lands: string | undefined;
  /** A page of its own (a new context, as `page`), logged in as `citizen` and left where `lands` says. */
  loggedIn: Page;
  /** Closes, when the test ends, every browser context it opened (`browser.newContext()`), so none keeps running. */
  closeContexts: void;
}

/**
 * The tests' fixtures. Each test gets a new browser context (`page`), so tests do not share cookies or
 * storage. Each test file gets its own portal over a fresh copy of the demo database, kept for the file's
 * tests: files change data (ratings, favourites, notifications, web vitals) that other files count, and
 * starting a portal per test would cost seconds each.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  portals: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern
    async ({}, use) => {
      let current: { key: string; portal: Portal } | undefined;
      await use(async (file, kind) => {
        const key = `${kind} ${file}`;
        if (current?.key !== key) {
          // A worker runs one file at a time: the previous file's portal is done.
          await current?.portal.close();
          current = undefined;
          current = { key, portal: await (kind === 'login' ? startPortalWithLogin() : startPortal()) };
        }
        return current.portal;
      });
      await current?.portal.close();
    },
    { scope: 'worker' },
  ],
  portal: [async ({ portals }, use, testInfo) => use(await portals(testInfo.file, 'anonymous')), { timeout: 60_000 }],
  loginPortal: [async ({ portals }, use, testInfo) => use(await portals(testInfo.file, 'login')), { timeout: 60_000 }],
  citizen: ['maria.silva', { option: true }],
  lands: [undefined, { option: true }],
  closeContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      // A context left open keeps its pages' scripts and timers running for the rest of the worker's files.
      await Promise.all(browser.contexts().filter((context) => !before.has(context)).map((context) => context.close()));
    },
    { auto: true },
  ],
  loggedIn: async ({ page, loginPortal, citizen, lands }, use) => {
    await login(page, citizen, loginPortal.url(), lands && `${loginPortal.origin}${lands}`);
    await use(page);
  },
});
