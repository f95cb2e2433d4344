import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { formFields, TestBrowser } from '../../test-support/browser.ts';
import { SESSION_COOKIE } from './session.ts';
import { attemptKeys, DEVICE_COOKIE, LOGIN_LIMITS } from './login-throttle.ts';

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

/** As if a minute had passed for these counters (the counters' clock, not the test's). */
async function letMinutePass(...limiters: string[]) {
  for (const name of limiters) await t.app.db.execute(sql`update rate_limits set expire = ${Date.now()} where key like ${`${name}:%`}`);
}

/** Logs in with the right password and follows the login to the portal: the browser gets its session (and its device cookie). */
async function logIn(browser: TestBrowser, address: string, username: string) {
  let res = await postFrom(browser, address, await openLoginPage(browser), { username, password: 'portal-demo' });
  expect(res.statusCode).toBe(303);
  for (let hops = 0; hops < 6 && !String(res.headers.location).includes('/app/auth/callback'); hops++) res = await browser.get(res.headers.location as string);
  const callback = await browser.get(res.headers.location as string);
  expect(callback.statusCode).toBe(303);
  expect(browser.cookie(SESSION_COOKIE)).toBeTruthy();
}

/** A browser that logged in to the account before and has since logged out: it keeps only its device cookie. */
async function knownBrowser(address: string, username: string) {
  const before = new TestBrowser(t.app);
  await logIn(before, address, username);
  const device = before.cookie(DEVICE_COOKIE);
  expect(device).toMatch(/^[\w-]+\.[\w-]{32}$/);
  const browser = new TestBrowser(t.app);
  browser.cookies.set(`${DEVICE_COOKIE}\u0000/`, { value: device!, path: '/' });
  return browser;
}

/** Every wait the throttle asked for in these answers, in seconds. */
const waits = (answers: { statusCode: number; headers: Record<string, unknown> }[]) =>
  answers.filter((r) => r.statusCode === 429).map((r) => Number(r.headers['retry-after']));

