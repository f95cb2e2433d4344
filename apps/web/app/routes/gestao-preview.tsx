import type { ServicePreview } from '@portal/contracts';
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { Checks, STATE_LABEL } from '../features/gestao/gestao-ui.tsx';
import { ServicePreviewBody } from '../features/gestao/service-preview.tsx';
import { serviceUrl, staffCall } from '../features/gestao/gestao.server.ts';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return { id: params.id!, ...(await staffCall<ServicePreview>(context, request, { url: `${serviceUrl(params.id!)}/previa` })) };
}

export const meta: MetaFunction<typeof loader> = ({ data: preview }) => personalMeta(preview ? `Prévia: ${preview.item.title}` : 'Prévia');

/** The preview tier of the checks: the change as citizens will read it, built from the same parts as the public page. */
export default function GestaoPreview() {
  const { id, item, version, checks } = useLoaderData<typeof loader>();
  return (
    <PageFrame
      title={`Prévia: ${item.title}`}
      homeHref="/app/gestao"
      intro={
        <>
          <p>
            {version
              ? `Como os cidadãos lerão esta alteração (${STATE_LABEL[version.state as keyof typeof STATE_LABEL] ?? version.state}) depois de publicada.`
              : 'Não há alteração em andamento: este é o conteúdo publicado.'}
          </p>
          <p>
            <a href={`/app/gestao/servicos/${id}`}>Voltar ao serviço</a>
          </p>
        </>
      }
    >
      <PageSection id="verificacoes" title="Verificações">
        <Checks checks={checks} />
      </PageSection>
      <ServicePreviewBody item={item} />
    </PageFrame>
  );
}
