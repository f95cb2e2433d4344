import { qrSvg } from '../features/home/qr.server.ts';
import { onlyRead, plainText } from '../lib/plain-text.ts';
import { SITE } from '../lib/site.ts';
import type { Route } from './+types/home-qr';

/** The app promotion's QR codes, one image per store, drawn from the links the home shows beside them. */
const STORE_QR_CODES = { 'google-play.svg': SITE.stores.googlePlay, 'app-store.svg': SITE.stores.appStore };

/**
 * An image of its own, not SVG in the page: the home carried each code twice (in the HTML and in the data the page
 * hydrates from), a quarter of its bytes, for a section at its very end (issue 12). Cached as the catalog's pages are.
 */
export function loader({ params }: Route.LoaderArgs) {
  const store = params.store;
  if (!Object.hasOwn(STORE_QR_CODES, store)) {
    return plainText(404, 'Código QR não encontrado.');
  }
  return new Response(qrSvg(STORE_QR_CODES[store as keyof typeof STORE_QR_CODES]), { headers: { 'content-type': 'image/svg+xml; charset=utf-8' } });
}

export function action() {
  return onlyRead('Este endereço só mostra a imagem do código QR.');
}
