import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, createGzip, gzipSync } from 'node:zlib';
import type { ApiAnswer, ApiCall, WebLoadContext } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicOrigin } from './config.ts';
import { cspNonce } from './security.ts';
import { citizenSession } from './web-citizen.ts';

/** The web app's build (apps/web/build): `client/` holds the browser's files, `server/index.js` the SSR build. */
export const WEB_BUILD_DIR = fileURLToPath(new URL('../../../web/build', import.meta.url));

export interface WebPluginOptions {
  basePath: string;
  buildDir?: string;
}

/** Prefixes that belong to the API and operations, never to the pages. */
const API_PREFIXES = ['/v1/', '/api/', '/docs', '/healthz', '/openapi.json', '/auth/'];

/** What a citizen's call answers when nobody is logged in, without reaching the API. */
const NOT_LOGGED_IN: ApiAnswer = { status: 401, headers: {}, body: { message: 'Faça login no Acesso Cidadão para continuar.' }, bytes: new Uint8Array() };

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.webmanifest']);

interface StaticFile {
  path: string;
  type: string;
  size: number;
  /** hashed file names never change content: cache for a year */
  immutable: boolean;
  gzip?: Buffer;
  br?: Buffer;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

/** The structural shape of React Router's server build handler (kept loose: the build is loaded at run time). */
type RequestHandler = (request: Request, loadContext?: unknown) => Promise<Response>;

/**
 * Serves the React Router app (apps/web) from this process: the browser's files under BASE_PATH with long
 * caching, and every other page request under BASE_PATH (and the other /app/* pages) to React Router.
 * Loaders reach the API in-process through `app.inject`, so validation and auth apply as to any caller;
 * the citizen's calls carry the session's bearer token, added here (web-citizen.ts).
 */
export async function webPlugin(app: FastifyInstance, options: WebPluginOptions) {
  const buildDir = options.buildDir ?? WEB_BUILD_DIR;
  const serverEntry = join(buildDir, 'server', 'index.js');
  const clientDir = join(buildDir, 'client');
  if (!existsSync(serverEntry) || !existsSync(clientDir)) {
    app.log.warn(`web app not built (${relative(process.cwd(), serverEntry)} missing): serving the API only. Build it with \`npm run build\` (npm start does it by itself).`);
    return;
  }

  const base = options.basePath === '/' ? '' : options.basePath.replace(/\/$/, '');
  const files = new Map<string, StaticFile>();
  for (const path of listFiles(clientDir)) {
    const url = `${base}/${relative(clientDir, path).split(sep).join('/')}`;
    const ext = extname(path);
    files.set(url, {
      path,
      type: TYPES[ext] ?? 'application/octet-stream',
      size: statSync(path).size,
      immutable: url.startsWith(`${base}/assets/`),
    });
  }

  const { createRequestHandler } = (await import('react-router')) as unknown as {
    createRequestHandler: (build: unknown, mode?: string) => RequestHandler;
  };
  const build = await import(pathToFileURL(serverEntry).href);
  // The build is always a production build (`react-router build`); React Router's development mode would
  // also send error details to the browser, so the pages run in production mode whatever NODE_ENV says.
  const handle = createRequestHandler(build, 'production');

  // Pages receive their bodies untouched (forms, React Router's own data requests); only this plugin's routes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: app.config.BODY_LIMIT }, (_request, body, done) => done(null, body));

  const serveFile = (request: FastifyRequest, reply: FastifyReply, file: StaticFile) => {
    const ext = extname(file.path);
    reply.sharedStatic = true;
    reply.header('content-type', file.type);
    reply.header('cache-control', file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    if (COMPRESSIBLE.has(ext) && file.size > 512) {
      reply.header('vary', 'accept-encoding');
      const accepts = String(request.headers['accept-encoding'] ?? '');
      // Compressed once per process and kept: the set of files is small and fixed for the build.
      if (/\bbr\b/.test(accepts)) {
        file.br ??= brotliCompressSync(readFileSync(file.path), { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
        return reply.header('content-encoding', 'br').send(file.br);
      }
      if (/\bgzip\b/.test(accepts)) {
        file.gzip ??= gzipSync(readFileSync(file.path), { level: 9 });
        return reply.header('content-encoding', 'gzip').send(file.gzip);
      }
    }
    return reply.header('content-length', file.size).send(createReadStream(file.path));
  };

  // Pages build absolute links (canonical, Open Graph) from the request's URL: the public address, never the Host header.
  const origin = publicOrigin(app.config);
  const toWebRequest = (request: FastifyRequest): Request => {
    // The router's basename is '/': the catalog's pages and the portal's /app/* pages are routes of one app.
    const url = request.url;
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body);
    return new Request(new URL(url, origin), {
      method: request.method,
      headers,
      body: hasBody ? new Uint8Array(request.body as Buffer) : undefined,
    });
  };

  const sendWebResponse = async (request: FastifyRequest, reply: FastifyReply, response: Response) => {
    reply.code(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') reply.header(name, value);
    });
    // A page differs by session (the header's name, favourites, counts): caches key it by the cookie.
    reply.header('vary', 'cookie');
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    if (!response.body) return reply.send();
    const body = Readable.fromWeb(response.body as unknown as NodeReadableStream);
    const type = response.headers.get('content-type') ?? '';
    if (/^text\/html|application\/json|text\/x-script/.test(type) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      reply.removeHeader('content-length');
      reply.header('content-encoding', 'gzip').header('vary', 'cookie, accept-encoding');
      return reply.send(body.pipe(createGzip({ level: 6, flush: zlib.Z_SYNC_FLUSH })));
    }
    return reply.send(body);
  };

  const pageHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    if (API_PREFIXES.some((prefix) => path.startsWith(prefix))) return reply.callNotFound();
    if (request.method === 'GET' || request.method === 'HEAD') {
      const file = files.get(path);
      if (file) return serveFile(request, reply, file);
    }
    const remoteAddress = request.ip;
    const session = citizenSession(app, request);
    const api = async ({ method, url, body, auth }: ApiCall): Promise<ApiAnswer> => {
      // 'anonymous' is no session: the request's own credentials, if an API client sent any.
      const authorization = auth === 'citizen' ? await session.bearer() : request.headers.authorization;
      if (auth === 'citizen' && !authorization) return NOT_LOGGED_IN;
      const answer = await app.inject({
        method,
        url,
        remoteAddress,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(authorization ? { authorization } : {}),
          'x-request-id': String(request.id),
        },
        payload: body === undefined ? undefined : JSON.stringify(body),
      });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(answer.headers)) if (value != null) headers[name] = String(value);
      let parsed: unknown = answer.body;
      if ((headers['content-type'] ?? '').includes('json')) {
        try {
          parsed = answer.json();
        } catch {
          parsed = null;
        }
      }
      return { status: answer.statusCode, headers, body: parsed, bytes: answer.rawPayload };
    };
    const loadContext: WebLoadContext = { api, citizen: session.citizen, log: request.log, cspNonce: cspNonce(reply.raw) };
    const response = await handle(toWebRequest(request), loadContext);
    return sendWebResponse(request, reply, response);
  };

  const methods: ('GET' | 'HEAD' | 'POST')[] = ['GET', 'HEAD', 'POST'];
  if (base) {
    app.route({ method: methods, url: base, handler: pageHandler, schema: { hide: true } });
    app.route({ method: methods, url: `${base}/*`, handler: pageHandler, schema: { hide: true } });
    // The portal's other pages (/app/dashboard, /app/app-simplifique, ...; the identity module's own
    // /app/entrar, /app/auth/callback and /app/sair are more specific routes and win).
    if (base !== '/app') app.route({ method: methods, url: '/app/*', handler: pageHandler, schema: { hide: true } });
  } else {
    app.route({ method: methods, url: '/', handler: pageHandler, schema: { hide: true } });
    app.route({ method: methods, url: '/*', handler: pageHandler, schema: { hide: true } });
  }
  app.log.info({ basePath: options.basePath, files: files.size }, 'web app mounted');
}
