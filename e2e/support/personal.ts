import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '@portal/db';
import { hydrated } from './browser.ts';

/** Logs in through 'ACESSO CIDADÃO' and the provider's login page; ends back on the page it started from. */
export async function login(page: Page, username: string, from?: string) {
  if (from) await page.goto(from);
  await hydrated(page);
  const back = page.url();
  await page.getByRole('link', { name: 'ACESSO CIDADÃO' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Acesso Cidadão' })).toBeVisible();
  await page.getByLabel('Usuário').fill(username);
  await page.getByLabel('Senha').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(back);
  await hydrated(page);
  await expect(page.getByTestId('account-name')).toBeVisible();
}

/** 'Sair' from the citizen's menu (a POST form). */
export async function logout(page: Page) {
  await page.getByRole('button', { name: /^Menu de / }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page.getByRole('link', { name: 'ACESSO CIDADÃO' })).toBeVisible();
}
