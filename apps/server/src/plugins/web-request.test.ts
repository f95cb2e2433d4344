import { once } from 'node:events';
import { connect } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../test-support/free-port.ts';
import { sendWebResponse, toWebRequest } from './web-request.ts';

const ORIGIN = 'https://portal.pi.gov.br';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A real server whose one page hands its web Request to `page` (as React Router's handler would get it). */
async function serve(page: (request: Request) => Promise<Response>) {
  app = Fastify({ logger: false });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.route({ method: ['GET', 'POST'], url: '/app/*', handler: async (request, reply) => sendWebResponse(reply, await page(toWebRequest(request, reply, ORIGIN))) });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return port;
}

describe('the web Request of a page', () => {
  it('aborts its signal when the client goes away before the answer, so loaders stop', async () => {
    let started!: (request: Request) => void;
    const handed = new Promise<Request>((resolve) => (started = resolve));
    const port = await serve(
      (request) =>
        new Promise<Response>((resolve) => {
          started(request);
          // A slow loader that answers only when told to stop (or never).
          request.signal.addEventListener('abort', () => resolve(new Response('tarde demais', { status: 500 })));
        }),
    );
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write('GET /app/catalog/lento HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const request = await handed;
    expect(request.signal.aborted).toBe(false);
    socket.destroy();
    await Promise.race([once(request.signal, 'abort'), new Promise((_, reject) => setTimeout(() => reject(new Error('signal not aborted after 5 s')), 5_000))]);
    expect(request.signal.aborted).toBe(true);
    expect((request.signal.reason as DOMException).name).toBe('AbortError');
  });

  it('never aborts the signal of an answer that was sent whole', async () => {
    let seen: Request | undefined;
    const port = await serve(async (request) => {
      seen = request;
      return new Response('<p>ok</p>', { headers: { 'content-type': 'text/html' } });
    });
    const res = await fetch(`http://127.0.0.1:${port}/app/catalog`, { headers: { connection: 'close' } });
    expect(await res.text()).toBe('<p>ok</p>');
    // The server side's response has closed by the time a new connection is answered.
    await fetch(`http://127.0.0.1:${port}/app/catalog`, { headers: { connection: 'close' } });
    expect(seen!.signal.aborted).toBe(false);
  });

  it('carries the public address, every header value and the raw form body', async () => {
    let seen: { url: string; method: string; accept: string | null; body: string } | undefined;
    const port = await serve(async (request) => {
      seen = { url: request.url, method: request.method, accept: request.headers.get('x-many'), body: await request.text() };
      return new Response(null, { status: 204 });
    });
    await fetch(`http://127.0.0.1:${port}/app/catalog/busca?q=cnh`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'evil.example', 'x-many': 'a' },
      body: 'nome=Jos%C3%A9&nota=5',
    });
    expect(seen).toEqual({ url: `${ORIGIN}/app/catalog/busca?q=cnh`, method: 'POST', accept: 'a', body: 'nome=Jos%C3%A9&nota=5' });
  });
});

describe('the Response of a page, through reply.send', () => {
  it('keeps its status, each cookie apart, its headers, and varies by cookie', async () => {
    const port = await serve(async () => {
      const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', 'x-page': 'sim' });
      headers.append('set-cookie', 'a=1; Path=/');
      headers.append('set-cookie', 'b=2; Path=/');
      return new Response('<h1>Não encontrado</h1>', { status: 404, headers });
    });
    const res = await fetch(`http://127.0.0.1:${port}/app/qualquer`);
    expect(res.status).toBe(404);
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(res.headers.get('x-page')).toBe('sim');
    expect(res.headers.get('vary')).toMatch(/cookie/i);
    expect(await res.text()).toBe('<h1>Não encontrado</h1>');
  });
});
