import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import * as repository from './identity.repository.ts';
import { interactionRoutes } from './interaction.routes.ts';
import { meRoutes } from './me.routes.ts';
import { createEmbeddedProvider } from './provider.ts';
import { providerLogout } from './provider-logout.ts';
import { mountProvider } from './provider.routes.ts';
import { getWebSession } from './session.ts';
import { discoveredKeys, embeddedVerifyKeys } from './signing-keys.ts';
import { identitySettings } from './settings.ts';
import { webClient } from './web-client.ts';
import { webSessionRoutes } from './web-session.routes.ts';

/**
 * Identity: the embedded OpenID Connect provider at /auth (when OIDC_ISSUER is unset), the web app's
 * login through it (or through OIDC_ISSUER) and GET /v1/me. Decorates `app.identity` for getWebSession().
 */
export const identityPlugin = fp(async (app: FastifyInstance) => {
  const settings = identitySettings(app.config);
  // Bearer tokens on /v1 and /api are the provider's: the embedded one's keys are read from the database
  // where it keeps them; an external issuer's are its published ones.
  app.trustBearerTokens({
    keys: settings.embedded ? embeddedVerifyKeys(() => app.db) : discoveredKeys(settings.issuer),
    issuer: settings.issuer,
    audience: settings.audience,
  });
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
  await app.register(meRoutes);
  // Expired sessions and logins in progress are swept at start; rows are also ignored once expired.
  app.addHook('onReady', async () => {
    await repository.pruneWebSessions(app.db).catch((err) => app.log.warn({ err }, 'could not prune expired sessions'));
  });
});
