import { data, redirect, type ActionFunctionArgs } from 'react-router';
import { safeReturnPath } from '@portal/contracts';
import { FAVORITE_NOTICE_PARAM, type FavoriteResult } from '../features/favorites/favorites.ts';
import { setFavorite } from '../features/favorites/favorites.server.ts';
import { loginHref } from '../lib/citizen.ts';
import { readForm } from '../lib/form.server.ts';
import { catalogPath } from '../lib/paths.ts';

/** Nothing to show at this address: the favourites are on the home. */
export function loader() {
  return redirect(catalogPath('/'));
}

/**
 * The favourite star's form (spec §4): with JavaScript a fetcher gets the outcome and shows the snackbar;
 * without it (field `js` absent) the browser goes back to the page it came from, which says what happened.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const returnTo = safeReturnPath(form.get('returnTo'), catalogPath('/'));
  const script = form.get('js') === '1';
  if (!(await context.citizen())) {
    if (script) return data<FavoriteResult>({ outcome: 'failed', slug: String(form.get('slug') ?? ''), favorite: false, at: Date.now() }, { status: 401 });
    throw redirect(loginHref(returnTo));
  }
  const slug = String(form.get('slug') ?? '');
  const result = await setFavorite(context, slug, form.get('remove'));
  if (script) return { ...result, slug, at: Date.now() } satisfies FavoriteResult;
  const target = new URL(returnTo, 'http://portal');
  target.searchParams.set(FAVORITE_NOTICE_PARAM, result.outcome);
  return redirect(`${target.pathname}${target.search}`, 303);
}
