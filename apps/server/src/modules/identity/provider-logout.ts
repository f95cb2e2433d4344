import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import * as client from 'openid-client';
import type { IdentitySettings } from './settings.ts';

export type EndProviderSession = (session: { refreshToken: string | null }) => Promise<void>;

/**
 * Ends the citizen's login at the identity provider from the server, so that 'Sair' needs no redirect
 * carrying a token (LGPD: no token or personal data in a URL) and no JavaScript: the next person at a shared
 * computer meets the login page. The embedded provider's session is found through the refresh token and
 * destroyed; an external provider (Keycloak, gov.br) gets the refresh token on its end-session endpoint by
 * POST, which is how Keycloak ends a session server to server. Then the refresh token is revoked.
 */
export function providerLogout(app: FastifyInstance, settings: IdentitySettings, provider: Provider | undefined): EndProviderSession {
  return async ({ refreshToken }) => {
    if (!refreshToken) return;
    const config = await app.identity.oidc();
    if (provider) {
      const token = await provider.RefreshToken.find(refreshToken);
      const session = token?.sessionUid ? await provider.Session.findByUid(token.sessionUid) : undefined;
      await session?.destroy();
    } else {
      const endSession = config.serverMetadata().end_session_endpoint;
      if (endSession) {
        const body = new URLSearchParams({ client_id: settings.clientId, refresh_token: refreshToken });
        if (settings.clientSecret) body.set('client_secret', settings.clientSecret);
        const response = await fetch(endSession, { method: 'POST', body, signal: AbortSignal.timeout(5_000) });
        if (!response.ok && response.status !== 204) app.log.warn({ status: response.status }, 'the identity provider refused to end the session');
      }
    }
    await client.tokenRevocation(config, refreshToken);
  };
}
