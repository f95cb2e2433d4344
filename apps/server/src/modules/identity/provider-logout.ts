import type { Database } from '@portal/db';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import * as client from 'openid-client';
import * as repository from './identity.repository.ts';
import type { IdentitySettings } from './settings.ts';

export type EndProviderSession = (session: { refreshToken: string | null }) => Promise<void>;

/**
 * Ends, at the embedded provider, the login a refresh token of `clientId` belongs to: its session (the next
 * login asks for the password again) and every token of its grant. False when the token is unknown, another
 * client's or already ended. The caller has authenticated the client.
 */
export async function endEmbeddedLogin(db: Database, provider: Provider, clientId: string, refreshToken: string): Promise<boolean> {
  const token = await provider.RefreshToken.find(refreshToken);
  if (!token || token.clientId !== clientId) return false;
  const session = token.sessionUid ? await provider.Session.findByUid(token.sessionUid) : undefined;
  await session?.destroy();
  if (!token.grantId) {
    await token.destroy();
    return true;
  }
  // Every row of the grant (this token, its rotations, access codes), then the grant itself (kept by its own id).
  await repository.revokeOidcGrant(db, token.grantId);
  await (await provider.Grant.find(token.grantId))?.destroy();
  return true;
}

/**
 * Ends the citizen's login at the identity provider from the server, so that 'Sair' needs no redirect
 * carrying a token (LGPD: no token or personal data in a URL) and no JavaScript: the next person at a shared
 * computer meets the login page. The embedded provider ends it directly (endEmbeddedLogin); an external
 * provider (Keycloak, gov.br) gets the refresh token on its end-session endpoint by POST, which is how Keycloak
 * ends a session server to server, and then the token is revoked.
 */
export function providerLogout(app: FastifyInstance, settings: IdentitySettings, provider: Provider | undefined): EndProviderSession {
  return async ({ refreshToken }) => {
    if (!refreshToken) return;
    if (provider) {
      await endEmbeddedLogin(app.db, provider, settings.clientId, refreshToken);
      return;
    }
    const config = await app.identity.oidc();
    const endSession = config.serverMetadata().end_session_endpoint;
    if (endSession) {
      const body = new URLSearchParams({ client_id: settings.clientId, refresh_token: refreshToken });
      if (settings.clientSecret) body.set('client_secret', settings.clientSecret);
      const response = await fetch(endSession, { method: 'POST', body, signal: AbortSignal.timeout(5_000) });
      if (!response.ok && response.status !== 204) app.log.warn({ status: response.status }, 'the identity provider refused to end the session');
    }
    await client.tokenRevocation(config, refreshToken);
  };
}
