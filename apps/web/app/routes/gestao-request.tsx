import { answerText, formatCpf, REFUSAL_REASONS, STAFF_STATE_LABELS, RequestParams, visibleQuestions, type StaffAction, type StaffRequestDetail } from '@portal/contracts';
import { data, Form, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { ActionAnswer } from '../features/gestao/gestao-ui.tsx';
import styles from '../features/gestao/gestao.module.css';
import { staffAction, staffCall } from '../features/gestao/gestao.server.ts';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import { formValues, readForm } from '../lib/form.server.ts';
import { formatDateTime, formatIsoDay } from '../lib/format.ts';
import { pageError } from '../lib/page-error.ts';
import { deadlineText, REQUESTS_QUEUE_PATH } from '../features/gestao/requests-queue.ts';

const idOf = (params: LoaderFunctionArgs['params']) => {
  const parsed = RequestParams.safeParse(params);
  if (!parsed.success) throw pageError(404, 'Solicitação não encontrada.');
  return parsed.data.id;
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = idOf(params);
  return staffCall<StaffRequestDetail>(context, request, { url: `/v1/gestao/solicitacoes/${id}` });
}

/** Each action of the page is a plain POST of the form it is on ('acao' and its fields), sent to the API as is. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const id = idOf(params);
  const values = formValues(await readForm(request));
  const text = (name: string) => String(values[name] ?? '');
  const body = { acao: text('acao'), mensagem: text('mensagem'), protocolo: text('protocolo'), responsavel: text('responsavel'), documentoTitulo: text('documentoTitulo'), documentoTexto: text('documentoTexto') };
  const result = await staffAction<StaffRequestDetail>(context, request, { method: 'POST', url: `/v1/gestao/solicitacoes/${id}/acoes`, body });
  if (!result.ok) return data({ message: result.message, done: undefined, acao: body.acao }, { status: result.status });
  return { message: undefined, done: DONE[body.acao as StaffAction['acao']] ?? 'Feito.', acao: body.acao };
}

const DONE: Record<StaffAction['acao'], string> = {
  assumir: 'Solicitação assumida: está com você, em análise. O cidadão foi avisado.',
  atribuir: 'Solicitação atribuída.',
  avancar_etapa: 'Etapa avançada. O cidadão foi avisado.',
  pedir_informacao: 'Pedido enviado ao cidadão. O prazo fica parado até a resposta.',
  deferir: 'Solicitação deferida e concluída. O cidadão foi avisado.',
  indeferir: 'Solicitação indeferida. O cidadão foi avisado, com o motivo.',
  cancelar_duplicada: 'Solicitação cancelada como duplicada. O cidadão foi avisado.',
  mensagem: 'Mensagem enviada ao cidadão.',
  nota: 'Nota interna registrada. O cidadão não a vê.',
};

export const meta: MetaFunction<typeof loader> = ({ data: d }) => personalMeta(d ? `Solicitação ${d.protocol ?? ''}` : 'Solicitação');

/** A textarea with its label, for an action's message. */
function Message({ id, label, required = true, hint }: { id: string; label: string; required?: boolean; hint?: string }) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className={styles.hint} id={`${id}-dica`}>
          {hint}
        </p>
      ) : null}
      <textarea id={id} name="mensagem" className={styles.input} rows={3} maxLength={2000} required={required} aria-describedby={hint ? `${id}-dica` : undefined} />
    </div>
  );
}

/**
 * A request as the department works it (issue 28): the answers and files as the citizen sent them, the history with
 * the internal notes, and the actions its workflow allows now, each a form that works without JavaScript.
 */
