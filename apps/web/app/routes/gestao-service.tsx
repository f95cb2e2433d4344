import { EXPERT_LINK_DAYS, type ExpertLink, type ExpertLinkCreated, type GestaoService, type ServiceContent, type ServiceSearchDemand, type VersionAction } from '@portal/contracts';
import { data, Form, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useActionData, useLoaderData } from 'react-router';
import { ActionAnswer, Checks, CommentThread, FieldChanges, StateBadge, when } from '../features/gestao/gestao-ui.tsx';
import styles from '../features/gestao/gestao.module.css';
import { publishInstant, serviceUrl, staffAction, staffCall } from '../features/gestao/gestao.server.ts';
import { withWordMarks } from '../features/gestao/word-marks.server.ts';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import { formValues, readForm, type FormValues } from '../lib/form.server.ts';
import { formatIsoDay, stripHtml } from '../lib/format.ts';
import { useFocusOnAnswer } from '../lib/use-focus-on-answer.ts';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const [service, searches] = await Promise.all([
    staffCall<GestaoService>(context, request, { url: serviceUrl(params.id!) }),
    staffCall<ServiceSearchDemand>(context, request, { url: `${serviceUrl(params.id!)}/buscas` }),
  ]);
  const open = service.open && { ...service.open, changes: withWordMarks(service.open.changes), sinceReturned: service.open.sinceReturned && withWordMarks(service.open.sinceReturned) };
  return { ...service, open, searches };
}

const field = (values: FormValues, name: string) => String(values[name] ?? '');

/**
 * What each button of the page asks the API (`POST /v1/gestao/servicos/{id}/{intent}`): the body it sends, or a
 * refusal of the form itself, and what the page says once done. The API decides whether it may be done now.
 */
const ACTIONS: Record<
  string,
  {
    done: string;
    body?: (values: FormValues) => Record<string, string> | string;
    confirm?: string;
    /** the API's address under the service when it is not the intent itself; null refuses the form */
    path?: (values: FormValues) => string | null;
    /** what the page shows of the API's answer besides `done` */
    shows?: (answer: unknown, request: Request) => Record<string, unknown>;
  }
> = {
  enviar: { done: 'Alteração enviada para revisão.', body: (v) => ({ changeNote: field(v, 'changeNote') }) },
  'retirar-da-revisao': { done: 'Alteração retirada da revisão: ela voltou a ser um rascunho que você pode editar.' },
  devolver: { done: 'Alteração devolvida a quem a escreveu.', body: (v) => ({ comment: field(v, 'comment') }) },
  comentar: { done: 'Comentário incluído na conversa.', body: (v) => ({ body: field(v, 'body') }) },
  aprovar: {
    done: 'Alteração aprovada.',
    body: (v) => {
      if (!field(v, 'date') && !field(v, 'time')) return {} as Record<string, string>;
      const publishAt = publishInstant(field(v, 'date'), field(v, 'time'));
      return publishAt ? { publishAt } : 'Data de publicação inválida: informe o dia e a hora (por exemplo, 10:00).';
    },
  },
  'cancelar-agendamento': { done: 'Publicação agendada cancelada: a alteração voltou para a revisão.' },
  descartar: { done: 'Rascunho descartado. O conteúdo publicado continua no ar.', confirm: 'Descartar o rascunho? O que foi escrito nele se perde; o conteúdo publicado continua no ar.' },
  revisado: { done: 'Conteúdo confirmado: a próxima revisão é daqui a 12 meses.' },
  retirar: {
    done: 'Serviço retirado do ar. A página dele diz o motivo aos cidadãos.',
    body: (v) => (field(v, 'reason').trim() ? { reason: field(v, 'reason'), replacedBy: field(v, 'replacedBy').trim() } : 'Escreva o motivo: os cidadãos o leem na página do serviço.'),
    confirm: 'Retirar este serviço do ar? A busca e as listas deixam de mostrá-lo, e a página dele passa a dizer aos cidadãos o motivo. Você pode pô-lo de volta no ar depois.',
  },
  republicar: { done: 'Serviço de volta no ar.' },
  'publicar-urgente': { done: 'Publicado em urgência. Um revisor do órgão precisa confirmar.', body: (v) => ({ changeNote: field(v, 'changeNote') }) },
  'confirmar-urgencia': { done: 'Publicação de urgência confirmada.' },
  'nome-popular': { done: 'Nome popular incluído no rascunho. Ele chega aos cidadãos depois da revisão.', body: (v) => ({ name: field(v, 'name') }) },
  'buscas-de-teste': { done: 'Busca de teste incluída: cada alteração deste serviço passa a ser verificada com ela.', body: (v) => ({ query: field(v, 'query') }) },
  'buscas-de-teste/remover': { done: 'Busca de teste retirada.', body: (v) => ({ query: field(v, 'query') }) },
  especialistas: {
    done: 'Link de prévia criado.',
    body: (v) => ({ expertName: field(v, 'expertName'), days: field(v, 'days') }),
    // The address is told now and never again (the portal keeps only its hash).
    shows: (answer, request) => {
      const { link, token } = answer as ExpertLinkCreated;
      return { expertLink: { url: `${new URL(request.url).origin}/app/especialista/${token}`, expertName: link.expertName, expiresAt: link.expiresAt } };
    },
  },
  'revogar-link': { done: 'Link revogado: ele não abre mais a prévia.', path: (v) => (/^\d{1,9}$/.test(field(v, 'link')) ? `especialistas/${field(v, 'link')}/revogar` : null) },
};

