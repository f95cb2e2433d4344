import { safeReturnPath, Slug } from '@portal/contracts';
import { redirect } from 'react-router';
import { searchTarget } from '../features/catalog/list-navigation.ts';
import { catalogPath } from '../lib/paths.ts';
import { onlyRead } from '../lib/plain-text.ts';
import type { Route } from './+types/search-redirect';

/**
 * Where the search forms land without JavaScript: GET /buscar?q=…&categoria=… redirects to the list's own
 * address (spec §4). An empty text does nothing (the box is `required`, so browsers refuse it themselves; a
 * browser that sends it anyway goes back to the page the form was on, or to the home).
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const text = url.searchParams.get('q') ?? '';
  const category = url.searchParams.get('categoria');
  const target = searchTarget(text, category && Slug.safeParse(category).success ? category : null);
  if (target) return redirect(catalogPath(target));
  const referer = request.headers.get('referer');
  const from = referer && URL.canParse(referer) && new URL(referer).origin === url.origin ? new URL(referer) : null;
  return redirect(safeReturnPath(from ? `${from.pathname}${from.search}` : null, catalogPath('/')));
}

/** The search form is a GET: a POST answers 405 in Portuguese, not React Router's English. */
export function action() {
  return onlyRead('A busca é feita pelo formulário da página (GET /buscar?q=…).');
}
