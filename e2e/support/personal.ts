import type { Page } from 'playwright-core';
import { createTestApp } from '../../apps/server/src/test-support/app.ts';
// @ts-expect-error: a plain ES module without type declarations
import { ensureBuild } from '../../apps/web/scripts/ensure-build.mjs';
import { hydrated } from './browser.ts';
import { BASE_PATH, freePort, type Portal } from './portal.ts';

export const DEMO_PASSWORD = 'portal-demo';

/**
 * The real server with the embedded identity provider (the real 'Acesso Cidadão' login page), on a port
 * chosen first so that the provider's issuer and redirect addresses are the ones the browser uses.
 */
export async function startPortalWithLogin(): Promise<Portal> {
  (ensureBuild as (options?: { log?: (m: string) => void }) => boolean)({ log: (m: string) => console.log(m) });
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const test = await createTestApp({ embeddedIdentity: true, env: { PUBLIC_URL: origin, PORT: String(port) } });
  await test.app.listen({ port, host: '127.0.0.1' });
  return { test, origin, url: (path = '') => `${origin}${BASE_PATH}${path}`, close: () => test.close() };
}

/** Logs in through 'ACESSO CIDADÃO' and the provider's login page; ends back on the page it started from. */
export async function login(page: Page, username: string, from?: string) {
  if (from) await page.goto(from);
  await hydrated(page);
  const back = page.url();
  await page.getByRole('link', { name: 'ACESSO CIDADÃO' }).click();
  await page.getByRole('heading', { level: 1, name: 'Acesso Cidadão' }).waitFor();
  await page.getByLabel('Usuário').fill(username);
  await page.getByLabel('Senha').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(back);
  await hydrated(page);
  await page.getByTestId('account-name').waitFor();
}

/** 'Sair' from the citizen's menu (a POST form). */
export async function logout(page: Page) {
  await page.getByRole('button', { name: /^Menu de / }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await page.getByRole('link', { name: 'ACESSO CIDADÃO' }).waitFor();
}