/** Each button of the page is a plain POST (works without JavaScript); the API decides. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const values = formValues(await readForm(request));
  const intent = field(values, 'intent');
  const asked = Object.hasOwn(ACTIONS, intent) ? ACTIONS[intent]! : null;
  if (!asked) return data({ message: 'Ação desconhecida.' }, { status: 400 });
  const body = asked.body?.(values) ?? {};
  if (typeof body === 'string') return data({ message: body }, { status: 400 });
  // What cannot be undone is asked again, with what was filled in (a plain form: no script needed).
  if (asked.confirm && values.confirmado !== 'sim') return { confirm: { intent, question: asked.confirm, body } };
  const path = asked.path ? asked.path(values) : intent;
  if (path === null) return data({ message: 'Ação desconhecida.' }, { status: 400 });
  const result = await staffAction<unknown>(context, request, { method: 'POST', url: `${serviceUrl(params.id!)}/${path}`, body });
  if (!result.ok) return data({ message: result.message }, { status: result.status });
  return { done: asked.done, ...asked.shows?.(result.value, request) };
}

export const meta: MetaFunction<typeof loader> = ({ data: service }) => personalMeta(service ? `Gestão: ${service.live.title}` : 'Gestão do catálogo');

type Confirmation = { intent: string; question: string; body: Record<string, string> };

/** The question an irreversible action asks before it is done, with what was filled in, sent again on 'Sim'. */
function Confirm({ confirmation, replacements, back }: { confirmation: Confirmation; replacements: { slug: string; title: string }[]; back: string }) {
  const focus = useFocusOnAnswer<HTMLDivElement>(confirmation);
  const { reason, replacedBy } = confirmation.body;
  const replacement = replacements.find((choice) => choice.slug === replacedBy)?.title;
  return (
    <div ref={focus} className={styles.alert} role="alertdialog" aria-labelledby="confirmacao" tabIndex={-1} data-autofocus="">
      <p id="confirmacao">
        <strong>{confirmation.question}</strong>
      </p>
      {reason ? <p>Motivo que os cidadãos vão ler: {reason}</p> : null}
      {confirmation.intent === 'retirar' ? <p>Serviço que o substitui: {replacement ?? 'nenhum'}.</p> : null}
      <Form method="post" className={styles.actions}>
        {Object.entries(confirmation.body).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmado" value="sim" />
        <button type="submit" name="intent" value={confirmation.intent} className={styles.button}>
          Sim, {confirmation.intent === 'retirar' ? 'retirar do ar' : 'descartar'}
        </button>
        <a href={back}>Não, voltar</a>
      </Form>
    </div>
  );
}

type MadeLink = { url: string; expertName: string; expiresAt: string };

/**
 * Asking a subject expert outside (GOV.UK's fact check): a link for a named person, valid for some days, whose
 * reply lands in the conversation. Its address is shown once, when made; the list says who has one and until when.
 */
function ExpertLinks({ links, made }: { links: ExpertLink[]; made: MadeLink | undefined }) {
  return (
    <>
      <h3 id="especialistas">Pedir a opinião de um especialista</h3>
      <p className={styles.hint}>
        Um link de prévia mostra a alteração como os cidadãos a lerão a quem não tem conta no portal (o jurídico, a área técnica). A resposta entra na conversa abaixo.
      </p>
      {made ? (
        <div className={styles.notice}>
          <label className={styles.label} htmlFor="link-criado">
            Envie este endereço a {made.expertName}. Ele vale até {when(made.expiresAt)} e não será mostrado de novo:
          </label>
          <input id="link-criado" className={styles.input} readOnly value={made.url} data-testid="expert-link" />
        </div>
      ) : null}
      {links.length ? (
        <ul className={styles.history} aria-label="Links de prévia">
          {links.map((link) => (
            <li key={link.id}>
              {link.expertName}: {link.revoked ? 'revogado' : link.active ? `vale até ${when(link.expiresAt)}` : `expirou em ${when(link.expiresAt)}`}; criado por {link.createdByName};{' '}
              {link.replies === 1 ? '1 resposta' : `${link.replies} respostas`}.
              {link.active ? (
                <Form method="post" className={styles.inline}>
                  <input type="hidden" name="link" value={link.id} />
                  <button type="submit" name="intent" value="revogar-link" className={styles.secondary}>
                    Revogar o link de {link.expertName}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" className={styles.form}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="expertName">
            Nome de quem vai ler
          </label>
          <p className={styles.hint} id="expertName-dica">
            Como a resposta vai aparecer na conversa (por exemplo: Dra. Lúcia, jurídico do DETRAN-PI).
          </p>
          <input id="expertName" name="expertName" className={styles.input} aria-describedby="expertName-dica" autoComplete="off" />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="days">
            O link vale por
          </label>
          <select id="days" name="days" className={styles.input} defaultValue="7">
            {EXPERT_LINK_DAYS.map((days) => (
              <option key={days} value={days}>
                {days} dias
              </option>
            ))}
          </select>
        </div>
        <button type="submit" name="intent" value="especialistas" className={styles.secondary}>
          Criar link de prévia
        </button>
      </Form>
    </>
  );
}

/** Key facts as the citizen reads them. */
function Facts({ content }: { content: ServiceContent }) {
  return (
    <dl className={styles.facts}>
      <dt>Custo</dt>
      <dd>{content.isFree ? 'Gratuito' : content.cost || 'Não informado'}</dd>
      <dt>Prazo</dt>
      <dd>{content.estimatedTime || 'Não informado'}</dd>
      <dt>Online</dt>
      <dd>{content.isOnline ? `Sim: ${content.link}` : 'Não'}</dd>
      <dt>Etapas</dt>
      <dd>{content.steps.map((step) => step.name).join('; ') || 'Nenhuma'}</dd>
      <dt>Descrição</dt>
      <dd>{stripHtml(content.description).slice(0, 300)}</dd>
    </dl>
  );
}

export default function GestaoServicePage() {
  const service = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { message?: string; done?: string; confirm?: Confirmation; expertLink?: MadeLink } | undefined;
  const open = service.open;
  /** what the versions' workflow lets this member of staff do to the change now (versions.workflow.ts) */
  const may = (action: VersionAction) => open?.actions.includes(action) ?? false;
  const status = !service.status.active ? 'fora do ar' : open ? 'conteúdo publicado e alteração em andamento' : 'conteúdo publicado, nenhuma alteração em andamento';
  return (
    <PageFrame title={service.live.title} homeHref="/app/gestao" intro={<p>{service.department.shortName}: {status}.</p>}>
      <ActionAnswer answer={answer} />
      {answer?.confirm ? <Confirm confirmation={answer.confirm} replacements={service.replacements} back={`/app/gestao/servicos/${service.id}`} /> : null}

      <PageSection id="alteracao" title="Alteração em andamento">
        {open ? (
          <div className={styles.panel}>
            <p>
              <StateBadge state={open.state} /> Por {open.createdByName}, atualizada em {when(open.updatedAt)}.
              {open.state === 'aprovado' && open.publishAt ? <> Publicação marcada para {when(open.publishAt)}.</> : null}
            </p>
            {open.changeNote ? <p>Nota da alteração: {open.changeNote}</p> : null}
            {open.reviewComment && open.state === 'devolvido' ? (
              <p className={styles.alert}>
                Comentário de {open.reviewedByName}: {open.reviewComment}
              </p>
            ) : null}
            <h3>O que muda para os cidadãos</h3>
            <FieldChanges changes={open.changes} />
            {open.sinceReturned ? (
              <>
                <h3>O que mudou desde a última devolução</h3>
                {open.sinceReturned.length ? <FieldChanges changes={open.sinceReturned} /> : <p>Nada mudou desde que a alteração foi devolvida.</p>}
              </>
            ) : null}
            <h3>Verificações</h3>
            <Checks checks={open.checks} />
            <p>
              <a href={`/app/gestao/servicos/${service.id}/previa`}>Ver a prévia, como os cidadãos a lerão</a>
            </p>
            <p>
              <a href={`/app/gestao/servicos/${service.id}/formulario`}>Formulário de solicitação</a>
            </p>
            {may('salvar') ? (
              <p>
                <a href={`/app/gestao/servicos/${service.id}/editar`}>Editar o rascunho</a>
              </p>
            ) : null}
            {may('enviar') ? (
              <Form method="post" className={styles.form}>
                <div className={styles.field}>
                  <label className={styles.label} htmlFor="changeNote">
                    Nota da alteração
                  </label>
                  <p className={styles.hint} id="changeNote-dica">
                    O que mudou e por quê. Fica no histórico.
                  </p>
                  <textarea id="changeNote" name="changeNote" className={styles.input} rows={3} aria-describedby="changeNote-dica" defaultValue={open.changeNote} />
                </div>
                <div className={styles.actions}>
                  <button type="submit" name="intent" value="enviar" className={styles.button}>
                    Enviar para revisão
                  </button>
                  {may('publicar_urgente') ? (
                    <button type="submit" name="intent" value="publicar-urgente" className={styles.secondary}>
                      Publicar já, sem revisão (urgência)
                    </button>
                  ) : null}
                  {may('descartar') ? (
                    <button type="submit" name="intent" value="descartar" className={styles.secondary}>
                      Descartar rascunho
                    </button>
                  ) : null}
                </div>
              </Form>
            ) : null}
            {may('retirar_da_revisao') ? (
              <Form method="post" className={styles.actions}>
                <p className={styles.hint} id="retirar-dica">
                  A alteração está com a revisão. Para mudar algo antes que ela seja revisada, retire-a: ela volta a ser um rascunho e pode ser enviada de novo.
                </p>
                <button type="submit" name="intent" value="retirar-da-revisao" className={styles.secondary} aria-describedby="retirar-dica">
                  Retirar da revisão para editar
                </button>
              </Form>
            ) : null}
            {may('aprovar') || may('devolver') ? (
              <div className={styles.form}>
                {may('aprovar') ? (
                  <Form method="post">
                    <fieldset className={styles.fieldset}>
                      <legend>Aprovar</legend>
                      <p className={styles.hint} id="agenda-dica">
                        Deixe em branco para publicar agora, ou marque dia e hora (horário do Piauí).
                      </p>
                      <div className={styles.field}>
                        <label className={styles.label} htmlFor="date">
                          Dia
                        </label>
                        <input id="date" name="date" type="date" className={styles.input} aria-describedby="agenda-dica" />
                      </div>
                      <div className={styles.field}>
                        <label className={styles.label} htmlFor="time">
                          Hora
                        </label>
                        <input id="time" name="time" type="time" className={styles.input} aria-describedby="agenda-dica" />
                      </div>
                      <button type="submit" name="intent" value="aprovar" className={styles.button}>
                        Aprovar
                      </button>
                    </fieldset>
                  </Form>
                ) : null}
                {may('devolver') ? (
                  <Form method="post">
                    <fieldset className={styles.fieldset}>
                      <legend>Devolver para correção</legend>
                      <div className={styles.field}>
                        <label className={styles.label} htmlFor="comment">
                          O que precisa ser corrigido
                        </label>
                        <textarea id="comment" name="comment" className={styles.input} rows={3} />
                      </div>
                      <button type="submit" name="intent" value="devolver" className={styles.secondary}>
                        Devolver
                      </button>
                    </fieldset>
                  </Form>
                ) : null}
              </div>
            ) : null}
            {may('cancelar_agendamento') ? (
              <Form method="post" className={styles.actions}>
                <button type="submit" name="intent" value="cancelar-agendamento" className={styles.secondary}>
                  Cancelar a publicação agendada
                </button>
              </Form>
            ) : null}
            <ExpertLinks links={open.expertLinks} made={answer?.expertLink} />
            <h3 id="conversa">Conversa</h3>
            <CommentThread comments={open.comments} />
            {service.can.edit || service.can.review ? (
              <Form method="post" className={styles.form}>
                <div className={styles.field}>
                  <label className={styles.label} htmlFor="body">
                    Comentar
                  </label>
                  <p className={styles.hint} id="body-dica">
                    Fica com a alteração, para quem escreve e quem revisa. Não chega aos cidadãos.
                  </p>
                  <textarea id="body" name="body" className={styles.input} rows={3} aria-describedby="body-dica" />
                </div>
                <button type="submit" name="intent" value="comentar" className={styles.secondary}>
                  Enviar comentário
                </button>
              </Form>
            ) : null}
          </div>
        ) : (
          <>
            <p>Nenhuma alteração em andamento: o que está publicado é o que os cidadãos leem.</p>
            {service.can.edit ? (
              <p>
                <a href={`/app/gestao/servicos/${service.id}/editar`}>Começar uma alteração</a>
              </p>
            ) : null}
            {service.can.edit ? (
              <p>
                <a href={`/app/gestao/servicos/${service.id}/formulario`}>Formulário de solicitação</a>
              </p>
            ) : null}
          </>
        )}
      </PageSection>

      <SearchDemand service={service} />

      <PageSection id="publicado" title={service.status.active ? 'Publicado' : 'Fora do ar'}>
        {!service.status.active ? (
          <p className={styles.alert}>
            Retirado do ar: {service.status.discontinuedReason}
            {service.status.replacedByTitle ? ` Substituído por ${service.status.replacedByTitle}.` : ''}
          </p>
        ) : null}
        <p>Revisar até {formatIsoDay(service.status.reviewBy)}: confirme que o conteúdo continua correto, ou proponha uma alteração.</p>
        <Form method="post" className={styles.actions}>
          <button type="submit" name="intent" value="revisado" className={styles.secondary}>
            Confirmar que está correto
          </button>
        </Form>
        {service.emergencyPending && service.can.review ? (
          <Form method="post" className={styles.actions}>
            <button type="submit" name="intent" value="confirmar-urgencia" className={styles.button}>
              Confirmar a publicação de urgência
            </button>
          </Form>
        ) : null}
        {service.can.review && service.status.active ? (
          <Form method="post" className={styles.form}>
            <fieldset className={styles.fieldset}>
              <legend>Retirar do ar</legend>
              <div className={styles.field}>
                <label className={styles.label} htmlFor="reason">
                  Motivo (os cidadãos o leem na página do serviço)
                </label>
                <textarea id="reason" name="reason" className={styles.input} rows={2} />
              </div>
              <div className={styles.field}>
                <label className={styles.label} htmlFor="replacedBy">
                  Serviço que o substitui (opcional)
                </label>
                <p className={styles.hint} id="replacedBy-dica">
                  A página deste serviço passa a levar ao escolhido. Digite as primeiras letras do título para ir até ele na lista.
                </p>
                <select id="replacedBy" name="replacedBy" className={styles.input} aria-describedby="replacedBy-dica" defaultValue="">
                  <option value="">Nenhum</option>
                  {service.replacements.map((choice) => (
                    <option key={choice.slug} value={choice.slug}>
                      {choice.title}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" name="intent" value="retirar" className={styles.secondary}>
                Retirar do ar
              </button>
            </fieldset>
          </Form>
        ) : null}
        {service.can.review && !service.status.active ? (
          <Form method="post" className={styles.actions}>
            <button type="submit" name="intent" value="republicar" className={styles.secondary}>
              Pôr de volta no ar
            </button>
          </Form>
        ) : null}
        <Facts content={service.live} />
        <p>
          <a href={`/app/gestao/servicos/${service.id}/versoes`}>Histórico de versões</a>
        </p>
      </PageSection>
    </PageFrame>
  );
}

/**
 * What citizens typed before opening this service (one click proposes a text as a popular name, through
 * review), and the test searches every change is checked against.
 */
function SearchDemand({ service }: { service: GestaoService & { searches: ServiceSearchDemand } }) {
  const { arrivals, tests, days } = service.searches;
  // a popular name goes into the draft: only while there is none, or one this member of staff may still save
  const proposing = service.open ? service.open.actions.includes('salvar') : service.can.edit;
  return (
    <PageSection id="buscas" title="Como os cidadãos buscam este serviço">
      <h3>Buscas que trouxeram cidadãos aqui (últimos {days} dias)</h3>
      {arrivals.length ? (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Texto buscado</th>
              <th scope="col">Cidadãos</th>
              {proposing ? <th scope="col">Ação</th> : null}
            </tr>
          </thead>
          <tbody>
            {arrivals.map((arrival) => (
              <tr key={arrival.query}>
                <td>{arrival.query}</td>
                <td>{arrival.count}</td>
                {proposing ? (
                  <td>
                    <Form method="post">
                      <input type="hidden" name="name" value={arrival.query} />
                      <button type="submit" name="intent" value="nome-popular" className={styles.secondary}>
                        Propor como nome popular<span className="visually-hidden">: “{arrival.query}”</span>
                      </button>
                    </Form>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>Nenhum cidadão chegou a este serviço pela busca do portal nesse período.</p>
      )}
      {service.can.edit && !proposing ? <p className={styles.hint}>Para propor um nome popular, espere a alteração em revisão ser devolvida ou publicada.</p> : null}

      <h3>Buscas de teste</h3>
      <p className={styles.hint}>Textos pelos quais este serviço precisa continuar sendo encontrado. Cada alteração é verificada com eles antes da revisão.</p>
      {tests.length ? (
        <ul>
          {tests.map((test) => (
            <li key={test.query}>
              “{test.query}”: {test.position ? `encontrado em ${test.position}º lugar` : 'não aparece na primeira página de resultados'}
              {service.can.edit ? (
                <Form method="post" className={styles.inline}>
                  <input type="hidden" name="query" value={test.query} />
                  <button type="submit" name="intent" value="buscas-de-teste/remover" className={styles.link}>
                    Retirar<span className="visually-hidden"> a busca de teste “{test.query}”</span>
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>Nenhuma busca de teste.</p>
      )}
      {service.can.edit ? (
        <Form method="post" className={styles.form}>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="query">
              Nova busca de teste
            </label>
            <input id="query" name="query" className={styles.input} maxLength={80} />
          </div>
          <button type="submit" name="intent" value="buscas-de-teste" className={styles.secondary}>
            Incluir busca de teste
          </button>
        </Form>
      ) : null}
    </PageSection>
  );
}
