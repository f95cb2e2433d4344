import { ACCESS_LEVEL_ORDER, type Citizen } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSession } from '../modules/identity/session.ts';

/**
 * The backend-for-frontend half of the pages' load context: the session of the browser request (read
 * once, lazily), what the pages may know of the citizen (never a token) and the bearer token that
 * plugins/web.ts adds to the citizen's calls, on the server. Loaders get answers; the token never
 * reaches them or the browser.
 */
export function citizenSession(app: FastifyInstance, request: FastifyRequest) {
  let pending: Promise<WebSession | null | 'unavailable'> | undefined;
  // A session that cannot be read (the database is down) is not a logged-out citizen: the personal pages
  // say so instead of sending them to the login.
  const session = () =>
    (pending ??= app.identity.getSession(request).catch((err) => {
      request.log.warn({ err }, 'could not read the web session');
      return 'unavailable' as const;
    }));
  const current = async () => {
    const found = await session();
    return found === 'unavailable' ? null : found;
  };
  return {
    citizen: async (): Promise<Citizen | null> => {
      const found = await current();
      if (!found) return null;
      const { sub, username, name, shortName, email, roles, accessLevel } = found.user;
      return { sub, username, name, shortName, email, roles: [...roles], accessLevel: ACCESS_LEVEL_ORDER.find((level) => level === accessLevel) ?? null };
    },
    bearer: async (): Promise<string | null> => {
      const found = await current();
      return found ? `Bearer ${found.accessToken}` : null;
    },
    /** whether the session could not be read at all (the database is down) */
    unavailable: async (): Promise<boolean> => (await session()) === 'unavailable',
  };
}
