import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { decodeJwt, importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { formFields, TestBrowser } from '../../test-support/browser.ts';
import { AppUserInfo } from '../../test-support/gov-pi-cidadao.ts';
import { safeReturnPath } from '@portal/contracts';
import { getWebSession, LOGIN_COOKIE, SESSION_COOKIE } from './session.ts';

const ORIGIN = 'http://localhost:3000';
const ISSUER = `${ORIGIN}/auth/realms/pi`;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ embeddedIdentity: true });
});
afterAll(() => t.close());

const asRequest = (browser: TestBrowser) => ({ headers: {}, cookies: { [SESSION_COOKIE]: browser.cookie(SESSION_COOKIE) } }) as unknown as FastifyRequest;

/** From /app/entrar to the login page: returns the page's response and its form action. */
async function openLoginPage(browser: TestBrowser, returnTo = '/app/catalog/list') {
  const start = await browser.get(`/app/entrar?returnTo=${encodeURIComponent(returnTo)}`);
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.origin + authorize.pathname).toBe(`${ISSUER}/protocol/openid-connect/auth`);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('code_challenge')).toBeTruthy();
  expect(browser.cookie(LOGIN_COOKIE)).toBe(authorize.searchParams.get('state'));

  const toInteraction = await browser.get(start.headers.location as string);
  expect(toInteraction.statusCode).toBe(303);
  const page = await browser.get(toInteraction.headers.location as string);
  return { page, action: formFields(page.body).action };
}

/** Posts the credentials and follows the redirects back to the portal. */
async function logIn(browser: TestBrowser, username: string, password = 'portal-demo', returnTo = '/app/catalog/list') {
  const { action } = await openLoginPage(browser, returnTo);
  let res = await browser.post(action, { username, password });
  expect(res.statusCode).toBe(303);
  for (let hops = 0; hops < 6 && !String(res.headers.location).includes('/app/auth/callback'); hops++) {
    res = await browser.get(res.headers.location as string);
    expect([302, 303]).toContain(res.statusCode);
  }
  const callback = await browser.get(res.headers.location as string);
  return callback;
}

