import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { formFields, TestBrowser } from '../../test-support/browser.ts';
import { SESSION_COOKIE } from './session.ts';
import { LOGIN_LIMITS, throttleKeys } from './login-throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ embeddedIdentity: true });
});
afterAll(() => t.close());

/** From /app/entrar to the login page's form action (the interaction), in this browser. */
async function openLoginPage(browser: TestBrowser) {
  const start = await browser.get('/app/entrar?returnTo=%2Fapp%2Fcatalog%2Flist');
  const toInteraction = await browser.get(start.headers.location as string);
  const page = await browser.get(toInteraction.headers.location as string);
  const { action } = formFields(page.body);
  expect(action).toMatch(/^\/auth\/interaction\/[\w-]+\/login$/);
  return action;
}

/** The login form posted from a given network address, with the browser's cookies (and keeping the ones it sets). */
async function postFrom(browser: TestBrowser, remoteAddress: string, action: string, form: Record<string, string>) {
  const cookie = [...browser.cookies.entries()]
    .filter(([, c]) => action.startsWith(c.path))
    .map(([key, c]) => `${key.split('\u0000')[0]}=${c.value}`)
    .join('; ');
  const res = await t.app.inject({
    method: 'POST',
    url: action,
    remoteAddress,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
  for (const line of [res.headers['set-cookie'] ?? []].flat()) {
    const [pair, ...attributes] = line.split(';').map((s) => s.trim());
    const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
    const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
    browser.cookies.set(`${name}\u0000${path}`, { value, path });
  }
  return res;
}

/** "aguarde 30 segundos" → 30; "aguarde 2 minutos" → 120. */
function waitSeconds(html: string): number {
  const m = /aguarde (\d+) (segundos?|minutos?|horas?) e tente novamente/.exec(html);
  if (!m) throw new Error(`no wait in the page: ${html.slice(0, 200)}`);
  const unit = m[2]!.startsWith('segundo') ? 1 : m[2]!.startsWith('minuto') ? 60 : 3600;
  return Number(m[1]) * unit;
}

/** As if the current wait had passed for this account and address (the counters' clock, not the test's). */
async function letWaitPass(username: string, address: string) {
  const key = `login-failures:${throttleKeys(t.app.limits, username, address).account}`;
  await t.app.db.execute(sql`update rate_limits set expire = ${Date.now()} where key = ${key}`);
}

describe('Acesso Cidadão: password guessing under concurrency', () => {
  it('lets at most the free failures through 30 simultaneous guesses, and the owner still logs in from elsewhere', async () => {
    const attacker = new TestBrowser(t.app);
    const action = await openLoginPage(attacker);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => postFrom(attacker, '10.66.6.6', action, { username: 'maria.silva', password: `chute-${i}` })),
    );
    const statuses = answers.map((r) => r.statusCode);
    // 401 = the password was actually checked; 429 = stopped before.
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.freeFailures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - LOGIN_LIMITS.freeFailures);
    const throttled = answers.find((r) => r.statusCode === 429)!;
    expect(throttled.body).toMatch(/Muitas tentativas sem sucesso\. Por segurança, aguarde \d+ (segundos|minutos?) e tente novamente\./);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);

    // Even the right password waits, from the attacker's address...
    const right = await postFrom(attacker, '10.66.6.6', action, { username: 'maria.silva', password: 'portal-demo' });
    expect(right.statusCode).toBe(429);

    // ...but Maria, from her own network, logs in at once.
    const owner = new TestBrowser(t.app);
    const ownerAction = await openLoginPage(owner);
    let res = await postFrom(owner, '10.0.0.2', ownerAction, { username: 'maria.silva', password: 'portal-demo' });
    expect(res.statusCode).toBe(303);
    for (let hops = 0; hops < 6 && !String(res.headers.location).includes('/app/auth/callback'); hops++) res = await owner.get(res.headers.location as string);
    const callback = await owner.get(res.headers.location as string);
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe('/app/catalog/list');
    expect(owner.cookie(SESSION_COOKIE)).toBeTruthy();
  });

  it('makes each wait longer than the one before, one guess per wait', async () => {
    const browser = new TestBrowser(t.app);
    const action = await openLoginPage(browser);
    const address = '10.77.7.7';
    const guess = (password: string) => postFrom(browser, address, action, { username: 'joao.souza', password });
    for (let i = 0; i < LOGIN_LIMITS.freeFailures; i++) expect((await guess(`errada-${i}`)).statusCode).toBe(401);

    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await guess('outra-errada');
      expect(refused.statusCode).toBe(429);
      waits.push(waitSeconds(refused.body));
      await letWaitPass('joao.souza', address);
      // After the wait: one guess is checked, and only one.
      expect((await guess(`depois-${round}`)).statusCode).toBe(401);
    }
    expect(waits[0]).toBeGreaterThanOrEqual(LOGIN_LIMITS.firstWaitSeconds - 1);
    expect(waits[1]!).toBeGreaterThan(waits[0]!);
    expect(waits[2]!).toBeGreaterThan(waits[1]!);
    const last = await guess('mais-uma');
    expect(last.statusCode).toBe(429);
    expect(waitSeconds(last.body)).toBeGreaterThan(waits[2]!);
  });

  it('limits unsuccessful attempts per address across accounts, and a success resets the account', async () => {
    const browser = new TestBrowser(t.app);
    const action = await openLoginPage(browser);
    const address = '10.88.8.8';
    // Joao, on this address, with one typo and then the right password: the typo is forgotten.
    expect((await postFrom(browser, address, action, { username: 'joao.souza', password: 'errada' })).statusCode).toBe(401);
    const owner = new TestBrowser(t.app);
    expect((await postFrom(owner, address, await openLoginPage(owner), { username: 'joao.souza', password: 'portal-demo' })).statusCode).toBe(303);

    // One address trying a different account each time: the address allowance runs out.
    const answers = await Promise.all(
      Array.from({ length: LOGIN_LIMITS.perAddress.points + 1 }, (_, i) => postFrom(browser, address, action, { username: `conta-${i}`, password: 'x' })),
    );
    const statuses = answers.map((r) => r.statusCode);
    // The typo counted once; the success gave its point back.
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.perAddress.points - 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    // Another address is not affected.
    const elsewhere = new TestBrowser(t.app);
    expect((await postFrom(elsewhere, '10.99.9.9', await openLoginPage(elsewhere), { username: 'conta-0', password: 'x' })).statusCode).toBe(401);
  });

  it('keeps no username or address in the counters', async () => {
    const stored = JSON.stringify(((await t.app.db.execute(sql`select * from rate_limits`)) as unknown as { rows: unknown[] }).rows);
    expect(stored).toContain('login-failures:');
    expect(stored).not.toMatch(/maria|joao|conta-|10\.66\.6\.6|10\.0\.0\.2|10\.88/i);
  });
});
