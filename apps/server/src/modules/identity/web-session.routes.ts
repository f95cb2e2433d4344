import { CallbackQuery, hasGestaoRole, LoginQuery, safeReturnPath } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as client from 'openid-client';
import { credential } from '../../plugins/credentials.ts';
import { identityPage } from '../../plugins/security.ts';
import * as repository from './identity.repository.ts';
import { parseForms, sendPage } from './identity-http.ts';
import { messagePage } from './pages.ts';
import { SESSION_TTL } from './provider.ts';
import { clearIdentityCookie, getWebSession, hashSessionId, LOGIN_COOKIE, newSessionId, SESSION_COOKIE, setIdentityCookie } from './session.ts';
import { CALLBACK_PATH, LOGIN_PATH, LOGOUT_PATH } from './settings.ts';

const LOGIN_STATE_TTL_MS = 10 * 60_000;
/** Where a member of staff who logged in from the home lands: their work is there (issue 26). */
const STAFF_HOME = '/app/gestao';
const samePath = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** Backend-for-frontend: the web app's login, callback and logout; tokens stay on the server. */
export const webSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings } = app.identity;
  const home = settings.postLogoutRedirectUri.slice(settings.origin.length) || '/';
  parseForms(app);
  const unavailable = () =>
    messagePage('Acesso Cidadão indisponível', 'Não foi possível falar com o Acesso Cidadão agora. Tente novamente em instantes.', { href: home, text: 'Voltar ao portal' });
  const failed = () =>
    messagePage('Não foi possível entrar', 'O login não pôde ser confirmado. Tente entrar novamente.', { href: LOGIN_PATH, text: 'Entrar novamente' });

  app.get(LOGIN_PATH, { schema: { hide: true, querystring: LoginQuery }, config: identityPage }, async (request, reply) => {
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

  app.get(CALLBACK_PATH, { schema: { hide: true, querystring: CallbackQuery }, config: identityPage }, async (request, reply) => {
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
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      request.log.warn({ err }, 'authorization code exchange failed');
      return sendPage(reply, failed(), 400);
    }
    const claims = tokens.claims()!;
    const previous = credential(request, 'session');
    if (previous) await repository.deleteWebSession(app.db, hashSessionId(previous));
    const id = newSessionId();
    await repository.insertWebSession(app.db, {
      idHash: hashSessionId(id),
      userSub: claims.sub,
      claims: claims as Record<string, unknown>,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? null,
      accessExpiresAt: new Date(Date.now() + (tokens.expiresIn() ?? 300) * 1000),
      expiresAt: new Date(Date.now() + SESSION_TTL * 1000),
    });
    // A browser-session cookie: closing the browser ends it here; the database row ends it anyway after SESSION_TTL.
    setIdentityCookie(reply, SESSION_COOKIE, id);
    // Staff who log in from the home go to the back office; from any other page, back to that page.
    const staff = samePath(pending.returnTo, home) && hasGestaoRole(await app.verifyAccessToken(tokens.access_token).then((user) => user.roles, () => []));
    return reply.header('cache-control', 'no-store').redirect(staff ? STAFF_HOME : pending.returnTo, 303);
  });

  // 'Sair': a POST form (cross-site POSTs are refused by plugins/security.ts). The provider's session ends
  // server to server, so no token ever travels in the browser's address bar and no JavaScript is needed.
  app.post(LOGOUT_PATH, { schema: { hide: true } }, async (request, reply) => {
    const id = credential(request, 'session');
    const ended = id ? await repository.deleteWebSession(app.db, hashSessionId(id)) : null;
    clearIdentityCookie(reply, SESSION_COOKIE);
    if (ended) {
      await app.identity.endProviderSession({ refreshToken: ended.refreshToken }).catch((err) => {
        request.log.warn({ err }, 'could not end the session at the identity provider');
      });
    }
    // The browser drops what it kept of the citizen's pages: Back after 'Sair' shows nothing of theirs.
    return reply.header('clear-site-data', '"cache"').header('cache-control', 'no-store').redirect(home, 303);
  });
};
