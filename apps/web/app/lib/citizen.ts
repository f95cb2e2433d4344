import { redirect } from 'react-router';
// The load context's citizen half (apps/server/src/plugins/web-citizen.ts): the session and calls on the
// citizen's behalf. The bearer token is added on the server; loaders and the browser never see it.
import type { ApiAnswer, ApiRequest } from './load-context.ts';

export interface Citizen {
  sub: string;
  username: string;
  name: string;
  shortName: string;
  email: string;
  roles: string[];
  accessLevel: string | null;
}

declare module 'react-router' {
  interface AppLoadContext {
    /** the logged-in citizen, or null (anonymous) */
    citizen: () => Promise<Citizen | null>;
    /** our API with `Authorization: Bearer <the citizen's token>`; 401 when nobody is logged in */
    citizenApi: (request: ApiRequest) => Promise<ApiAnswer>;
    /** the same for a file: raw bytes and the headers a download needs */
    citizenDownload: (url: string) => Promise<{ status: number; headers: Record<string, string>; body: Uint8Array }>;
  }
}

/** Where 'ACESSO CIDADÃO' and pages that need a login send the visitor: back to `returnTo` afterwards. */
export function loginHref(returnTo: string): string {
  return `/app/entrar?returnTo=${encodeURIComponent(returnTo)}`;
}

/** The logged-in citizen, or a redirect to the login that comes back to this page. */
export async function requireCitizen(context: import('react-router').AppLoadContext, request: Request): Promise<Citizen> {
  const citizen = await context.citizen();
  if (citizen) return citizen;
  const url = new URL(request.url);
  throw redirect(loginHref(`${url.pathname}${url.search}`));
}
