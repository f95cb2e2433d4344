import { gestaoRoles, type BrokenLinks, type GestaoDashboard, type GestaoService, type GestaoServiceList, type SearchMisses } from '@portal/contracts';
import { data, Form, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useActionData, useLoaderData } from 'react-router';
import { ActionAnswer, StateBadge, when } from '../features/gestao/gestao-ui.tsx';
import { formatIsoDay } from '../lib/format.ts';
import styles from '../features/gestao/gestao.module.css';
import { serviceUrl, staffAction, staffCall } from '../features/gestao/gestao.server.ts';
import { CLOSURES_PATH, REQUESTS_QUEUE_PATH } from '../features/gestao/requests-queue.ts';
import { AGENDAS_PATH, DESK_PATH } from '../features/appointments/paths.ts';
import { formValues, readForm } from '../lib/form.server.ts';
import { PageFrame, personalMeta } from '../features/pages/page-frame.tsx';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [list, board, links, misses] = await Promise.all([
    staffCall<GestaoServiceList>(context, request, { url: '/v1/gestao/servicos' }),
    staffCall<GestaoDashboard>(context, request, { url: '/v1/gestao/painel' }),
    staffCall<BrokenLinks>(context, request, { url: '/v1/gestao/links' }),
    staffCall<SearchMisses>(context, request, { url: '/v1/gestao/buscas-sem-resultado' }),
  ]);
  const roles = gestaoRoles((await context.citizen())?.roles ?? []);
  const attends = roles.admin || roles.attendantOf.size > 0 || roles.reviewerOf.size > 0;
  const desk = roles.admin || roles.deskOf.size > 0 || roles.reviewerOf.size > 0;
  return { ...list, board, broken: links.links, checker: links.checker, misses, central: roles.admin, attends, desk };
}

/** A search that found nothing, proposed as a popular name of one of the staff member's services (into its draft, through review). */
export async function action({ request, context }: ActionFunctionArgs) {
  const values = formValues(await readForm(request));
  if (values.intent === 'verificar-links') {
    const asked = await staffAction<{ message: string }>(context, request, { method: 'POST', url: '/v1/gestao/links/verificar' });
    return asked.ok ? { message: undefined, done: asked.value.message } : data({ message: asked.message, done: undefined }, { status: asked.status });
  }
  const id = Number(values.service);
  if (!Number.isInteger(id) || id <= 0) return data({ message: 'Escolha o serviço que responde a essa busca.', done: undefined }, { status: 400 });
  const result = await staffAction<GestaoService>(context, request, { method: 'POST', url: `${serviceUrl(id)}/nome-popular`, body: { name: String(values.name ?? '') } });
  if (!result.ok) return data({ message: result.message, done: undefined }, { status: result.status });
  return { message: undefined, done: `“${String(values.name)}” incluído como nome popular no rascunho de ${result.value.live.title}. Ele chega aos cidadãos depois da revisão.` };
}

export const meta: MetaFunction = () => personalMeta('Gestão do catálogo');

/** The back office's start: the services the staff member keeps, with the change under way on each. */
export default function Gestao() {
  const { services, board, broken, checker, misses, central, attends, desk } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const pending = services.filter((s) => s.open);
  return (
    <PageFrame
      title="Gestão do catálogo"
      homeHref="/app/gestao"
      intro={
        <>
          <p>Os serviços que você mantém. Uma alteração passa por revisão de outra pessoa antes de chegar aos cidadãos; o conteúdo publicado continua no ar enquanto isso.</p>
          {attends ? (
            <p>
              <a href={REQUESTS_QUEUE_PATH}>Solicitações dos cidadãos: a fila do seu órgão</a>
              <br />
              <a href={CLOSURES_PATH}>Dias sem expediente: os prazos não contam esses dias</a>
            </p>
          ) : null}
          {desk ? (
            <p>
              <a href={DESK_PATH}>Agenda da unidade: os agendamentos do dia e a recepção</a>
              {attends ? (
                <>
                  <br />
                  <a href={AGENDAS_PATH}>Agendas das unidades: horários, vagas e regras de cada serviço</a>
                </>
              ) : null}
            </p>
          ) : null}
          <p>
            <a href="/app/gestao/retorno">Caixa de retorno: sugestões e avaliações dos cidadãos</a>
          </p>
          <p>
            <a href="/app/gestao/documentos">Documentos emitidos: conferir e revogar pelo código de verificação</a>
          </p>
          {central ? (
            <ul aria-label="Equipe central">
              <li>
                <a href="/app/gestao/consistencia">Consistência do catálogo: documentos e unidades que divergem entre serviços</a>
              </li>
              <li>
                <a href="/app/gestao/catalogo">Categorias, sinônimos e respostas diretas da busca, serviços em destaque</a>
              </li>
              <li>
                <a href="/app/gestao/auditoria">Registro de auditoria</a>
              </li>
            </ul>
          ) : null}
          <DepartmentLinks services={services} />
        </>
      }
    >
      <ActionAnswer answer={answer} />
      <Attention title="Aguardando sua revisão" items={board.awaitingReview} date="Enviada em" />
      <Attention title="Devolvidas para você" items={board.returnedToYou} date="Devolvida em" />
      <Attention title="Publicações de urgência a confirmar" items={board.emergencies} date="Publicada em" />
      <Attention title="Revisão vencida" items={board.overdue} date="Revisar até" />
      <Attention title="Revisar nos próximos 30 dias" items={board.dueSoon} date="Revisar até" />
      <Attention title="Bases legais vencidas ou a vencer em 30 dias" items={board.expiringFacts} date="Válida até" />
      <BrokenLinkList broken={broken} checker={checker} />
      <Misses misses={misses} services={services} />
      <h2>Alterações em andamento ({pending.length})</h2>
      {pending.length ? (
        <ServiceTable services={pending} />
      ) : (
        <p>Nenhuma alteração em andamento.</p>
      )}
      <h2>Todos os serviços ({services.length})</h2>
      <ServiceTable services={services} />
    </PageFrame>
  );
}

