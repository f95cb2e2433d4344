import { OVERDUE_COUNT_CAP, QUEUE_STATES, QueueQuery, STAFF_STATE_LABELS, type Queue } from '@portal/contracts';
import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import styles from '../features/gestao/gestao.module.css';
import { staffCall } from '../features/gestao/gestao.server.ts';
import { PageFrame, personalMeta } from '../features/pages/page-frame.tsx';
import { CLOSURES_PATH, deadlineText, REQUESTS_QUEUE_PATH } from '../features/gestao/requests-queue.ts';
import { formatDateTime } from '../lib/format.ts';


/** The filters as the GET form sent them; one that is not one is left out (the page says which were dropped). */
function filtersOf(url: URL) {
  const sent = Object.fromEntries([...url.searchParams].filter(([, v]) => v !== ''));
  const parsed = QueueQuery.safeParse(sent);
  if (parsed.success) return { query: parsed.data, problem: null };
  return { query: QueueQuery.parse({}), problem: parsed.error.issues[0]?.message ?? 'Filtro inválido.' };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { query, problem } = filtersOf(url);
  const search = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
  const queue = await staffCall<Queue>(context, request, { url: `/v1/gestao/solicitacoes?${search}` });
  return { queue, query, problem };
}

export const meta: MetaFunction = () => personalMeta('Solicitações dos cidadãos');


/**
 * The department's queue (issue 28): its open requests, overdue first, then the nearest deadline; by state, service,
 * who has it and deadline, and by protocol, CPF or name. A GET form: the filters are in the address, which a
 * member of staff keeps or shares (never a citizen's data: a CPF typed is searched, the list shows it masked).
 */
export default function GestaoRequests() {
  const { queue, query, problem } = useLoaderData<typeof loader>();
  const link = (change: Record<string, string | number | undefined>) => {
    const next = { ...query, pagina: 1, ...change } as Record<string, unknown>;
    const params = new URLSearchParams(Object.entries(next).flatMap(([k, v]) => (v === undefined || v === '' || (k === 'pagina' && v === 1) ? [] : [[k, String(v)]])));
    const text = params.toString();
    return text ? `${REQUESTS_QUEUE_PATH}?${text}` : REQUESTS_QUEUE_PATH;
  };
  return (
    <PageFrame
      title="Solicitações dos cidadãos"
      homeHref="/app/gestao"
      intro={
        <p>
          As solicitações dos serviços do seu órgão. As atrasadas vêm primeiro, depois as de prazo mais próximo. Abrir uma solicitação fica registrado para o cidadão. Os prazos contam dias úteis:
          sem feriados e sem os <a href={CLOSURES_PATH}>dias sem expediente</a> do órgão.
        </p>
      }
    >
      {problem ? (
        <p className={styles.alert} role="alert">
          {problem} Mostramos a fila sem esse filtro.
        </p>
      ) : null}
      <nav aria-label="Situações" className={styles.actions}>
        <a href={link({ estado: undefined })} aria-current={query.estado === undefined ? 'page' : undefined}>
          Abertas
        </a>
        {QUEUE_STATES.map((state) => (
          <a key={state} href={link({ estado: state })} aria-current={query.estado === state ? 'page' : undefined} data-testid={`count-${state}`}>
            {STAFF_STATE_LABELS[state]} ({queue.counts[state] ?? 0})
          </a>
        ))}
        <a href={link({ prazo: 'atrasadas', estado: undefined })} aria-current={query.prazo === 'atrasadas' ? 'page' : undefined}>
          Atrasadas ({queue.overdue > OVERDUE_COUNT_CAP ? `mais de ${OVERDUE_COUNT_CAP.toLocaleString('pt-BR')}` : queue.overdue})
        </a>
      </nav>
      <form method="get" action={REQUESTS_QUEUE_PATH} className={`${styles.panel} ${styles.queueFilters}`} role="search" aria-label="Filtrar solicitações">
        {query.estado ? <input type="hidden" name="estado" value={query.estado} /> : null}
        <div>
          <label className={styles.label} htmlFor="busca">
            Protocolo, CPF ou nome
          </label>
          <input id="busca" name="busca" className={styles.input} defaultValue={query.busca ?? ''} maxLength={100} autoComplete="off" />
        </div>
        <div>
        <label className={styles.label} htmlFor="servico">
          Serviço
        </label>
        <select id="servico" name="servico" className={styles.input} defaultValue={query.servico ?? ''}>
          <option value="">Todos</option>
          {queue.services.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </select>
        </div>
        <div>
        <label className={styles.label} htmlFor="responsavel">
          Com quem
        </label>
        <select id="responsavel" name="responsavel" className={styles.input} defaultValue={query.responsavel ?? ''}>
          <option value="">Qualquer pessoa</option>
          <option value="eu">Atribuídas a mim</option>
          <option value="ninguem">Ainda não assumidas</option>
        </select>
        </div>
        <label className={styles.check}>
          <input type="checkbox" name="prazo" value="atrasadas" defaultChecked={query.prazo === 'atrasadas'} /> Só as atrasadas
        </label>
        <button type="submit" className={styles.secondary}>
          Filtrar
        </button>
      </form>
      <p role="status">
        {queue.total === null ? `${queue.items.length === 0 ? 'Nenhuma' : 'Solicitações'} com esses filtros` : `${queue.total.toLocaleString('pt-BR')} ${queue.total === 1 ? 'solicitação' : 'solicitações'}`}
        {queue.page > 1 || queue.more ? `, página ${queue.page}${queue.total !== null ? ` de ${Math.max(1, Math.ceil(queue.total / queue.pageSize))}` : ''}` : ''}.
      </p>
      {queue.items.length ? (
        <div className={styles.tableScroll} tabIndex={0} role="region" aria-label="Solicitações">
          <table className={styles.table} data-testid="queue">
            <thead>
              <tr>
                <th scope="col">Protocolo</th>
                <th scope="col">Serviço</th>
                <th scope="col">Cidadão</th>
                <th scope="col">Situação</th>
                <th scope="col">Prazo</th>
                <th scope="col">Com</th>
              </tr>
            </thead>
            <tbody>
              {queue.items.map((item) => (
                <tr key={item.id} data-testid="queue-item">
                  <td>
                    <a href={`${REQUESTS_QUEUE_PATH}/${item.id}`}>{item.protocol}</a>
                    <br />
                    <small>enviada {formatDateTime(item.submittedAt)}</small>
                  </td>
                  <td>
                    {item.service.title}
                    {item.step ? (
                      <>
                        <br />
                        <small>Etapa: {item.step}</small>
                      </>
                    ) : null}
                  </td>
                  <td>
                    {item.citizenName}
                    <br />
                    <small>CPF {item.citizenCpf}</small>
                  </td>
                  <td>{STAFF_STATE_LABELS[item.state]}</td>
                  <td>{item.daysLeft !== null && item.daysLeft < 0 ? <strong>{deadlineText(item.daysLeft, item.dueOn, item.state)}</strong> : deadlineText(item.daysLeft, item.dueOn, item.state)}</td>
                  <td>{item.assignee?.name ?? 'Ninguém ainda'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>Nenhuma solicitação com esses filtros.</p>
      )}
      {queue.page > 1 || queue.more ? (
        <nav aria-label="Páginas" className={styles.actions}>
          {queue.page > 1 ? <a href={link({ pagina: queue.page - 1 })}>Página anterior</a> : null}
          {queue.more ? <a href={link({ pagina: queue.page + 1 })}>Próxima página</a> : null}
        </nav>
      ) : null}
    </PageFrame>
  );
}
