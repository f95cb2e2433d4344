import type { IncomingMessage, ServerResponse } from 'node:http';
import { CallbackQuery, ErrorResponse, LoginForm, LoginQuery, MeResponse, safeReturnPath, type UserInfo } from '@portal/contracts';
import { hashPassword, verifyPassword } from '@portal/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import * as client from 'openid-client';
import { cspNonce, identityPageHelmet } from '../../plugins/security.ts';
import { highestAccessLevel, shortName, userClaims } from './claims.ts';
import * as repository from './identity.repository.ts';
import { formatWait } from '../../plugins/limits.ts';
import { loginThrottle, throttleKeys } from './login-throttle.ts';
import { loginPage, messagePage, type Page } from './pages.ts';
import { createEmbeddedProvider, SESSION_TTL } from './provider.ts';
import { providerLogout } from './provider-logout.ts';
import { clearIdentityCookie, getWebSession, hashSessionId, LOGIN_COOKIE, newSessionId, SESSION_COOKIE, setIdentityCookie } from './session.ts';
import { CALLBACK_PATH, EMBEDDED_MOUNT, identitySettings, LOGIN_PATH, LOGOUT_PATH, type IdentitySettings } from './settings.ts';
import { webClient } from './web-client.ts';

const LOGIN_STATE_TTL_MS = 10 * 60_000;

function sendPage(reply: FastifyReply, page: Page, status = 200) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page(cspNonce(reply.raw)));
}

/** The user info of a token from an external provider that has no account here. */
function claimsFromToken(claims: Record<string, unknown>, sub: string, favorites: string[]): UserInfo {
  const text = (key: string) => (typeof claims[key] === 'string' ? (claims[key] as string) : '');
  const list = (key: string) => (Array.isArray(claims[key]) ? (claims[key] as unknown[]).map(String) : []);
  const name = text('name') || text('nomeCompleto') || text('preferred_username');
  return {
    sub,
    email_verified: claims.email_verified === true,
    roles: list('roles'),
    groups: list('groups'),
    preferred_username: text('preferred_username') || sub,
    given_name: text('given_name'),
    family_name: text('family_name'),
    name,
    nomeCompleto: text('nomeCompleto') || name,
    nomeMae: text('nomeMae'),
    dataNascimento: text('dataNascimento'),
    email: text('email'),
    catalog_favorite: JSON.stringify(favorites),
    veiculos: Array.isArray(claims.veiculos) ? (claims.veiculos as Record<string, unknown>[]) : [],
    dataValidadeCNH: text('dataValidadeCNH'),
    dataEmissao: text('dataEmissao'),
    categoriaCNH: text('categoriaCNH'),
    numeroRegistro: text('numeroRegistro'),
    registro: text('registro'),
    bloqueioBca: claims.bloqueioBca === true,
    bloqueioCnhApreendida: claims.bloqueioCnhApreendida === true,
    cnhVencida: claims.cnhVencida === true,
  };
}

/** oidc-provider (a Koa app) at /auth: the raw request goes to it with the mount path stripped. */
async function mountProvider(app: FastifyInstance, provider: Provider, settings: IdentitySettings) {
  const callback = provider.callback();
  const origin = new URL(settings.origin);
  await app.register(async (scope) => {
    // The provider reads its own bodies.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const req = request.raw as IncomingMessage & { originalUrl?: string };
      const res = reply.raw as ServerResponse;
      req.originalUrl = req.url;
      req.url = req.url!.slice(EMBEDDED_MOUNT.length) || '/';
      req.headers['x-forwarded-proto'] = origin.protocol.replace(':', '');
      req.headers['x-forwarded-host'] = origin.host;
      await new Promise<void>((resolve) => {
        res.once('finish', resolve);
        res.once('close', resolve);
        void callback(req, res);
      });
    };
    scope.all(EMBEDDED_MOUNT, { schema: { hide: true }, helmet: identityPageHelmet }, handler);
    scope.all(`${EMBEDDED_MOUNT}/*`, { schema: { hide: true }, helmet: identityPageHelmet }, handler);
  });
}

