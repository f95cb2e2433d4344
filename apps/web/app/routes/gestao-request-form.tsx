import type { GestaoService } from '@portal/contracts';
import { useEffect, useRef } from 'react';
import { data, Form, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useActionData, useLoaderData } from 'react-router';
import { ErrorSummary } from '../components/error-summary/error-summary.tsx';
import styles from '../features/gestao/gestao.module.css';
import { serviceUrl, staffCall } from '../features/gestao/gestao.server.ts';
import { RequestFormBuilder } from '../features/gestao/request-form-builder-ui.tsx';
import { saveRequestForm, type BuilderAnswer } from '../features/gestao/request-form-builder.server.ts';
import { draftFromForm } from '../features/gestao/request-form-builder.ts';
import { PageFrame, personalMeta } from '../features/pages/page-frame.tsx';
import { SaveRefusal } from '../features/gestao/gestao-ui.tsx';
import { useHydrated } from '../lib/use-hydrated.ts';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  // The page that answers a post sent without scripts (it carries the post's headers) after the session ended:
  // the action's answer has the form as typed, and the API, without a session, has nothing to add.
  if (request.headers.get('content-type')?.includes('form') && !(await context.citizen())) {
    return { id: Number(params.id), title: '', department: '', locked: null, draft: draftFromForm(null, null), saved: false };
  }
  const service = await staffCall<GestaoService>(context, request, { url: serviceUrl(params.id!) });
  const content = service.open?.content ?? service.live;
  // Reviewers read the form as citizens will fill it in (the preview); a change under review waits for it.
  const locked = !service.can.edit
    ? 'Você pode revisar, mas não editar, os serviços deste órgão. Veja o formulário como o cidadão o preenche na prévia.'
    : service.open && service.open.state !== 'rascunho' && service.open.state !== 'devolvido'
      ? 'Esta alteração está com a revisão: aguarde que seja devolvida ou publicada para editar o formulário de novo.'
      : null;
  return {
    id: service.id,
    title: service.live.title,
    department: service.department.shortName,
    locked,
    draft: draftFromForm(content.requestForm ?? null, content.deadlineDays ?? null),
    saved: new URL(request.url).searchParams.has('salvo'),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const result = await saveRequestForm(context, request, params.id!);
  if ('saved' in result) throw redirect(`/app/gestao/servicos/${params.id}/formulario?salvo=1`, 303);
  // Each answer draws the form afresh (`revision`): what the server read is what was typed, with its change applied.
  return data({ ...result, revision: Date.now() }, { status: result.expired ? 401 : result.errors.length || result.message ? 400 : 200 });
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => personalMeta(page?.title ? `Formulário de solicitação: ${page.title}` : 'Formulário de solicitação');

/**
 * The request form of a service, built by its department's editor as a plain form (it works without JavaScript):
 * each button answers the form again with its change; 'Salvar rascunho' checks it with the contract's schema and
 * saves it into the service's draft, which goes to review and publication with the rest of the service.
 */
export default function GestaoRequestForm() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as (BuilderAnswer & { revision: number }) | undefined;
  const draft = answer?.draft ?? page.draft;
  const errors = answer?.errors ?? [];
  const view = { errors: new Map(errors.map((e) => [e.field, e.message])), focus: answer?.focus ?? (answer?.notice ? 'aviso' : undefined) };
  // An answer that arrives without a page load (the scripts sent the form) moves the focus as a page load would.
  const fromServer = useRef(!useHydrated());
  useEffect(() => {
    if (fromServer.current) {
      fromServer.current = false;
      return;
    }
    if (view.focus) document.getElementById(view.focus)?.focus();
  }, [answer, view.focus]);
  const service = `/app/gestao/servicos/${page.id}`;
  const links = (
    <p className={styles.actions}>
      <a href={`${service}/formulario/previa`}>Ver a prévia do formulário salvo</a>
      <a href={service}>Voltar ao serviço</a>
    </p>
  );
  return (
    <PageFrame
      title={page.title ? `Formulário de solicitação: ${page.title}` : 'Formulário de solicitação'}
      homeHref="/app/gestao"
      intro={<p>{page.department ? `${page.department}. ` : ''}O formulário que o cidadão preenche para solicitar o serviço no portal. Salvar guarda um rascunho; nada muda para os cidadãos até a revisão aprovar.</p>}
    >
      {page.locked ? (
        <>
          <p className={styles.alert}>{page.locked}</p>
          {links}
        </>
      ) : (
        <Form method="post" className={styles.form} noValidate key={answer?.revision ?? 'loaded'}>
          {/* Enter in a field saves (a form's first button is its default), never 'Remover' nor 'Mover'. */}
          <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true">
            Salvar rascunho
          </button>
          <ErrorSummary errors={errors} />
          <SaveRefusal answer={answer} />
          {answer?.notice ? (
            <p id="aviso" className={styles.notice} role="status" tabIndex={-1} {...(view.focus === 'aviso' ? { 'data-autofocus': '' } : {})}>
              {answer.notice}
            </p>
          ) : null}
          {page.saved && !answer ? (
            <p className={styles.notice} role="status" data-testid="gestao-notice">
              Formulário salvo no rascunho. Confira na prévia e envie a alteração para revisão na página do serviço.
            </p>
          ) : null}
          <RequestFormBuilder draft={draft} view={view} />
          <div className={styles.actions}>
            <button type="submit" name="intent" value="save" className={styles.button}>
              Salvar rascunho
            </button>
          </div>
          {links}
        </Form>
      )}
    </PageFrame>
  );
}
