import { useEffect } from 'react';
import { data, useLocation, useNavigation } from 'react-router';
import { showSnackbar } from '../components/snackbar/snackbar.tsx';
import { ViewerScreen } from '../features/open-data/viewer-screen.tsx';
import { resolveView } from '../features/open-data/viewer.server.ts';
import { required } from '../lib/api.server.ts';
import { canonicalUrl, pageMeta, TITLE_PREFIX } from '../lib/seo.ts';
import type { Route } from './+types/open-data-viewer';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { view, status } = await required(context, resolveView(context, request, params['*'] ?? ''), {
    failure: 'Não foi possível carregar os dados abertos. Tente novamente em instantes.',
  });
  return data({ view, canonical: canonicalUrl(request) }, { status, headers: { 'cache-control': 'no-store' } });
}

export function meta({ data }: Route.MetaArgs) {
  const view = data?.view;
  if (!view || view.kind === 'not-found') return [{ title: `${TITLE_PREFIX} - Dados Abertos` }, { name: 'robots', content: 'noindex' }];
  const description =
    view.kind === 'group'
      ? view.group.description
      : view.kind === 'form'
        ? `${view.title}: consulta de dados abertos de ${view.group.text}, com exportação em JSON, CSV e XML.`
        : `${view.title}: dados abertos do Governo do Piauí, com exportação em JSON, CSV e XML.`;
  return pageMeta({ title: `${TITLE_PREFIX} - Dados Abertos - ${view.title}`, description, canonical: data?.canonical });
}

export default function OpenDataViewer({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state !== 'idle' && navigation.location?.pathname === location.pathname;
  const failure = view.kind === 'form' || view.kind === 'auto' ? view.failure : null;
  // Spec §8: the fetch error in the snackbar as well as on the page.
  useEffect(() => {
    if (failure) showSnackbar(failure.message, 'error');
  }, [failure]);
  return (
    <div className="container">
      <ViewerScreen key={view.kind === 'form' ? view.endpoint.slug : view.title} view={view} loading={loading} />
    </div>
  );
}
