import type { ApiAnswer, ApiCall } from '@portal/contracts';
import type { AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, call, optional, required } from './api.server.ts';

/** The status and data of a response a loader or action threw with `data()`. */
const page = (thrown: unknown) => {
  const response = thrown as { data?: unknown; init?: { status?: number } | null };
  return [response.init?.status, response.data];
};

const answer = (status: number, body: unknown): ApiAnswer => ({ status, headers: {}, body, bytes: new Uint8Array() });

function fakeContext(reply: (call: ApiCall) => ApiAnswer) {
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const calls: ApiCall[] = [];
  const context = {
    api: async (c: ApiCall) => {
      calls.push(c);
      return reply(c);
    },
    citizen: async () => null,
    log,
    sessionUnavailable: async () => false,
    cspNonce: 'n',
    vlibrasUrl: null,
    allowFormAction: () => {},
  } satisfies AppLoadContext;
  return { context, calls, log };
}

/** What a loader threw, as React Router sees it. */
async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('nothing was thrown');
}

describe('call: the one API client', () => {
  it('answers the 2xx body and passes method, body and auth through', async () => {
    const { context, calls } = fakeContext(() => answer(200, [1, 2]));
    await expect(call<number[]>(context, { method: 'POST', url: '/v1/x', body: { a: 1 }, auth: 'citizen' })).resolves.toEqual([1, 2]);
    expect(calls).toEqual([{ method: 'POST', url: '/v1/x', body: { a: 1 }, auth: 'citizen' }]);
  });

  it('throws one ApiError with the server’s message, or a general Portuguese one', async () => {
    const refused = await thrown(call(fakeContext(() => answer(404, { message: 'Serviço não encontrado.' })).context, { url: '/v1/x', auth: 'anonymous' }));
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 404, message: 'Serviço não encontrado.', serverMessage: 'Serviço não encontrado.' });
    const bare = await thrown(call(fakeContext(() => answer(500, 'oops')).context, { url: '/v1/x', auth: 'anonymous' }));
    expect(bare).toMatchObject({ status: 500, message: 'Não foi possível completar a ação!', serverMessage: null });
  });
});

describe('required: a failure becomes the page', () => {
  const failing = (status: number) => fakeContext(() => answer(status, { message: `erro ${status}` }));

  it('keeps 404 (with the page’s own message) and 400', async () => {
    const notFound = failing(404);
    const e404 = await thrown(required(notFound.context, call(notFound.context, { url: '/x', auth: 'anonymous' }), { notFound: 'Órgão não encontrado.' }));
    expect(page(e404)).toEqual([404, { message: 'Órgão não encontrado.' }]);
    const bad = failing(400);
    const e400 = await thrown(required(bad.context, call(bad.context, { url: '/x', auth: 'anonymous' })));
    expect(page(e400)[0]).toBe(400);
  });

  it('keeps an address too long for the API as the page’s 404, never a 5xx (issue 23)', async () => {
    const tooLong = failing(414);
    const error = await thrown(required(tooLong.context, call(tooLong.context, { url: '/x', auth: 'citizen' }), { notFound: 'Serviço não encontrado.' }));
    expect(page(error)).toEqual([404, { message: 'Serviço não encontrado.' }]);
  });

  it('keeps a refusal of who the visitor is (401, 403) or of what they asked (409, 429), with the API’s Portuguese message', async () => {
    for (const status of [401, 403, 409, 429]) {
      const refused = failing(status);
      const error = await thrown(required(refused.context, call(refused.context, { url: '/x', auth: 'citizen' })));
      expect(page(error)).toEqual([status, { message: `erro ${status}` }]);
    }
  });

  it('turns anything else into a 5xx page in Portuguese, logged: the API unavailable is the page unavailable', async () => {
    const down = failing(503);
    const e503 = await thrown(required(down.context, call(down.context, { url: '/x', auth: 'anonymous' }), { failure: 'Não foi possível carregar.' }));
    expect(page(e503)).toEqual([503, { message: 'Não foi possível carregar.' }]);
    expect(down.log.warn).toHaveBeenCalledOnce();
    const failed = failing(500);
    const e502 = await thrown(required(failed.context, call(failed.context, { url: '/x', auth: 'anonymous' }), { failure: 'Não foi possível carregar.' }));
    expect(page(e502)).toEqual([502, { message: 'Não foi possível carregar.' }]);
    const broken = failing(200);
    const e500 = await thrown(required(broken.context, Promise.reject(new TypeError('x is undefined'))));
    expect(page(e500)).toEqual([500, { message: 'Não foi possível completar a ação!' }]);
    expect(broken.log.error).toHaveBeenCalledOnce();
  });
});

describe('responses thrown on purpose', () => {
  it('go on as they are (a redirect, a data() page)', async () => {
    const { context } = fakeContext(() => answer(200, null));
    const redirect = new Response(null, { status: 302, headers: { location: '/app/entrar' } });
    await expect(required(context, Promise.reject(redirect))).rejects.toBe(redirect);
    await expect(optional(context, 'x', Promise.reject(redirect), null)).rejects.toBe(redirect);
  });
});

describe('optional: a widget allowed to fail', () => {
  it('answers the data, or logs through the request’s logger and answers the fallback', async () => {
    const ok = fakeContext(() => answer(200, ['a']));
    await expect(optional(ok.context, 'list', call<string[]>(ok.context, { url: '/x', auth: 'anonymous' }), [])).resolves.toEqual(['a']);
    expect(ok.log.warn).not.toHaveBeenCalled();
    const down = fakeContext(() => answer(502, null));
    await expect(optional(down.context, 'list', call<string[]>(down.context, { url: '/x', auth: 'citizen' }), [])).resolves.toEqual([]);
    expect(down.log.warn).toHaveBeenCalledWith(expect.objectContaining({ what: 'list' }), expect.any(String));
  });
});
