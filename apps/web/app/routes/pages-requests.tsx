import { APPOINTMENT_STATE_LABELS, REQUEST_STATE_LABELS, SIMPLIFIQUE_SUBJECTS, type SimplifiqueMine, type SimplifiqueSubject } from '@portal/contracts';
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import styles from '../features/pages/pages.module.css';
import { call, optional } from '../lib/api.server.ts';
import { requireCitizen } from '../lib/citizen.ts';
import { formatDate, formatDateTime, formatIsoDay } from '../lib/format.ts';
import { appointmentsApi } from '../features/appointments/appointments.server.ts';
import { appointmentPath } from '../features/appointments/paths.ts';
import { catalogPath } from '../lib/paths.ts';
import { ACCESSES_PATH, fillPath, requestPath } from '../features/requests/paths.ts';
import { requestsApi } from '../features/requests/requests.server.ts';
import requestStyles from '../features/requests/requests.module.css';

const TODO: Record<string, string> = {
  continuar: 'Continue o preenchimento e envie',
  responder: 'O órgão aguarda a sua resposta',
  avaliar: 'Avalie o serviço',
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCitizen(context, request);
  const [mine, list, booked] = await Promise.all([
    optional(context, 'simplifique suggestions', call<SimplifiqueMine>(context, { url: '/v1/simplifique/minhas', auth: 'citizen' }), null),
    optional(context, 'requests', requestsApi.list(context), null),
    optional(context, 'appointments', appointmentsApi.list(context), null),
  ]);
  return {
    appointmentsFailed: !booked,
    appointments: (booked?.appointments ?? []).map((a) => ({
      id: a.id,
      protocol: a.protocol,
      title: a.service.title,
      unit: a.unit.name,
      when: formatDateTime(a.startsAt),
      state: APPOINTMENT_STATE_LABELS[a.state],
      upcoming: a.state === 'agendado',
    })),
    requestsFailed: !list,
    requests: (list?.requests ?? []).map((r) => ({
      id: r.id,
      protocol: r.protocol,
      title: r.service.title,
      department: r.service.department,
      state: REQUEST_STATE_LABELS[r.state],
      draft: r.state === 'rascunho',
      href: r.state === 'rascunho' ? fillPath({ categorySlug: r.service.categorySlug, slug: r.service.slug }) : requestPath(r.id),
      step: r.step ? { name: r.step.name, since: formatDate(r.step.since) } : null,
      submittedAt: r.submittedAt ? formatDate(r.submittedAt) : null,
      updatedAt: formatDate(r.updatedAt),
      deadline: r.deadline ? formatIsoDay(r.deadline) : null,
      expiresAt: r.expiresAt ? formatDate(r.expiresAt) : null,
      todo: r.todo ? TODO[r.todo]! : null,
      lastMessage: r.lastMessage,
    })),
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

/**
 * 'Solicitações' (issue 27): the requests made in the portal and the drafts not yet sent, each with its step, the
 * deadline and what the citizen must do now; then the Simplifique suggestions, and where other channels are followed.
 */
export default function Requests() {
  const { failed, suggestions, requests, requestsFailed, appointments, appointmentsFailed } = useLoaderData<typeof loader>();
  const drafts = requests.filter((r) => r.draft);
  const sent = requests.filter((r) => !r.draft);
  return (
    <PageFrame title="Acompanhar minhas solicitações" homeHref={catalogPath('/')}>
      <PageSection id="minhas-solicitacoes" title="Minhas solicitações">
        {requestsFailed ? (
          <p>Não foi possível carregar as suas solicitações agora. Tente novamente em alguns minutos.</p>
        ) : sent.length ? (
          <ul className={requestStyles.list} data-testid="requests-list">
            {sent.map((r) => (
              <li key={r.id} className={requestStyles.card}>
                <h3>
                  <a href={r.href}>{r.title}</a>
                </h3>
                <p>
                  Protocolo <strong>{r.protocol}</strong> · {r.department} · enviada em {r.submittedAt}
                </p>
                <p>
                  Situação: <span className={requestStyles.badge}>{r.state}</span>
                  {r.step ? (
                    <>
                      {' '}
                      · Etapa: {r.step.name}, desde {r.step.since}
                    </>
                  ) : null}
                </p>
                {r.deadline ? <p>Prazo para a resposta: {r.deadline}</p> : null}
                {r.lastMessage ? <p>Última mensagem do órgão: {r.lastMessage}</p> : null}
                {r.todo ? <p className={requestStyles.todo}>{r.todo}</p> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p>Você ainda não fez solicitações pelo portal. Os serviços que você pode solicitar aqui têm o botão Solicitar na página do serviço.</p>
        )}
        <p>
          <a href={ACCESSES_PATH}>Quem acessou meus dados: cada vez que alguém de um órgão abriu uma solicitação sua</a>
        </p>
      </PageSection>
      <PageSection id="meus-agendamentos" title="Meus agendamentos">
        {appointmentsFailed ? (
          <p>Não foi possível carregar os seus agendamentos agora. Tente novamente em alguns minutos.</p>
        ) : appointments.length ? (
          <ul className={requestStyles.list} data-testid="appointments-list">
            {appointments.map((a) => (
              <li key={a.id} className={requestStyles.card}>
                <h3>
                  <a href={appointmentPath(a.id)}>{a.title}</a>
                </h3>
                <p>
                  {a.when} · {a.unit}
                </p>
                <p>
                  Protocolo <strong>{a.protocol}</strong> · Situação: <span className={requestStyles.badge}>{a.state}</span>
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p>Você não tem agendamentos. Os serviços atendidos com hora marcada têm o botão Agendar atendimento na página do serviço.</p>
        )}
      </PageSection>
      {drafts.length ? (
        <PageSection id="rascunhos" title="Rascunhos não enviados">
          <ul className={requestStyles.list} data-testid="drafts-list">
            {drafts.map((r) => (
              <li key={r.id} className={requestStyles.card}>
                <h3>
                  <a href={r.href}>
                    Continuar: {r.title}
                  </a>
                </h3>
                <p>
                  Salvo em {r.updatedAt}
                  {r.expiresAt ? `; guardado até ${r.expiresAt}` : ''}.
                </p>
              </li>
            ))}
          </ul>
        </PageSection>
      ) : null}
      <p className={styles.note}>
        Pedidos feitos fora do portal, no sistema de cada órgão, são acompanhados lá, com o protocolo que ele informa. Aqui você também acompanha as sugestões que
        enviou ao Simplifique com login.
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
