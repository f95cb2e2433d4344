import { createHash, randomBytes } from 'node:crypto';
import type { Citizen } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { highestAccessLevel, shortName } from './claims.ts';
import * as repository from './identity.repository.ts';
import type { EndProviderSession } from './provider-logout.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { APP_TOKEN_COOKIE, credential, SESSION_COOKIE } from '../../plugins/credentials.ts';
import type { IdentitySettings } from './settings.ts';

export { APP_TOKEN_COOKIE, SESSION_COOKIE };
export const LOGIN_COOKIE = '__Host-portal_login';
/** refresh when the access token has less than this left */
const REFRESH_MARGIN_MS = 60_000;

/** The logged-in citizen of a browser request, and a bearer token for the API on their behalf. */
export interface WebSession {
  user: Citizen;
  /** all the ID token's claims (spec §3), as of login */
  claims: Record<string, unknown>;
  /** send as `Authorization: Bearer <accessToken>` to /v1 and /api (app.inject) */
  accessToken: string;
  accessTokenExpiresAt: Date;
}

export interface IdentityRuntime {
  settings: IdentitySettings;
  oidc: () => Promise<client.Configuration>;
  /** getWebSession bound to this app: `await app.identity.getSession(request)` */
  getSession: (request: FastifyRequest) => Promise<WebSession | null>;
  /** ends the login at the identity provider, server to server ('Sair') */
  endProviderSession: EndProviderSession;
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityRuntime;
  }
}

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('base64url');
export const newSessionId = () => randomBytes(32).toString('base64url');

/** The identity cookies: `__Host-` names (Secure, Path=/, no Domain), unreadable by scripts, not sent on cross-site POSTs. */
export const COOKIE_OPTIONS = { path: '/', httpOnly: true, secure: true, sameSite: 'lax' } as const;

export function setIdentityCookie(reply: FastifyReply, name: string, value: string, maxAgeSeconds?: number) {
  reply.setCookie(name, value, { ...COOKIE_OPTIONS, ...(maxAgeSeconds != null ? { maxAge: Math.max(0, Math.floor(maxAgeSeconds)) } : {}) });
}

export function clearIdentityCookie(reply: FastifyReply, name: string) {
  reply.clearCookie(name, COOKIE_OPTIONS);
}

function toCitizen(sub: string, claims: Record<string, unknown>): Citizen {
  const roles = Array.isArray(claims.roles) ? claims.roles.map(String) : [];
  const name = String(claims.name ?? claims.nomeCompleto ?? claims.preferred_username ?? '');
  return {
    sub,
    username: String(claims.preferred_username ?? sub),
    name,
    shortName: shortName(name),
    email: String(claims.email ?? ''),
    roles,
    accessLevel: highestAccessLevel(roles),
  };
}

function toWebSession(row: repository.WebSessionRow): WebSession {
  return {
    user: toCitizen(row.userSub, row.claims),
    claims: row.claims,
    accessToken: row.accessToken,
    accessTokenExpiresAt: row.accessExpiresAt,
  };
}

async function refresh(app: FastifyInstance, row: repository.WebSessionRow): Promise<repository.WebSessionRow | null> {
  if (!row.refreshToken) return null;
  try {
    const tokens = await client.refreshTokenGrant(await app.identity.oidc(), row.refreshToken);
    const next = {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? null,
      accessExpiresAt: new Date(Date.now() + (tokens.expiresIn() ?? 300) * 1000),
    };
    if (await repository.updateWebSessionTokens(app.db, row.idHash, row.accessToken, next)) {
      return { ...row, accessToken: next.accessToken, refreshToken: next.refreshToken ?? row.refreshToken, accessExpiresAt: next.accessExpiresAt };
    }
  } catch (err) {
    app.log.info({ err }, 'session refresh failed');
  }
  // Someone else (a parallel request, another instance) may have refreshed it meanwhile.
  const current = await repository.findWebSession(app.db, row.idHash);
  if (current && current.accessToken !== row.accessToken && current.accessExpiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS) return current;
  await repository.deleteWebSession(app.db, row.idHash);
  return null;
}

/**
 * The pages the state's app opens in a WebView, handing over its own access token (issue 14): as an
 * `Authorization: Bearer` header on the first load and as the `kcToken` cookie (the token in base64) that its
 * script sets for the next ones. Only these pages, and only to be read (GET), take a session from it.
 */
export const APP_WEBVIEW_PAGES = ['/app/app-minha-cnh', '/app/acompanhar-minhas-solicitacoes', '/app/app-meus-veiculos', '/app/app-perfil-servidor'];
/** and what those pages fetch: a pay slip of the servant's profile */
const APP_WEBVIEW_DOWNLOAD = /^\/app\/minha-area\/contracheques\/\d+$/;

/** The session of a WebView page opened by the app with its access token; null for any other request. */
async function appWebViewSession(app: FastifyInstance, request: FastifyRequest): Promise<WebSession | null> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const path = request.url.split('?')[0]!.replace(/\/$/, '');
  if (!APP_WEBVIEW_PAGES.includes(path) && !APP_WEBVIEW_DOWNLOAD.test(path)) return null;
  const session = (user: AuthUser, token: string): WebSession => ({
    user: toCitizen(user.sub, user.claims as Record<string, unknown>),
    claims: user.claims as Record<string, unknown>,
    accessToken: token,
    accessTokenExpiresAt: new Date((user.claims.exp ?? 0) * 1000),
  });
  // A bearer header was checked already, for every request (plugins/auth.ts): its verdict stands.
  const bearer = credential(request, 'authorization');
  if (bearer) return request.user ? session(request.user, bearer.replace(/^Bearer\s+/i, '')) : null;
  const cookie = credential(request, 'appToken');
  if (!cookie || cookie.length > 8000) return null;
  const token = Buffer.from(cookie, 'base64').toString('utf8');
  try {
    return session(await app.verifyAccessToken(token), token);
  } catch (err) {
    request.log.info({ reason: (err as Error).message }, 'app token refused on a WebView page');
    return null;
  }
}

/**
 * The current browser session of a request (the session cookie), with a fresh access token:
 * refreshed here, server-side, when less than a minute is left. Null when not logged in, or when the
 * login ended (logout, expiry, refresh refused). The app's WebView pages also take the app's token.
 */
export async function getWebSession(app: FastifyInstance, request: FastifyRequest): Promise<WebSession | null> {
  const id = credential(request, 'session');
  if (!id || id.length > 200) return appWebViewSession(app, request);
  let row = await repository.findWebSession(app.db, hashSessionId(id));
  if (!row) return appWebViewSession(app, request);
  if (row.accessExpiresAt.getTime() - Date.now() < REFRESH_MARGIN_MS) {
    row = await refresh(app, row);
    if (!row) return null;
  }
  return toWebSession(row);
}
