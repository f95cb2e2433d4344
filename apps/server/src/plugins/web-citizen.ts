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
  let pending: Promise<WebSession | null> | undefined;
  const session = () =>
    (pending ??= app.identity.getSession(request).catch((err) => {
      request.log.warn({ err }, 'could not read the web session');
      return null;
    }));
  return {
    citizen: async (): Promise<Citizen | null> => {
      const current = await session();
      if (!current) return null;
      const { sub, username, name, shortName, email, roles, accessLevel } = current.user;
      return { sub, username, name, shortName, email, roles: [...roles], accessLevel: ACCESS_LEVEL_ORDER.find((level) => level === accessLevel) ?? null };
    },
    bearer: async (): Promise<string | null> => {
      const current = await session();
      return current ? `Bearer ${current.accessToken}` : null;
    },
  };
}
