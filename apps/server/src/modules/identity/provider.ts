import { createHmac, randomBytes } from 'node:crypto';
import type { Database } from '@portal/db';
import type { FastifyBaseLogger } from 'fastify';
import Provider, { errors, type Adapter, type AdapterPayload, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { identityClaims, SCOPE_CLAIMS, userClaims } from './claims.ts';
import { favoriteSlugs } from '../../lib/favorite-slugs.ts';
import * as repository from './identity.repository.ts';
import { logoutPage, messagePage, type Page } from './pages.ts';
import type { PortalLook } from './portal-look.ts';
import { cspNonce } from '../../plugins/security.ts';
import {
  APP_CLIENT_ID,
  APP_DEV_REDIRECT,
  APP_REDIRECT_URI,
  EMBEDDED_API_RESOURCE,
  EMBEDDED_API_SCOPE,
  EMBEDDED_MOUNT,
  INTERACTION_PATH,
  LOGIN_PATH,
  PROVIDER_ROUTES,
  type IdentitySettings,
} from './settings.ts';
import { cookieKeys, signingKeys, webClientSecret } from './signing-keys.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
/** how long a login lasts at the provider (and the web session with it) */
export const SESSION_TTL = 8 * HOUR;
export const ACCESS_TOKEN_TTL = 10 * MINUTE;

/** oidc-provider's models in the database, so that several instances share sessions, grants and codes. */
function databaseAdapter(db: Database): (kind: string) => Adapter {
  let writes = 0;
  return (kind) => {
    const toPayload = (row: repository.OidcModel | null): AdapterPayload | undefined => {
      if (!row) return undefined;
      return { ...(row.payload as AdapterPayload), ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}) };
    };
    return {
      async upsert(id, payload, expiresIn) {
        await repository.upsertOidcModel(db, kind, id, payload as Record<string, unknown>, expiresIn);
        // Expired rows are dead weight; sweep now and then instead of on a timer (no per-process state to keep).
        if (++writes % 200 === 0) await repository.pruneOidcModels(db);
      },
      find: async (id) => toPayload(await repository.findOidcModel(db, kind, 'id', id)),
      findByUid: async (uid) => toPayload(await repository.findOidcModel(db, kind, 'uid', uid)),
      findByUserCode: async (code) => toPayload(await repository.findOidcModel(db, kind, 'user_code', code)),
      // Refresh tokens are rotated but not consumed: the state's app keeps refreshing with the token it got at
      // login (decision 020); every token of a login is revoked together (revokeByGrantId).
      consume: (id) => (kind === 'RefreshToken' ? Promise.resolve() : repository.consumeOidcModel(db, kind, id)),
      destroy: (id) => repository.destroyOidcModel(db, kind, id),
      revokeByGrantId: (grantId) => repository.revokeOidcGrant(db, grantId),
    };
  };
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * A refresh token shaped as a JWT (header.payload.signature, HS256), as Keycloak's are: the state's app keeps a
 * token only if it has three dot-separated parts (issue 14). Its payload names the issuer and a random id; the
 * whole string is what the database keeps and looks up, so it is revoked like any other.
 */
export function refreshTokenId(issuer: string, key: string): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ iss: issuer, typ: 'Refresh', jti: randomBytes(32).toString('base64url'), iat: Math.floor(Date.now() / 1000) }));
  const signature = createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** What Keycloak adds to a token answer, and the state's app requires (its tokenSchema). */
function keycloakTokenFields(ctx: KoaContextWithOIDC) {
  const refresh = ctx.oidc.entities.RefreshToken;
  return {
    refresh_expires_in: refresh ? Math.max(0, refresh.remainingTTL) : 0,
    session_state: refresh?.sessionUid ?? ctx.oidc.entities.Session?.uid ?? '',
    'not-before-policy': 0,
  };
}

function sendPage(ctx: KoaContextWithOIDC, page: Page, look: PortalLook, status?: number) {
  if (status) ctx.status = status;
  ctx.type = 'html';
  ctx.body = page(cspNonce(ctx.res), look);
}

/**
 * The embedded OpenID Connect provider ('Acesso Cidadão') used when OIDC_ISSUER is unset: accounts from
 * the users table, JWT access tokens for the portal's API (resource indicator), state in the database.
 */
