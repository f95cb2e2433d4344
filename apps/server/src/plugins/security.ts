import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/http-error.ts';
import { publicOrigin } from './config.ts';
import { isPersonal } from './credentials.ts';


const NONCE = Symbol('cspNonce');
type WithNonce = ServerResponse & { [NONCE]?: string };

/** This response's Content-Security-Policy nonce: pages put it on their inline scripts and styles. */
export function cspNonce(res: ServerResponse): string {
  const raw = res as WithNonce;
  return (raw[NONCE] ??= randomBytes(16).toString('base64'));
}

const nonceSource = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${cspNonce(res)}'`;

/**
 * Route config (`config: identityPage`) for the identity provider's own pages (login, logout, errors):
 * plain server-rendered HTML that needs nothing but its inline style and script, and the portal's own typeface
 * (font-src 'self': they look like the portal, issue 24).
 */
export const identityPage = { securityHeaders: 'identity-page' } as const;

const identityPagePolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'none'"],
    styleSrc: [nonceSource],
    scriptSrc: [nonceSource],
    imgSrc: ["'self'"],
    fontSrc: ["'self'"],
    formAction: ["'self'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
  },
};

/**
 * Lets this page's forms post to `href`'s origin (an https address of a service's digital channel), and to
 * nothing else: one service's channel never loosens another page's policy (issue 23).
 */
export function allowFormAction(reply: FastifyReply, href: string) {
  if (!/^https:\/\//i.test(href) || !URL.canParse(href)) return;
  const origin = new URL(href).origin;
  if (!reply.formActionOrigins?.includes(origin)) reply.formActionOrigins = [...(reply.formActionOrigins ?? []), origin];
}

/** The API and operations answer data, never pages: nothing in them may load, run or be framed. */
const isApiPath = (path: string) => path.startsWith('/v1/') || path.startsWith('/api/') || path === '/openapi.json' || path === '/healthz';

/** The headers helmet sets for these options, computed once (options without per-response parts such as a nonce). */
function staticHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Paths whose unsafe methods change something on the citizen's behalf with the session cookie: every page
 * route and the login form. The API (/v1, /api) takes bearer tokens only, and the provider's protocol
 * endpoints (/auth/token, ...) are called by apps, not by pages: no cookie to ride on, nothing to forge.
 */
const isCookieAuthenticated = (path: string) => !isApiPath(path) && (!path.startsWith('/auth/') || path.startsWith('/auth/interaction/'));

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the security headers a route's answers get: the API's fixed ones, the pages' (the default), or the identity provider's pages' */
    securityHeaders?: 'api' | 'page' | 'identity-page';
  }
  interface FastifyReply {
    /** the same bytes for every visitor (hashed build files): the session cache rule does not apply */
    sharedStatic: boolean;
    /**
     * Origins this page's forms may post to besides our own: a service's digital channel, on that service's
     * page only (spec §5, `catalogDataRow`). Set through `allowFormAction`.
     */
    formActionOrigins: string[] | null;
  }
}

