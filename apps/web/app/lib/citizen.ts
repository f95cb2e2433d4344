import type { Citizen } from '@portal/contracts';
import { redirect, type AppLoadContext } from 'react-router';
import './load-context.ts';
import { pageError } from './page-error.ts';

/** Where 'ACESSO CIDADÃO' and pages that need a login send the visitor: back to `returnTo` afterwards. */
export function loginHref(returnTo: string): string {
  return `/app/entrar?returnTo=${encodeURIComponent(returnTo)}`;
}

/** What a personal page says while the citizen's session cannot be read (the database is down). */
export const PERSONAL_AREA_UNAVAILABLE = 'Sua área pessoal está temporariamente indisponível. O catálogo de serviços continua disponível; tente novamente em alguns minutos.';

/** The logged-in citizen, or a redirect to the login that comes back to this page. */
export async function requireCitizen(context: AppLoadContext, request: Request): Promise<Citizen> {
  const citizen = await context.citizen();
  if (citizen) return citizen;
  // A session we cannot read now is not a logged-out citizen: sending them to log in again would not help.
  if (await context.sessionUnavailable()) throw pageError(503, PERSONAL_AREA_UNAVAILABLE);
  const url = new URL(request.url);
  throw redirect(loginHref(`${url.pathname}${url.search}`));
}
