import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { loadProfile } from '../features/identity/header.server.ts';
import { CnhCard, hasCnh } from '../features/cnh/cnh-card.tsx';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import styles from '../features/pages/pages.module.css';
import { loadPayslips } from '../features/payslips/payslips.server.ts';
import { PayslipsWidget } from '../features/payslips/payslips-widget.tsx';
import { requireCitizen } from '../lib/citizen.ts';
import { catalogPath } from '../lib/paths.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCitizen(context, request);
  const [profile, payslips] = await Promise.all([loadProfile(context), loadPayslips(context)]);
  return { cnh: profile && hasCnh(profile) ? profile : null, payslips, now: Date.now() };
}

export const meta: MetaFunction = () => personalMeta('Documentos');

/** 'Documentos': the documents the portal really has for the citizen, and an honest word on the rest. */
export default function Documents() {
  const { cnh, payslips, now } = useLoaderData<typeof loader>();
  return (
    <PageFrame
      title="Documentos"
      homeHref={catalogPath('/')}
      intro={<p>Os documentos que o Portal de Serviços já traz para você a partir do Acesso Cidadão e dos sistemas do Estado.</p>}
    >
      <div className={styles.cards}>
        {cnh ? <CnhCard cnh={cnh} now={now} /> : null}
        {payslips.length ? <PayslipsWidget payslips={payslips} /> : null}
        <section className={styles.card} aria-labelledby="doc-nota">
          <h2 id="doc-nota">Nota Piauiense</h2>
          <p>O extrato das notas fiscais emitidas com o seu CPF e os créditos acumulados.</p>
          <a href="/app/app-nota-piauiense">Ver extrato da Nota Piauiense</a>
        </section>
      </div>
      {!cnh && !payslips.length ? <p className={styles.note}>Ainda não há CNH nem contracheques vinculados à sua conta.</p> : null}
      <PageSection id="outros-documentos" title="Outros documentos">
        <p>
          Carteira de identidade, título de eleitor e outros documentos digitais ainda não estão disponíveis nesta área. Para pedir um documento, procure o
          serviço correspondente no <a href={catalogPath('/list/documentos-e-identificacao')}>catálogo de serviços</a>.
        </p>
      </PageSection>
    </PageFrame>
  );
}
