import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { highestAccessLevel, shortName } from './claims.ts';
import * as repository from './identity.repository.ts';
import type { IdentitySettings } from './settings.ts';

export const SESSION_COOKIE = 'portal_sessao';
export const LOGIN_COOKIE = 'portal_login';
/** refresh when the access token has less than this left */
const REFRESH_MARGIN_MS = 60_000;

export interface SessionUser {
  sub: string;
  username: string;
  name: string;
  /** first and last word of the name, for the header */
  shortName: string;
  email: string;
  roles: string[];
  /** opala, ouro, prata or bronze: the header's badge */
  accessLevel: string | null;
}

/** The logged-in citizen of a browser request, and a bearer token for the API on their behalf. */
export interface WebSession {
  user: SessionUser;
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
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityRuntime;
  }
}

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('base64url');
export const newSessionId = () => randomBytes(32).toString('base64url');

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function cookie(
  settings: IdentitySettings,
  name: string,
  value: string,
  options: { maxAge?: number; path?: string } = {},
): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path ?? '/'}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(settings.secureCookies ? ['Secure'] : []),
    ...(options.maxAge != null ? [`Max-Age=${Math.max(0, Math.floor(options.maxAge))}`] : []),
  ].join('; ');
}

export function appendCookie(reply: FastifyReply, value: string) {
  const current = reply.getHeader('set-cookie');
  const list = current == null ? [] : Array.isArray(current) ? current.map(String) : [String(current)];
  reply.header('set-cookie', [...list, value]);
}

function toSessionUser(sub: string, claims: Record<string, unknown>): SessionUser {
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
    user: toSessionUser(row.user_sub, row.claims),
    claims: row.claims,
    accessToken: row.access_token,
    accessTokenExpiresAt: new Date(row.access_expires_at),
  };
}

async function refresh(app: FastifyInstance, row: repository.WebSessionRow): Promise<repository.WebSessionRow | null> {
  if (!row.refresh_token) return null;
  try {
    const tokens = await client.refreshTokenGrant(await app.identity.oidc(), row.refresh_token);
    const next = {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? null,
      idToken: tokens.id_token ?? null,
      accessExpiresAt: new Date(Date.now() + (tokens.expiresIn() ?? 300) * 1000),
    };
    if (await repository.updateWebSessionTokens(app.db, row.id_hash, row.access_token, next)) {
      return { ...row, access_token: next.accessToken, refresh_token: next.refreshToken ?? row.refresh_token, access_expires_at: next.accessExpiresAt.toISOString() };
    }
  } catch (err) {
    app.log.info({ err }, 'session refresh failed');
  }
  // Someone else (a parallel request, another instance) may have refreshed it meanwhile.
  const current = await repository.findWebSession(app.db, row.id_hash);
  if (current && current.access_token !== row.access_token && Date.parse(current.access_expires_at) - Date.now() > REFRESH_MARGIN_MS) return current;
  await repository.deleteWebSession(app.db, row.id_hash);
  return null;
}

/**
 * The current browser session of a request (the `portal_sessao` cookie), with a fresh access token:
 * refreshed here, server-side, when less than a minute is left. Null when not logged in, or when the
 * login ended (logout, expiry, refresh refused).
 */
export async function getWebSession(app: FastifyInstance, request: FastifyRequest): Promise<WebSession | null> {
  const id = readCookie(request, SESSION_COOKIE);
  if (!id || id.length > 200) return null;
  let row = await repository.findWebSession(app.db, hashSessionId(id));
  if (!row) return null;
  if (Date.parse(row.access_expires_at) - Date.now() < REFRESH_MARGIN_MS) {
    row = await refresh(app, row);
    if (!row) return null;
  }
  return toWebSession(row);
}
