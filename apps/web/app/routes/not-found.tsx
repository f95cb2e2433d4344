import { data } from 'react-router';
import { NotFoundContent } from '../components/error-page/error-page.tsx';
import { TITLE_PREFIX } from '../lib/seo.ts';

export function loader() {
  throw data({ message: 'O endereço que você acessou não existe ou mudou de lugar.' }, { status: 404 });
}

export function meta() {
  return [{ title: `${TITLE_PREFIX} - Página não encontrada` }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  return <NotFoundContent />;
}
