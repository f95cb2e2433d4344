import { redirect } from 'react-router';
import { catalogPath } from '../lib/paths.ts';

/**
 * /app (and /app/): the portal's own root has no page of its own; citizens who trim an address down to it
 * land on the catalog's home (BASE_PATH), as `/` does.
 */
export function loader() {
  return redirect(catalogPath('/'));
}

/** Nothing is sent to /app: a POST answers 405 in Portuguese, not React Router's English. */
export function action() {
  return new Response('Este endereço apenas leva à página inicial do portal.', { status: 405, headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' } });
}
