import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { memoryCache } from '../lib/cache.ts';
import { unauthorized } from '../lib/http-error.ts';
import { credential } from './credentials.ts';

export interface AuthUser {
  sub: string;
  username: string;
  name: string;
  roles: string[];
  claims: JWTPayload;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the caller of a valid bearer token, or null */
    user: AuthUser | null;
    /** why a bearer token was refused, when one was sent */
    authError: string | null;
  }
  interface FastifyInstance {
    /** preHandler for personal routes: 401 without a valid token */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** the identity module says whose tokens to trust; keys given to the plugin (tests) take precedence */
    trustBearerTokens: (source: BearerTokenSource) => void;
    /** the caller of an access token, checked as a bearer header is; throws why it is refused */
    verifyAccessToken: (token: string) => Promise<AuthUser>;
  }
}

/** Whose bearer tokens are valid: the keys that sign them, their issuer and the audience they must carry. */
export interface BearerTokenSource {
  keys: JWTVerifyGetKey;
  issuer?: string;
  /** undefined skips the audience check */
  audience?: string;
}

export interface AuthPluginOptions {
  /** where token signatures are checked (tests); defaults to the source the identity module gives */
  keys?: JWTVerifyGetKey;
  issuer?: string;
  /** the audience tokens must carry along with `keys` */
  audience?: string;
}

function toUser(payload: JWTPayload): AuthUser {
  const realmRoles = (payload.realm_access as { roles?: unknown } | undefined)?.roles;
  const roles = Array.isArray(payload.roles) ? payload.roles : Array.isArray(realmRoles) ? realmRoles : [];
  return {
    sub: payload.sub!,
    username: String(payload.preferred_username ?? payload.sub),
    name: String(payload.name ?? ''),
    roles: roles.map(String),
    claims: payload,
  };
}

/**
 * Bearer tokens on /v1 and /api: verified with jose against the identity provider's keys. Public routes
 * read `request.user` when a valid token comes along; personal routes add `app.requireUser`.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthPluginOptions) => {
  // Injected keys (tests) come with their own issuer; otherwise the identity module hands over its
  // provider's (modules/identity), so this plugin knows no module.
  let source: BearerTokenSource | undefined = options.keys ? { keys: options.keys, issuer: options.issuer, audience: options.audience } : undefined;
  // A token checked once is known for half a minute (never past its expiry): the app and the pages send the same
  // token with every call, and checking its signature was an eighth of the thread's work for citizens filling in a
  // request (bench/README.md). Only tokens found valid are kept; another source of keys forgets them all.
  const verified = memoryCache<AuthUser>({ name: 'bearer-tokens', ttlMs: 30_000, max: 10_000 });
  app.decorate('trustBearerTokens', (given: BearerTokenSource) => {
    if (options.keys) return;
    if (!given.audience) app.log.warn('OIDC_AUDIENCE is not set: bearer tokens are accepted for any audience of the issuer');
    source = given;
    void verified.clear();
  });

  app.decorateRequest('user', null);
  app.decorateRequest('authError', null);

  const verify = async (token: string) => {
    if (!source) throw new Error('no identity provider configured');
    const { payload } = await jwtVerify(token, source.keys, {
      issuer: source.issuer,
      audience: source.audience,
      algorithms: ['RS256', 'PS256', 'ES256', 'EdDSA'],
      requiredClaims: ['sub', 'exp'],
    });
    return toUser(payload);
  };
  app.decorate('verifyAccessToken', async (token: string) => {
    const user = await verified.fetch(token, () => verify(token));
    if (typeof user.claims.exp === 'number' && user.claims.exp * 1000 <= Date.now()) {
      await verified.delete(token);
      return verify(token);
    }
    return user;
  });

  // Callback style: most requests carry no token and pass at once, without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const header = credential(request, 'authorization');
    if (!header) return done();
    const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec(header);
    if (!match) {
      request.authError = 'malformed authorization header';
      return done();
    }
    app.verifyAccessToken(match[1]!).then(
      (user) => {
        request.user = user;
        done();
      },
      (err: Error) => {
        request.authError = err.message;
        done();
      },
    );
  });

  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (request.user) return;
    request.log.info({ reason: request.authError ?? 'no token' }, 'personal route refused');
    throw request.authError
      ? unauthorized('Sua sessão expirou ou o token de acesso é inválido. Faça login novamente.')
      : unauthorized('Acesso não autorizado: faça login para continuar.');
  });
});