/** The 'Acesso Cidadão' login page and the (implied) consent of the embedded provider. */
const interactionRoutes = (provider: Provider, settings: IdentitySettings): FastifyPluginAsyncZod => async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  // Spends the same time on an unknown user as on a wrong password.
  const dummyHash = hashPassword('not-a-real-password');
  const expired = () =>
    messagePage('Seu pedido de acesso expirou', 'Por segurança, o pedido de login vale por pouco tempo. Volte ao portal e clique em "Acesso Cidadão" novamente.', {
      href: LOGIN_PATH,
      text: 'Entrar novamente',
    });
  const details = (request: FastifyRequest, reply: FastifyReply) => provider.interactionDetails(request.raw, reply.raw).catch(() => null);
  const action = (uid: string) => `${EMBEDDED_MOUNT}/interaction/${encodeURIComponent(uid)}/login`;

  app.get('/auth/interaction/:uid', { schema: { hide: true }, helmet: identityPageHelmet }, async (request, reply) => {
    const { uid } = request.params as { uid: string };
    const interaction = await details(request, reply);
    if (!interaction || interaction.uid !== uid) return sendPage(reply, expired(), 400);
    if (interaction.prompt.name === 'login') return sendPage(reply, loginPage({ action: action(uid), cancelUrl: settings.postLogoutRedirectUri }));
    // consent: every client of the embedded provider is the portal itself.
    const missing = interaction.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> };
    const grant = interaction.grantId
      ? ((await provider.Grant.find(interaction.grantId)) ?? new provider.Grant({ accountId: interaction.session!.accountId, clientId: String(interaction.params.client_id) }))
      : new provider.Grant({ accountId: interaction.session!.accountId, clientId: String(interaction.params.client_id) });
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    const redirectTo = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
    return reply.redirect(redirectTo, 303);
  });

  app.post('/auth/interaction/:uid/login', { schema: { hide: true }, helmet: identityPageHelmet }, async (request, reply) => {
    const { uid } = request.params as { uid: string };
    const interaction = await details(request, reply);
    if (!interaction || interaction.uid !== uid || interaction.prompt.name !== 'login') return sendPage(reply, expired(), 400);
    const form = LoginForm.safeParse(request.body ?? {});
    const username = form.success ? form.data.username.trim() : '';
    const password = form.success ? form.data.password : '';
    const errors: { field: 'username' | 'password'; message: string }[] = [];
    if (!username) errors.push({ field: 'username', message: 'Informe seu usuário.' });
    if (!password) errors.push({ field: 'password', message: 'Informe sua senha.' });
    if (errors.length) return sendPage(reply, loginPage({ action: action(uid), username, errors, cancelUrl: settings.postLogoutRedirectUri }), 400);

    // Guessing passwords: after a few failures this account, from this address, waits longer each time,
    // whatever is typed; the owner elsewhere is not affected. The attempt counts before the check.
    const throttle = loginThrottle(app.limits);
    const keys = throttleKeys(app.limits, username, request.ip);
    const admission = await throttle.admit(keys);
    if (!admission.allowed) {
      request.log.warn('login throttled');
      const wait = [{ field: 'password' as const, message: `Muitas tentativas sem sucesso. Por segurança, aguarde ${formatWait(admission.retryAfter)} e tente novamente.` }];
      reply.header('retry-after', String(admission.retryAfter));
      return sendPage(reply, loginPage({ action: action(uid), username, errors: wait, cancelUrl: settings.postLogoutRedirectUri }), 429);
    }
    const user = await repository.findUserByUsername(app.db, username);
    const valid = await verifyPassword(password, user?.password_hash ?? (await dummyHash));
    if (!user || !valid) {
      request.log.info({ username }, 'login refused');
      await throttle.failed(keys, admission);
      const refused = [{ field: 'password' as const, message: 'Usuário ou senha incorretos. Confira os dados e tente novamente.' }];
      return sendPage(reply, loginPage({ action: action(uid), username, errors: refused, cancelUrl: settings.postLogoutRedirectUri }), 401);
    }
    await throttle.succeeded(keys);
    const redirectTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: user.sub, remember: false } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(redirectTo, 303);
  });
};

