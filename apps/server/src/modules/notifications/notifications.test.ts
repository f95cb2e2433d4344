import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { itRefusesBadBearers } from '../../test-support/bearer.ts';

const BASE = '/api/govpicidadao-middleware/notificacoes/mensagem';
/** The state's app's prefix (issue 14): the same calls, the same data. */
const APP = '/api/middleware/notificacoes/mensagem';
let t: TestApp;
let maria: string;
let joao: string;
beforeAll(async () => {
  t = await createTestApp();
  maria = `Bearer ${await t.tokenFor('maria.silva')}`;
  joao = `Bearer ${await t.tokenFor('joao.souza')}`;
});
afterAll(() => t.close());

const list = (authorization: string, query = '?pageIndex=0&pageSize=999') => t.app.inject({ url: `${BASE}/buscar${query}`, headers: { authorization } });
const markRead = (authorization: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `${BASE}/marcarComoLidas`, headers: { authorization }, payload: payload as object });

describe('notifications', () => {
  it("lists only the caller's messages, newest first, two of Maria's five unread, one with a redirect", async () => {
    const res = await list(maria);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ pageIndex: 0, pageSize: 999, pageTotal: 1, totalElements: 5, naoLidas: 2 });
    expect(body.mensagens).toHaveLength(5);
    expect(body.mensagens.filter((m: { visualizada: boolean }) => !m.visualizada)).toHaveLength(2);
    const [first] = body.mensagens;
    expect(first).toMatchObject({ titulo: 'Sua CNH vence em 45 dias', tipo: 'alerta', visualizada: false });
    expect(first.metadados.onClick).toEqual({ tipo: 'redirect', url: '/app/catalog/transito-e-veiculos/renovacao-da-cnh' });
    expect(first.dataCriacaoFormatada).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const dates = body.mensagens.map((m: { dataCriacao: string }) => m.dataCriacao);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(new Set(body.mensagens.map((m: { tipo: string }) => m.tipo))).toEqual(new Set(['alerta', 'novidade', 'informacao']));

    const his = (await list(joao)).json();
    expect(his.totalElements).toBe(2);
    expect(his.mensagens.map((m: { titulo: string }) => m.titulo)).not.toContain('Sua CNH vence em 45 dias');
  });

  it('pages with zero-based pageIndex and defaults to the spec page size', async () => {
    const page = (await list(maria, '?pageIndex=1&pageSize=2')).json();
    expect(page).toMatchObject({ pageIndex: 1, pageSize: 2, pageTotal: 3, totalElements: 5 });
    expect(page.mensagens).toHaveLength(2);
    expect((await list(maria, '')).json().pageSize).toBe(999);
  });

  it('answers 400 in Portuguese for bad paging', async () => {
    for (const query of ['?pageIndex=-1', '?pageSize=0', '?pageSize=1000', '?pageIndex=abc', '?pageSize=2.5']) {
      const res = await list(maria, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(/page(Index|Size)/);
    }
  });

  it("marks the caller's messages as read; someone else's id answers exactly like an unknown one (404)", async () => {
    const before = (await list(joao)).json();
    const ids = before.mensagens.map((m: { id: number }) => m.id);
    const mariaIds = (await list(maria)).json().mensagens.map((m: { id: number }) => m.id);

    // A 403 here told Maria that João's id exists: she must not be able to tell it from a missing one.
    const stolen = await markRead(maria, [ids[0]]);
    const unknown = await markRead(maria, [999999]);
    expect(stolen.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ statusCode: 404, error: 'Not Found', message: `Mensagem não encontrada: ${ids[0]}.` });
    expect(unknown.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Mensagem não encontrada: 999999.' });
    const mixed = await markRead(joao, [ids[0], mariaIds[0]]);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().message).toBe(`Mensagem não encontrada: ${mariaIds[0]}.`);
    expect((await list(joao)).json().naoLidas).toBe(2); // nothing changed
    expect((await list(maria)).json().naoLidas).toBe(2);

    expect((await markRead(joao, [999999])).statusCode).toBe(404);

    const ok = await markRead(joao, [ids[0]]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ atualizadas: 1, naoLidas: 1 });
    expect((await markRead(joao, [ids[0]])).json()).toEqual({ atualizadas: 0, naoLidas: 1 });
    expect((await list(maria)).json().naoLidas).toBe(2);
  });

  it('answers 400 for bodies that are not a list of ids', async () => {
    for (const payload of [{ ids: [1] }, ['abc'], [1.5], [-3], [2147483648], ['99999999999999999999']]) {
      const res = await markRead(maria, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/Dados inválidos/);
    }
    const invalidJson = await t.app.inject({ method: 'POST', url: `${BASE}/marcarComoLidas`, headers: { authorization: maria, 'content-type': 'application/json' }, payload: '[1,' });
    expect(invalidJson.statusCode).toBe(400);
    expect(invalidJson.json().message).toMatch(/JSON válido/);
  });

  it("archives all of the caller's messages with an empty body, and only theirs", async () => {
    const res = await t.app.inject({ method: 'POST', url: `${BASE}/arquivar`, headers: { authorization: joao, 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ atualizadas: 2, naoLidas: 0 });
    expect((await list(joao)).json()).toMatchObject({ mensagens: [], totalElements: 0, pageTotal: 0, naoLidas: 0 });
    expect((await list(maria)).json().totalElements).toBe(5);
    const again = await t.app.inject({ method: 'POST', url: `${BASE}/arquivar`, headers: { authorization: joao } });
    expect(again.json()).toEqual({ atualizadas: 0, naoLidas: 0 });
  });

  describe("at the state's app's prefix", () => {
    const appList = (authorization: string, pageIndex: number) =>
      t.app.inject({ url: `${APP}/buscar?channel=push&pageIndex=${pageIndex}&pageSize=2`, headers: { authorization } });
    const appMarkRead = (authorization: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url: `${APP}/marcarComoLidas`, headers: { authorization }, payload: payload as object });

    it("lists the same messages as the web, page by page with channel=push, until an empty page (as the app pages)", async () => {
      const web = (await list(maria)).json().mensagens;
      const seen: unknown[] = [];
      for (let pageIndex = 0; ; pageIndex++) {
        const res = await appList(maria, pageIndex);
        expect(res.statusCode).toBe(200);
        const page = res.json();
        expect(page).toMatchObject({ pageIndex, pageSize: 2, pageTotal: 3, naoLidas: 2 });
        if (!page.mensagens.length) break;
        seen.push(...page.mensagens);
        expect(pageIndex).toBeLessThan(3);
      }
      expect(seen).toEqual(web);
      // A banner is a full address the app can load as an image; no banner is no field (not null).
      const banner = web.find((m: { bannerUrl?: string }) => m.bannerUrl);
      expect(banner.bannerUrl).toBe('http://localhost:3000/app/catalog/favicon.ico');
      expect(web.filter((m: object) => 'bannerUrl' in m)).toHaveLength(1);
    });

    it('answers 400 in Portuguese for a channel other than push', async () => {
      const res = await t.app.inject({ url: `${APP}/buscar?channel=email&pageIndex=0&pageSize=20`, headers: { authorization: maria } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Dados inválidos. O canal (channel) deve ser push.');
    });

    it('marks messages read with ids as text (the message screen) or numbers (mark all), seen by the web too', async () => {
      const unread = (await list(maria)).json().mensagens.filter((m: { visualizada: boolean }) => !m.visualizada).map((m: { id: number }) => m.id);
      expect(unread).toHaveLength(2);
      const asText = await appMarkRead(maria, [String(unread[0])]);
      expect(asText.statusCode).toBe(200);
      expect(asText.json()).toEqual({ atualizadas: 1, naoLidas: 1 });
      const asNumbers = await appMarkRead(maria, [unread[1], String(unread[0])]);
      expect(asNumbers.json()).toEqual({ atualizadas: 1, naoLidas: 0 });
      expect((await list(maria)).json().naoLidas).toBe(0);
      // Mark all with nothing unread: the app sends an empty list.
      expect((await appMarkRead(maria, [])).json()).toEqual({ atualizadas: 0, naoLidas: 0 });
    });

    it('answers 400 for ids that are neither whole numbers nor their digits', async () => {
      for (const payload of [['12a'], [' 12'], ['1.0'], [''], [true], [null], [{ id: 1 }], ['-1']]) {
        const res = await appMarkRead(maria, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message, JSON.stringify(payload)).toMatch(/^Dados inválidos\. .*(identificador|mensagem)/i);
      }
    });

    describe('GET buscar bearer checks (app prefix)', () => itRefusesBadBearers(() => t, () => ({ url: `${APP}/buscar?channel=push&pageIndex=0&pageSize=20` })));
    describe('POST marcarComoLidas bearer checks (app prefix)', () => itRefusesBadBearers(() => t, () => ({ method: 'POST', url: `${APP}/marcarComoLidas`, payload: ['1'] })));
  });

  describe('GET buscar bearer checks', () => itRefusesBadBearers(() => t, () => ({ url: `${BASE}/buscar?pageIndex=0&pageSize=999` })));
  describe('POST marcarComoLidas bearer checks', () =>
    itRefusesBadBearers(() => t, () => ({ method: 'POST', url: `${BASE}/marcarComoLidas`, payload: [1] })));
  describe('POST arquivar bearer checks', () => itRefusesBadBearers(() => t, () => ({ method: 'POST', url: `${BASE}/arquivar` })));
});

