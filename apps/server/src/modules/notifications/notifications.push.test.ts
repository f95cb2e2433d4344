import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../plugins/config.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { itRefusesBadBearers } from '../../test-support/bearer.ts';
import { PushStandIn, type Received } from '../../test-support/stand-ins.ts';
import { pushSender } from './notifications.push.ts';

// Push notifications for the state's app (issue 14): the phone's Expo token is registered with PUT and
// forgotten with DELETE; a new notification goes to the citizen's phones through PUSH_URL, here a real
// HTTP server standing in for Expo's push API.
const APP = '/api/middleware/notificacoes/mensagem';

const token = (name: string) => `ExponentPushToken[${name}]`;

let expo: PushStandIn;
let t: TestApp;
let maria: string;
let joao: string;
let mariaSub: string;
let joaoSub: string;
beforeAll(async () => {
  expo = new PushStandIn();
  t = await createTestApp({ env: { PUSH_URL: await expo.start() } });
  maria = `Bearer ${await t.tokenFor('maria.silva')}`;
  joao = `Bearer ${await t.tokenFor('joao.souza')}`;
  const me = async (authorization: string) => (await t.app.inject({ url: '/v1/me', headers: { authorization } })).json().sub as string;
  [mariaSub, joaoSub] = [await me(maria), await me(joao)];
});
afterEach(async () => {
  await t.app.notifications.settled();
  expo.reset();
});
afterAll(async () => {
  await t.close();
  await expo.stop();
});

const enable = (authorization: string, path: string) => t.app.inject({ method: 'PUT', url: `${APP}/habilitarNotificacaoPush/${path}`, headers: { authorization } });
const disable = (authorization: string) => t.app.inject({ method: 'DELETE', url: `${APP}/desabilitarNotificacaoPush`, headers: { authorization } });
const notify = (userSub: string, title = 'Sua CNH vence em 30 dias') =>
  t.app.notifications.create({ userSub, title, body: 'Agende a renovação pelo portal.', kind: 'alerta' });
/** The tokens each request to the push service went to. */
const recipients = (received: Received[]) => received.map((r) => r.body.map((m) => m.to).sort());

describe('turning push notifications on and off', () => {
  it("registers the phone's token as the app sends it (encodeURI: the brackets escaped)", async () => {
    const res = await enable(joao, encodeURI(token('joao-phone-1')));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ habilitado: true, dispositivos: 1 });
    // The same phone again is still one phone; the newer ExpoPushToken form and raw brackets work too.
    expect((await enable(joao, encodeURI(token('joao-phone-1')))).json()).toEqual({ habilitado: true, dispositivos: 1 });
    expect((await enable(joao, 'ExpoPushToken[joao-tablet_2]')).json()).toEqual({ habilitado: true, dispositivos: 2 });

    await notify(joaoSub);
    const [request] = await expo.requests(1);
    expect(recipients([request!])).toEqual([[token('joao-phone-1'), 'ExpoPushToken[joao-tablet_2]'].sort()]);
  });

  it('answers 400 in Portuguese for anything that is not an Expo push token, and stores nothing', async () => {
    for (const bad of ['abc', 'ExponentPushToken[]', 'ExponentPushToken%5Babc', 'ExponentPushToken%5Ba%20b%5D', 'ExponentPushToken%5Ba%5D%5D', 'fcm%3Aabc', `ExponentPushToken[${'a'.repeat(181)}]`]) {
      const res = await enable(maria, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Dados inválidos. Token de notificação inválido: envie o token do Expo deste aparelho (ExponentPushToken[...]).',
      });
    }
    await notify(mariaSub);
    await t.app.notifications.settled();
    expect(expo.received).toEqual([]);
  });

  it("DELETE (the app's switch and its sign-out) stops every push to the caller's phones, and only theirs", async () => {
    await enable(maria, encodeURI(token('maria-phone')));
    const res = await disable(maria);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ habilitado: false, dispositivos: 0 });
    // Once more (the app may call it twice) is still fine.
    expect((await disable(maria)).json()).toEqual({ habilitado: false, dispositivos: 0 });

    await notify(mariaSub);
    await notify(joaoSub);
    await t.app.notifications.settled();
    expect(expo.received).toHaveLength(1);
    expect(recipients(expo.received)[0]).toContain(token('joao-phone-1'));
  });

  it('gives a phone to whoever registers it last: the previous citizen no longer reaches it', async () => {
    await enable(maria, encodeURI(token('shared-phone')));
    expect((await enable(joao, encodeURI(token('shared-phone')))).json()).toEqual({ habilitado: true, dispositivos: 3 });
    await notify(mariaSub);
    await notify(joaoSub);
    await t.app.notifications.settled();
    expect(recipients(expo.received)).toEqual([[token('joao-phone-1'), token('shared-phone'), 'ExpoPushToken[joao-tablet_2]'].sort()]);
  });

  it('keeps the ten phones a citizen registered last', async () => {
    await disable(joao);
    for (let n = 1; n <= 12; n++) {
      const res = await enable(joao, encodeURI(token(`joao-${String(n).padStart(2, '0')}`)));
      expect(res.json().dispositivos).toBe(Math.min(n, 10));
    }
    await notify(joaoSub);
    const [request] = await expo.requests(1);
    expect(recipients([request!])[0]).toEqual(Array.from({ length: 10 }, (_, i) => token(`joao-${String(i + 3).padStart(2, '0')}`)));
  });

  describe('PUT habilitarNotificacaoPush bearer checks', () => itRefusesBadBearers(() => t, () => ({ method: 'PUT', url: `${APP}/habilitarNotificacaoPush/${encodeURI(token('x'))}` })));
  describe('DELETE desabilitarNotificacaoPush bearer checks', () => itRefusesBadBearers(() => t, () => ({ method: 'DELETE', url: `${APP}/desabilitarNotificacaoPush` })));
});

