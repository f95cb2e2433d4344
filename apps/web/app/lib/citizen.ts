import type { Citizen } from '@portal/contracts';
import { redirect, type AppLoadContext } from 'react-router';
import './load-context.ts';

/** Where 'ACESSO CIDADÃO' and pages that need a login send the visitor: back to `returnTo` afterwards. */
export function loginHref(returnTo: string): string {
  return `/app/entrar?returnTo=${encodeURIComponent(returnTo)}`;
}

/** The logged-in citizen, or a redirect to the login that comes back to this page. */
export async function requireCitizen(context: AppLoadContext, request: Request): Promise<Citizen> {
  const citizen = await context.citizen();
  if (citizen) return citizen;
  const url = new URL(request.url);
  throw redirect(loginHref(`${url.pathname}${url.search}`));
}
