import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { unauthorized } from '../lib/http-error.ts';
import { identitySettings } from '../modules/identity/settings.ts';
import { embeddedVerifyKeys } from '../modules/identity/signing-keys.ts';
import type { Config } from './config.ts';

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
  }
}

export interface AuthPluginOptions {
  config: Config;
  /** where token signatures are checked; defaults to the issuer's published keys */
  keys?: JWTVerifyGetKey;
  issuer?: string;
  /** the audience tokens must carry; defaults to the identity settings' (the embedded API resource) */
  audience?: string;
}

/** The keys of an OpenID Connect issuer, found through its discovery document, fetched once and cached by jose. */
function discoveredKeys(issuer: string): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const load = async () => {
    const response = await fetch(new URL('.well-known/openid-configuration', issuer.endsWith('/') ? issuer : `${issuer}/`));
    if (!response.ok) throw new Error(`OIDC discovery failed: ${response.status}`);
    const { jwks_uri } = (await response.json()) as { jwks_uri: string };
    return createRemoteJWKSet(new URL(jwks_uri));
  };
  return async (header, token) => {
    keys ??= load().catch((err) => {
      keys = undefined;
      throw err;
    });
    return (await keys)(header, token);
  };
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
  const settings = identitySettings(options.config);
  // Injected keys (tests) come with their own issuer; otherwise the external issuer's published keys, or
  // the embedded provider's, read from the database where it keeps them.
  const issuer = options.keys ? options.issuer : settings.issuer;
  const audience = options.keys ? options.audience : settings.audience;
  const keys = options.keys ?? (settings.embedded ? embeddedVerifyKeys(() => app.db) : discoveredKeys(settings.issuer));
  if (!audience && !options.keys) app.log.warn('OIDC_AUDIENCE is not set: bearer tokens are accepted for any audience of the issuer');

  app.decorateRequest('user', null);
  app.decorateRequest('authError', null);

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec(header);
    if (!match) {
      request.authError = 'malformed authorization header';
      return;
    }
    if (!keys) {
      request.authError = 'no identity provider configured';
      return;
    }
    try {
      const { payload } = await jwtVerify(match[1]!, keys, {
        issuer,
        audience,
        algorithms: ['RS256', 'PS256', 'ES256', 'EdDSA'],
        requiredClaims: ['sub', 'exp'],
      });
      request.user = toUser(payload);
    } catch (err) {
      request.authError = (err as Error).message;
    }
  });

  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (request.user) return;
    request.log.info({ reason: request.authError ?? 'no token' }, 'personal route refused');
    throw request.authError
      ? unauthorized('Sua sessão expirou ou o token de acesso é inválido. Faça login novamente.')
      : unauthorized('Acesso não autorizado: faça login para continuar.');
  });
});
