import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module without type declarations
import { ensureBuild } from '../../../web/scripts/ensure-build.mjs';
import { precompress } from '../../../web/scripts/precompress.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { freePort } from '../test-support/free-port.ts';
import { loadConfig } from './config.ts';
import { SESSION_COOKIE } from './credentials.ts';
import { securityPlugin } from './security.ts';
import { WEB_BUILD_DIR, webPlugin } from './web.ts';

// The browser's files of a build made for the test (the real server build, hand-made client files).
const SCRIPT = `export const greeting = ${JSON.stringify('Olá, Piauí! '.repeat(200))};\n`;
const MANIFEST = JSON.stringify({ name: 'Portal de Serviços do Piauí', description: 'Serviços do governo do estado. '.repeat(30) });

let dir: string;
let app: FastifyInstance;
beforeAll(async () => {
  (ensureBuild as () => boolean)();
  dir = await mkdtemp(join(tmpdir(), 'portal-web-'));
  await mkdir(join(dir, 'server'));
  await writeFile(join(dir, 'server', 'index.js'), `export * from ${JSON.stringify(pathToFileURL(join(WEB_BUILD_DIR, 'server', 'index.js')).href)};\n`);
  const client = join(dir, 'client');
  await mkdir(join(client, 'assets'), { recursive: true });
  await writeFile(join(client, 'assets', 'entry-Ab12Cd34.js'), SCRIPT);
  await writeFile(join(client, 'assets', 'tiny-Ef56Gh78.js'), 'export {};\n');
  await writeFile(join(client, 'assets', 'montserrat-Ij90.woff2'), Buffer.alloc(2048, 7));
  await writeFile(join(client, 'site.webmanifest'), MANIFEST);
  await writeFile(join(client, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  await precompress(client);

  app = Fastify({ logger: false });
  app.decorate('config', loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }));
  await app.register(securityPlugin);
  await app.register(webPlugin, { basePath: '/app/catalog', buildDir: dir });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the build compresses the browser files once', () => {
  it('writes brotli and gzip copies of text files above 512 bytes only', () => {
    const at = (path: string) => existsSync(join(dir, 'client', path));
    expect(at('assets/entry-Ab12Cd34.js.br') && at('assets/entry-Ab12Cd34.js.gz')).toBe(true);
    expect(at('site.webmanifest.br') && at('site.webmanifest.gz')).toBe(true);
    expect(at('assets/tiny-Ef56Gh78.js.br') || at('assets/tiny-Ef56Gh78.js.gz')).toBe(false);
    expect(at('robots.txt.br') || at('assets/montserrat-Ij90.woff2.br')).toBe(false);
  });
});

