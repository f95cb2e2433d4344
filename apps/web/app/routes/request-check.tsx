import { answerText, formatCpf, visiblePages, visibleQuestions } from '@portal/contracts';
import { Form, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { ErrorSummary } from '../components/error-summary/error-summary.tsx';
import { personalMeta } from '../features/pages/page-frame.tsx';
import { fillPath, requestPath } from '../features/requests/paths.ts';
import { currentDraft, refusal, requestableService, requestsApi } from '../features/requests/requests.server.ts';
import styles from '../features/requests/requests.module.css';
import { formValues, readForm } from '../lib/form.server.ts';
import { formatIsoDay } from '../lib/format.ts';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const service = await requestableService(context, params.catalog!);
  const draft = await currentDraft(context, request, service);
  const where = { categorySlug: service.category.slug, slug: service.slug };
  const pages = visiblePages(draft.form, draft.answers).map((page) => ({
    id: page.id,
    title: page.title,
    href: fillPath(where, page.id),
    answers: visibleQuestions(page, draft.answers).map((q) => ({ id: q.id, label: q.label, text: answerText(q, draft.answers[q.id], draft.files) })),
  }));
  const known = draft.known;
  return {
    service: { title: service.title, department: service.department.shortName, deadlineDays: service.deadlineDays, ...where },
    pages,
    known: [
      ['Nome', known.name],
      ['CPF', known.cpf ? formatCpf(known.cpf) : ''],
      ['Data de nascimento', formatIsoDay(known.birthDate)],
      ['E-mail', known.email],
      ['Telefone', known.phone],
    ].filter(([, value]) => value) as [string, string][],
    declaration: draft.form.declaration,
    formChanged: draft.formChanged,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const service = await requestableService(context, params.catalog!);
  const draft = await currentDraft(context, request, service);
  const values = formValues(await readForm(request));
  if (values.declaracao !== 'aceito') return { message: 'Para enviar, marque a declaração.', fields: [{ field: 'declaracao', message: 'Para enviar, marque a declaração.' }] };
  try {
    const sent = await requestsApi.send(context, draft.id);
    throw redirect(`${requestPath(sent.id)}?enviada=1`);
  } catch (err) {
    if (err instanceof Response) throw err;
    const { message, fields } = refusal(err);
    const where = { categorySlug: service.category.slug, slug: service.slug };
    // A missing answer links to its page, where it is answered.
    return { message, fields: fields.map((f) => ({ field: f.page ? `${fillPath(where, f.page)}#${f.field}` : f.field, message: f.message })) };
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => personalMeta(data ? `Verifique suas respostas - ${data.service.title}` : 'Verifique suas respostas');

/** 'Verifique suas respostas' (GOV.UK's check answers): each answer with a link to change it, who sends, the declaration, 'Enviar'. */
export default function RequestCheck() {
  const { service, pages, known, declaration, formChanged } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result ? (result.fields.length ? result.fields : [{ field: 'enviar', message: result.message }]) : [];
  return (
    <div className="container">
      <p>
        <a href={pages.length ? pages[pages.length - 1]!.href : fillPath(service)}>Voltar</a>
      </p>
      <div className={styles.form}>
        <ErrorSummary errors={errors} />
        <span className={styles.caption}>{service.title}</span>
        <h1 className="page-title">Verifique suas respostas antes de enviar</h1>
        {formChanged ? (
          <div className={styles.warning} data-testid="form-changed">
            <p>
              <strong>O formulário deste serviço mudou depois que você começou.</strong> {formChanged}
            </p>
            <p>
              <a href={fillPath(service)}>Atualizar para o formulário novo</a> e conferir as respostas.
            </p>
          </div>
        ) : null}
        {pages.map((page) => (
          <section key={page.id} aria-labelledby={`pagina-${page.id}`}>
            <h2 id={`pagina-${page.id}`}>{page.title}</h2>
            <dl className={styles.summary}>
              {page.answers.map((answer) => (
                <div key={answer.id}>
                  <dt>{answer.label}</dt>
                  <dd>{answer.text || 'Não respondida'}</dd>
                  <dd>
                    <a href={`${page.href}#${answer.id}`}>
                      Alterar<span className="visually-hidden"> {answer.label}</span>
                    </a>
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
        <section aria-labelledby="seus-dados">
          <h2 id="seus-dados">Seus dados</h2>
          <p>Vêm da sua conta gov.pi e vão com a solicitação. Para corrigi-los, atualize a sua conta no Acesso Cidadão.</p>
          <dl className={styles.known}>
            {known.map(([label, value]) => (
              <div key={label} style={{ display: 'contents' }}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <Form method="post">
          <h2>Declaração</h2>
          <div className={`${styles.field} ${errors.some((e) => e.field === 'declaracao') ? styles.invalid : ''}`}>
            <label className={styles.choice}>
              <input type="checkbox" name="declaracao" value="aceito" id="declaracao" />
              {declaration}
            </label>
          </div>
          <div className={styles.actions}>
            <button type="submit" id="enviar" className={styles.button}>
              Enviar a solicitação
            </button>
          </div>
        </Form>
      </div>
    </div>
  );
}
