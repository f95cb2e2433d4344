import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The page's web `Request` for React Router, from Fastify's request. Not @react-router/node's
 * `createRequestListener`: it writes to Node's response itself, and a page must leave through `reply.send`
 * so that every onSend hook (cache rule, public cache, compression, metrics) sees it
 * (docs/decisions/013-official-serving-pieces.md). The body is the buffer Fastify already read under
 * BODY_LIMIT (plugins/web.ts), not the raw stream, which would escape that limit.
 *
 * Its `signal` aborts when the client goes away before the answer is complete, so that loaders stop
 * calling the API for nobody; it never aborts once the answer has been sent.
 */
export function toWebRequest(request: FastifyRequest, reply: FastifyReply, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const controller = new AbortController();
  const raw = reply.raw;
  // 'close' comes after the last byte too; only a close before that is a client that left.
  raw.once('close', () => {
    if (!raw.writableFinished) controller.abort(new DOMException('The client closed the connection before the page was sent.', 'AbortError'));
  });
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body);
  // Absolute links (canonical, Open Graph) come from the request's URL: the public origin, never the Host header.
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    body: hasBody ? new Uint8Array(request.body as Buffer) : undefined,
    signal: controller.signal,
  });
}

/**
 * React Router's `Response` through `reply.send`: status, headers (each Set-Cookie on its own) and the body
 * as a Node stream, which the public cache reads and @fastify/compress compresses after it.
 */
export function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') reply.header(name, value);
  });
  // A page differs by session (the header's name, favourites, counts): caches key it by the cookie.
  reply.header('vary', 'cookie');
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as unknown as NodeReadableStream));
}
