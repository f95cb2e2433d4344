import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { formFields } from '../../test-support/browser.ts';
import { freePort } from '../../test-support/free-port.ts';
import { getWebSession, SESSION_COOKIE } from './session.ts';

/**
 * OIDC_ISSUER pointing at the state's Keycloak (issue 14), tested against a local stand-in with Keycloak's
 * paths: another portal's embedded provider, listening on a port, at `/auth/realms/pi`. The portal under test
 * has no provider of its own: it discovers the stand-in over HTTP, logs in through it as a confidential client,
 * checks its tokens with the published keys and ends the login there, server to server, as with Keycloak.
 * Both share one public origin so that the stand-in's registered redirect is this portal's callback; requests
 * under /auth go to the stand-in, the rest to the portal.
 */
let provider: TestApp;
let portal: TestApp;
let origin: string;
let secret: string;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  provider = await createTestApp({ embeddedIdentity: true, env: { PUBLIC_URL: origin } });
  await provider.app.listen({ port, host: '127.0.0.1' });
  const stored = (await provider.app.db.execute(sql`select value from identity_secrets where name = 'oidc-web-client-secret'`)) as unknown as { rows: { value: string }[] };
  secret = stored.rows[0]!.value;
  portal = await createTestApp({
    embeddedIdentity: true,
    env: { PUBLIC_URL: origin, OIDC_ISSUER: `${origin}/auth/realms/pi`, OIDC_CLIENT_ID: 'portal-servicos-bff', OIDC_CLIENT_SECRET: secret },
  });
}, 60_000);
afterAll(async () => {
  await portal?.close();
  await provider?.close();
});

/** A browser whose requests under /auth reach the stand-in over HTTP and the others the portal. */
class TwoHostBrowser {
  cookies = new Map<string, string>();
  private header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  private keep(lines: string[]) {
    for (const line of lines) {
      const [pair, ...attributes] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const expired = attributes.some((a) => /max-age=0\b|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair!.slice(at + 1));
    }
  }
  async go(location: string, form?: Record<string, string>): Promise<{ status: number; location: string | undefined; body: string }> {
    const url = new URL(location, origin);
    const headers: Record<string, string> = { cookie: this.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) };
    const payload = form ? new URLSearchParams(form).toString() : undefined;
    if (url.pathname.startsWith('/auth/')) {
      const res = await fetch(url, { method: form ? 'POST' : 'GET', headers, body: payload, redirect: 'manual' });
      this.keep(res.headers.getSetCookie());
      return { status: res.status, location: res.headers.get('location') ?? undefined, body: await res.text() };
    }
    const res = await portal.app.inject({ method: form ? 'POST' : 'GET', url: `${url.pathname}${url.search}`, headers, payload });
    this.keep([res.headers['set-cookie'] ?? []].flat() as string[]);
    return { status: res.statusCode, location: res.headers.location as string | undefined, body: res.body };
  }
}

describe('an external provider with Keycloak\'s paths (OIDC_ISSUER)', () => {
  it('logs in through it, trusts its tokens, keeps favourites here, and ends the login there at Sair', async () => {
    const browser = new TwoHostBrowser();
    let res = await browser.go('/app/entrar?returnTo=/app/catalog/list');
    expect(res.location).toMatch(new RegExp(`^${origin}/auth/realms/pi/protocol/openid-connect/auth\\?`));
    while (res.status !== 200) res = await browser.go(res.location!);
    expect(res.body).toContain('<h1>Acesso Cidadão</h1>');
    res = await browser.go(formFields(res.body).action, { username: 'maria.silva', password: 'portal-demo' });
    while (!res.location!.includes('/app/auth/callback')) res = await browser.go(res.location!);
    res = await browser.go(res.location!);
    expect(res.status).toBe(303);
    expect(res.location).toBe('/app/catalog/list');

    const request = { headers: {}, cookies: { [SESSION_COOKIE]: browser.cookies.get(SESSION_COOKIE) } } as unknown as FastifyRequest;
    const session = await getWebSession(portal.app, request);
    expect(session?.user).toMatchObject({ username: 'maria.silva', accessLevel: 'prata' });
    const bearer = { authorization: `Bearer ${session!.accessToken}` };

    // The stand-in's token is good on this portal's API (its keys fetched from the stand-in's certs endpoint).
    const me = await portal.app.inject({ url: '/v1/me', headers: bearer });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ preferred_username: 'maria.silva' });
    // Favourites live in this portal's database (decision 020), whatever the provider's catalog_favorite says.
    const before = JSON.parse(me.json().catalog_favorite) as string[];
    const star = await portal.app.inject({ method: 'POST', url: '/v1/catalog/setFavorite', headers: bearer, payload: { slug: 'baixa-de-veiculo', remove: false } });
    expect(star.statusCode).toBe(200);
    const after = JSON.parse((await portal.app.inject({ url: '/v1/me', headers: bearer })).json().catalog_favorite) as string[];
    expect(before).not.toContain('baixa-de-veiculo');
    expect(new Set(after)).toEqual(new Set([...before, 'baixa-de-veiculo']));

    // Sair: the login ends at the stand-in (Keycloak's logout with the refresh token and the client's secret).
    const refresh = (await portal.app.db.execute(sql`select refresh_token from web_sessions`)) as unknown as { rows: { refresh_token: string }[] };
    const refreshToken = refresh.rows[0]!.refresh_token;
    expect(refreshToken.split('.')).toHaveLength(3);
    const logout = await browser.go('/app/sair', {});
    expect(logout.status).toBe(303);
    const again = await fetch(`${origin}/auth/realms/pi/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`portal-servicos-bff:${secret}`).toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe('invalid_grant');
  });
});