describe('Acesso Cidadão: the embedded provider and the web login (browserless)', () => {
  it('publishes its discovery document and keys at Keycloak\'s paths, and still at the old /auth ones', async () => {
    const discovery = await t.app.inject({ url: '/auth/realms/pi/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(200);
    const doc = discovery.json();
    expect(doc).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/protocol/openid-connect/auth`,
      token_endpoint: `${ISSUER}/protocol/openid-connect/token`,
      userinfo_endpoint: `${ISSUER}/protocol/openid-connect/userinfo`,
      end_session_endpoint: `${ISSUER}/protocol/openid-connect/logout`,
      jwks_uri: `${ISSUER}/protocol/openid-connect/certs`,
      revocation_endpoint: `${ISSUER}/protocol/openid-connect/revoke`,
    });
    expect(doc.code_challenge_methods_supported).toContain('S256');
    const jwks = (await t.app.inject({ url: '/auth/realms/pi/protocol/openid-connect/certs' })).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
    // The paths before the move answer the same documents.
    expect((await t.app.inject({ url: '/auth/.well-known/openid-configuration' })).json()).toEqual(doc);
    expect((await t.app.inject({ url: '/auth/jwks' })).json()).toEqual(jwks);
    const old = await t.app.inject({ url: '/auth/auth?client_id=portal-servicos-bff' });
    expect(old.statusCode).not.toBe(404);
    expect((await t.app.inject({ url: '/auth/nada' })).statusCode).toBe(404);
  });

  it('renders an accessible Portuguese login page', async () => {
    const { page, action } = await openLoginPage(new TestBrowser(t.app));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(page.body).toContain('<html lang="pt-BR">');
    expect(page.body).toContain('<h1>Acesso Cidadão</h1>');
    expect(page.body).toContain('<label for="username">Usuário</label>');
    expect(page.body).toContain('<label for="password">Senha</label>');
    expect(page.body).toContain('autocomplete="current-password"');
    expect(page.body).not.toMatch(/https?:\/\/(?!localhost)[^"]*\.(css|js|woff2?)/);
    expect(action).toMatch(/^\/auth\/interaction\/[\w-]+\/login$/);
    // It looks like the portal (issue 24): its strip, its brand leading home with its mark, its typeface; the policy
    // lets it load fonts from the portal itself and nothing else.
    expect(page.body).toContain('<nav class="sites" aria-label="Sites do governo">');
    expect(page.body).toMatch(/<header class="topo"><div class="faixa"><a class="marca" href="\/app\/catalog"><svg aria-hidden="true" focusable="false"[^>]*>.*<strong>Portal de Serviços<\/strong>/);
    expect(page.body).toContain('font-family:"Montserrat Variable"');
    expect(page.headers['content-security-policy']).toMatch(/(^|;)font-src 'self'(;|$)/);
    expect(String(page.headers['content-security-policy']).match(/https?:|\*/g)).toBeNull();
  });

  it('shows an error summary that takes focus for missing fields and wrong passwords', async () => {
    const browser = new TestBrowser(t.app);
    const { action } = await openLoginPage(browser);
    const empty = await browser.post(action, { username: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('id="resumo-erros"');
    expect(empty.body).toContain('tabindex="-1"');
    expect(empty.body).toContain('<a href="#username">Informe seu usuário.</a>');
    expect(empty.body).toContain('<a href="#password">Informe sua senha.</a>');
    expect(empty.body).toContain('aria-invalid="true"');
    expect(empty.body).toMatch(/<title>Erro: Acesso Cidadão/);

    // Too long is not empty: each field says what is wrong with it (issue 13).
    const long = await browser.post(action, { username: 'm'.repeat(3000), password: 's'.repeat(600) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('<a href="#username">O usuário tem no máximo 200 caracteres.');
    expect(long.body).toContain('<a href="#password">A senha tem no máximo 500 caracteres.');
    expect(long.body).not.toContain('Informe seu usuário');
    expect(long.body).not.toContain('Informe sua senha');
    const longPassword = await browser.post(action, { username: 'maria.silva', password: 'x'.repeat(512) });
    expect(longPassword.statusCode).toBe(400);
    expect(longPassword.body).toContain('A senha tem no máximo 500 caracteres.');
    expect(longPassword.body).not.toContain('Informe seu usuário');
    expect(longPassword.body).toContain('value="maria.silva"');

    const wrong = await browser.post(action, { username: 'maria.silva', password: 'senha-errada' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Usuário ou senha incorretos');
    expect(wrong.body).toContain('value="maria.silva"');
    const unknown = await browser.post(action, { username: 'ninguem', password: 'portal-demo' });
    expect(unknown.statusCode).toBe(401);
  });

  it('logs maria.silva in, keeps tokens server-side, calls the API through the session, refreshes and logs out', async () => {
    const browser = new TestBrowser(t.app);
    const callback = await logIn(browser, 'maria.silva');
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe('/app/catalog/list');
    const setCookie = [callback.headers['set-cookie']].flat().join('\n');
    // __Host-: Secure, Path=/ and no Domain, so no other *.pi.gov.br host can plant or read it (Secure works on localhost too).
    expect(setCookie).toMatch(/__Host-portal_sessao=[\w-]{40,}; Path=\/; HttpOnly; Secure; SameSite=Lax/);
    expect(setCookie).not.toMatch(/portal_sessao=[^\n]*Domain/i);
    expect(browser.cookie(LOGIN_COOKIE)).toBeUndefined();

    // The browser holds only an opaque id; the database only its hash.
    const stored = (await t.app.db.execute(sql`select id_hash, access_token from web_sessions`)) as unknown as { rows: { id_hash: string }[] };
    expect(stored.rows.some((r) => r.id_hash === browser.cookie(SESSION_COOKIE))).toBe(false);

    const session = await getWebSession(t.app, asRequest(browser));
    expect(session?.user).toMatchObject({ username: 'maria.silva', shortName: 'Maria Silva', accessLevel: 'prata' });
    const access = decodeJwt(session!.accessToken);
    expect(access).toMatchObject({ iss: ISSUER, aud: 'urn:portal-piaui:api', preferred_username: 'maria.silva', roles: ['prata', 'bronze'] });
    // The ID token says who logged in, nothing personal (it has travelled in URLs; LGPD).
    expect(session!.claims).toMatchObject({ sub: '5b0f8a2e-3c1d-4e6f-9a7b-2d4c6e8f0a11', preferred_username: 'maria.silva', name: 'Maria da Conceição Silva' });
    for (const personal of ['nomeMae', 'dataNascimento', 'email', 'numeroRegistro', 'registro', 'veiculos', 'categoriaCNH', 'catalog_favorite']) {
      expect(session!.claims).not.toHaveProperty(personal);
    }

    // Personal data comes from the API, in the app's shape.
    const me = await t.app.inject({ url: '/v1/me', headers: { authorization: `Bearer ${session!.accessToken}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ nomeCompleto: 'Maria da Conceição Silva', categoriaCNH: 'B', cnhVencida: false });
    expect(AppUserInfo.safeParse(me.json()).success).toBe(true);
    expect(me.json()).toMatchObject({ preferred_username: 'maria.silva', shortName: 'Maria Silva', notaPiauienseBalance: 137.45, unreadNotifications: 2 });
    const inbox = await t.app.inject({
      url: '/api/govpicidadao-middleware/notificacoes/mensagem/buscar?pageIndex=0&pageSize=999',
      headers: { authorization: `Bearer ${session!.accessToken}` },
    });
    expect(inbox.statusCode).toBe(200);
    expect(inbox.json().mensagens).toHaveLength(5);

    // Less than a minute left: the helper refreshes server-side.
    await t.app.db.execute(sql`update web_sessions set access_expires_at = now() + interval '10 seconds'`);
    const refreshed = await getWebSession(t.app, asRequest(browser));
    expect(refreshed?.accessToken).toBeTruthy();
    expect(refreshed!.accessToken).not.toBe(session!.accessToken);
    expect(refreshed!.accessTokenExpiresAt.getTime()).toBeGreaterThan(Date.now() + 60_000);

    // Sair: ends the session here and at the provider, server to server: no token in any URL, no script needed.
    const logout = await browser.post('/app/sair');
    expect(logout.statusCode).toBe(303);
    expect(logout.headers.location).toBe('/app/catalog');
    expect(logout.headers['clear-site-data']).toBe('"cache"');
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(await getWebSession(t.app, { headers: {}, cookies: { [SESSION_COOKIE]: 'x'.repeat(43) } } as unknown as FastifyRequest)).toBeNull();

    // The provider forgot the login: a new login asks for the password again.
    const again = await openLoginPage(browser);
    expect(again.page.body).toContain('<h1>Acesso Cidadão</h1>');
    // And the old session's refresh token no longer works.
    await t.app.db.execute(sql`update web_sessions set access_expires_at = now()`);
    expect(await getWebSession(t.app, asRequest(browser))).toBeNull();
  });

  it('logs joao.souza in with his own claims (ouro, expired CNH with a block)', async () => {
    const browser = new TestBrowser(t.app);
    const callback = await logIn(browser, 'joao.souza', 'portal-demo', '/app/app-minha-cnh');
    expect(callback.headers.location).toBe('/app/app-minha-cnh');
    const session = await getWebSession(t.app, asRequest(browser));
    expect(session?.user).toMatchObject({ username: 'joao.souza', shortName: 'João Souza', accessLevel: 'ouro' });
    const me = await t.app.inject({ url: '/v1/me', headers: { authorization: `Bearer ${session!.accessToken}` } });
    expect(me.json()).toMatchObject({ cnhVencida: true, bloqueioBca: true, catalog_favorite: '["contracheque-do-servidor"]' });
  });

  it('refuses a callback without the browser that started the login, and unsafe return addresses', async () => {
    const browser = new TestBrowser(t.app);
    const { action } = await openLoginPage(browser);
    let res = await browser.post(action, { username: 'maria.silva', password: 'portal-demo' });
    while (!String(res.headers.location).includes('/app/auth/callback')) res = await browser.get(res.headers.location as string);
    // Another browser (no portal_login cookie) cannot complete this login.
    const stranger = new TestBrowser(t.app);
    const refused = await stranger.get(res.headers.location as string);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Não foi possível entrar');
    expect(stranger.cookie(SESSION_COOKIE)).toBeUndefined();

    const evil = await new TestBrowser(t.app).get('/app/entrar?returnTo=https://evil.example/x');
    expect(evil.statusCode).toBe(302);
    const state = new URL(evil.headers.location as string).searchParams.get('state')!;
    const row = (await t.app.db.execute(sql`select return_to from web_login_states where state = ${state}`)) as unknown as { rows: { return_to: string }[] };
    expect(row.rows[0]?.return_to).toBe('/app/catalog');
  });

  it('keeps returnTo to paths of this site', () => {
    expect(safeReturnPath('/app/catalog/list?x=1#y', '/h')).toBe('/app/catalog/list?x=1#y');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'app', '/\nx', undefined]) {
      expect(safeReturnPath(bad, '/h')).toBe('/h');
    }
  });

  it('never sends the citizen to another site after the password, whatever returnTo says', async () => {
    for (const payload of ['/app/..//evil.example/x', '/%2F%2Fevil.example', '/app/catalog/..%2F..%2F%2Fevil.example', '/\\evil.example']) {
      const browser = new TestBrowser(t.app);
      const callback = await logIn(browser, 'joao.souza', 'portal-demo', payload);
      expect(callback.statusCode).toBe(303);
      expect(callback.headers.location).toBe('/app/catalog');
    }
  });

  it('lands staff who log in from the home in the back office, and brings everyone from any other page back to it', async () => {
    expect((await logIn(new TestBrowser(t.app), 'ana.detran', 'portal-demo', '/app/catalog')).headers.location).toBe('/app/gestao');
    expect((await logIn(new TestBrowser(t.app), 'ana.detran', 'portal-demo', '/app/catalog/')).headers.location).toBe('/app/gestao');
    // A member of staff who was reading a service page goes back to it; a citizen from the home, to the home.
    expect((await logIn(new TestBrowser(t.app), 'ana.detran', 'portal-demo', '/app/catalog/list')).headers.location).toBe('/app/catalog/list');
    expect((await logIn(new TestBrowser(t.app), 'maria.silva', 'portal-demo', '/app/catalog')).headers.location).toBe('/app/catalog');
  });

  it('accepts only its own, unexpired tokens for its audience on /v1 and /api', async () => {
    const secret = (await t.app.db.execute(sql`select value from identity_secrets where name = 'oidc-signing-keys'`)) as unknown as { rows: { value: JWK[] }[] };
    const jwk = secret.rows[0]!.value[0]!;
    const key = await importJWK(jwk, 'RS256');
    const sign = (claims: Record<string, unknown>, exp: number | string = '5m') =>
      new SignJWT({ preferred_username: 'maria.silva', ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid! })
        .setIssuer(ISSUER)
        .setSubject('5b0f8a2e-3c1d-4e6f-9a7b-2d4c6e8f0a11')
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(key);
    const me = async (token: string) => (await t.app.inject({ url: '/v1/me', headers: { authorization: `Bearer ${token}` } })).statusCode;
    expect(await me(await sign({ aud: 'urn:portal-piaui:api' }))).toBe(200);
    expect(await me(await sign({ aud: 'urn:outro:servico' }))).toBe(401);
    expect(await me(await sign({}))).toBe(401);
    expect(await me(await sign({ aud: 'urn:portal-piaui:api' }, Math.floor(Date.now() / 1000) - 120))).toBe(401);
    expect(await me(await t.token({ sub: '5b0f8a2e-3c1d-4e6f-9a7b-2d4c6e8f0a11' }))).toBe(401); // another issuer's key
    expect((await t.app.inject({ url: '/v1/me' })).statusCode).toBe(401);
  });
});

