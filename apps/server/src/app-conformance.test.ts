import { createHash, randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from './test-support/app.ts';
import { formFields, TestBrowser } from './test-support/browser.ts';
import { AppCatalogItem, AppCategoryList, AppDepartmentList, AppNotifications, AppPaySlips, AppSearchResponse } from './test-support/gov-pi-cidadao.ts';
import { APP_AUTH_BASE, APP_CLIENT, APP_EXTRA_PARAMS, APP_REDIRECT, APP_SCOPES, AppProfile, AppToken } from './test-support/gov-pi-cidadao-login.ts';

/**
 * Issue 14, done means: a test that plays the state's app (Piauí Digital) against the portal. It logs in as the
 * app does (discovery, PKCE through the real login page, the code exchanged without a secret), then makes the
 * app's calls in its order, refreshing before each personal call as its request interceptor does (it keeps
 * the refresh token it got at login and stores only the new access token), and checks each answer against
 * what the app validates (test-support/gov-pi-cidadao*.ts).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ embeddedIdentity: true });
});
afterAll(() => t.close());

function expectShape(schema: z.ZodType, body: unknown) {
  const result = schema.safeParse(body);
  const problems = result.success ? [] : result.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`);
  expect(problems).toEqual([]);
}

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};
const form = (fields: Record<string, string>): InjectOptions => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  end_session_endpoint: string;
  revocation_endpoint: string;
}

/** The app: its stored tokens, and its HTTP client that refreshes before each personal call. */
class PiauiDigital {
  access = '';
  refresh = '';
  idToken = '';
  refreshes: string[] = [];
  constructor(readonly discovery: Discovery) {}

  async token(fields: Record<string, string>) {
    const res = await t.app.inject({ url: pathOf(this.discovery.token_endpoint), ...form(fields) });
    expect(res.statusCode, res.body).toBe(200);
    expectShape(AppToken, res.json());
    return res.json() as z.infer<typeof AppToken>;
  }

  /** useSignIn: the system browser opens the authorisation page; the citizen types the password; the code comes back to the app's scheme. */
  async signIn(username: string) {
    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL(this.discovery.authorization_endpoint);
    const params = {
      client_id: APP_CLIENT,
      redirect_uri: APP_REDIRECT,
      response_type: 'code',
      scope: APP_SCOPES,
      state: randomBytes(8).toString('hex'),
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      ...APP_EXTRA_PARAMS,
    };
    for (const [name, value] of Object.entries(params)) authorize.searchParams.set(name, value);
    const browser = new TestBrowser(t.app);
    let res = await browser.get(authorize.href);
    for (let hops = 0; hops < 4 && res.statusCode !== 200; hops++) res = await browser.get(res.headers.location as string);
    expect(res.body).toContain('<h1>Acesso Cidadão</h1>');
    res = await browser.post(formFields(res.body).action, { username, password: 'portal-demo' });
    for (let hops = 0; hops < 6 && !String(res.headers.location).startsWith(APP_REDIRECT); hops++) res = await browser.get(res.headers.location as string);
    const back = new URL(res.headers.location as string);
    expect(`${back.protocol}//${back.host}`).toBe(APP_REDIRECT);
    expect(back.searchParams.get('state')).toBe(params.state);
    const tokens = await this.token({ grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: APP_REDIRECT, client_id: APP_CLIENT, code_verifier: verifier });
    this.access = tokens.access_token;
    this.refresh = tokens.refresh_token;
    this.idToken = tokens.id_token;
  }

  /** createAuthInterceptor: refresh (no secret), keep the new access token only, call with it. */
  async call(options: InjectOptions) {
    const renewed = await this.token({ grant_type: 'refresh_token', client_id: APP_CLIENT, refresh_token: this.refresh });
    this.refreshes.push(renewed.refresh_token);
    this.access = renewed.access_token;
    return t.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${this.access}` } });
  }

  profile() {
    return t.app.inject({ url: pathOf(this.discovery.userinfo_endpoint), headers: { authorization: `Bearer ${this.access}` } });
  }
}

async function discover(): Promise<Discovery> {
  const res = await t.app.inject({ url: `${APP_AUTH_BASE}/.well-known/openid-configuration` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('the state\'s app, played against the portal (issue 14)', () => {
  it('discovers the provider at Keycloak\'s realm path and finds the public client\'s endpoints', async () => {
    const doc = await discover();
    expect(doc.issuer).toBe(`http://localhost:3000${APP_AUTH_BASE}`);
    for (const endpoint of ['auth', 'token', 'userinfo', 'logout']) expect(Object.values(doc)).toContain(`${doc.issuer}/protocol/openid-connect/${endpoint}`);
  });

  it('joao.souza: login, the home, a service, favourites, notifications, push, pay slips, logout', async () => {
    const app = new PiauiDigital(await discover());
    await app.signIn('joao.souza');

    // The home: categories, departments, the three departments it names by their live slugs, the keyword screen.
    const categories = await t.app.inject({ url: '/v1/category' });
    expectShape(AppCategoryList, categories.json());
    const departments = await t.app.inject({ url: '/v1/department' });
    expectShape(AppDepartmentList, departments.json());
    for (const slug of ['secretaria-da-administracao-do-estado-do-piaui', 'departamento-estadual-de-transito-do-estado-do-piaui', 'secretaria-de-estado-da-educacao-do-piaui']) {
      const list = await t.app.inject({ method: 'POST', url: '/v1/search', payload: { groups: ['CATALOG'], departmentSlug: slug, from: 0, size: 200 } });
      expect(list.statusCode).toBe(200);
      expectShape(AppSearchResponse, list.json());
      expect(list.json().length).toBeGreaterThan(0);
    }
    const keyword = await t.app.inject({ method: 'POST', url: '/v1/search', payload: { query: 'cnh', groups: ['CATALOG'], from: 0, size: 0 } });
    expectShape(AppSearchResponse, keyword.json());
    expect(keyword.json().length).toBeGreaterThan(0);
    // Service icons are Font Awesome names: the app's cards strip 'fa-' and look the rest up.
    expect(keyword.json().filter((s: { icon: string }) => !/^fa-[a-z0-9-]+$/.test(s.icon))).toEqual([]);

    // The profile strip: name, level, CNH card (an object in a list), no vehicle.
    const profile = await app.profile();
    expect(profile.statusCode).toBe(200);
    expectShape(AppProfile, profile.json());
    expect(profile.json()).toMatchObject({ preferred_username: 'joao.souza', roles: expect.arrayContaining(['ouro']) });
    expect(profile.json().cnh).toEqual([expect.objectContaining({ cnhVencida: true, bloqueioBca: true, categoriaCNH: expect.any(String) })]);

    // A service, and favouriting it: catalog_favorite follows.
    const service = await app.call({ url: '/v1/catalog/emissao-do-dae-do-ipva/load' });
    expect(service.statusCode).toBe(200);
    expectShape(AppCatalogItem, service.json());
    const favourite = await app.call({ method: 'POST', url: '/v1/catalog/setFavorite', payload: { slug: 'emissao-do-dae-do-ipva', remove: false } });
    expect(favourite.statusCode).toBe(200);
    expect(JSON.parse((await app.profile()).json().catalog_favorite)).toContain('emissao-do-dae-do-ipva');
    await app.call({ method: 'POST', url: '/v1/catalog/setFavorite', payload: { slug: 'emissao-do-dae-do-ipva', remove: true } });
    expect(JSON.parse((await app.profile()).json().catalog_favorite)).not.toContain('emissao-do-dae-do-ipva');

    // Notifications, paged until an empty page, then read.
    const seen: { id: unknown; visualizada: boolean }[] = [];
    for (let pageIndex = 0; pageIndex < 20; pageIndex++) {
      const page = await app.call({ url: `/api/middleware/notificacoes/mensagem/buscar?channel=push&pageIndex=${pageIndex}&pageSize=20` });
      expect(page.statusCode).toBe(200);
      expectShape(AppNotifications, page.json());
      if (page.json().mensagens.length === 0) break;
      seen.push(...page.json().mensagens);
    }
    expect(seen.length).toBeGreaterThan(0);
    const unread = seen.filter((m) => !m.visualizada).map((m) => m.id);
    const read = await app.call({ method: 'POST', url: '/api/middleware/notificacoes/mensagem/marcarComoLidas', payload: unread.map((id, i) => (i % 2 ? String(id) : Number(id))) });
    expect(read.statusCode).toBeLessThan(300);
    const after = await app.call({ url: '/api/middleware/notificacoes/mensagem/buscar?channel=push&pageIndex=0&pageSize=20' });
    expect(after.json().mensagens.every((m: { visualizada: boolean }) => m.visualizada)).toBe(true);

    // Push: the device registers, and unregisters (as at sign-out).
    const on = await app.call({ method: 'PUT', url: `/api/middleware/notificacoes/mensagem/habilitarNotificacaoPush/${encodeURIComponent('ExponentPushToken[conformance-joao-0001]')}` });
    expect(on.statusCode).toBeLessThan(300);
    const off = await app.call({ method: 'DELETE', url: '/api/middleware/notificacoes/mensagem/desabilitarNotificacaoPush' });
    expect(off.statusCode).toBeLessThan(300);

    // Pay slips: the list, and one link opened with no header at all, as the app's download does.
    const slips = await app.call({ url: '/api/contracheque/sead/empresa/ultimos-contracheques' });
    expect(slips.statusCode).toBe(200);
    expectShape(AppPaySlips, slips.json());
    const link = new URL(slips.json()[0].link);
    expect(link.origin).toBe('http://localhost:3000');
    const pdf = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Each refresh answered a new refresh token, and the one kept from the login kept working.
    expect(new Set(app.refreshes).size).toBe(app.refreshes.length);
    expect(app.refreshes).not.toContain(app.refresh);

    // Sign-out (useSignOutMutation): logout with client_id and refresh_token, then revocation, both without a secret.
    const logout = await t.app.inject({ url: pathOf(app.discovery.end_session_endpoint), ...form({ client_id: APP_CLIENT, refresh_token: app.refresh }) });
    expect(logout.statusCode).toBe(204);
    const revoke = await t.app.inject({ url: pathOf(app.discovery.revocation_endpoint), ...form({ client_id: APP_CLIENT, token: app.refresh }) });
    expect(revoke.statusCode, revoke.body).toBe(200);
    // Every refresh token of that login is dead, the one from login and the rotated ones.
    for (const refresh of [app.refresh, app.refreshes.at(-1)!]) {
      const again = await t.app.inject({ url: pathOf(app.discovery.token_endpoint), ...form({ grant_type: 'refresh_token', client_id: APP_CLIENT, refresh_token: refresh }) });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe('invalid_grant');
    }
  });

  it('maria.silva: her CNH card, her vehicle with its fine, and the same identity at userinfo and the API', async () => {
    const app = new PiauiDigital(await discover());
    await app.signIn('maria.silva');
    const profile = await app.profile();
    expectShape(AppProfile, profile.json());
    expect(profile.json().cnh).toEqual([expect.objectContaining({ cnhVencida: false, categoriaCNH: 'B', numeroRegistro: expect.any(Number) })]);
    expect(profile.json().veiculos).toEqual([expect.objectContaining({ placa: 'PIA1B23', quantMultas: 1, licenciamentoAtrasado: false })]);
    const me = await app.call({ url: '/v1/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json().sub).toBe(profile.json().sub);

    // Revocation alone (expo-auth-session's revokeAsync, no secret) ends the login too.
    const revoke = await t.app.inject({ url: pathOf(app.discovery.revocation_endpoint), ...form({ client_id: APP_CLIENT, token: app.refreshes.at(-1)! }) });
    expect(revoke.statusCode).toBe(200);
    const again = await t.app.inject({ url: pathOf(app.discovery.token_endpoint), ...form({ grant_type: 'refresh_token', client_id: APP_CLIENT, refresh_token: app.refresh }) });
    expect(again.json().error).toBe('invalid_grant');
    // Another client cannot revoke the app's tokens, nor can anyone without naming a client.
    const anonymous = await t.app.inject({ url: pathOf(app.discovery.revocation_endpoint), ...form({ token: 'a.b.c' }) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 in Portuguese for what is out of scope: wallet, proof of life, biographical data, role administration', async () => {
    const app = new PiauiDigital(await discover());
    await app.signIn('maria.silva');
    for (const [method, url] of [
      ['GET', '/api/wallet/documentos/listar'],
      ['GET', '/api/wallet/documentos/detalhar/CNH'],
      ['POST', '/api/prova-de-vida/solicitar'],
      ['GET', '/api/prova-de-vida/consultar/abc'],
      ['GET', '/api/middleware/ibioseg/biograficos/12345678909'],
      ['POST', '/v1/catalog/setRoles'],
    ] as const) {
      const res = await app.call({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toMatch(/^Endereço não encontrado/);
    }
    // The identity administration client whose secret ships inside the app does not exist here.
    const service = await t.app.inject({ url: pathOf(app.discovery.token_endpoint), ...form({ grant_type: 'client_credentials', client_id: 'pi-cidadao-api', client_secret: 'x', scope: 'user-attribute-editor' }) });
    expect(service.statusCode).toBe(401);
    expect(service.json().error).toBe('invalid_client');
  });

  it('refuses what the app would never send: no PKCE, a foreign redirect, a secretless call for the web\'s client, a bad token at userinfo', async () => {
    const doc = await discover();
    const authorize = (params: Record<string, string>) => {
      const url = new URL(doc.authorization_endpoint);
      for (const [name, value] of Object.entries({ client_id: APP_CLIENT, response_type: 'code', scope: APP_SCOPES, redirect_uri: APP_REDIRECT, ...params })) url.searchParams.set(name, value);
      return t.app.inject({ url: pathOf(url.href) });
    };
    // Without a code challenge no login starts: the app gets the error back at its own address.
    const noPkce = await authorize({});
    expect(noPkce.statusCode).toBe(303);
    const refused = new URL(noPkce.headers.location as string);
    expect(`${refused.protocol}//${refused.host}`).toBe(APP_REDIRECT);
    expect(refused.searchParams.get('error')).toBe('invalid_request');
    expect(refused.searchParams.get('code')).toBeNull();
    const challenge = createHash('sha256').update('v'.repeat(43)).digest('base64url');
    const foreign = await authorize({ redirect_uri: 'https://evil.example/callback', code_challenge: challenge, code_challenge_method: 'S256' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.headers.location).toBeUndefined();
    // The development redirect of Expo Go is accepted outside production.
    const dev = await authorize({ redirect_uri: 'exp://192.168.0.10:8081/--/.', code_challenge: challenge, code_challenge_method: 'S256' });
    expect(dev.statusCode).toBe(303);
    // The web's client is confidential: a token call without its secret is refused.
    const bff = await t.app.inject({ url: pathOf(doc.token_endpoint), ...form({ grant_type: 'refresh_token', client_id: 'portal-servicos-bff', refresh_token: 'a.b.c' }) });
    expect(bff.statusCode).toBe(401);
    const userinfo = await t.app.inject({ url: pathOf(doc.userinfo_endpoint), headers: { authorization: 'Bearer a.b.c' } });
    expect(userinfo.statusCode).toBe(401);
    expect(userinfo.headers['www-authenticate']).toMatch(/invalid_token/);
    const logout = await t.app.inject({ url: pathOf(doc.end_session_endpoint), ...form({ client_id: APP_CLIENT, refresh_token: 'a.b.c' }) });
    expect(logout.statusCode).toBe(400);
  });
});
