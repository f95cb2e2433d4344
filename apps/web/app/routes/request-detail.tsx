import { REQUEST_STATE_LABELS, RequestParams, RequestRating, WithdrawRequest } from '@portal/contracts';
import { Form, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { ErrorSummary } from '../components/error-summary/error-summary.tsx';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import { filePath, receiptPath, replyPostPath, REQUESTS_PATH } from '../features/requests/paths.ts';
import { refusal, requestsApi } from '../features/requests/requests.server.ts';
import { ActionMessage } from '../features/requests/action-message.tsx';
import styles from '../features/requests/requests.module.css';
import { required } from '../lib/api.server.ts';
import { requireCitizen } from '../lib/citizen.ts';
import { parseForm, readForm } from '../lib/form.server.ts';
import { formatDateTime, formatIsoDay, formatNumber } from '../lib/format.ts';
import { pageError } from '../lib/page-error.ts';

const idOf = (params: LoaderFunctionArgs['params']) => {
  const parsed = RequestParams.safeParse(params);
  if (!parsed.success) throw pageError(404, 'Solicitação não encontrada.');
  return parsed.data.id;
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireCitizen(context, request);
  const id = idOf(params);
  const detail = await required(context, requestsApi.detail(context, id), { notFound: 'Solicitação não encontrada.' });
  const url = new URL(request.url);
  const pending = detail.pending?.page === 'resposta' ? detail.pending : null;
  return {
    id,
    sentNow: url.searchParams.has('enviada'),
    repliedNow: url.searchParams.has('respondida'),
    protocol: detail.protocol,
    title: detail.service.title,
    department: detail.service.department,
    state: REQUEST_STATE_LABELS[detail.state],
    submittedAt: detail.submittedAt ? formatDateTime(detail.submittedAt) : null,
    deadline: detail.deadline ? formatIsoDay(detail.deadline) : null,
    step: detail.step,
    steps: detail.serviceSteps,
    closed: detail.state === 'concluida',
    documents: detail.documents.map((d) => ({ ...d, issuedAt: formatDateTime(d.issuedAt) })),
    events: detail.events.map((e) => ({ ...e, at: formatDateTime(e.at) })),
    lastMessage: detail.lastMessage,
    canReply: detail.actions.includes('responder'),
    canWithdraw: detail.actions.includes('desistir'),
    todo: detail.todo,
    rating: detail.rating,
    replyFiles: detail.files.filter((f) => f.question === ''),
    files: detail.files,
    reply: pending ? { typed: String(pending.typed.mensagem ?? ''), errors: url.searchParams.has('erro') ? pending.errors : [] } : { typed: '', errors: [] },
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireCitizen(context, request);
  const id = idOf(params);
  const form = await readForm(request.clone());
  const intent = form.get('acao');
  try {
    // Nothing is given up on one click: withdrawing asks first.
    if (intent === 'desistir') return { message: '', done: null, confirm: true };
    if (intent === 'desistir-confirmado') {
      const parsed = await parseForm(request, WithdrawRequest);
      if (!parsed.ok) return { message: parsed.message, done: null, confirm: false };
      await requestsApi.withdraw(context, id, parsed.data.reason);
      return { message: 'Você desistiu da solicitação. Ela foi encerrada.', done: 'desistiu', confirm: false };
    }
    if (intent === 'avaliar') {
      const parsed = await parseForm(request, RequestRating);
      if (!parsed.ok) return { message: parsed.message, done: null, confirm: false };
      await requestsApi.rate(context, id, parsed.data.value);
      return { message: 'Obrigado pela avaliação: ela aparece na página do serviço, com as de quem usou o serviço pelo portal.', done: 'avaliou', confirm: false };
    }
    return { message: 'Ação desconhecida.', done: null, confirm: false };
  } catch (err) {
    return { message: refusal(err).message, done: null, confirm: false };
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => personalMeta(data ? `Solicitação ${data.protocol ?? ''} - ${data.title}` : 'Solicitação');

/** A request followed by its steps (issue 27, Lei 14.129 art. 21): where it is, what happened, what the citizen can do now. */
export default function RequestDetailPage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { id, protocol, title } = data;
  return (
    <PageFrame title={data.sentNow ? 'Solicitação enviada' : title} homeHref="/">
      {data.sentNow ? (
        <div className={styles.confirmation} data-testid="confirmation">
          <p>Seu número de protocolo é</p>
          <strong className={styles.protocol} data-testid="protocol">
            {protocol?.split('-').join(' - ')}
          </strong>
          <p>Guarde este número: com ele você acompanha a solicitação aqui e fala com o {data.department}. Avisamos cada mudança nas suas mensagens.</p>
        </div>
      ) : null}
      <ActionMessage result={result} />
      {data.repliedNow ? (
        <p className={styles.notice} role="status">
          Resposta enviada ao {data.department}.
        </p>
      ) : null}
      <dl className={styles.known}>
        <dt>Serviço</dt>
        <dd>{title}</dd>
        <dt>Protocolo</dt>
        <dd>{protocol}</dd>
        <dt>Órgão</dt>
        <dd>{data.department}</dd>
        <dt>Situação</dt>
        <dd>
          <span className={styles.badge}>{data.state}</span>
        </dd>
        {data.step ? (
          <>
            <dt>Etapa</dt>
            <dd>{data.step.name}</dd>
          </>
        ) : null}
        {data.submittedAt ? (
          <>
            <dt>Enviada em</dt>
            <dd>{data.submittedAt}</dd>
          </>
        ) : null}
        {data.deadline ? (
          <>
            <dt>Prazo para a resposta</dt>
            <dd>{data.deadline}</dd>
          </>
        ) : null}
      </dl>
      <p>
        <a href={receiptPath(id)} className={styles.secondary} download>
          Baixar o comprovante (PDF)
        </a>
      </p>
      {data.canReply ? (
        <PageSection id="responder" title="O órgão aguarda a sua resposta">
          {data.lastMessage ? <p className={styles.notice}>{data.lastMessage}</p> : null}
          <ErrorSummary errors={data.reply.errors} id="erros-resposta" />
          <form method="post" action={replyPostPath(id)} encType="multipart/form-data" noValidate>
            <button type="submit" name="acao" value="responder" className="visually-hidden" tabIndex={-1} aria-hidden="true">
              Enviar resposta
            </button>
            <div className={`${styles.field} ${data.reply.errors.some((e) => e.field === 'mensagem') ? styles.invalid : ''}`}>
              <label className={styles.label} htmlFor="mensagem">
                Sua resposta
              </label>
              <textarea id="mensagem" name="mensagem" className={styles.textarea} rows={6} defaultValue={data.reply.typed} maxLength={5000} />
            </div>
            <div className={`${styles.field} ${data.reply.errors.some((e) => e.field === 'arquivo') ? styles.invalid : ''}`}>
              <label className={styles.label} htmlFor="arquivo">
                Documentos (opcional)
              </label>
              <p className={styles.hint}>PDF, JPEG ou PNG, até 20 MB cada.</p>
              {data.replyFiles.length ? (
                <ul className={styles.files} aria-label="Arquivos da resposta">
                  {data.replyFiles.map((file) => (
                    <li key={file.id}>
                      {file.name} ({formatNumber(file.size / 1024 / 1024, { maximumFractionDigits: 1 })} MB)
                      <button type="submit" name="acao" value={`remover-${file.id}`} className={styles.link}>
                        Remover<span className="visually-hidden"> {file.name}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
              <input type="file" id="arquivo" name="arquivo" accept="application/pdf,image/jpeg,image/png" />
              <p>
                <button type="submit" name="acao" value="anexar" className={styles.secondary}>
                  Anexar arquivo
                </button>
              </p>
            </div>
            <div className={styles.actions}>
              <button type="submit" name="acao" value="responder" className={styles.button}>
                Enviar resposta
              </button>
            </div>
          </form>
        </PageSection>
      ) : null}
      {data.todo === 'avaliar' && result?.done !== 'avaliou' ? (
        <PageSection id="avaliar" title="Como foi o serviço?">
          <Form method="post">
            <fieldset className={styles.fieldset}>
              <legend>Dê uma nota de 1 (muito ruim) a 5 (muito bom)</legend>
              {[1, 2, 3, 4, 5].map((value) => (
                <label key={value} className={styles.choice}>
                  <input type="radio" name="value" value={value} id={value === 1 ? 'value' : undefined} />
                  {value}
                </label>
              ))}
            </fieldset>
            <div className={styles.actions}>
              <button type="submit" name="acao" value="avaliar" className={styles.button}>
                Avaliar
              </button>
            </div>
          </Form>
        </PageSection>
      ) : data.rating ? (
        <p>Sua avaliação do serviço: {data.rating} de 5.</p>
      ) : null}
      {data.documents.length ? (
        <PageSection id="documentos" title="Documentos emitidos">
          <ul>
            {data.documents.map((d) => (
              <li key={d.code} data-testid="request-document">
                <strong>{d.title}</strong>, emitido em {d.issuedAt}. Código de verificação: {d.code}
                {d.revoked ? ' (revogado)' : ''}.
              </li>
            ))}
          </ul>
          <p>
            <a href="/app/app-documentos">Baixar em Documentos</a>
          </p>
        </PageSection>
      ) : null}
      {data.steps.length ? (
        <PageSection id="etapas" title="Etapas do serviço">
          <ol className={styles.steps}>
            {data.steps.map((name, i) => {
              const at = data.step?.index ?? -1;
              const where = data.closed ? 'done' : i < at ? 'done' : i === at ? 'current' : '';
              return (
                <li key={name} className={where ? styles[where] : undefined} aria-current={where === 'current' ? 'step' : undefined}>
                  {name}
                  {where === 'done' ? <span className="visually-hidden"> (concluída)</span> : where === 'current' ? <span> (etapa atual)</span> : null}
                </li>
              );
            })}
          </ol>
        </PageSection>
      ) : null}
      <PageSection id="historico" title="Histórico e mensagens">
        <ol className={styles.events} reversed>
          {[...data.events].reverse().map((event, i) => (
            <li key={`${event.at}-${i}`}>
              <time>{event.at}</time> · <strong>{event.title}</strong>
              {event.by ? ` · ${event.by}` : ''}
              {event.message ? <p>{event.message}</p> : null}
            </li>
          ))}
        </ol>
      </PageSection>
      {data.files.length ? (
        <PageSection id="arquivos" title="Arquivos enviados">
          <ul className={styles.files}>
            {data.files.map((file) => (
              <li key={file.id}>
                <a href={filePath(id, file.id)} download>
                  {file.name}
                </a>{' '}
                ({formatNumber(file.size / 1024 / 1024, { maximumFractionDigits: 1 })} MB)
              </li>
            ))}
          </ul>
        </PageSection>
      ) : null}
      {data.canWithdraw && result?.done !== 'desistiu' ? (
        <PageSection id="desistir" title="Desistir da solicitação">
          <Form method="post">
            <div className={styles.field}>
              <label className={styles.label} htmlFor="reason">
                Por que você desiste? (opcional)
              </label>
              <textarea id="reason" name="reason" className={styles.textarea} rows={3} maxLength={1000} />
            </div>
            {result?.confirm ? (
              <div className={styles.warning}>
                <p tabIndex={-1} data-autofocus="">
                  <strong>Desistir desta solicitação?</strong> Ela será encerrada e o {data.department} não seguirá com ela. Para pedir de novo, será preciso começar outra.
                </p>
                <div className={styles.actions}>
                  <button type="submit" name="acao" value="desistir-confirmado" className={styles.button}>
                    Sim, desistir
                  </button>
                  <a href={`${REQUESTS_PATH}/${id}`} className={styles.secondary}>
                    Não, continuar com ela
                  </a>
                </div>
              </div>
            ) : (
              <button type="submit" name="acao" value="desistir" className={styles.secondary}>
                Desistir da solicitação
              </button>
            )}
          </Form>
        </PageSection>
      ) : null}
      <p>
        <a href={REQUESTS_PATH}>Ver todas as minhas solicitações</a>
      </p>
    </PageFrame>
  );
}