// Issue 24: 'Arquivar' cleared every message at once with nowhere to see them again. The spec's call (no body) still
// archives all, for the state's app; a list of ids archives only those, and `arquivadas=true` lists the archived ones.
describe('archiving some messages, and the archived ones', () => {
  const archive = (authorization: string, payload?: unknown, prefix = BASE) =>
    t.app.inject({ method: 'POST', url: `${prefix}/arquivar`, headers: { authorization }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const archived = (authorization: string, prefix = BASE) => t.app.inject({ url: `${prefix}/buscar?arquivadas=true&pageIndex=0&pageSize=999`, headers: { authorization } });
  const ids = (body: { mensagens: { id: number }[] }) => body.mensagens.map((m) => m.id);

  it('archives only the listed messages (ids as numbers or digits); the others stay, and the archived are listed apart', async () => {
    const inbox = ids((await list(maria)).json());
    expect(inbox).toHaveLength(5);
    expect((await archived(maria)).json()).toMatchObject({ mensagens: [], totalElements: 0 });

    const res = await archive(maria, [inbox[1], String(inbox[3])]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ atualizadas: 2, naoLidas: (await list(maria)).json().naoLidas });
    expect(ids((await list(maria)).json())).toEqual([inbox[0], inbox[2], inbox[4]]);
    const shelf = (await archived(maria)).json();
    // Newest first, as the inbox; the badge still counts the inbox's unread messages.
    expect(ids(shelf)).toEqual([inbox[1], inbox[3]]);
    expect(shelf).toMatchObject({ totalElements: 2, pageTotal: 1, naoLidas: (await list(maria)).json().naoLidas });
    expect(shelf.mensagens.every((m: { visualizada: boolean }) => m.visualizada)).toBe(true);
    // The state's app reads the same under its prefix.
    expect(ids((await archived(maria, APP)).json())).toEqual([inbox[1], inbox[3]]);

    // Again: nothing more to archive; an empty list archives nothing.
    expect((await archive(maria, [inbox[1]])).json()).toMatchObject({ atualizadas: 0 });
    expect((await archive(maria, [], APP)).json()).toMatchObject({ atualizadas: 0 });
    expect((await list(maria)).json().totalElements).toBe(3);
  });

  it("refuses another citizen's id exactly like an unknown one (404), and archives nothing of the call", async () => {
    const mine = ids((await list(maria)).json());
    const his = ids((await archived(joao)).json());
    expect(his).toHaveLength(2);
    const stolen = await archive(maria, [mine[0], his[0]]);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ statusCode: 404, error: 'Not Found', message: `Mensagem não encontrada: ${his[0]}.` });
    expect((await archive(maria, [999999])).json().message).toBe('Mensagem não encontrada: 999999.');
    expect(ids((await list(maria)).json())).toEqual(mine);
    // João's archived messages are his alone.
    expect(ids((await archived(maria)).json())).not.toContain(his[0]);
  });

  it('answers 400 in Portuguese for a body that is neither nothing nor a list of ids, and for a bad arquivadas', async () => {
    for (const payload of [{ ids: [1] }, ['abc'], [1.5], 'todas', 7]) {
      const res = await t.app.inject({ method: 'POST', url: `${BASE}/arquivar`, headers: { authorization: maria, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toMatch(/^Dados inválidos\./);
    }
    const bad = await t.app.inject({ url: `${BASE}/buscar?arquivadas=sim`, headers: { authorization: maria } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Dados inválidos. O filtro de arquivadas (arquivadas) deve ser true ou false.');
    expect((await list(maria)).json().totalElements).toBe(3);
  });

  it('archives everything with no body, an empty JSON body, null or {} (the spec and the app), into the archived list', async () => {
    const inbox = ids((await list(maria)).json());
    for (const payload of [undefined, '', 'null', '{}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${APP}/arquivar`,
        headers: { authorization: maria, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode, String(payload)).toBe(200);
      expect(res.json(), String(payload)).toEqual({ atualizadas: payload === undefined ? 3 : 0, naoLidas: 0 });
    }
    expect((await list(maria)).json()).toMatchObject({ mensagens: [], totalElements: 0 });
    expect(ids((await archived(maria)).json())).toEqual(expect.arrayContaining(inbox));
    expect((await archived(maria)).json().totalElements).toBe(5);
  });
});
