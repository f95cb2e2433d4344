import { redirect } from 'react-router';
import { catalogPath } from '../lib/paths.ts';
import { onlyRead } from '../lib/plain-text.ts';

/**
 * /app (and /app/): the portal's own root has no page of its own; citizens who trim an address down to it
 * land on the catalog's home (BASE_PATH), as `/` does.
 */
export function loader() {
  return redirect(catalogPath('/'));
}

/** Nothing is sent to /app: a POST answers 405 in Portuguese, not React Router's English. */
export function action() {
  return onlyRead('Este endereço apenas leva à página inicial do portal.');
}