/** Backend-for-frontend: the web app's login, callback and logout; tokens stay on the server. */
const webSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings } = app.identity;
  const home = settings.postLogoutRedirectUri.slice(settings.origin.length) || '/';
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const unavailable = () =>
    messagePage('Acesso Cidadão indisponível', 'Não foi possível falar com o Acesso Cidadão agora. Tente novamente em instantes.', { href: home, text: 'Voltar ao portal' });
  const failed = () =>
    messagePage('Não foi possível entrar', 'O login não pôde ser confirmado. Tente entrar novamente.', { href: LOGIN_PATH, text: 'Entrar novamente' });

  app.get(LOGIN_PATH, { schema: { hide: true, querystring: LoginQuery }, helmet: identityPageHelmet }, async (request, reply) => {
    const returnTo = safeReturnPath(request.query.returnTo, home);
    if (await getWebSession(app, request)) return reply.redirect(returnTo, 303);
    let config: client.Configuration;
    try {
      config = await app.identity.oidc();
    } catch (err) {
      request.log.error({ err }, 'identity provider discovery failed');
      return sendPage(reply, unavailable(), 503);
    }
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    await repository.insertLoginState(app.db, { state, codeVerifier, nonce, returnTo, expiresAt: new Date(Date.now() + LOGIN_STATE_TTL_MS) });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: settings.redirectUri,
      scope: settings.scope,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    setIdentityCookie(reply, LOGIN_COOKIE, state, LOGIN_STATE_TTL_MS / 1000);
    return reply.header('cache-control', 'no-store').redirect(url.href, 302);
  });

  app.get(CALLBACK_PATH, { schema: { hide: true, querystring: CallbackQuery }, helmet: identityPageHelmet }, async (request, reply) => {
    const { state, error } = request.query;
    const expected = request.cookies[LOGIN_COOKIE];
    clearIdentityCookie(reply, LOGIN_COOKIE);
    if (error) {
      request.log.info({ error, description: request.query.error_description }, 'login not completed at the provider');
      return sendPage(reply, failed(), 400);
    }
    // The state must come back to the browser that started the login (login CSRF).
    if (!state || !expected || state !== expected) return sendPage(reply, failed(), 400);
    const pending = await repository.takeLoginState(app.db, state);
    if (!pending) return sendPage(reply, failed(), 400);
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(await app.identity.oidc(), new URL(request.url, settings.origin), {
        pkceCodeVerifier: pending.code_verifier,
        expectedState: state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      request.log.warn({ err }, 'authorization code exchange failed');
      return sendPage(reply, failed(), 400);
    }
    const claims = tokens.claims()!;
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await repository.deleteWebSession(app.db, hashSessionId(previous));
    const id = newSessionId();
    await repository.insertWebSession(app.db, {
      idHash: hashSessionId(id),
      userSub: claims.sub,
      claims: claims as Record<string, unknown>,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? null,
      // Not kept: logging out no longer needs it, and it says who the citizen is.
      idToken: null,
      accessExpiresAt: new Date(Date.now() + (tokens.expiresIn() ?? 300) * 1000),
      expiresAt: new Date(Date.now() + SESSION_TTL * 1000),
    });
    // A browser-session cookie: closing the browser ends it here; the database row ends it anyway after SESSION_TTL.
    setIdentityCookie(reply, SESSION_COOKIE, id);
    return reply.header('cache-control', 'no-store').redirect(pending.return_to, 303);
  });

  // 'Sair': a POST form (cross-site POSTs are refused by plugins/security.ts). The provider's session ends
  // server to server, so no token ever travels in the browser's address bar and no JavaScript is needed.
  app.post(LOGOUT_PATH, { schema: { hide: true } }, async (request, reply) => {
    const id = request.cookies[SESSION_COOKIE];
    const ended = id ? await repository.deleteWebSession(app.db, hashSessionId(id)) : null;
    clearIdentityCookie(reply, SESSION_COOKIE);
    if (ended) {
      await app.identity.endProviderSession({ refreshToken: ended.refresh_token }).catch((err) => {
        request.log.warn({ err }, 'could not end the session at the identity provider');
      });
    }
    // The browser drops what it kept of the citizen's pages: Back after 'Sair' shows nothing of theirs.
    return reply.header('clear-site-data', '"cache"').header('cache-control', 'no-store').redirect(home, 303);
  });

  app.get(
    '/v1/me',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['identidade'],
        summary: 'Os dados de quem chama: claims do Acesso Cidadão, nível de acesso, saldo e mensagens não lidas',
        security: [{ bearerAuth: [] }],
        response: { 200: MeResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const { sub, claims } = request.user!;
      const favorites = await repository.favoriteSlugs(app.db, sub);
      const user = await repository.findUserBySub(app.db, sub);
      const info = user ? userClaims(user, favorites) : claimsFromToken(claims, sub, favorites);
      const { balance, unread } = await repository.headerFigures(app.db, sub);
      return {
        ...info,
        shortName: shortName(info.name),
        accessLevel: highestAccessLevel(info.roles),
        notaPiauienseBalance: balance,
        unreadNotifications: unread,
      };
    },
  );
};

/**
 * Identity: the embedded OpenID Connect provider at /auth (when OIDC_ISSUER is unset), the web app's
 * login through it (or through OIDC_ISSUER) and GET /v1/me. Decorates `app.identity` for getWebSession().
 */
export const identityPlugin = fp(async (app: FastifyInstance) => {
  const settings = identitySettings(app.config);
  const provider = settings.embedded ? await createEmbeddedProvider(app.db, settings, app.log) : undefined;
  app.decorate('identity', {
    settings,
    oidc: webClient(app, settings),
    getSession: (request: FastifyRequest) => getWebSession(app, request),
    endProviderSession: providerLogout(app, settings, provider),
  });
  if (provider) {
    await mountProvider(app, provider, settings);
    await app.register(interactionRoutes(provider, settings));
  }
  await app.register(webSessionRoutes);
  // Expired sessions and logins in progress are swept at start; rows are also ignored once expired.
  app.addHook('onReady', async () => {
    await repository.pruneWebSessions(app.db).catch((err) => app.log.warn({ err }, 'could not prune expired sessions'));
  });
});
