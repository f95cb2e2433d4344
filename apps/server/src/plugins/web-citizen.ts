import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSession } from '../modules/identity/session.ts';

/** What the pages may know of the logged-in citizen: never a token. */
export interface WebCitizen {
  sub: string;
  username: string;
  name: string;
  shortName: string;
  email: string;
  roles: string[];
  accessLevel: string | null;
}

export interface CitizenCall {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

/**
 * The backend-for-frontend half of the pages' load context: the session of the browser request
 * (read once, lazily) and calls to the API on the citizen's behalf, with the bearer token added here,
 * on the server. Loaders get answers; the token never reaches them or the browser.
 */
export function citizenContext(app: FastifyInstance, request: FastifyRequest) {
  let pending: Promise<WebSession | null> | undefined;
  const session = () =>
    (pending ??= app.identity.getSession(request).catch((err) => {
      request.log.warn({ err }, 'could not read the web session');
      return null;
    }));
  const inject = async (call: CitizenCall) => {
    const current = await session();
    if (!current) return null;
    return app.inject({
      method: call.method,
      url: call.url,
      remoteAddress: request.ip,
      headers: {
        authorization: `Bearer ${current.accessToken}`,
        'x-request-id': String(request.id),
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
  };
  const notLoggedIn = { status: 401, body: { message: 'Faça login no Acesso Cidadão para continuar.' } };

  return {
    citizen: async (): Promise<WebCitizen | null> => {
      const current = await session();
      return current ? { ...current.user } : null;
    },
    citizenApi: async (call: CitizenCall): Promise<{ status: number; body: unknown }> => {
      const answer = await inject(call);
      if (!answer) return notLoggedIn;
      let body: unknown = answer.body;
      if (String(answer.headers['content-type'] ?? '').includes('json')) {
        try {
          body = answer.json();
        } catch {
          body = null;
        }
      }
      return { status: answer.statusCode, body };
    },
    citizenDownload: async (url: string): Promise<{ status: number; headers: Record<string, string>; body: Uint8Array }> => {
      const answer = await inject({ method: 'GET', url });
      if (!answer) return { status: 401, headers: {}, body: new Uint8Array() };
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'content-disposition', 'cache-control']) {
        const value = answer.headers[name];
        if (value != null) headers[name] = String(value);
      }
      return { status: answer.statusCode, headers, body: new Uint8Array(answer.rawPayload) };
    },
  };
}
