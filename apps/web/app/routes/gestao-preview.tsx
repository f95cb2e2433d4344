import type { ServicePreview } from '@portal/contracts';
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { ServiceAccess } from '../features/catalog/service-access.tsx';
import { AboutSection, DocumentsSection, InfoSection, SidebarCards, StepsSection, TagsSection } from '../features/catalog/service-sections.tsx';
import serviceStyles from '../features/catalog/service.module.css';
import { UnitsCard } from '../features/catalog/units-card.tsx';
import { Checks, STATE_LABEL } from '../features/gestao/gestao-ui.tsx';
import styles from '../features/gestao/gestao.module.css';
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
      <div className={`${serviceStyles.layout} ${styles.preview}`} data-testid="service-preview">
        <article className={serviceStyles.main}>
          <div className={serviceStyles.actions}>
            <ServiceAccess service={item} />
          </div>
          <AboutSection service={item} />
          <StepsSection steps={item.steps} />
          <DocumentsSection steps={item.steps} />
          <InfoSection info={item.info} />
          <TagsSection tags={item.tags} />
        </article>
        <aside className={serviceStyles.sidebar} aria-label="Sobre o atendimento">
          <SidebarCards service={item} />
          <UnitsCard units={item.departmentSections} initialFilter="" />
        </aside>
      </div>
    </PageFrame>
  );
}
