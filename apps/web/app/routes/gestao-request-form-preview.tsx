import { answerText, visiblePages, visibleQuestions, type GestaoService, type RequestForm } from '@portal/contracts';
import { useEffect, useRef } from 'react';
import { Form, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useActionData, useLoaderData } from 'react-router';
import { ErrorSummary } from '../components/error-summary/error-summary.tsx';
import gestao from '../features/gestao/gestao.module.css';
import { serviceUrl, staffCall } from '../features/gestao/gestao.server.ts';
import { FILES_NOT_SENT, PREVIEW_FIELDS, previewPost, readAnswers, START, stepName, type PreviewState } from '../features/gestao/request-form-preview.ts';
import { PageFrame, personalMeta } from '../features/pages/page-frame.tsx';
import { QuestionField } from '../features/requests/question-field.tsx';
import styles from '../features/requests/requests.module.css';
import { formValues, listOf, readForm } from '../lib/form.server.ts';
import { useHydrated } from '../lib/use-hydrated.ts';

/** The form the change under way has (or the published one, when none is under way), for anyone who may read the service. */
async function draftForm(args: LoaderFunctionArgs) {
  const service = await staffCall<GestaoService>(args.context, args.request, { url: serviceUrl(args.params.id!) });
  const content = service.open?.content ?? service.live;
  return { id: service.id, title: service.live.title, canEdit: service.can.edit, form: content.requestForm ?? null, underWay: !!service.open };
}

export const loader = (args: LoaderFunctionArgs) => draftForm(args);