// Last in this file: it leaves maria.silva's account waiting.
describe('Acesso Cidadão: guessing passwords', () => {
  it('makes an account wait after its free failures from a new browser, even for the right password, and stores no username', async () => {
    const browser = new TestBrowser(t.app);
    const { action } = await openLoginPage(browser);
    await t.app.db.execute(sql`delete from rate_limits`);
    for (let i = 0; i < 11; i++) {
      const wrong = await browser.post(action, { username: 'Maria.Silva', password: `tentativa-${i}` });
      expect(wrong.statusCode).toBe(401);
    }
    const right = await browser.post(action, { username: 'maria.silva', password: 'portal-demo' });
    expect(right.statusCode).toBe(429);
    // Ten free failures, then one attempt a minute for the account (login-throttle.ts), in Portuguese.
    expect(right.body).toMatch(/Muitas tentativas sem sucesso\. Por segurança, aguarde (1 minuto|5\d segundos) e tente novamente\./);
    expect(right.headers['retry-after']).toMatch(/^(60|59|58)$/);
    const stored = JSON.stringify(((await t.app.db.execute(sql`select * from rate_limits`)) as unknown as { rows: unknown[] }).rows);
    expect(stored).toContain('login-account:');
    expect(stored).not.toMatch(/maria/i);

    // Another citizen on the same network still gets in.
    const other = new TestBrowser(t.app);
    const callback = await logIn(other, 'joao.souza');
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe('/app/catalog/list');
    expect(other.cookie(SESSION_COOKIE)).toBeTruthy();
  });
});
