import { levelMessage, reachesLevel, visiblePages, visibleQuestions, type RequestDetail } from '@portal/contracts';
import { Form, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { Breadcrumb } from '../components/breadcrumb/breadcrumb.tsx';
import { personalMeta } from '../features/pages/page-frame.tsx';
import { fillPath } from '../features/requests/paths.ts';
import { draftOf, refusal, requestableService, requestsApi } from '../features/requests/requests.server.ts';
import styles from '../features/requests/requests.module.css';
import { required } from '../lib/api.server.ts';
import { requireCitizen } from '../lib/citizen.ts';
import { formValues, readForm } from '../lib/form.server.ts';
import { formatDate } from '../lib/format.ts';
import { catalogPath } from '../lib/paths.ts';

/** The first page with a required answer missing, or 'verificar' when every page is answered. */
export function resumePage(detail: Pick<RequestDetail, 'form' | 'answers'>): string {
  for (const page of visiblePages(detail.form, detail.answers)) {
    for (const question of visibleQuestions(page, detail.answers)) {
      const answer = detail.answers[question.id];
      if (question.required && (answer === undefined || answer === '' || (Array.isArray(answer) && !answer.length))) return page.id;
    }
  }
  return 'verificar';
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const citizen = await requireCitizen(context, request);
  const service = await requestableService(context, params.catalog!);
  const draft = await draftOf(context, service.slug);
  const level = service.accessProfile.name;
  return {
    service: { slug: service.slug, title: service.title, categorySlug: service.category.slug, department: service.department.shortName, deadlineDays: service.deadlineDays },
    draft: draft ? { id: draft.id, updatedAt: formatDate(draft.updatedAt), expiresAt: draft.expiresAt ? formatDate(draft.expiresAt) : null } : null,
    refused: reachesLevel(citizen.accessLevel, level) ? null : levelMessage(level),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireCitizen(context, request);
  const service = await requestableService(context, params.catalog!);
  const values = formValues(await readForm(request));
  const where = { categorySlug: service.category.slug, slug: service.slug };
  try {
    // Nothing typed is lost on one click: discarding a draft asks first.
    if (values.acao === 'descartar') return { message: '', discarded: false, confirm: true };
    if (values.acao === 'descartar-confirmado') {
      const draft = await draftOf(context, service.slug);
      if (draft) await required(context, requestsApi.discard(context, draft.id));
      return { message: 'Rascunho descartado. Você pode começar de novo quando quiser.', discarded: true, confirm: false };
    }
    const detail = await requestsApi.start(context, service.slug);
    throw redirect(fillPath(where, resumePage(detail)));
  } catch (err) {
    if (err instanceof Response) throw err;
    return { message: refusal(err).message, discarded: false, confirm: false };
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => personalMeta(data ? `Solicitar: ${data.service.title}` : 'Solicitar');

/** The start page of a request (GOV.UK's 'start page'): what you will need, then 'Começar agora' or 'Continuar'. */
export default function RequestStart() {
  const { service, draft, refused } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const servicePath = catalogPath(`/${service.categorySlug}/${service.slug}`);
  const live = draft && !result?.discarded ? draft : null;
  return (
    <div className="container">
      <Breadcrumb trail={[{ to: catalogPath('/'), label: 'Início' }, { to: servicePath, label: service.title }]} current="Solicitar" />
      <div className={styles.form}>
        <span className={styles.caption}>{service.department}</span>
        <h1 className="page-title">Solicitar: {service.title}</h1>
        {result?.message ? (
          <p className={result.discarded ? styles.notice : styles.warning} role="status" tabIndex={-1} data-autofocus="">
            {result.message}
          </p>
        ) : null}
        {refused ? (
          <div className={styles.warning} data-testid="level-refused">
            <p>{refused}</p>
            <p>
              <a href={servicePath}>Voltar para o serviço</a>
            </p>
          </div>
        ) : (
          <>
            <p>Você faz o pedido aqui, uma pergunta por vez. Suas respostas são salvas a cada página: pode parar e continuar depois, em outro aparelho.</p>
            <p>
              Não pedimos de novo o que o Governo já sabe: o nome, o CPF, o e-mail, o telefone e a data de nascimento vêm da sua conta gov.pi, e você os confere antes de
              enviar.
            </p>
            {service.deadlineDays ? (
              <p>
                O {service.department} responde em até <strong>{service.deadlineDays} dias úteis</strong> depois do envio. Você acompanha cada etapa em Solicitações.
              </p>
            ) : null}
            {live ? (
              <div className={styles.notice}>
                <p>
                  Você começou esta solicitação e salvou em {live.updatedAt}.{live.expiresAt ? ` O rascunho fica guardado até ${live.expiresAt}.` : ''}
                </p>
              </div>
            ) : null}
            {result?.confirm ? (
              <Form method="post" className={styles.warning}>
                <p id="confirmar-descarte" tabIndex={-1} data-autofocus="">
                  <strong>Descartar o rascunho?</strong> As respostas e os arquivos dele serão apagados.
                </p>
                <div className={styles.actions}>
                  <button type="submit" name="acao" value="descartar-confirmado" className={styles.button}>
                    Sim, descartar
                  </button>
                  <a href={fillPath(service)} className={styles.secondary}>
                    Não, manter o rascunho
                  </a>
                </div>
              </Form>
            ) : null}
            <Form method="post" className={styles.actions}>
              <button type="submit" name="acao" value="comecar" className={styles.button}>
                {live ? 'Continuar de onde parei' : 'Começar agora'}
              </button>
              {live ? (
                <button type="submit" name="acao" value="descartar" className={styles.link}>
                  Descartar o rascunho
                </button>
              ) : null}
            </Form>
            <p>
              <a href={servicePath}>Voltar para o serviço</a>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
