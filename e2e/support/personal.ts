import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { DESKTOP } from './browser.ts';
import { DEMO_PASSWORD } from '@portal/db';

/**
 * Logs in through 'ACESSO CIDADÃO' and the provider's login page; ends back on the page it started from, or where
 * `lands` says (staff who log in from the home land in the back office).
 */
export async function login(page: Page, username: string, from?: string, lands?: string) {
  if (from) await page.goto(from);
  const back = lands ?? page.url();
  await page.getByRole('link', { name: 'ACESSO CIDADÃO' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Acesso Cidadão' })).toBeVisible();
  await page.getByLabel('Usuário').fill(username);
  await page.getByLabel('Senha').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(back);
  await expect(page.getByTestId('account-name')).toBeAttached();
}

/**
 * A person on a browser of their own (a new context: the `closeContexts` fixture closes it), logged in through the
 * provider's page at `origin`, landing on `path`. Acts at once: it does not wait for the page it lands on.
 */
export async function loginAs(browser: Browser, origin: string, username: string, path: string, options: { device?: BrowserContextOptions; javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ ...(options.device ?? DESKTOP), javaScriptEnabled: options.javaScriptEnabled ?? true });
  const page = await context.newPage();
  await page.goto(`${origin}/app/entrar?returnTo=${encodeURIComponent(path)}`);
  await page.getByLabel('Usuário').fill(username);
  await page.getByLabel('Senha').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  return page;
}

/** 'Sair' from the citizen's menu (a POST form). */
export async function logout(page: Page) {
  await page.getByRole('button', { name: /^Menu de / }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page.getByRole('link', { name: 'ACESSO CIDADÃO' })).toBeVisible();
}

/**
 * An access token as the state's app gets one (issue 14): the public client `portal-web`, PKCE, the login page
 * filled in over HTTP, the code exchanged without a secret. For the app's WebView pages.
 */
export async function appAccessToken(origin: string, username: string): Promise<string> {
  const { createHash, randomBytes } = await import('node:crypto');
  const cookies = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(url, origin), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  };
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL('/auth/realms/pi/protocol/openid-connect/auth', origin);
  for (const [name, value] of Object.entries({
    client_id: 'portal-web',
    redirect_uri: 'pidigital://.',
    response_type: 'code',
    scope: 'openid profile offline_access',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }))
    authorize.searchParams.set(name, value);
  let res = await send(authorize.href);
  while (res.status >= 300 && res.status < 400) res = await send(res.headers.get('location')!);
  const action = /<form[^>]*action="([^"]+)"/.exec(await res.text())![1]!.replace(/&amp;/g, '&');
  res = await send(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username, password: DEMO_PASSWORD }).toString() });
  while (!res.headers.get('location')!.startsWith('pidigital:')) res = await send(res.headers.get('location')!);
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
  const token = await send('/auth/realms/pi/protocol/openid-connect/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: 'pidigital://.', client_id: 'portal-web', code_verifier: verifier }).toString(),
  });
  return ((await token.json()) as { access_token: string }).access_token;
}