export async function createEmbeddedProvider(db: Database, settings: IdentitySettings, log: FastifyBaseLogger): Promise<Provider> {
  const [jwks, cookieSecrets, clientSecret] = await Promise.all([signingKeys(db), cookieKeys(db), webClientSecret(db)]);
  const portalHome = settings.postLogoutRedirectUri;
  const refreshKey = createHmac('sha256', cookieSecrets[0]!).update('refresh-token').digest('base64url');

  const configuration: Configuration = {
    adapter: databaseAdapter(db) as unknown as Configuration['adapter'],
    clients: [
      {
        client_id: settings.clientId,
        client_secret: settings.clientSecret ?? clientSecret,
        client_name: 'Portal de Serviços do Piauí',
        redirect_uris: [settings.redirectUri],
        post_logout_redirect_uris: [portalHome, `${settings.origin}/`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
      {
        client_id: APP_CLIENT_ID,
        client_name: 'Piauí Digital',
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        redirect_uris: [APP_REDIRECT_URI],
        post_logout_redirect_uris: [APP_REDIRECT_URI],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    routes: PROVIDER_ROUTES,
    jwks: { keys: jwks as NonNullable<Configuration['jwks']>['keys'] },
    cookies: {
      keys: cookieSecrets,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    claims: SCOPE_CLAIMS,
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    // Scope claims may go in the ID token, but findAccount gives it only the identity claims (see claims()).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    async findAccount(_ctx, sub) {
      const user = await repository.findUserBySub(db, sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        // The ID token says who logged in, nothing more: it is kept by browsers and clients and has travelled
        // in URLs. Personal data (CNH, vehicles, mother's name, e-mail) comes from userinfo and the API.
        // Read at issue time: favourites and CNH status change.
        claims: async (use) =>
          (use === 'id_token'
            ? identityClaims(user)
            : userClaims(user, await favoriteSlugs(db, sub))) as unknown as { sub: string },
      };
    },
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !('accountId' in token) || !token.accountId) return undefined;
      const user = await repository.findUserBySub(db, token.accountId as string);
      if (!user) return undefined;
      return { preferred_username: user.username, name: user.name, roles: user.roles, groups: user.groups };
    },
    features: {
      devInteractions: { enabled: false },
      // A client may revoke only its own tokens.
      revocation: { enabled: true, allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          sendPage(ctx, logoutPage(form, Boolean(ctx.oidc.params?.id_token_hint)), settings.look);
        },
        async postLogoutSuccessSource(ctx) {
          sendPage(ctx, messagePage('Você saiu do Acesso Cidadão', 'Sua sessão foi encerrada com segurança.', { href: portalHome, text: 'Voltar ao portal' }), settings.look);
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => EMBEDDED_API_RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resource) {
          if (resource !== EMBEDDED_API_RESOURCE) throw new errors.InvalidTarget();
          return {
            scope: EMBEDDED_API_SCOPE,
            audience: EMBEDDED_API_RESOURCE,
            accessTokenFormat: 'jwt',
            accessTokenTTL: ACCESS_TOKEN_TTL,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // Our only clients are first-party (the portal itself): consent is implied, as for any gov.br login.
    async loadExistingGrant(ctx) {
      const client = ctx.oidc.client!;
      const session = ctx.oidc.session!;
      const grantId = (ctx.oidc.result?.consent as { grantId?: string } | undefined)?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId! });
      grant.addOIDCScope('openid profile email offline_access');
      grant.addResourceScope(EMBEDDED_API_RESOURCE, EMBEDDED_API_SCOPE);
      await grant.save();
      return grant;
    },
    // Refresh tokens end with the login. The web app refreshes server-side with the one it keeps; the app gets a
    // new one at each refresh, as from Keycloak (earlier ones of the login stay valid: see the adapter's consume).
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: (ctx) => ctx.oidc.client?.clientId === APP_CLIENT_ID,
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: MINUTE,
      IdToken: HOUR,
      Interaction: HOUR,
      Session: SESSION_TTL,
      Grant: SESSION_TTL,
      RefreshToken: SESSION_TTL,
    },
    async renderError(ctx, out, error) {
      log.info({ err: error, out }, 'identity provider error page');
      sendPage(
        ctx,
        messagePage('Não foi possível concluir o acesso', 'O pedido de login é inválido ou expirou. Volte ao portal e tente entrar novamente.', {
          href: LOGIN_PATH,
          text: 'Entrar novamente',
        }),
        settings.look,
      );
    },
  };

  const provider = new Provider(settings.issuer, configuration);
  // The mount handler pins X-Forwarded-Proto/Host to the public origin, so every URL the provider
  // writes is the portal's, whatever Host the request came with (in-process calls included).
  provider.proxy = true;
  provider.on('server_error', (_ctx, err) => log.error({ err }, 'identity provider error'));
  // oidc-provider draws every token id from one generator; refresh tokens get the JWT-shaped one instead.
  (provider.RefreshToken.prototype as unknown as { generateTokenId: () => string }).generateTokenId = () => refreshTokenId(settings.issuer, refreshKey);
  // Expo Go's development redirect carries the developer's machine address, so it cannot be listed.
  if (settings.appDevRedirects) {
    const allowed = provider.Client.prototype.redirectUriAllowed;
    provider.Client.prototype.redirectUriAllowed = function (this: InstanceType<Provider['Client']>, uri: string) {
      return allowed.call(this, uri) || (this.clientId === APP_CLIENT_ID && APP_DEV_REDIRECT.test(uri));
    };
  }
  provider.use(async (ctx, next) => {
    await next();
    if ((ctx as KoaContextWithOIDC).oidc?.route === 'token' && ctx.status === 200 && ctx.body && typeof ctx.body === 'object' && 'access_token' in ctx.body) {
      ctx.body = { ...ctx.body, ...keycloakTokenFields(ctx as KoaContextWithOIDC) };
    }
  });
  // An address the provider does not serve answers like the portal's other unknown addresses, in Portuguese.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) {
      ctx.status = 404;
      ctx.body = { statusCode: 404, error: 'Not Found', message: `Endereço não encontrado: ${ctx.method} ${EMBEDDED_MOUNT}${ctx.originalUrl.split('?')[0]}` };
    }
  });
  return provider;
}
