import { LoginForm } from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { formatWait } from '../../plugins/limits.ts';
import { identityPage } from '../../plugins/security.ts';
import * as repository from './identity.repository.ts';
import { parseForms, sendPage } from './identity-http.ts';
import { attemptKeys, DEVICE_COOKIE, LOGIN_LIMITS, loginThrottle, newDeviceCookie } from './login-throttle.ts';
import { loginPage, messagePage } from './pages.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { setIdentityCookie } from './session.ts';
import { INTERACTION_PATH, LOGIN_PATH, type IdentitySettings } from './settings.ts';

/** The 'Acesso Cidadão' login page and the (implied) consent of the embedded provider. */
export const interactionRoutes = (provider: Provider, settings: IdentitySettings): FastifyPluginAsyncZod => async (app) => {
  parseForms(app);
  // Spends the same time on an unknown user as on a wrong password.
  const dummyHash = hashPassword('not-a-real-password');
  const expired = () =>
    messagePage('Seu pedido de acesso expirou', 'Por segurança, o pedido de login vale por pouco tempo. Volte ao portal e clique em "Acesso Cidadão" novamente.', {
      href: LOGIN_PATH,
      text: 'Entrar novamente',
    });
  const details = (request: FastifyRequest, reply: FastifyReply) => provider.interactionDetails(request.raw, reply.raw).catch(() => null);
  const action = (uid: string) => `${INTERACTION_PATH}/${encodeURIComponent(uid)}/login`;

  app.get(`${INTERACTION_PATH}/:uid`, { schema: { hide: true }, config: identityPage }, async (request, reply) => {
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

  app.post(`${INTERACTION_PATH}/:uid/login`, { schema: { hide: true }, config: identityPage }, async (request, reply) => {
    const { uid } = request.params as { uid: string };
    const interaction = await details(request, reply);
    if (!interaction || interaction.uid !== uid || interaction.prompt.name !== 'login') return sendPage(reply, expired(), 400);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const form = LoginForm.safeParse(body);
    const sent = (field: 'username' | 'password') => (typeof body[field] === 'string' ? (body[field] as string) : '');
    const username = form.success ? form.data.username.trim() : '';
    const password = form.success ? form.data.password : '';
    // A field the contract refused (too long: a pasted document, a stuck key) says what is wrong with it,
    // not that it is empty; the username typed comes back so it can be corrected.
    const problem = (field: 'username' | 'password', empty: string) => {
      const refused = form.success ? undefined : form.error.issues.find((issue) => issue.path[0] === field)?.message;
      // A password is taken as typed, spaces included; a username without its surrounding spaces.
      const value = field === 'username' ? sent(field).trim() : sent(field);
      return refused ?? (value ? undefined : empty);
    };
    const errors: { field: 'username' | 'password'; message: string }[] = [];
    for (const [field, empty] of [['username', 'Informe seu usuário.'], ['password', 'Informe sua senha.']] as const) {
      const message = problem(field, empty);
      if (message) errors.push({ field, message });
    }
    if (errors.length) return sendPage(reply, loginPage({ action: action(uid), username: sent('username'), errors, cancelUrl: settings.postLogoutRedirectUri }), 400);

    // Guessing passwords (login-throttle.ts): a browser this account logged in from before counts its own
    // failures; any other attempt counts against the account and its address. Counted before the check.
    const throttle = loginThrottle(app.limits);
    const attempt = attemptKeys(app.limits, username, request.ip, request.cookies[DEVICE_COOKIE]);
    const admission = await throttle.admit(attempt);
    if (!admission.allowed) {
      request.log.warn({ knownDevice: attempt.device !== null }, 'login throttled');
      const wait = [{ field: 'password' as const, message: `Muitas tentativas sem sucesso. Por segurança, aguarde ${formatWait(admission.retryAfter)} e tente novamente.` }];
      reply.header('retry-after', String(admission.retryAfter));
      return sendPage(reply, loginPage({ action: action(uid), username, errors: wait, cancelUrl: settings.postLogoutRedirectUri }), 429);
    }
    const user = await repository.findUserByUsername(app.db, username);
    const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
    if (!user || !valid) {
      request.log.info({ knownDevice: attempt.device !== null }, 'login refused');
      const refused = [{ field: 'password' as const, message: 'Usuário ou senha incorretos. Confira os dados e tente novamente.' }];
      return sendPage(reply, loginPage({ action: action(uid), username, errors: refused, cancelUrl: settings.postLogoutRedirectUri }), 401);
    }
    await throttle.succeeded(attempt);
    // This browser is now known to the account: no one else's guessing can keep it out.
    if (!attempt.device) setIdentityCookie(reply, DEVICE_COOKIE, newDeviceCookie(app.limits, username), LOGIN_LIMITS.deviceCookieDays * 86_400);
    const redirectTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: user.sub, remember: false } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(redirectTo, 303);
  });
};
