import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import type { IdentitySettings } from './settings.ts';
import { webClientSecret } from './signing-keys.ts';

/**
 * A fetch that answers from this very app (Fastify inject): the web app talks to the embedded provider
 * without a network round trip, and tests need no listening port.
 */
export function inProcessFetch(app: FastifyInstance): client.CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const body = options.body;
    const res = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { ...options.headers, host: target.host },
      payload: body == null ? undefined : body instanceof URLSearchParams ? body.toString() : typeof body === 'string' ? body : Buffer.from(body as ArrayBuffer),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value == null) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
}

function isLocalhost(url: string) {
  return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);
}

/** The web app's OpenID Connect client (openid-client), discovered once per process and retried on failure. */
export function webClient(app: FastifyInstance, settings: IdentitySettings): () => Promise<client.Configuration> {
  let pending: Promise<client.Configuration> | undefined;
  const discover = async () => {
    const secret = settings.clientSecret ?? (settings.embedded ? await webClientSecret(app.db) : undefined);
    // http is allowed only in-process (embedded) or for a provider on this machine (development).
    const insecure = settings.embedded || (settings.issuer.startsWith('http:') && isLocalhost(settings.issuer));
    return client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      { redirect_uris: [settings.redirectUri], response_types: ['code'] },
      secret ? client.ClientSecretBasic(secret) : client.None(),
      {
        ...(settings.embedded ? { [client.customFetch]: inProcessFetch(app) } : {}),
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
      },
    );
  };
  return () => {
    pending ??= discover().catch((err) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
}
