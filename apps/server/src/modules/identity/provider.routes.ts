import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { favoriteSlugs } from '../../lib/favorite-slugs.ts';
import { identityPage } from '../../plugins/security.ts';
import { userClaims } from './claims.ts';
import * as repository from './identity.repository.ts';
import { parseForms } from './identity-http.ts';
import { endEmbeddedLogin } from './provider-logout.ts';
import { EMBEDDED_MOUNT, LEGACY_MOUNT, LEGACY_ROUTES, PROVIDER_ROUTES, type IdentitySettings } from './settings.ts';
import { credential } from '../../plugins/credentials.ts';

/** A client's id and secret from a token-endpoint-style form or its Basic authorization (RFC 6749 §2.3.1). */
function clientCredentials(request: FastifyRequest, form: Record<string, string | undefined>) {
  const basic = /^Basic\s+(\S+)$/i.exec(credential(request, 'authorization') ?? '')?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const at = decoded.indexOf(':');
    if (at > 0) return { clientId: decodeURIComponent(decoded.slice(0, at)), clientSecret: decodeURIComponent(decoded.slice(at + 1)) };
  }
  return { clientId: form.client_id, clientSecret: form.client_secret };
}

const sameSecret = (given: string | undefined, expected: string) =>
  given !== undefined && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/** The id of the client a request names, when it is registered and, for a confidential client, proves it. */
async function authenticatedClient(provider: Provider, request: FastifyRequest, form: Record<string, string | undefined>): Promise<string | null> {
  const { clientId, clientSecret } = clientCredentials(request, form);
  const client = clientId ? await provider.Client.find(clientId) : undefined;
  if (!client) return null;
  if (client.clientAuthMethod !== 'none' && !sameSecret(clientSecret, client.clientSecret ?? '')) return null;
  return client.clientId;
}

const UNKNOWN_CLIENT = 'Cliente não identificado: informe client_id (e o segredo de um cliente confidencial).';

type Raw = IncomingMessage & { originalUrl?: string; body?: unknown };

/**
 * oidc-provider (a Koa app) at EMBEDDED_MOUNT: the raw request goes to it with the mount path stripped. The
 * paths it had at /auth before (LEGACY_ROUTES) are rewritten to their new names; the login pages at
 * /auth/interaction are interaction.routes.ts's. Three endpoints are answered here instead (see keycloakRoutes).
 */
export async function mountProvider(app: FastifyInstance, provider: Provider, settings: IdentitySettings) {
  const callback = provider.callback();
  const origin = new URL(settings.origin);
  const pass = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    reply.hijack();
    const req = request.raw as Raw;
    const res = reply.raw as ServerResponse;
    const query = req.url!.includes('?') ? req.url!.slice(req.url!.indexOf('?')) : '';
    req.url = `${path}${query}`;
    req.originalUrl = `${EMBEDDED_MOUNT}${req.url}`;
    req.headers['x-forwarded-proto'] = origin.protocol.replace(':', '');
    req.headers['x-forwarded-host'] = origin.host;
    await new Promise<void>((resolve) => {
      res.once('finish', resolve);
      res.once('close', resolve);
      void callback(req, res);
    });
  };
  const pathOf = (url: string, mount: string) => url.split('?')[0]!.slice(mount.length) || '/';

  await app.register(async (scope) => {
    // The provider reads its own bodies.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const options = { schema: { hide: true }, config: identityPage };
    const current = (request: FastifyRequest, reply: FastifyReply) => pass(request, reply, pathOf(request.raw.url!, EMBEDDED_MOUNT));
    scope.all(EMBEDDED_MOUNT, options, current);
    scope.all(`${EMBEDDED_MOUNT}/*`, options, current);
    scope.all(`${LEGACY_MOUNT}/*`, options, (request, reply) => {
      const old = pathOf(request.raw.url!, LEGACY_MOUNT);
      const prefix = Object.keys(LEGACY_ROUTES).find((route) => old === route || old.startsWith(`${route}/`));
      return pass(request, reply, prefix ? `${LEGACY_ROUTES[prefix]}${old.slice(prefix.length)}` : old);
    });
  });
  await app.register(keycloakRoutes(provider, pass));
}

/**
 * Three endpoints behave as Keycloak's do, because the state's app relies on it (issue 14):
 * - userinfo accepts the access token the app got, which is a JWT for the portal's API (oidc-provider's own
 *   userinfo refuses tokens for a resource server). It answers the claims of GET /v1/me's account part.
 * - logout ends a login from a client with `client_id` and `refresh_token` in a form (no browser, no secret for
 *   a public client): 204, as Keycloak. Any other logout (a browser's) is the provider's end-session.
 * - revocation of a refresh token ends its whole login. oidc-provider refuses to revoke a token shaped as a JWT,
 *   and ours are (provider.ts refreshTokenId). An unknown token answers 200, as RFC 7009 says; access tokens are
 *   JWTs checked without the database, which nothing can revoke before they expire.
 */
const keycloakRoutes =
  (provider: Provider, pass: (request: FastifyRequest, reply: FastifyReply, path: string) => Promise<void>) =>
  async (app: FastifyInstance) => {
    parseForms(app);
    const userinfo = `${EMBEDDED_MOUNT}${PROVIDER_ROUTES.userinfo}`;
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      if (!request.user) {
        // RFC 6750: the error in WWW-Authenticate, as an OAuth client expects.
        reply.header('www-authenticate', 'Bearer realm="pi", error="invalid_token"');
        return reply.code(401).send({ error: 'invalid_token', error_description: 'Sessão expirada ou token inválido: faça login novamente.' });
      }
      const user = await repository.findUserBySub(app.db, request.user.sub);
      if (!user) return reply.code(401).send({ error: 'invalid_token', error_description: 'Conta não encontrada: faça login novamente.' });
      return userClaims(user, await favoriteSlugs(app.db, user.sub));
    };
    app.get(userinfo, { schema: { hide: true } }, handler);
    app.post(userinfo, { schema: { hide: true } }, handler);

    app.post(`${EMBEDDED_MOUNT}${PROVIDER_ROUTES.end_session}`, { schema: { hide: true }, config: identityPage }, async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      if (!form.refresh_token) {
        // A browser's logout form: the provider reads the body Fastify has already parsed.
        (request.raw as Raw).body = form;
        return pass(request, reply, PROVIDER_ROUTES.end_session);
      }
      reply.header('cache-control', 'no-store');
      const clientId = await authenticatedClient(provider, request, form);
      if (!clientId) return reply.code(401).send({ error: 'unauthorized_client', error_description: UNKNOWN_CLIENT });
      if (!(await endEmbeddedLogin(app.db, provider, clientId, form.refresh_token))) {
        return reply.code(400).send({ error: 'invalid_grant', error_description: 'Token de atualização inválido ou já encerrado.' });
      }
      return reply.code(204).send();
    });

    const revoke = async (request: FastifyRequest, reply: FastifyReply) => {
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      reply.header('cache-control', 'no-store');
      if (!form.token) return reply.code(400).send({ error: 'invalid_request', error_description: 'Informe o token a revogar (token).' });
      const clientId = await authenticatedClient(provider, request, form);
      if (!clientId) return reply.code(401).send({ error: 'invalid_client', error_description: UNKNOWN_CLIENT });
      await endEmbeddedLogin(app.db, provider, clientId, form.token);
      return reply.code(200).send();
    };
    app.post(`${EMBEDDED_MOUNT}${PROVIDER_ROUTES.revocation}`, { schema: { hide: true } }, revoke);
    app.post(`${LEGACY_MOUNT}/token/revocation`, { schema: { hide: true } }, revoke);
  };