describe('Acesso Cidadão: password guessing, bounded per account, and no one locked out by others', () => {
  it('lets at most the free failures through 30 simultaneous guesses on one account, with a wait of a minute at most', async () => {
    const attacker = new TestBrowser(t.app);
    const action = await openLoginPage(attacker);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => postFrom(attacker, '10.66.6.6', action, { username: 'maria.silva', password: `chute-${i}` })),
    );
    const statuses = answers.map((r) => r.statusCode);
    // 401 = the password was actually checked; 429 = stopped before. The free failures, and the minute's one.
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.account.points + 1);
    const throttled = answers.find((r) => r.statusCode === 429)!;
    expect(throttled.body).toMatch(/Muitas tentativas sem sucesso\. Por segurança, aguarde \d+ (segundos|minutos?) e tente novamente\./);
    expect(Math.max(...waits(answers))).toBeLessThanOrEqual(60);
    expect(waitSeconds(throttled.body)).toBeLessThanOrEqual(60);
  });

  it('bounds guessing on one account from many addresses at once: one guess a minute after the free ones', async () => {
    const attacker = new TestBrowser(t.app);
    const action = await openLoginPage(attacker);
    const guessFrom = (round: number, i: number) => postFrom(attacker, `10.70.${round}.${i}`, action, { username: 'joao.souza', password: `chute-${round}-${i}` });
    const first = await Promise.all(Array.from({ length: 40 }, (_, i) => guessFrom(0, i)));
    expect(first.filter((r) => r.statusCode === 401)).toHaveLength(LOGIN_LIMITS.account.points + 1);
    for (let round = 1; round <= 3; round++) {
      await letMinutePass('login-account-pace');
      const next = await Promise.all(Array.from({ length: 40 }, (_, i) => guessFrom(round, i)));
      expect(next.filter((r) => r.statusCode === 401)).toHaveLength(1);
      expect(Math.max(...waits(next))).toBeLessThanOrEqual(60);
    }
  });

  it('a browser that logged in before is never kept out by guessing elsewhere, nor by its own network\'s', async () => {
    const owner = await knownBrowser('10.40.0.1', 'ana.detran');

    // Someone guesses Ana's password from everywhere, and sprays every account from her own network.
    const attacker = new TestBrowser(t.app);
    const action = await openLoginPage(attacker);
    await Promise.all(Array.from({ length: 30 }, (_, i) => postFrom(attacker, `10.71.0.${i}`, action, { username: 'ana.detran', password: `chute-${i}` })));
    const spray = await Promise.all(Array.from({ length: 30 }, (_, i) => postFrom(attacker, '10.40.0.1', action, { username: `conta-${i}`, password: 'x' })));
    expect(spray.filter((r) => r.statusCode === 429).length).toBeGreaterThan(0);
    expect((await postFrom(attacker, '10.40.0.1', action, { username: 'ana.detran', password: 'portal-demo' })).statusCode).toBe(429);

    // Ana, on her browser, on that very network, types a wrong password once and then the right one: she is in.
    expect((await postFrom(owner, '10.40.0.1', await openLoginPage(owner), { username: 'ana.detran', password: 'errada' })).statusCode).toBe(401);
    await logIn(owner, '10.40.0.1', 'ana.detran');
  });

  it("a device cookie vouches for its own account only, and a forged one for none", async () => {
    const cookie = (await knownBrowser('10.41.0.1', 'carla.seduc')).cookie(DEVICE_COOKIE)!;
    expect(attemptKeys(t.app.limits, 'carla.seduc', '10.41.0.1', cookie).device).not.toBeNull();
    expect(attemptKeys(t.app.limits, 'CARLA.SEDUC ', '10.9.9.9', cookie).device).not.toBeNull();
    expect(attemptKeys(t.app.limits, 'davi.central', '10.41.0.1', cookie).device).toBeNull();
    expect(attemptKeys(t.app.limits, 'carla.seduc', '10.41.0.1', `${cookie.split('.')[0]}.${'A'.repeat(32)}`).device).toBeNull();
    expect(attemptKeys(t.app.limits, 'carla.seduc', '10.41.0.1', 'lixo').device).toBeNull();
  });

  it('a new browser waits a minute at most, then logs in, even while its account is being guessed', async () => {
    const attacker = new TestBrowser(t.app);
    const action = await openLoginPage(attacker);
    await Promise.all(Array.from({ length: 20 }, (_, i) => postFrom(attacker, `10.72.0.${i}`, action, { username: 'bruno.detran', password: `chute-${i}` })));
    const owner = new TestBrowser(t.app);
    const refused = await postFrom(owner, '10.0.0.9', await openLoginPage(owner), { username: 'bruno.detran', password: 'portal-demo' });
    expect(refused.statusCode).toBe(429);
    expect(waitSeconds(refused.body)).toBeLessThanOrEqual(60);
    await letMinutePass('login-account-pace');
    await logIn(owner, '10.0.0.9', 'bruno.detran');
  });

  it('limits one address spraying many accounts to a minute\'s pace; another address, and the next minute, are not affected', async () => {
    const browser = new TestBrowser(t.app);
    const action = await openLoginPage(browser);
    const address = '10.88.8.8';
    const answers = await Promise.all(
      Array.from({ length: LOGIN_LIMITS.address.points + 5 }, (_, i) => postFrom(browser, address, action, { username: `conta-${i}`, password: 'x' })),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.address.points);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(Math.max(...waits(answers))).toBeLessThanOrEqual(60);
    const elsewhere = new TestBrowser(t.app);
    expect((await postFrom(elsewhere, '10.99.9.9', await openLoginPage(elsewhere), { username: 'conta-0', password: 'x' })).statusCode).toBe(401);
    await letMinutePass('login-address');
    expect((await postFrom(browser, address, action, { username: 'conta-99', password: 'x' })).statusCode).toBe(401);
  });

  it('keeps no username or address in the counters', async () => {
    const stored = JSON.stringify(((await t.app.db.execute(sql`select * from rate_limits`)) as unknown as { rows: unknown[] }).rows);
    expect(stored).toContain('login-account:');
    expect(stored).not.toMatch(/maria|joao|ana\.|conta-|10\.66\.6\.6|10\.0\.0\.|10\.88|10\.40/i);
  });
});
