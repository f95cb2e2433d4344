import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { CircleX, Download } from 'lucide-react';
import { loadMyDocuments } from '../features/documents/documents.server.ts';
import docStyles from '../features/documents/documents.module.css';
import { documentDownloadPath, VERIFY_PATH } from '../features/documents/paths.ts';
import { loadProfile } from '../features/identity/header.server.ts';
import { CnhCard, hasCnh } from '../features/cnh/cnh-card.tsx';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import styles from '../features/pages/pages.module.css';
import { loadPayslips } from '../features/payslips/payslips.server.ts';
import { PayslipsWidget } from '../features/payslips/payslips-widget.tsx';
import { requireCitizen } from '../lib/citizen.ts';
import { formatDateTime } from '../lib/format.ts';
import { catalogPath } from '../lib/paths.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCitizen(context, request);
  const [profile, payslips, issued] = await Promise.all([loadProfile(context), loadPayslips(context), loadMyDocuments(context)]);
  return {
    cnh: profile && hasCnh(profile) ? profile : null,
    payslips,
    now: Date.now(),
    issuedFailed: !issued,
    issued: (issued ?? []).map((d) => ({
      id: d.id,
      code: d.code,
      title: d.title,
      department: d.department.shortName,
      service: d.service.title,
      protocol: d.protocol,
      issuedAt: formatDateTime(d.issuedAt),
      revoked: d.revoked ? { at: formatDateTime(d.revoked.at), reason: d.revoked.reason } : null,
      href: documentDownloadPath(d.id),
    })),
  };
}

export const meta: MetaFunction = () => personalMeta('Documentos');

/** 'Documentos': the documents the portal really has for the citizen, and an honest word on the rest. */
export default function Documents() {
  const { cnh, payslips, now, issued, issuedFailed } = useLoaderData<typeof loader>();
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
      <PageSection id="documentos-emitidos" title="Documentos emitidos pelos órgãos">
        <p>
          Certidões, autorizações e decisões emitidas nas suas solicitações. Qualquer pessoa a quem você apresentar um deles pode conferir se é autêntico em{' '}
          <a href={VERIFY_PATH}>Verificar documento</a>, com o código impresso nele.
        </p>
        {issuedFailed ? (
          <p>Não foi possível carregar os seus documentos emitidos agora. Tente novamente em alguns minutos.</p>
        ) : issued.length ? (
          <ul className={docStyles.list} data-testid="issued-documents">
            {issued.map((d) => (
              <li key={d.id} className={docStyles.card}>
                <h3>{d.title}</h3>
                <p>
                  {d.department} · {d.service}
                  {d.protocol ? <> · protocolo {d.protocol}</> : null}
                </p>
                <p>
                  Emitido em {d.issuedAt} · código <span className={docStyles.code}>{d.code}</span>
                </p>
                {d.revoked ? (
                  <p>
                    <span className={`${docStyles.badge} ${docStyles.badgeRevoked}`}>
                      <CircleX aria-hidden="true" focusable="false" size={16} /> Revogado em {d.revoked.at}
                    </span>{' '}
                    Motivo: {d.revoked.reason}
                  </p>
                ) : null}
                <p>
                  <a className={docStyles.button} href={d.href} download>
                    <Download aria-hidden="true" focusable="false" size={18} /> Baixar PDF<span className="visually-hidden">: {d.title}, emitido em {d.issuedAt}</span>
                  </a>
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p>Você ainda não tem documentos emitidos. Quando um órgão concluir uma solicitação sua com um documento, ele aparece aqui.</p>
        )}
      </PageSection>
      <PageSection id="outros-documentos" title="Outros documentos">
        <p>
          Carteira de identidade, título de eleitor e outros documentos digitais ainda não estão disponíveis nesta área. Para pedir um documento, procure o
          serviço correspondente no <a href={catalogPath('/list/documentos-e-identificacao')}>catálogo de serviços</a>.
        </p>
      </PageSection>
    </PageFrame>
  );
}
