import { holds, visiblePages, type Answers, type FormPage } from '@portal/contracts';
import { useEffect, useRef } from 'react';
import { redirect, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { ErrorSummary } from '../components/error-summary/error-summary.tsx';
import { personalMeta } from '../features/pages/page-frame.tsx';
import { fillPath, pagePostPath } from '../features/requests/paths.ts';
import { QuestionField } from '../features/requests/question-field.tsx';
import { currentDraft, requestableService } from '../features/requests/requests.server.ts';
import styles from '../features/requests/requests.module.css';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const service = await requestableService(context, params.catalog!);
  const draft = await currentDraft(context, request, service);
  const where = { categorySlug: service.category.slug, slug: service.slug };
  // The answers as they stand, with what the last post typed (refused, or not yet checked) over them.
  const pending = draft.pending?.page === params.page ? draft.pending : null;
  const answers = { ...draft.answers, ...(pending?.typed ?? {}) };
  const pages = visiblePages(draft.form, answers);
  const at = pages.findIndex((page) => page.id === params.page);
  // A page not shown for these answers (its condition fails) or unknown: back to where the form stands.
  if (at < 0) throw redirect(fillPath(where, pages[0]?.id ?? 'verificar'));
  const page = pages[at]!;
  const showErrors = new URL(request.url).searchParams.has('erro');
  return {
    id: draft.id,
    service: { title: service.title, department: service.department.shortName, ...where },
    page,
    number: at + 1,
    total: pages.length,
    back: at > 0 ? fillPath(where, pages[at - 1]!.id) : fillPath(where),
    answers,
    files: draft.files,
    errors: showErrors ? (pending?.errors ?? []) : [],
    formChanged: draft.formChanged,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  personalMeta(data ? `${data.errors.length ? 'Erro: ' : ''}${data.page.title} - ${data.service.title}` : 'Solicitar');

/**
 * One page of a request form: its questions, shown as the answers so far allow (conditions), saved by a plain form
 * post (with its files, streamed) to the requests module, which sends the browser on to the next page; with or
 * without JavaScript alike. A refused answer comes back with the error summary, focused, and what was typed.
 */
export default function RequestPage() {
  const { id, service, page, number, total, back, answers, files, errors, formChanged } = useLoaderData<typeof loader>();
  const questions = pageQuestions(page, answers);
  const form = useRef<HTMLFormElement>(null);
  // With scripts, a question that depends on an answer of this page shows only when that answer holds (GOV.UK's
  // conditional reveal); without them it is always there, saying when it applies, and the server ignores it otherwise.
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const update = () => {
      const data = new FormData(element);
      const current: Answers = {};
      for (const q of page.questions) current[q.id] = q.kind === 'escolhas' ? (data.getAll(q.id) as string[]) : String(data.get(q.id) ?? '');
      for (const q of questions) {
        if (!q.condition || !onThisPage(page, q.condition.question)) continue;
        const wrapper = element.querySelector<HTMLElement>(`#pergunta-${q.id}`);
        if (wrapper) wrapper.hidden = !holds(q.condition, current);
      }
    };
    update();
    element.addEventListener('change', update);
    return () => element.removeEventListener('change', update);
  }, [page, questions]);
  const hasFile = questions.some((q) => q.kind === 'arquivo');
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const post = pagePostPath(id, page.id);
  return (
    <div className="container">
      <p>
        <a href={back}>Voltar</a>
      </p>
      <div className={styles.form}>
        <ErrorSummary errors={errors} />
        {formChanged ? (
          <div className={styles.warning} data-testid="form-changed">
            <p>
              <strong>O formulário deste serviço mudou depois que você começou.</strong> {formChanged}
            </p>
            <p>
              <a href={fillPath(service)}>Atualizar para o formulário novo</a> (as respostas às mesmas perguntas continuam).
            </p>
          </div>
        ) : null}
        <form ref={form} method="post" action={post} encType={hasFile ? 'multipart/form-data' : 'application/x-www-form-urlencoded'} noValidate>
          <span className={styles.caption}>
            {service.title} · Página {number} de {total}
          </span>
          <h1 className="page-title">{page.title}</h1>
          {/* Enter in a field continues (the form's first button is its default), never 'Remover' a file. */}
          {hasFile ? (
            <button type="submit" name="acao" value="continuar" className="visually-hidden" tabIndex={-1} aria-hidden="true">
              Salvar e continuar
            </button>
          ) : null}
          {questions.map((question) => (
            <QuestionField
              key={question.id}
              question={question}
              answer={answers[question.id]}
              error={errorOf(question.id)}
              files={files}
              postPath={post}
              appliesWhen={question.condition && onThisPage(page, question.condition.question) ? conditionText(page, question.condition) : undefined}
            />
          ))}
          <div className={styles.actions}>
            <button type="submit" name="acao" value="continuar" className={styles.button}>
              Salvar e continuar
            </button>
          </div>
        </form>
        <p>
          Suas respostas ficam salvas: você pode <a href="/app/acompanhar-minhas-solicitacoes">parar e continuar depois</a>.
        </p>
      </div>
    </div>
  );
}

const onThisPage = (page: FormPage, questionId: string) => page.questions.some((q) => q.id === questionId);

/** The page's questions for these answers: those that depend on an answer of this same page are always drawn. */
function pageQuestions(page: FormPage, answers: Answers) {
  return page.questions.filter((q) => !q.condition || onThisPage(page, q.condition.question) || holds(q.condition, answers));
}

/** 'Responda se, em “Quem dirige o veículo?”, escolheu “Outra pessoa”.' */
function conditionText(page: FormPage, condition: NonNullable<FormPage['condition']>) {
  const on = page.questions.find((q) => q.id === condition.question)!;
  const labels = condition.equals.map((value) => (on.kind === 'sim_nao' ? (value === 'sim' ? 'Sim' : 'Não') : (on.options.find((o) => o.value === value)?.label ?? value)));
  return `Responda só se, em “${on.label}”, a resposta for “${labels.join('” ou “')}”.`;
}
