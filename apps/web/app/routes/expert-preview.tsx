import { ExpertReplyRequest, type ExpertPreview } from '@portal/contracts';
import { data, Form, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useActionData, useLoaderData } from 'react-router';
import { ErrorSummary } from '../components/error-summary/error-summary.tsx';
import { ActionAnswer, FieldChanges, when } from '../features/gestao/gestao-ui.tsx';
import styles from '../features/gestao/gestao.module.css';
import { ServicePreviewBody } from '../features/gestao/service-preview.tsx';
import { withWordMarks } from '../features/gestao/word-marks.server.ts';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import { ApiError, call, required } from '../lib/api.server.ts';
import { parseForm } from '../lib/form.server.ts';
import { catalogPath } from '../lib/paths.ts';

const previewUrl = (token: string) => `/v1/especialista/${encodeURIComponent(token)}`;

export async function loader({ context, params }: LoaderFunctionArgs) {
  const preview = await required(context, call<ExpertPreview>(context, { url: previewUrl(params.token!), auth: 'anonymous' }));
  return { ...preview, changes: withWordMarks(preview.changes) };
}

/** The expert's reply, a plain form (no script needed): checked against the contract, then the API decides. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const form = await parseForm(request, ExpertReplyRequest);
  if (!form.ok) return data({ errors: [{ field: 'resposta-texto', message: form.message }], typed: String(form.values.body ?? '') }, { status: 400 });
  try {
    await call<ExpertPreview>(context, { method: 'POST', url: `${previewUrl(params.token!)}/resposta`, body: form.data, auth: 'anonymous' });
  } catch (err) {
    // the API's own Portuguese refusal (a link no longer valid says so)
    if (err instanceof ApiError && err.status >= 400 && err.status < 500) return data({ message: err.message }, { status: err.status });
    throw err;
  }
  return { done: 'Resposta enviada. A equipe que pediu sua opinião já pode lê-la; obrigado.' };
}

/**
 * The link is the expert's credential: the page is kept by no cache, and no other site it links to is told where the
 * visitor came from (the token would go with it). Not 'no-referrer': the reply's POST would then carry 'Origin: null'
 * and be refused as cross-site (plugins/security.ts).
 */
export function headers() {
  return { 'cache-control': 'private, no-store', 'referrer-policy': 'same-origin' };
}

export const meta: MetaFunction<typeof loader> = ({ data: preview }) => personalMeta(preview ? `Prévia para especialista: ${preview.item.title}` : 'Prévia para especialista');

/**
 * What a subject expert without an account reads through a preview link (issue 26; GOV.UK's fact check): who asks,
 * what the change alters, the page as citizens will read it, and a form whose reply lands in the change's
 * conversation.
 */
export default function ExpertPreviewPage() {
  const preview = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { errors?: { field: string; message: string }[]; typed?: string; message?: string; done?: string } | undefined;
  return (
    <PageFrame
      title={`Prévia: ${preview.item.title}`}
      homeHref={catalogPath('/')}
      intro={
        <p>
          {preview.departmentName} pede a opinião de {preview.expertName} sobre uma alteração deste serviço, antes que ela chegue aos cidadãos. Este link vale até{' '}
          {when(preview.expiresAt)}; não o repasse.
        </p>
      }
    >
      <ActionAnswer answer={answer} />
      <PageSection id="o-que-muda" title="O que muda para os cidadãos">
        <FieldChanges changes={preview.changes} />
      </PageSection>
      <PageSection id="resposta" title="Sua resposta">
        {preview.replies.length ? (
          <ol className={styles.history} aria-label="Respostas já enviadas">
            {preview.replies.map((reply, i) => (
              <li key={i}>
                Enviada em {when(reply.createdAt)}:<p className={styles.message}>{reply.body}</p>
              </li>
            ))}
          </ol>
        ) : null}
        <Form method="post" className={styles.form} noValidate>
          <ErrorSummary errors={answer?.errors ?? []} />
          <div className={styles.field}>
            <label className={styles.label} htmlFor="resposta-texto">
              O que está certo, o que corrigir
            </label>
            <p className={styles.hint} id="resposta-dica">
              Vai para a conversa da alteração, lida pela equipe do {preview.departmentName}. Não chega aos cidadãos.
            </p>
            {answer?.errors?.length ? (
              <p className={styles.alert} id="resposta-erro">
                <span className="visually-hidden">Erro: </span>
                {answer.errors[0]!.message}
              </p>
            ) : null}
            <textarea
              id="resposta-texto"
              name="body"
              className={styles.input}
              rows={6}
              defaultValue={answer?.typed ?? ''}
              aria-describedby={answer?.errors?.length ? 'resposta-dica resposta-erro' : 'resposta-dica'}
              aria-invalid={answer?.errors?.length ? true : undefined}
            />
          </div>
          <button type="submit" className={styles.button}>
            Enviar resposta
          </button>
        </Form>
      </PageSection>
      <PageSection id="previa" title="A página como os cidadãos a lerão">
        <ServicePreviewBody item={preview.item} />
      </PageSection>
    </PageFrame>
  );
}