/**
 * The one place for security headers (helmet), cookies (@fastify/cookie), the cache rule for personal
 * answers and the cross-site request check. Every response of the portal goes through here, pages, API,
 * /docs and the identity provider's own pages alike.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const origin = publicOrigin(app.config);
  const https = origin.startsWith('https://');
  app.decorateReply('sharedStatic', false);
  app.decorateReply('formActionOrigins', null);
  app.decorateRequest('personal', false);

  await app.register(cookie);
  // The VLibras widget, when the operator turns it on (VLIBRAS_URL): its legacy Unity player evaluates code and
  // runs WebAssembly and blob: scripts, so the pages allow that, and the widget's origin, and nothing more.
  const vlibras = app.config.VLIBRAS_URL ? [new URL(app.config.VLIBRAS_URL).origin] : [];
  const vlibrasScripts = vlibras.length ? [...vlibras, "'unsafe-eval'", "'wasm-unsafe-eval'", 'blob:'] : [];
  const vlibrasFiles = vlibras.length ? [...vlibras, 'blob:'] : [];
  const options = {
    // Pages: scripts only from us with this response's nonce; style attributes stay allowed (React's `style`).
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonceSource, ...vlibrasScripts],
        styleSrc: ["'self'", "'unsafe-inline'", ...vlibras],
        imgSrc: ["'self'", 'data:', ...vlibrasFiles],
        fontSrc: ["'self'", ...vlibras],
        connectSrc: ["'self'", ...vlibrasFiles],
        mediaSrc: ["'self'", ...vlibrasFiles],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'", ...vlibrasFiles],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Behind a TLS proxy the request itself is http: the public address decides.
    strictTransportSecurity: https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
  } satisfies HelmetOptions;

  // Helmet's middlewares are built once, here: @fastify/helmet built them again on every request, which was
  // half of what a cached answer cost (measured: 71 µs of CPU per cached `load` answer with it, 41 without).
  // The API's answers are data: nothing may load from them or frame them. Their headers never vary, so each
  // answer gets a copy of headers computed once; a page's and an identity page's policy holds a nonce of
  // its own, which helmet's middleware asks `nonceSource` for on each response.
  const apiHeaders = staticHeaders({
    ...options,
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] } },
  });
  const pageHeaders = helmet(options);
  const identityPageHeaders = helmet({ ...options, contentSecurityPolicy: identityPagePolicy });
  app.addHook('onRoute', (route) => {
    if (isApiPath(route.url) && route.config?.securityHeaders === undefined) route.config = { ...route.config, securityHeaders: 'api' };
  });
  // Before any later onRequest hook may answer (the public cache answers a copy from there).
  app.addHook('onRequest', (request, reply, done) => {
    const kind = request.routeOptions.config.securityHeaders;
    if (kind === 'api') {
      reply.headers(apiHeaders);
      return done();
    }
    (kind === 'identity-page' ? identityPageHeaders : pageHeaders)(request.raw, reply.raw, () => done());
  });

  // Cross-site request forgery: a state-changing request that rides on the session cookie must come from
  // our own pages. Fetch metadata first (every current browser sends it), then Origin; a request with
  // neither is not a browser's and carries no ambient credentials worth forging (OWASP CSRF cheat sheet).
  // (A callback hook: it runs on every request, and most are GETs that it lets through at once.)
  const crossSite = (request: FastifyRequest) => {
    if (!isCookieAuthenticated(request.url.split('?')[0]!)) return false;
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined) return site !== 'same-origin' && site !== 'none';
    const from = request.headers.origin;
    if (from === undefined) return false;
    return !(from === origin || (URL.canParse(from) && new URL(from).host === request.headers.host));
  };
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS' || !crossSite(request)) return done();
    done(forbidden('Pedido recusado: ele veio de outro site. Volte ao portal e tente novamente.'));
  });

  // Behind a TLS proxy the portal sees the citizen's scheme only through a trusted X-Forwarded-Proto: when
  // the proxy says the citizen came over plain http, they are sent to the https address. In-process calls
  // (loaders, the login's discovery) carry no such header; health probes stay where they are.
  if (https && app.config.TRUST_PROXY !== false) {
    app.addHook('onRequest', async (request, reply) => {
      if (!request.headers['x-forwarded-proto'] || request.protocol === 'https' || request.url === '/healthz') return;
      return reply.redirect(`${origin}${request.url}`, ['GET', 'HEAD'].includes(request.method) ? 301 : 308);
    });
  }

  app.addHook('onRequest', (_request, reply, done) => {
    reply.raw.setHeader('permissions-policy', 'camera=(), microphone=(), geolocation=(self), interest-cohort=()');
    done();
  });

  // One cache rule: a personal answer (any credential came with it, or what produced it read one:
  // plugins/credentials.ts) is the citizen's alone; shared caches never keep it, and the browser does not keep
  // it either (Back after logout shows nothing of the citizen).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.sharedStatic) return done(null, payload);
    if (reply.formActionOrigins?.length) {
      const policy = String(reply.getHeader('content-security-policy') ?? '');
      reply.header('content-security-policy', policy.replace("form-action 'self'", `form-action 'self' ${reply.formActionOrigins.join(' ')}`));
    }
    if (isPersonal(request)) {
      reply.header('cache-control', 'private, no-store');
    } else if (isApiPath(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
});