describe('the browser files (@fastify/static)', () => {
  const asset = '/app/catalog/assets/entry-Ab12Cd34.js';

  it('sends the brotli copy to a browser that takes it, cached for a year, with every security header', async () => {
    const res = await app.inject({ url: asset, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('sends the gzip copy, or the file itself, to browsers that take only that', async () => {
    const gzip = await app.inject({ url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const plain = await app.inject({ url: asset });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    const head = await app.inject({ method: 'HEAD', url: asset, headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
  });

  it('keeps build files public for a session too: the same bytes for everyone', async () => {
    const res = await app.inject({ url: asset, headers: { cookie: `${SESSION_COOKIE}=abc` } });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('caches the files outside assets/ (names without a hash) for an hour', async () => {
    const manifest = await app.inject({ url: '/app/catalog/site.webmanifest', headers: { 'accept-encoding': 'br' } });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('public, max-age=3600');
    expect(JSON.parse(brotliDecompressSync(manifest.rawPayload).toString())).toEqual(JSON.parse(MANIFEST));
    const robots = await app.inject({ url: '/app/catalog/robots.txt' });
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    expect(robots.body).toContain('User-agent');
  });

  it('answers 404 for a hashed name this build does not have', async () => {
    const res = await app.inject({ url: '/app/catalog/assets/entry-OldHash1.js' });
    expect(res.statusCode).toBe(404);
  });
});

describe('pages through every onSend hook', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('compresses a page by Accept-Encoding and keys it by cookie, anonymous or not', async () => {
    const anonymous = await t.app.inject({ url: '/app/catalog', headers: { 'accept-encoding': 'br, gzip' } });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['content-encoding']).toBe('br');
    expect(String(anonymous.headers.vary)).toMatch(/cookie/i);
    expect(brotliDecompressSync(anonymous.rawPayload).toString()).toMatch(/^<!DOCTYPE html>/i);

    const cookie = await t.webSession('maria.silva');
    const personal = await t.app.inject({ url: '/app/catalog', headers: { 'accept-encoding': 'gzip', cookie } });
    expect(personal.statusCode).toBe(200);
    expect(personal.headers['content-encoding']).toBe('gzip');
    expect(personal.headers['cache-control']).toBe('private, no-store');
    expect(String(personal.headers.vary)).toMatch(/cookie/i);
    expect(gunzipSync(personal.rawPayload).toString()).toContain('</html>');
  });

  it('leaves the API prefixes to the API: an unknown API path is its 404, not a page', async () => {
    for (const url of ['/v1/nao-existe', '/api/nao-existe']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/json/);
    }
  });
});

// A server build reduced to one resource route whose loader waits: what the page handler does when the client leaves.
const SLOW_BUILD = `
export const future = {};
export const basename = '/';
export const publicPath = '/';
export const assetsBuildDirectory = 'client';
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const routeDiscovery = { mode: 'lazy', manifestPath: '/__manifest' };
export const assets = { entry: { module: '/entry.js', imports: [] }, routes: {}, url: '/manifest.js', version: '1' };
export const entry = { module: { default: () => new Response('') } };
export const routes = {
  root: { id: 'root', path: '', module: {} },
  slow: { id: 'slow', parentId: 'root', path: 'app/catalog/lento', module: { loader: ({ request }) => globalThis.slowLoader(request) } },
};
`;

describe('a client that goes away', () => {
  it('stops the loaders of its page and ends it as 499, not as a server error', async () => {
    const slowDir = await mkdtemp(join(tmpdir(), 'portal-web-slow-'));
    await mkdir(join(slowDir, 'server'));
    await mkdir(join(slowDir, 'client'));
    await writeFile(join(slowDir, 'server', 'index.js'), SLOW_BUILD);
    let started!: (request: Request) => void;
    const loaderRequest = new Promise<Request>((resolve) => (started = resolve));
    (globalThis as { slowLoader?: unknown }).slowLoader = (request: Request) =>
      new Promise<Response>((resolve) => {
        started(request);
        request.signal.addEventListener('abort', () => resolve(new Response('tarde demais')));
      });
    const server = Fastify({ logger: false });
    let status: number | undefined;
    const answered = new Promise<void>((resolve) =>
      // onSend: what the public cache and compression see (onResponse needs a connection to finish on)
      server.addHook('onSend', async (_request, reply, payload) => {
        status = reply.statusCode;
        resolve();
        return payload;
      }),
    );
    try {
      server.decorate('config', loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }));
      await server.register(securityPlugin);
      await server.register(webPlugin, { basePath: '/app/catalog', buildDir: slowDir });
      const port = await freePort();
      await server.listen({ port, host: '127.0.0.1' });
      const socket = connect(port, '127.0.0.1');
      await once(socket, 'connect');
      socket.write('GET /app/catalog/lento HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      const request = await loaderRequest;
      expect(request.signal.aborted).toBe(false);
      socket.destroy();
      await Promise.race([answered, new Promise((_, reject) => setTimeout(() => reject(new Error('no answer 5 s after the client left')), 5_000))]);
      expect(request.signal.aborted).toBe(true);
      expect(status).toBe(499);
    } finally {
      delete (globalThis as { slowLoader?: unknown }).slowLoader;
      await server.close();
      await rm(slowDir, { recursive: true, force: true });
    }
  });
});
