import { createHash, randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support/app.ts';
import { formFields, TestBrowser, webLogin } from './test-support/browser.ts';
import { APP_CLIENT, APP_OIDC, APP_REDIRECT, APP_SCOPES } from './test-support/gov-pi-cidadao-login.ts';
import { redactedUrl, truncatedAddress } from './lib/log-redaction.ts';

/**
 * Issue 23: the logs at LOG_LEVEL=info keep no secret and no personal datum. A whole journey (the web login with
 * a wrong password first, the personal pages, the app's login, its calls, a signed pay-slip link, push, both
 * logouts) runs against a portal logging into a buffer, which is then searched for every token, code,
 * signature, username, name, CPF and client address the journey used.
 */
let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  t = await createTestApp({ embeddedIdentity: true, logTo: stream });
});
afterAll(() => t.close());

describe('what the logs keep', () => {
  it('no token, code, signature, username, name, CPF or whole address after a whole journey', async () => {
    const secrets = new Set<string>(['joao.souza', 'maria.silva', 'João Pedro de Souza', 'Maria da Concei', '153.509.460-56', '15350946056', '529.982.247-25', '203.0.113.77']);

    // The web: a wrong password, then the right one; the personal pages; 'Sair'.
    const browser = new TestBrowser(t.app);
    expect((await webLogin(browser, 'joao.souza', 'errada')).statusCode).toBe(401);
    const callback = await webLogin(new TestBrowser(t.app), 'maria.silva', 'errada');
    expect(callback.statusCode).toBe(401);
    const web = new TestBrowser(t.app);
    expect((await webLogin(web, 'joao.souza')).statusCode).toBe(303);
    for (const page of ['/app/dashboard', '/app/app-perfil-servidor', '/app/app-minha-cnh', '/app/catalog/search/cnh?q=renovar']) expect((await web.get(page)).statusCode).toBe(200);
    const slipPage = await web.get('/app/app-perfil-servidor');
    const slip = /action="(\/app\/minha-area\/contracheques\/\d+)"/.exec(slipPage.body)?.[1];
    expect(slip).toBeTruthy();
    expect((await web.get(slip!)).statusCode).toBe(200);
    expect((await web.post('/app/sair', {}, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(303);

    // The state's app: PKCE through the login page, the code exchanged, its calls, push, its logout.
    const app = new TestBrowser(t.app);
    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URLSearchParams({
      client_id: APP_CLIENT,
      redirect_uri: APP_REDIRECT,
      response_type: 'code',
      scope: APP_SCOPES,
      state: randomBytes(8).toString('hex'),
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    let res = await app.get(`${APP_OIDC}/auth?${authorize}`);
    for (let hops = 0; hops < 4 && res.statusCode !== 200; hops++) res = await app.get(res.headers.location as string);
    res = await app.post(formFields(res.body).action, { username: 'joao.souza', password: 'portal-demo' });
    for (let hops = 0; hops < 6 && !String(res.headers.location).startsWith(APP_REDIRECT); hops++) res = await app.get(res.headers.location as string);
    const code = new URL(res.headers.location as string).searchParams.get('code')!;
    secrets.add(code);
    const tokens = (
      await t.app.inject({
        method: 'POST',
        url: `${APP_OIDC}/token`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: APP_REDIRECT, client_id: APP_CLIENT, code_verifier: verifier }).toString(),
      })
    ).json();
    for (const token of [tokens.access_token, tokens.refresh_token, tokens.id_token]) {
      secrets.add(token);
      secrets.add(token.split('.')[2]);
    }
    const bearer = { authorization: `Bearer ${tokens.access_token}` };
    const from = '203.0.113.77';
    expect((await t.app.inject({ url: `${APP_OIDC}/userinfo`, headers: bearer, remoteAddress: from })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/recommendations/recommend_services/joao.souza', headers: bearer, remoteAddress: from })).statusCode).toBe(200);
    const push = 'ExponentPushToken[xUm2r9LzQ8kP4cT7bN1aVd]';
    secrets.add(push);
    secrets.add('xUm2r9LzQ8kP4cT7bN1aVd');
    expect((await t.app.inject({ method: 'PUT', url: `/api/middleware/notificacoes/mensagem/habilitarNotificacaoPush/${encodeURIComponent(push)}`, headers: bearer, remoteAddress: from })).statusCode).toBeLessThan(300);
    const slips = (await t.app.inject({ url: '/api/contracheque/sead/empresa/ultimos-contracheques', headers: bearer, remoteAddress: from })).json();
    const link = new URL(slips[0].link);
    for (const value of link.searchParams.values()) if (value.length > 12) secrets.add(value);
    expect((await t.app.inject({ url: `${link.pathname}${link.search}`, remoteAddress: from })).statusCode).toBe(200);
    // A WebView page with the app's token in its cookie.
    expect((await t.app.inject({ url: '/app/app-minha-cnh', headers: { cookie: `kcToken=${Buffer.from(tokens.access_token).toString('base64')}` }, remoteAddress: from })).statusCode).toBe(200);
    secrets.add(Buffer.from(tokens.access_token).toString('base64').slice(0, 60));
    const logout = await app.get(`${APP_OIDC}/logout?id_token_hint=${tokens.id_token}&post_logout_redirect_uri=${encodeURIComponent(APP_REDIRECT)}`);
    expect(logout.statusCode).toBeLessThan(500);

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(50);
    // the request lines are there, with what an operator needs
    expect(log).toContain('"url":"/api/recommendations/recommend_services/:username"');
    expect(log).toContain('"remoteAddress":"203.0.113.0"');
    expect(log).toMatch(/"url":"\/auth\/realms\/pi\/protocol\/openid-connect\/logout\?id_token_hint=…/);
    const found = [...secrets].filter((secret) => log.includes(secret));
    expect(found).toEqual([]);
  });
});

describe('the rules', () => {
  it('keeps query names, route patterns and ordinary paths; drops values, secrets and persons', () => {
    expect(redactedUrl('/app/auth/callback?code=abc&state=def')).toBe('/app/auth/callback?code=…&state=…');
    expect(redactedUrl('/api/recommendations/recommend_services/joao.souza', '/api/recommendations/recommend_services/:username')).toBe('/api/recommendations/recommend_services/:username');
    expect(redactedUrl('/app/catalog/transito-e-veiculos/renovacao-da-cnh', '/app/catalog/*')).toBe('/app/catalog/transito-e-veiculos/renovacao-da-cnh');
    expect(redactedUrl('/auth/interaction/Xk3bQ9zL0pVt2mNa8RcY1')).toBe('/auth/interaction/:redigido');
    // a subject expert's preview link (issue 26): its token is 48 hex digits
    expect(redactedUrl('/app/especialista/0f3a9c1e7b2d4f6a8c0e1f3a5b7d9e2c4a6b8d0f1e3c5a79')).toBe('/app/especialista/:redigido');
    expect(redactedUrl('/app/x/maria%40exemplo.com.br/529.982.247-25/52998224725')).toBe('/app/x/:redigido/:redigido/:redigido');
    expect(redactedUrl('/v/5b0f8a2e-3c1d-4e6f-9a7b-2d4c6e8f0a11/ExponentPushToken[abc]')).toBe('/v/:redigido/:redigido');
    expect(redactedUrl('https://portal.pi.gov.br/app/sair?x=1#frag')).toBe('https://portal.pi.gov.br/app/sair?x=…');
  });
  it('keeps the network of an address, not the host', () => {
    expect(truncatedAddress('203.0.113.77')).toBe('203.0.113.0');
    expect(truncatedAddress('::ffff:10.1.2.3')).toBe('10.1.2.0');
    expect(truncatedAddress('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1::');
    expect(truncatedAddress('::1')).toBe('::');
  });
});