export default function GestaoRequest() {
  const r = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const can = (a: string) => (r.actions as string[]).includes(a);
  const open = r.state === 'enviada' || r.state === 'em_analise' || r.state === 'aguardando_cidadao';
  const files = (question: string) => r.files.filter((f) => f.question === question);
  const fileLink = (id: number) => `${REQUESTS_QUEUE_PATH}/${r.id}/arquivos/${id}`;
  return (
    <PageFrame title={`${r.protocol ?? ''}: ${r.service.title}`} homeHref="/app/gestao" intro={<p>
      <a href={REQUESTS_QUEUE_PATH}>Voltar à fila de solicitações</a>
    </p>}>
      <ActionAnswer answer={answer} />
      <dl className={styles.facts} data-testid="request-facts">
        <dt>Situação</dt>
        <dd data-testid="request-state">{STAFF_STATE_LABELS[r.state]}</dd>
        {r.step ? (
          <>
            <dt>Etapa</dt>
            <dd>
              {r.step.name} ({r.step.index + 1} de {r.serviceSteps.length})
            </dd>
          </>
        ) : null}
        <dt>Prazo</dt>
        <dd>{deadlineText(r.daysLeft, r.dueOn, r.state)}{r.pausedDays ? `; ${r.pausedDays} ${r.pausedDays === 1 ? 'dia útil parado' : 'dias úteis parados'} aguardando o cidadão` : ''}</dd>
        <dt>Com</dt>
        <dd data-testid="request-assignee">{r.assignee?.name ?? 'Ninguém ainda'}</dd>
        <dt>Enviada em</dt>
        <dd>{r.submittedAt ? formatDateTime(r.submittedAt) : ''}</dd>
        <dt>Formulário</dt>
        <dd>versão {r.formVersion}</dd>
      </dl>

      <PageSection id="acoes" title="O que fazer agora">
        {can('assumir') ? (
          <Form method="post" className={styles.actions}>
            <input type="hidden" name="acao" value="assumir" />
            <button type="submit" className={styles.button}>
              Assumir esta solicitação
            </button>
          </Form>
        ) : null}
        {r.mayAssign && open && r.attendants.length ? (
          <Form method="post" className={styles.panel}>
            <input type="hidden" name="acao" value="atribuir" />
            <label className={styles.label} htmlFor="responsavel">
              Atribuir a
            </label>
            <select id="responsavel" name="responsavel" className={styles.input} defaultValue={r.assignee?.sub ?? ''} required>
              <option value="">Escolha</option>
              {r.attendants.map((a) => (
                <option key={a.sub} value={a.sub}>
                  {a.name}
                </option>
              ))}
            </select>
            <div className={styles.actions}>
              <button type="submit" className={styles.secondary}>
                Atribuir
              </button>
            </div>
          </Form>
        ) : null}
        {can('avancar_etapa') && r.step && r.step.index + 1 < r.serviceSteps.length ? (
          <Form method="post" className={styles.panel}>
            <h3>Avançar para “{r.serviceSteps[r.step.index + 1]}”</h3>
            <input type="hidden" name="acao" value="avancar_etapa" />
            <Message id="mensagem-etapa" label="Mensagem ao cidadão (opcional)" required={false} />
            <button type="submit" className={styles.secondary}>
              Avançar a etapa
            </button>
          </Form>
        ) : null}
        {can('pedir_informacao') ? (
          <Form method="post" className={styles.panel}>
            <h3>Pedir informação ou documento</h3>
            <input type="hidden" name="acao" value="pedir_informacao" />
            <Message id="mensagem-pedido" label="O que o cidadão deve enviar" hint="O prazo fica parado até a resposta." />
            <button type="submit" className={styles.secondary}>
              Pedir ao cidadão
            </button>
          </Form>
        ) : null}
        {can('deferir') ? (
          <Form method="post" className={styles.panel}>
            <h3>Deferir e concluir</h3>
            <input type="hidden" name="acao" value="deferir" />
            <Message id="mensagem-deferir" label="Mensagem ao cidadão" />
            <fieldset className={styles.fieldset}>
              <legend>Documento a emitir (opcional)</legend>
              <div className={styles.field}>
                <label className={styles.label} htmlFor="documento-titulo">
                  Título do documento
                </label>
                <input id="documento-titulo" name="documentoTitulo" className={styles.input} maxLength={120} />
              </div>
              <div className={styles.field}>
                <label className={styles.label} htmlFor="documento-texto">
                  Texto do documento
                </label>
                <textarea id="documento-texto" name="documentoTexto" className={styles.input} rows={4} maxLength={5000} />
              </div>
            </fieldset>
            <button type="submit" className={styles.button}>
              Deferir
            </button>
          </Form>
        ) : null}
        {can('indeferir') ? (
          <Form method="post" className={styles.panel}>
            <h3>Indeferir</h3>
            <input type="hidden" name="acao" value="indeferir" />
            <label className={styles.label} htmlFor="motivo-indeferir">
              Motivo, como o painel público conta
            </label>
            <select id="motivo-indeferir" name="motivo" className={styles.input} defaultValue="" required>
              <option value="">Escolha</option>
              {Object.entries(REFUSAL_REASONS).map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </select>
            <Message id="mensagem-indeferir" label="Mensagem ao cidadão, com o motivo" />
            <button type="submit" className={styles.secondary}>
              Indeferir
            </button>
          </Form>
        ) : null}
        {can('cancelar_duplicada') ? (
          <Form method="post" className={styles.panel}>
            <h3>Cancelar por duplicidade</h3>
            <input type="hidden" name="acao" value="cancelar_duplicada" />
            <label className={styles.label} htmlFor="protocolo">
              Protocolo da solicitação que fica
            </label>
            <input id="protocolo" name="protocolo" className={styles.input} placeholder="2026-DETRAN-000123" required />
            <div className={styles.actions}>
              <button type="submit" className={styles.secondary}>
                Cancelar esta como duplicada
              </button>
            </div>
          </Form>
        ) : null}
        {open ? (
          <Form method="post" className={styles.panel}>
            <h3>Mensagem ao cidadão</h3>
            <input type="hidden" name="acao" value="mensagem" />
            <Message id="mensagem-cidadao" label="Mensagem" />
            <button type="submit" className={styles.secondary}>
              Enviar mensagem
            </button>
          </Form>
        ) : null}
        <Form method="post" className={styles.panel}>
          <h3>Nota interna</h3>
          <input type="hidden" name="acao" value="nota" />
          <Message id="mensagem-nota" label="Nota (o cidadão não vê)" />
          <button type="submit" className={styles.secondary}>
            Registrar nota
          </button>
        </Form>
      </PageSection>

      <PageSection id="cidadao" title="Cidadão">
        <dl className={styles.facts}>
          <dt>Nome</dt>
          <dd>{r.known.name}</dd>
          <dt>CPF</dt>
          <dd>{formatCpf(r.known.cpf)}</dd>
          <dt>E-mail</dt>
          <dd>{r.known.email}</dd>
          <dt>Telefone</dt>
          <dd>{r.known.phone}</dd>
        </dl>
      </PageSection>

      <PageSection id="respostas" title="Respostas">
        {r.form.pages.map((page) => {
          const questions = visibleQuestions(page, r.answers);
          if (!questions.length) return null;
          return (
            <section key={page.id} aria-labelledby={`pagina-${page.id}`}>
              <h3 id={`pagina-${page.id}`}>{page.title}</h3>
              <dl className={styles.facts}>
                {questions.map((q) => (
                  <div key={q.id}>
                    <dt>{q.label}</dt>
                    <dd>
                      {q.kind === 'arquivo'
                        ? files(q.id).map((f) => (
                            <a key={f.id} href={fileLink(f.id)} target="_blank" rel="noopener">
                              {f.name} (abre em nova aba)
                            </a>
                          ))
                        : answerText(q, r.answers[q.id], r.files) || 'Sem resposta'}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          );
        })}
        {files('').length ? (
          <>
            <h3>Arquivos enviados com respostas</h3>
            <ul>
              {files('').map((f) => (
                <li key={f.id}>
                  <a href={fileLink(f.id)} target="_blank" rel="noopener">
                    {f.name} (abre em nova aba)
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </PageSection>

      <PageSection id="historico" title="Histórico">
        <ol className={styles.history} data-testid="history">
          {r.events.map((e, n) => (
            <li key={n} className={e.kind === 'nota' ? styles.internal : undefined}>
              <strong>{e.title}</strong>
              {e.kind === 'nota' ? ' (interna)' : ''} · {formatDateTime(e.at)}
              {e.by ? ` · ${e.by}` : ''}
              {e.message ? <p className={styles.message}>{e.message}</p> : null}
            </li>
          ))}
        </ol>
        {r.dueOn ? <p>Prazo prometido pelo serviço: {formatIsoDay(r.dueOn)}.</p> : null}
      </PageSection>
    </PageFrame>
  );
}
