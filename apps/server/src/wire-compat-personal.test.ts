import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { getWebSession, SESSION_COOKIE } from './modules/identity/session.ts';
import { createTestApp, type TestApp } from './test-support/app.ts';
import { formFields, TestBrowser } from './test-support/browser.ts';
import { AppNotifications, AppPaySlips, AppSearchResponse, AppUserInfo } from './test-support/gov-pi-cidadao.ts';

// Issue 6, personal data: real responses of the endpoints the state's mobile app reads after login,
// checked against the app's own expectations (gov-pi-cidadao.ts), for both demo citizens.
const APP_NOTIFICATIONS = '/api/middleware/notificacoes/mensagem';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function expectShape(schema: z.ZodType, body: unknown) {
  const result = schema.safeParse(body);
  const problems = result.success ? [] : result.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`);
  expect(problems).toEqual([]);
}

describe('wire compatibility with gov_pi_cidadao: personal data', () => {
  for (const username of ['maria.silva', 'joao.souza']) {
    it(`notifications as the app reads them: its prefix, channel=push, pages of 20 until an empty one (${username})`, async () => {
      const authorization = `Bearer ${await t.tokenFor(username)}`;
      const messages: { id: number | string; visualizada: boolean }[] = [];
      for (let pageIndex = 0; pageIndex < 10; pageIndex++) {
        const res = await t.app.inject({ url: `${APP_NOTIFICATIONS}/buscar?channel=push&pageIndex=${pageIndex}&pageSize=20`, headers: { authorization } });
        expect(res.statusCode).toBe(200);
        expectShape(AppNotifications, res.json());
        if (!res.json().mensagens.length) break;
        messages.push(...res.json().mensagens);
      }
      expect(messages.length).toBeGreaterThan(0);
      // The message screen sends its id back as text; 'mark all' sends the unread ids as they came.
      const unread = messages.filter((m) => !m.visualizada).map((m) => m.id);
      const one = await t.app.inject({ method: 'POST', url: `${APP_NOTIFICATIONS}/marcarComoLidas`, headers: { authorization }, payload: [String(messages[0]!.id)] });
      expect(one.statusCode).toBe(200);
      const all = await t.app.inject({ method: 'POST', url: `${APP_NOTIFICATIONS}/marcarComoLidas`, headers: { authorization }, payload: unread });
      expect(all.statusCode).toBe(200);
      expect(all.json().naoLidas).toBe(0);
    });

    it(`the push switch and the sign-out answer 2xx, all the app reads (${username})`, async () => {
      const authorization = `Bearer ${await t.tokenFor(username)}`;
      const on = await t.app.inject({ method: 'PUT', url: `${APP_NOTIFICATIONS}/habilitarNotificacaoPush/${encodeURI('ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]')}`, headers: { authorization } });
      expect(on.statusCode).toBe(200);
      const off = await t.app.inject({ method: 'DELETE', url: `${APP_NOTIFICATIONS}/desabilitarNotificacaoPush`, headers: { authorization } });
      expect(off.statusCode).toBe(200);
    });

    it(`pay slips have the app's shape, and each link downloads the PDF with no header at all (${username})`, async () => {
      const res = await t.app.inject({ url: '/api/contracheque/sead/empresa/ultimos-contracheques', headers: { authorization: `Bearer ${await t.tokenFor(username)}` } });
      expect(res.statusCode).toBe(200);
      expectShape(AppPaySlips, res.json());
      for (const slip of res.json() as { link: string }[]) {
        const link = new URL(slip.link);
        const file = await t.app.inject({ url: `${link.pathname}${link.search}` });
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      }
    });

    it(`GET /v1/me carries every user info claim the app reads (${username})`, async () => {
      const res = await t.app.inject({ url: '/v1/me', headers: { authorization: `Bearer ${await t.tokenFor(username)}` } });
      expect(res.statusCode).toBe(200);
      expectShape(AppUserInfo, res.json());
      expect(JSON.parse(res.json().catalog_favorite)).toEqual(expect.any(Array));
    });

    it(`recommendations are cards the app can show (${username})`, async () => {
      const res = await t.app.inject({ url: `/api/recommendations/recommend_services/${username}`, headers: { authorization: `Bearer ${await t.tokenFor(username)}` } });
      expect(res.statusCode).toBe(200);
      expectShape(AppSearchResponse, res.json().recommended_services);
      expectShape(AppSearchResponse, res.json().deprecated_services);
    });
  }

  it("Maria's pay slip list is an empty array, not an error (the widget shows nothing)", async () => {
    const res = await t.app.inject({ url: '/api/contracheque/sead/empresa/ultimos-contracheques', headers: { authorization: `Bearer ${await t.tokenFor('maria.silva')}` } });
    expect(res.json()).toEqual([]);
    expectShape(AppPaySlips, res.json());
  });

  it('the Nota Piauiense balance is a string under data.saldoNotaPovo.saldoLiberado', async () => {
    const res = await t.app.inject({ url: '/api/govpicidadao-middleware/sefaz/nota-piauiense/lista-notas', headers: { authorization: `Bearer ${await t.tokenFor('maria.silva')}` } });
    expect(typeof res.json().data.saldoNotaPovo.saldoLiberado).toBe('string');
  });

  it('the recommendation endpoint does not answer anonymous callers (the live leak is not copied)', async () => {
    expect((await t.app.inject({ url: '/api/recommendations/recommend_services/maria.silva' })).statusCode).toBe(401);
  });
});

describe('wire compatibility: the user info claims after a real login with the embedded provider', () => {
  let embedded: TestApp;
  beforeAll(async () => {
    embedded = await createTestApp({ embeddedIdentity: true });
  });
  afterAll(() => embedded.close());

  for (const username of ['maria.silva', 'joao.souza']) {
    it(`a real login gives the app's user info claims (${username})`, async () => {
      const browser = new TestBrowser(embedded.app);
      let res = await browser.get('/app/entrar');
      res = await browser.get(res.headers.location as string);
      res = await browser.get(res.headers.location as string);
      res = await browser.post(formFields(res.body).action, { username, password: 'portal-demo' });
      while (!String(res.headers.location).includes('/app/auth/callback')) res = await browser.get(res.headers.location as string);
      await browser.get(res.headers.location as string);
      const session = await getWebSession(embedded.app, { headers: {}, cookies: { [SESSION_COOKIE]: browser.cookie(SESSION_COOKIE) } } as unknown as FastifyRequest);
      // The ID token says who logged in and nothing personal (issue 9: it has travelled in URLs); the
      // profile the app shows comes from the API with the login's access token.
      for (const claim of ['veiculos', 'nomeMae', 'dataNascimento', 'email', 'numeroRegistro', 'categoriaCNH']) expect(session!.claims).not.toHaveProperty(claim);
      const me = await embedded.app.inject({ url: '/v1/me', headers: { authorization: `Bearer ${session!.accessToken}` } });
      const info = me.json() as Record<string, unknown>;
      expectShape(AppUserInfo, info);
      for (const claim of ['veiculos', 'dataValidadeCNH', 'dataEmissao', 'categoriaCNH', 'numeroRegistro', 'registro', 'bloqueioBca', 'bloqueioCnhApreendida', 'cnhVencida']) {
        expect(info).toHaveProperty(claim);
      }
      expect(info.dataValidadeCNH).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(info.dataEmissao).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });
  }
});
