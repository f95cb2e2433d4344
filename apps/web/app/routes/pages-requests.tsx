import { SIMPLIFIQUE_SUBJECTS, type SimplifiqueMine, type SimplifiqueSubject } from '@portal/contracts';
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import styles from '../features/pages/pages.module.css';
import { call, optional } from '../lib/api.server.ts';
import { requireCitizen } from '../lib/citizen.ts';
import { formatDate } from '../lib/format.ts';
import { catalogPath } from '../lib/paths.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCitizen(context, request);
  const mine = await optional(context, 'simplifique suggestions', call<SimplifiqueMine>(context, { url: '/v1/simplifique/minhas', auth: 'citizen' }), null);
  return {
    failed: !mine,
    suggestions: (mine ?? []).map((s) => ({
      protocolo: s.protocolo,
      assunto: SIMPLIFIQUE_SUBJECTS[s.assunto as SimplifiqueSubject] ?? s.assunto,
      servico: s.servico,
      recebidaEm: formatDate(s.recebidaEm),
    })),
  };
}

export const meta: MetaFunction = () => personalMeta('Acompanhar minhas solicitações');

/** 'Solicitações': what the portal can follow today (Simplifique suggestions), and where the rest is followed. */
export default function Requests() {
  const { failed, suggestions } = useLoaderData<typeof loader>();
  return (
    <PageFrame title="Acompanhar minhas solicitações" homeHref={catalogPath('/')}>
      <p className={styles.note}>
        Os pedidos feitos em cada serviço digital são acompanhados no sistema do próprio órgão, com o número de protocolo que ele informa. Aqui você acompanha as
        sugestões que enviou ao Simplifique com login.
      </p>
      <PageSection id="minhas-sugestoes" title="Minhas sugestões ao Simplifique">
        {failed ? (
          <p>Não foi possível carregar as suas sugestões agora. Tente novamente em alguns minutos.</p>
        ) : suggestions.length ? (
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Minhas sugestões">
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Protocolo</th>
                  <th scope="col">Enviada em</th>
                  <th scope="col">Assunto</th>
                  <th scope="col">Serviço</th>
                  <th scope="col">Situação</th>
                </tr>
              </thead>
              <tbody>
                {suggestions.map((s) => (
                  <tr key={s.protocolo}>
                    <td>{s.protocolo}</td>
                    <td>{s.recebidaEm}</td>
                    <td>{s.assunto}</td>
                    <td>{s.servico || '—'}</td>
                    <td>Recebida</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>Você ainda não enviou sugestões.</p>
        )}
        <p>
          <a href="/app/app-simplifique">Enviar uma sugestão ao Simplifique</a>
        </p>
      </PageSection>
      <PageSection id="ouvidoria" title="Denúncias, reclamações e pedidos de informação">
        <p>
          Manifestações à Ouvidoria são acompanhadas na plataforma da Ouvidoria do Estado, pelo protocolo que ela informa. Os atalhos estão na{' '}
          <a href={catalogPath('/')}>página inicial do portal</a>.
        </p>
      </PageSection>
    </PageFrame>
  );
}