function ServiceTable({ services }: { services: GestaoServiceList['services'] }) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Serviço</th>
          <th scope="col">Órgão</th>
          <th scope="col">Situação</th>
        </tr>
      </thead>
      <tbody>
        {services.map((s) => (
          <tr key={s.id}>
            <td>
              <a href={`/app/gestao/servicos/${s.id}`}>{s.title}</a>
            </td>
            <td>{s.department.shortName}</td>
            <td>
              {s.open ? (
                <>
                  <StateBadge state={s.open.state} />
                  {s.open.state === 'aprovado' && s.open.publishAt ? <> em {when(s.open.publishAt)}</> : null}
                </>
              ) : (
                'Publicado, sem alteração'
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A list of services that need attention; nothing when there are none. */
/**
 * The links the checker found broken, and the checker itself: when it runs and last looked, or that it runs only
 * when asked in this installation; anyone may ask for a check now.
 */
function BrokenLinkList({ broken, checker }: { broken: BrokenLinks['links']; checker: BrokenLinks['checker'] }) {
  return (
    <>
      <h2>Links quebrados ({broken.length})</h2>
      <p>
        {checker.everyHours ? `O verificador visita os links dos serviços a cada ${checker.everyHours} horas. ` : 'O verificador de links não roda sozinho nesta instalação: ele visita os links quando alguém pede. '}
        {checker.lastCheckedAt ? `Última verificação: ${when(checker.lastCheckedAt)}.` : 'Nenhuma verificação foi feita ainda.'}
      </p>
      <Form method="post" className={styles.actions}>
        <button type="submit" name="intent" value="verificar-links" className={styles.secondary}>
          Verificar os links agora
        </button>
      </Form>
      {broken.length ? (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Serviço</th>
              <th scope="col">Link</th>
              <th scope="col">Problema</th>
            </tr>
          </thead>
          <tbody>
            {broken.map((link) => (
              <tr key={`${link.service.id} ${link.url}`}>
                <td>
                  <a href={`/app/gestao/servicos/${link.service.id}`}>{link.service.title}</a> ({link.service.department})
                </td>
                <td>{link.url}</td>
                <td>
                  {link.problem}, verificado em {when(link.checkedAt)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : checker.lastCheckedAt ? (
        <p>Nenhum link quebrado na última verificação.</p>
      ) : null}
    </>
  );
}

/** A list of what waits for the staff member, with what each says (the note sent with it, the reviewer's comment). */
function Attention({ title, items, date }: { title: string; items: GestaoDashboard['overdue']; date: string }) {
  if (!items.length) return null;
  return (
    <>
      <h2>
        {title} ({items.length})
      </h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Serviço</th>
            <th scope="col">Órgão</th>
            <th scope="col">{date}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td>
                <a href={`/app/gestao/servicos/${item.id}`}>{item.title}</a>
                {item.detail ? <> ({item.detail})</> : null}
              </td>
              <td>{item.department.shortName}</td>
              <td>{item.date.length === 10 ? formatIsoDay(item.date) : when(item.date)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The pages of the departments whose services the staff member keeps. */
function DepartmentLinks({ services }: { services: GestaoServiceList['services'] }) {
  const departments = [...new Map(services.map((s) => [s.department.slug, s.department])).values()];
  return (
    <ul>
      {departments.map((department) => (
        <li key={department.slug}>
          <a href={`/app/gestao/orgaos/${department.slug}`}>Página do órgão e unidades: {department.shortName}</a>
        </li>
      ))}
    </ul>
  );
}

/**
 * Searches that found nothing, and one form that proposes any of them as a popular name of the service that
 * answers it (one list of the staff member's services for the page, not one per search).
 */
function Misses({ misses, services }: { misses: SearchMisses; services: GestaoServiceList['services'] }) {
  if (!misses.misses.length) return null;
  return (
    <>
      <h2>Buscas sem resposta (últimos {misses.days} dias)</h2>
      <p className={styles.hint}>
        O que os cidadãos procuraram e nenhum serviço respondeu: buscas sem resultado e buscas cujos resultados só tinham palavras parecidas. Se um serviço seu
        responde a uma delas, proponha o texto como nome popular dele; se é de outro governo ou de uma empresa, peça à equipe central uma resposta direta.
      </p>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Texto buscado</th>
            <th scope="col">Buscas</th>
          </tr>
        </thead>
        <tbody>
          {misses.misses.map((miss) => (
            <tr key={miss.query}>
              <td>{miss.query}</td>
              <td>{miss.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Form method="post" className={styles.form}>
        <fieldset className={styles.fieldset}>
          <legend>Propor uma busca como nome popular</legend>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="busca-sem-resultado">
              Texto buscado
            </label>
            <select id="busca-sem-resultado" name="name" className={styles.input}>
              {misses.misses.map((miss) => (
                <option key={miss.query} value={miss.query}>
                  {miss.query}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="servico-que-responde">
              Serviço que responde a ela
            </label>
            <select id="servico-que-responde" name="service" className={styles.input} defaultValue="">
              <option value="">Escolha o serviço</option>
              {services.map((s) => (
                <option key={s.id} value={s.id} disabled={!s.draftable}>
                  {s.title} ({s.department.shortName}){s.draftable ? '' : ': alteração em revisão, não pode receber agora'}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={styles.secondary}>
            Propor como nome popular
          </button>
        </fieldset>
      </Form>
    </>
  );
}
