import { timingSafeEqual } from 'node:crypto';
import type { Database } from '@portal/db';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import * as client from 'openid-client';
import * as repository from './identity.repository.ts';
import type { IdentitySettings } from './settings.ts';

export type EndProviderSession = (session: { refreshToken: string | null }) => Promise<void>;

const sameSecret = (given: string | undefined, expected: string) =>
  given !== undefined && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/**
 * Ends, at the embedded provider, the login a refresh token belongs to: its session (the next login asks for
 * the password again) and every token of its grant. The caller names its client; a confidential client also
 * proves it with its secret. 'client' when it does not, 'token' when the token is unknown, another client's
 * or already ended.
 */
export async function endEmbeddedLogin(
  db: Database,
  provider: Provider,
  caller: { clientId: string | undefined; clientSecret?: string | undefined; refreshToken: string },
): Promise<'ended' | 'client' | 'token'> {
  const registered = caller.clientId ? await provider.Client.find(caller.clientId) : undefined;
  if (!registered) return 'client';
  if (registered.clientAuthMethod !== 'none' && !sameSecret(caller.clientSecret, registered.clientSecret ?? '')) return 'client';
  const token = await provider.RefreshToken.find(caller.refreshToken);
  if (!token || token.clientId !== registered.clientId) return 'token';
  const session = token.sessionUid ? await provider.Session.findByUid(token.sessionUid) : undefined;
  await session?.destroy();
  if (token.grantId) {
    await repository.revokeOidcGrant(db, token.grantId);
    await (await provider.Grant.find(token.grantId))?.destroy();
  }
  await token.destroy();
  return 'ended';
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
      const clientSecret = (await provider.Client.find(settings.clientId))?.clientSecret;
      await endEmbeddedLogin(app.db, provider, { clientId: settings.clientId, clientSecret, refreshToken });
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
