import { FavoriteForm, safeReturnPath } from '@portal/contracts';
import { data, redirect, type ActionFunctionArgs, type ClientActionFunctionArgs } from 'react-router';
import { FAVORITE_NOTICE_PARAM, type FavoriteOutcome, type FavoriteResult } from '../features/favorites/favorites.ts';
import { setFavorite } from '../features/favorites/favorites.server.ts';
import { loginHref } from '../lib/citizen.ts';
import { parseForm, type FieldErrors } from '../lib/form.server.ts';
import { catalogPath } from '../lib/paths.ts';

/** Nothing to show at this address: the favourites are on the home. */
export function loader() {
  return redirect(catalogPath('/'));
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The favourite star's form (spec §4, checked with the contract's FavoriteForm): with JavaScript a fetcher
 * gets the outcome and shows the snackbar (400 with the fields in error for a form the page did not
 * make); without it (field `js` absent) the browser goes back to the page it came from, which says what
 * happened.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await parseForm(request, FavoriteForm);
  const returnTo = safeReturnPath(form.values.returnTo, catalogPath('/'));
  const script = form.values.js === '1';
  const slug = form.ok ? form.data.slug : text(form.values.slug);
  const answer = (outcome: FavoriteOutcome, favorite: boolean, status: number, errors?: FieldErrors) => {
    if (script) return data<FavoriteResult & { errors?: FieldErrors }>({ outcome, slug, favorite, at: Date.now(), ...(errors ? { errors } : {}) }, { status });
    const target = new URL(returnTo, 'http://portal');
    target.searchParams.set(FAVORITE_NOTICE_PARAM, outcome);
    return redirect(`${target.pathname}${target.search}`, 303);
  };
  if (!(await context.citizen())) {
    if (script) return answer('failed', false, 401);
    throw redirect(loginHref(returnTo));
  }
  if (!form.ok) return answer('failed', form.values.remove === 'true', 400, form.errors);
  const result = await setFavorite(context, form.data.slug, form.data.remove);
  return answer(result.outcome, result.favorite, 200);
}

/**
 * With JavaScript, a call that never reached the action or failed on the way (offline, a 500 from a proxy)
 * is the star's own failure: the snackbar says 'Erro ao favoritar serviço' (spec §8) and the page stays,
 * instead of the failure climbing to the page's error boundary.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const slug = text((await request.clone().formData()).get('slug'));
  try {
    return await serverAction<typeof action>();
  } catch {
    return { outcome: 'failed', slug, favorite: false, at: Date.now() } satisfies FavoriteResult;
  }
}
