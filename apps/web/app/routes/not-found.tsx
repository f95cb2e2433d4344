import { NotFoundContent } from '../components/error-page/error-page.tsx';
import { TITLE_PREFIX } from '../lib/seo.ts';
import { pageError } from '../lib/page-error.ts';

export function loader() {
  throw pageError(404, 'O endereço que você acessou não existe ou mudou de lugar.');
}

export function meta() {
  return [{ title: `${TITLE_PREFIX} - Página não encontrada` }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  return <NotFoundContent />;
}
