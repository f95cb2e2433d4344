// Types only: React Router (and React with it) is loaded by plugins/web.ts once NODE_ENV is settled, never here.
import type { matchRoutes as MatchRoutes, RouteObject } from 'react-router';

/** A route of React Router's server build (`build.routes`): flat, each naming its parent. */
export interface BuildRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: { action?: unknown };
}

export interface PageRefusal {
  status: 404 | 405;
  title: string;
  message: string;
}

const NO_PAGE: PageRefusal = { status: 404, title: 'Página não encontrada', message: 'O endereço que você acessou não existe ou mudou de lugar.' };
const NO_FORM: PageRefusal = {
  status: 405,
  title: 'Esta página não recebe formulários',
  message: 'Esta página não recebe envios de formulário. Volte à página e use os botões dela.',
};

/**
 * What React Router would refuse with an English message inside the page's data (issue 23: 'You made a POST
 * request to "/app/catalog" but did not provide an `action` for route "routes/home"', 'No route matches URL'),
 * found before it runs, from the build's own routes, so the portal refuses it in Portuguese instead: an address
 * no route matches (a path with control characters, which no page's pattern takes), and a POST to a page whose
 * route has no action. Everything else is React Router's.
 */
export function pageRefusals(routes: Record<string, BuildRoute>, matchRoutes: typeof MatchRoutes) {
  const children = new Map<string | undefined, BuildRoute[]>();
  for (const route of Object.values(routes)) children.set(route.parentId, [...(children.get(route.parentId) ?? []), route]);
  const tree = (parentId: string | undefined): RouteObject[] =>
    (children.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, path: route.path, index: true, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
    );
  const roots = tree(undefined);

  return (method: string, url: string): PageRefusal | null => {
    const [path = '/', search = ''] = url.split('?');
    // React Router's data requests name the page they are for: /app/catalog.data, /_root.data for '/'.
    const page = path === '/_root.data' ? '/' : path.endsWith('.data') ? path.slice(0, -'.data'.length) : path;
    let matches: ReturnType<typeof matchRoutes>;
    try {
      matches = matchRoutes(roots, page);
    } catch {
      return NO_PAGE;
    }
    if (!matches?.length) return NO_PAGE;
    if (method !== 'POST') return null;
    // The route a form posts to, as React Router picks it: an index route only with `?index`, else its parent.
    const last = matches[matches.length - 1]!;
    const indexWanted = new URLSearchParams(search).getAll('index').some((value) => value === '');
    const target = last.route.index && !indexWanted ? matches[matches.length - 2] : last;
    return target && routes[target.route.id!]?.module.action ? null : NO_FORM;
  };
}
