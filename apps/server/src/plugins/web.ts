import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { ApiAnswer, ApiCall, WebLoadContext } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicOrigin } from './config.ts';
import { plainPage } from '../lib/plain-page.ts';
import { credential } from './credentials.ts';
import { allowFormAction, cspNonce } from './security.ts';
import { citizenSession } from './web-citizen.ts';
import { createWebDevelopment, servingWebFromSources, type RequestHandler, type WebDevelopment } from './web-dev.ts';
import { sendWebResponse, toWebRequest } from './web-request.ts';
import { pageRefusals, type BuildRoute } from './web-routes.ts';

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
/** ... and when the session could not be read (the database is down): the personal area says so. */
const PERSONAL_AREA_UNAVAILABLE: ApiAnswer = {
  status: 503,
  headers: {},
  body: { message: 'Sua área pessoal está temporariamente indisponível. O catálogo de serviços continua disponível; tente novamente em alguns minutos.' },
  bytes: new Uint8Array(),
};

/** Types the build compresses ahead of time (apps/web/scripts/precompress.ts): their answers vary by Accept-Encoding. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)(\.br|\.gz)?$/;

/**
 * The browser's files of the build, with @fastify/static: the brotli and gzip copies made at build time
 * (`preCompressed`), a year of caching for the hashed files under `assets/`, an hour for the others. The
 * same bytes for everyone, session or not (`sharedStatic`: the security plugin's session rule skips them).
 */
async function clientFiles(app: FastifyInstance, { clientDir, base }: { clientDir: string; base: string }) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.sharedStatic = true;
    done();
  });
  const headers = (cacheControl: string) => (res: { setHeader(name: string, value: string): unknown }, path: string) => {
    res.setHeader('cache-control', cacheControl);
    if (COMPRESSIBLE.test(path)) res.setHeader('vary', 'accept-encoding');
  };
  const common = { root: clientDir, preCompressed: true, decorateReply: false, index: false as const, cacheControl: false, list: false as const };
  // Hashed files: one route for all of them (one label in the metrics); a name the build does not have is a 404.
  await app.register(fastifyStatic, {
    ...common,
    root: join(clientDir, 'assets'),
    prefix: `${base}/assets/`,
    setHeaders: headers('public, max-age=31536000, immutable'),
  });
  // The few others (favicon, manifest, ...): a route each, so that every other path under the base stays a page.
  await app.register(fastifyStatic, {
    ...common,
    prefix: `${base}/`,
    wildcard: false,
    globIgnore: ['assets/**', '**/*.br', '**/*.gz'],
    setHeaders: (res: { setHeader(name: string, value: string): unknown }, path: string) => {
      headers('public, max-age=3600')(res, path);
      // The service worker (public/sw.js) looks after the whole portal's pages, not only the catalog's, and a
      // new version reaches browsers at their next visit (docs/decisions/021-saved-copies-offline.md).
      if (/\/sw\.js(\.br|\.gz)?$/.test(path)) {
        res.setHeader('service-worker-allowed', '/');
        res.setHeader('cache-control', 'no-cache');
      }
    },
  });
}

/**
 * Serves the React Router app (apps/web) from this process: the browser's files under BASE_PATH
 * (@fastify/static), and every other page request under BASE_PATH (and the other /app/* pages) to React
 * Router, answered through `reply.send` so that every onSend hook applies (cache rule, public cache,
 * compression, metrics). Loaders reach the API in-process through `app.inject`, so validation and auth apply
 * as to any caller; the citizen's calls carry the session's bearer token, added here (web-citizen.ts).
 * Under `npm run dev`, Vite serves the sources instead of the build (web-dev.ts).
 */