describe('a new notification', () => {
  beforeAll(async () => {
    await disable(joao);
    await enable(joao, encodeURI(token('joao-a')));
    await enable(joao, encodeURI(token('joao-b')));
  });

  it("is in the citizen's panel and pushed to their phones with its title and text, opening it when tapped", async () => {
    const created = await notify(joaoSub, 'Contracheque de março disponível');
    expect(created).toMatchObject({ titulo: 'Contracheque de março disponível', texto: 'Agende a renovação pelo portal.', tipo: 'alerta', visualizada: false });
    const panel = (await t.app.inject({ url: `${APP}/buscar?channel=push&pageIndex=0&pageSize=20`, headers: { authorization: joao } })).json();
    expect(panel.mensagens[0]).toMatchObject({ id: created.id, titulo: 'Contracheque de março disponível', visualizada: false });

    const [request] = await expo.requests(1);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers.accept).toBe('application/json');
    expect(request!.body.map((m) => m.to).sort()).toEqual([token('joao-a'), token('joao-b')]);
    for (const message of request!.body) {
      // `redirect` makes the app open the message on tap (features/notification/useNotificationObserver).
      expect(message).toMatchObject({ title: 'Contracheque de março disponível', body: 'Agende a renovação pelo portal.', data: { redirect: true } });
    }
  });

  it('does not wait for the push service: a slow one does not slow the call that created the notification', async () => {
    expo.delayMs = 2_000;
    const started = Date.now();
    await notify(joaoSub);
    expect(Date.now() - started).toBeLessThan(1_000);
    await expo.requests(1);
  });

  it('a failing push service fails nothing but the push', async () => {
    expo.status = 500;
    const created = await notify(joaoSub, 'Aviso importante');
    await expo.requests(1);
    await t.app.notifications.settled();
    const panel = (await t.app.inject({ url: `${APP}/buscar?channel=push&pageIndex=0&pageSize=20`, headers: { authorization: joao } })).json();
    expect(panel.mensagens[0].id).toBe(created.id);
    // The phones stay registered: the next notification reaches them.
    expo.reset();
    await notify(joaoSub);
    expect(recipients(await expo.requests(1))).toEqual([[token('joao-a'), token('joao-b')]]);
  });

  it('forgets a phone the push service reports as no longer registered (the app was uninstalled)', async () => {
    expo.tickets = (messages) =>
      messages.map((m, n) =>
        m.to === token('joao-b')
          ? { status: 'error', message: `"${m.to}" is not a registered push notification recipient`, details: { error: 'DeviceNotRegistered' } }
          : { status: 'ok', id: `ticket-${n}` },
      );
    await notify(joaoSub);
    await expo.requests(1);
    await t.app.notifications.settled();
    expo.reset();
    await notify(joaoSub);
    expect(recipients(await expo.requests(1))).toEqual([[token('joao-a')]]);
  });
});

describe('the push sender on its own', () => {
  /** A logger that keeps every line, to check what a failure says (and what it never says). */
  function recordingLogger() {
    const lines: { level: string; args: unknown[] }[] = [];
    const record = (level: string) => (...args: unknown[]) => void lines.push({ level, args });
    const log = { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') } as unknown as FastifyBaseLogger;
    return { log, lines };
  }

  it('sends nothing when PUSH_URL is unset (the default), and says so at debug level', async () => {
    expect(loadConfig({}).PUSH_URL).toBeUndefined();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { log, lines } = recordingLogger();
    const sender = pushSender({ url: undefined, db: () => t.app.db, log });
    await sender.push(joaoSub, { title: 'Título', body: 'Texto' });
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
    expect(lines).toEqual([{ level: 'debug', args: ['push notification not sent: PUSH_URL is unset'] }]);
  });

  it('gives up after its timeout, to be tried again, and logs the failure without tokens or the message', async () => {
    expo.delayMs = 3_000;
    const { log, lines } = recordingLogger();
    const sender = pushSender({ url: expo.url, db: () => t.app.db, log, timeoutMs: 200 });
    const started = Date.now();
    // Thrown: the 'push' job is tried again later.
    await expect(sender.push(joaoSub, { title: 'Contracheque disponível', body: 'Salário de março' })).rejects.toThrow('push service not reached');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn', args: [{ error: 'TimeoutError' }, 'push notification failed'] });
    expect(JSON.stringify(lines)).not.toMatch(/ExponentPushToken|Contracheque|Salário|joao/);
  });

  it('logs what the push service refused by status and error codes only', async () => {
    const { log, lines } = recordingLogger();
    expo.tickets = (messages) =>
      messages.map((m) => ({ status: 'error', message: `"${m.to}" is not a registered push notification recipient`, details: { error: 'MessageRateExceeded' } }));
    const sender = pushSender({ url: expo.url, db: () => t.app.db, log });
    await sender.push(joaoSub, { title: 'Contracheque disponível', body: 'Salário de março' });
    expect(lines).toEqual([{ level: 'warn', args: [{ errors: ['MessageRateExceeded'], phones: 1, forgotten: 0 }, 'push service could not reach some phones'] }]);
    expo.status = 503;
    await sender.push(joaoSub, { title: 'Contracheque disponível', body: 'Salário de março' });
    expect(lines[1]).toEqual({ level: 'warn', args: [{ status: 503 }, 'push service refused the notification'] });
    expect(JSON.stringify(lines)).not.toMatch(/ExponentPushToken|Contracheque|Salário|joao/);
  });
});