/** One page of the preview: its answers checked as the citizen's are, the next page chosen; nothing is stored. */
export async function action(args: ActionFunctionArgs): Promise<PreviewState> {
  const { form } = await draftForm(args);
  if (!form) return START;
  const values = formValues(await readForm(args.request));
  const one = (name: string) => listOf(values, name)[0];
  return previewPost(form, {
    step: one(PREVIEW_FIELDS.step) ?? 'inicio',
    // The file question's own button ('Anexar arquivo') is the citizen's field's; the preview's buttons are its own.
    action: one(PREVIEW_FIELDS.action) ?? (listOf(values, 'acao').includes('anexar') ? 'anexar' : 'continuar'),
    answers: readAnswers(one(PREVIEW_FIELDS.answers)),
    posted: values,
    declaration: one(PREVIEW_FIELDS.declaration) === 'aceito',
  });
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => personalMeta(page ? `Prévia do formulário: ${page.title}` : 'Prévia do formulário');

/**
 * The draft's request form filled in as a citizen would: the citizen's own fields, page by page, conditions
 * applied, then 'Verifique suas respostas'. A plain form (it works without JavaScript); nothing is sent.
 */
export default function GestaoRequestFormPreview() {
  const { id, title, canEdit, form, underWay } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() ?? START;
  const service = `/app/gestao/servicos/${id}`;
  return (
    <PageFrame
      title={`Prévia do formulário: ${title}`}
      homeHref="/app/gestao"
      intro={
        <>
          <div className={styles.warning} role="note" data-testid="preview-banner">
            <p>
              <strong>Prévia: nada é enviado.</strong> Preencha o formulário {underWay ? 'da alteração em andamento' : 'publicado'} como o cidadão o preenche. As respostas não são guardadas e os arquivos não são enviados.
            </p>
          </div>
          <p className={gestao.actions}>
            {canEdit ? <a href={`${service}/formulario`}>Voltar ao formulário</a> : null}
            <a href={service}>Voltar ao serviço</a>
          </p>
        </>
      }
    >
      {form ? <Preview form={form} state={state} /> : <p>{underWay ? 'A alteração em andamento' : 'O serviço'} não tem formulário de solicitação: o serviço não é solicitado pelo portal.</p>}
    </PageFrame>
  );
}

function Preview({ form, state }: { form: RequestForm; state: PreviewState }) {
  const pages = visiblePages(form, state.answers);
  // A step the scripts brought (no page load) takes the focus as a new page would: its notice, or its heading.
  const fromServer = useRef(!useHydrated());
  useEffect(() => {
    if (fromServer.current) {
      fromServer.current = false;
      return;
    }
    if (!state.errors.length) (document.querySelector<HTMLElement>('[data-previa] [data-autofocus]') ?? document.getElementById('previa-passo'))?.focus();
  }, [state]);
  const button = (action: string, label: string, primary = false) => (
    <button type="submit" name={PREVIEW_FIELDS.action} value={action} className={primary ? styles.button : styles.secondary}>
      {label}
    </button>
  );
  let body;
  if (state.step.kind === 'inicio') {
    body = (
      <>
        <h2 id="previa-passo" tabIndex={-1}>
          Antes de começar
        </h2>
        {form.intro ? <p className={styles.panel}>{form.intro}</p> : null}
        <p>Nome, CPF, e-mail, telefone e data de nascimento vêm da conta do cidadão: ele os confere, sem digitar de novo.</p>
        <div className={styles.actions}>{button('comecar', 'Começar', true)}</div>
      </>
    );
  } else if (state.step.kind === 'fim') {
    body = (
      <>
        <p className={styles.notice} role="status" tabIndex={-1} data-autofocus="">
          Prévia concluída: nada foi enviado. No portal, o cidadão recebe aqui o número de protocolo da solicitação.
        </p>
        <div className={styles.actions}>{button('recomecar', 'Recomeçar a prévia')}</div>
      </>
    );
  } else if (state.step.kind === 'verificar') {
    body = (
      <>
        <h2 id="previa-passo" tabIndex={-1}>
          Verifique suas respostas antes de enviar
        </h2>
        {pages.map((page) => (
          <section key={page.id} aria-labelledby={`previa-pagina-${page.id}`}>
            <h3 id={`previa-pagina-${page.id}`}>{page.title}</h3>
            <dl className={styles.summary}>
              {visibleQuestions(page, state.answers).map((question) => (
                <div key={question.id}>
                  <dt>{question.label}</dt>
                  <dd>{question.kind === 'arquivo' ? 'Nenhum arquivo: na prévia, os arquivos não são enviados' : answerText(question, state.answers[question.id]) || 'Não respondida'}</dd>
                  <dd>
                    <button type="submit" name={PREVIEW_FIELDS.action} value={`ir:${page.id}`} className={styles.link}>
                      Alterar<span className="visually-hidden"> {question.label}</span>
                    </button>
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
        <h3>Declaração</h3>
        <div className={`${styles.field} ${state.errors.length ? styles.invalid : ''}`}>
          <label className={styles.choice}>
            <input type="checkbox" name={PREVIEW_FIELDS.declaration} value="aceito" id={PREVIEW_FIELDS.declaration} />
            {form.declaration}
          </label>
        </div>
        <div className={styles.actions}>{button('enviar', 'Enviar a solicitação', true)}</div>
      </>
    );
  } else {
    const current = state.step.page;
    const at = pages.findIndex((page) => page.id === current);
    const page = pages[at];
    if (!page) return null;
    const questions = visibleQuestions(page, state.answers);
    const errorOf = (field: string) => state.errors.find((e) => e.field === field)?.message;
    body = (
      <>
        <span className={styles.caption}>
          Página {at + 1} de {pages.length}
        </span>
        <h2 id="previa-passo" tabIndex={-1}>
          {page.title}
        </h2>
        {/* Enter in a field continues (the form's first button is its default), never 'Anexar arquivo'. */}
        <button type="submit" name={PREVIEW_FIELDS.action} value="continuar" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          Salvar e continuar
        </button>
        {state.notice ? (
          <p className={styles.notice} role="status" tabIndex={-1} data-autofocus="">
            {state.notice}
          </p>
        ) : null}
        {questions.map((question) => (
          <div key={question.id}>
            {question.kind === 'arquivo' ? <p className={styles.notice}>{FILES_NOT_SENT}</p> : null}
            <QuestionField
              question={question}
              answer={question.kind === 'arquivo' ? undefined : (state.typed[question.id] ?? state.answers[question.id])}
              error={errorOf(question.id)}
              files={[]}
              postPath=""
            />
          </div>
        ))}
        <div className={styles.actions}>
          {button('voltar', 'Voltar')}
          {button('continuar', 'Salvar e continuar', true)}
        </div>
      </>
    );
  }
  return (
    // Each step draws its fields afresh: a page's answers are what the state says, never what an earlier page left.
    <Form method="post" className={styles.form} noValidate data-previa="" key={`${stepName(state.step)}:${JSON.stringify(state.answers)}`}>
      <ErrorSummary errors={state.errors} />
      <input type="hidden" name={PREVIEW_FIELDS.step} value={stepName(state.step)} />
      <input type="hidden" name={PREVIEW_FIELDS.answers} value={JSON.stringify(state.answers)} />
      {body}
    </Form>
  );
}