export async function webPlugin(app: FastifyInstance, options: WebPluginOptions) {
  const base = options.basePath === '/' ? '' : options.basePath.replace(/\/$/, '');
  let handle: RequestHandler;
  let development: WebDevelopment | undefined;
  /** what React Router would refuse in English, refused in Portuguese first (a built app only) */
  let refusal: ReturnType<typeof pageRefusals> | undefined;
  if (servingWebFromSources()) {
    development = await createWebDevelopment(app, options.basePath);
    handle = development.handle;
  } else {
    const buildDir = options.buildDir ?? WEB_BUILD_DIR;
    const serverEntry = join(buildDir, 'server', 'index.js');
    const clientDir = join(buildDir, 'client');
    if (!existsSync(serverEntry) || !existsSync(clientDir)) {
      app.log.warn(`web app not built (${relative(process.cwd(), serverEntry)} missing): serving the API only. Build it with \`npm run build\` (npm start does it by itself).`);
      return;
    }
    // React loads its development build (much slower: a logged-in home took 124 ms, 75 ms with this alone) when
    // NODE_ENV is not 'production' at the moment it is first loaded, which is here. The pages are a production
    // build, so React runs as production too, unless NODE_ENV was set on purpose (a test runner's 'test').
    if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';
    const { createRequestHandler, matchRoutes } = (await import('react-router')) as unknown as {
      createRequestHandler: (build: unknown, mode?: string) => RequestHandler;
      matchRoutes: Parameters<typeof pageRefusals>[1];
    };
    const build = await import(pathToFileURL(serverEntry).href);
    // The build is always a production build (`react-router build`); React Router's development mode would
    // also send error details to the browser, so the pages run in production mode whatever NODE_ENV says.
    handle = createRequestHandler(build, 'production');
    refusal = pageRefusals(build.routes as Record<string, BuildRoute>, matchRoutes);
    await app.register(clientFiles, { clientDir, base });
  }

  // Pages receive their bodies untouched (forms, React Router's own data requests); only this plugin's routes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: app.config.BODY_LIMIT }, (_request, body, done) => done(null, body));

  // Pages build absolute links (canonical, Open Graph) from the request's URL: the public address, never the Host header.
  const origin = publicOrigin(app.config);
  const vlibrasUrl = app.config.VLIBRAS_URL?.replace(/\/$/, '') ?? null;

  const pageHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    if (API_PREFIXES.some((prefix) => path.startsWith(prefix))) return reply.callNotFound();
    if (development && path.startsWith(`${base}/`) && (await development.serveFromVite(request, reply))) return reply;
    const refused = refusal?.(request.method, request.url);
    if (refused) {
      reply.code(refused.status).header('cache-control', 'no-store');
      if (refused.status === 405) reply.header('allow', 'GET, HEAD');
      if (path.endsWith('.data')) return reply.type('text/plain; charset=utf-8').send(refused.message);
      return reply.type('text/html; charset=utf-8').send(plainPage(refused.title, refused.message));
    }
    const remoteAddress = request.ip;
    const session = citizenSession(app, request);
    const api = async ({ method, url, body, auth }: ApiCall): Promise<ApiAnswer> => {
      // 'anonymous' is no session: the request's own credentials, if an API client sent any.
      const authorization = auth === 'citizen' ? await session.bearer() : credential(request, 'authorization');
      if (auth === 'citizen' && !authorization) return (await session.unavailable()) ? PERSONAL_AREA_UNAVAILABLE : NOT_LOGGED_IN;
      const answer = await app.inject({
        method,
        url,
        remoteAddress,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(authorization ? { authorization } : {}),
          'x-request-id': String(request.id),
          // where the citizen came from: a service opened from search results counts for that search (issue 15)
          ...(request.headers.referer ? { referer: request.headers.referer } : {}),
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
    const loadContext: WebLoadContext = {
      api,
      citizen: session.citizen,
      sessionUnavailable: session.unavailable,
      log: request.log,
      cspNonce: cspNonce(reply.raw),
      vlibrasUrl,
      allowFormAction: (href) => allowFormAction(reply, href),
    };
    const webRequest = toWebRequest(request, reply, origin);
    const response = await handle(webRequest, loadContext);
    if (webRequest.signal.aborted) {
      // The client left and its loaders were stopped: nobody reads this answer, and it is no server error
      // either (the public cache would take a 5xx for a failing database): 499, as nginx logs it.
      await response.body?.cancel().catch(() => {});
      return reply.code(499).send();
    }
    return sendWebResponse(reply, response);
  };

  const methods: ('GET' | 'HEAD' | 'POST')[] = ['GET', 'HEAD', 'POST'];
  // Anonymous page views come from the public cache (plugins/response-cache.ts); a citizen's never do. Not in
  // development: an edited page shows at once, and Vite's own answers are not pages.
  const config = development ? {} : { publicCache: { page: true, browserMaxAge: 0 } };
  const page = { method: methods, handler: pageHandler, schema: { hide: true }, config };
  if (base) {
    app.route({ ...page, url: base });
    app.route({ ...page, url: `${base}/*` });
    // The portal's other pages (/app/dashboard, /app/app-simplifique, ...; the identity module's own
    // /app/entrar, /app/auth/callback and /app/sair are more specific routes and win).
    // '/app' itself (and '/app/') redirects to the catalog's home (routes/portal-home.ts).
    if (base !== '/app') {
      app.route({ ...page, url: '/app' });
      app.route({ ...page, url: '/app/*' });
    }
  } else {
    app.route({ ...page, url: '/' });
    app.route({ ...page, url: '/*' });
  }
  app.log.info({ basePath: options.basePath, from: development ? 'sources (Vite, hot reload)' : 'build' }, 'web app mounted');
}
