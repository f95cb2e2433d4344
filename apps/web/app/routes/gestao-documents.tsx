import { formatVerificationCode, hasGestaoRole, normalizeVerificationCode, REVOCATION_REASON_MIN, RevokeDocument, type DocumentVerification } from '@portal/contracts';
import { data, Form, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { documentsApi } from '../features/documents/documents.server.ts';
import docStyles from '../features/documents/documents.module.css';
import { VerificationOutcome, verificationView } from '../features/documents/verification-outcome.tsx';
import { ActionAnswer } from '../features/gestao/gestao-ui.tsx';
import styles from '../features/gestao/gestao.module.css';
import { staffAction } from '../features/gestao/gestao.server.ts';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import { required } from '../lib/api.server.ts';
import { requireCitizen } from '../lib/citizen.ts';
import { formValues, readForm } from '../lib/form.server.ts';
import { pageError } from '../lib/page-error.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requireCitizen(context, request);
  if (!hasGestaoRole(me.roles)) throw pageError(403, 'Esta área é da equipe dos órgãos. Sua conta não tem um papel de gestão.');
  const typed = (new URL(request.url).searchParams.get('codigo') ?? '').slice(0, 40);
  const code = normalizeVerificationCode(typed);
  if (!code) return { typed, result: null, invalid: typed.trim() !== '' };
  const result = await required(context, documentsApi.verify(context, code));
  return { typed: formatVerificationCode(code), result: verificationView(result), invalid: false };
}

/** The revocation: a plain POST, whose refusal (who, a short reason, already revoked) is shown on the page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const values = formValues(await readForm(request));
  const code = normalizeVerificationCode(String(values.codigo ?? ''));
  if (!code) return data({ message: 'Código inválido.', typedReason: '' }, { status: 400 });
  const parsed = RevokeDocument.safeParse({ reason: values.motivo ?? '' });
  const typedReason = String(values.motivo ?? '');
  if (!parsed.success) return data({ message: parsed.error.issues[0]!.message, typedReason }, { status: 400 });
  const result = await staffAction<DocumentVerification>(context, request, { method: 'POST', url: `/v1/gestao/documentos/${code}/revogar`, body: parsed.data });
  if (!result.ok) return data({ message: result.message, typedReason }, { status: result.status });
  return { done: `Documento ${formatVerificationCode(code)} revogado. Quem o conferir verá a revogação e o motivo a partir de agora.`, typedReason: '' };
}

export const meta: MetaFunction = () => personalMeta('Documentos emitidos');

/**
 * The back office's issued documents (issue 28): find one by its code and revoke it with a reason that everyone who
 * checks it will read. The issuing department's attendants and reviewers, or the central team (the API decides).
 */
export default function GestaoDocuments() {
  const { typed, result, invalid } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { message?: string; done?: string; typedReason?: string } | undefined;
  const revocable = result?.status === 'autentico';
  return (
    <PageFrame title="Documentos emitidos" homeHref="/app/gestao" intro={<p>Encontre um documento emitido pelo código de verificação para conferi-lo ou revogá-lo.</p>}>
      <ActionAnswer answer={answer} />
      <Form method="get" className={docStyles.form}>
        <label className={docStyles.label} htmlFor="codigo">
          Código de verificação
        </label>
        {invalid ? <p className={docStyles.error}>Código inválido: são 12 letras e números, como ABCD-EFGH-JKMN.</p> : null}
        <div className={docStyles.row}>
          <input className={docStyles.input} id="codigo" name="codigo" defaultValue={typed} key={typed} maxLength={40} autoComplete="off" spellCheck={false} />
          <button className={docStyles.button} type="submit">
            Encontrar documento
          </button>
        </div>
      </Form>
      {result ? <VerificationOutcome result={result} /> : null}
      {revocable ? (
        <PageSection id="revogar" title="Revogar este documento">
          <p>A revogação não se desfaz. O motivo aparece para qualquer pessoa que conferir o documento: não escreva dados pessoais.</p>
          <Form method="post" className={styles.form}>
            <input type="hidden" name="codigo" value={result.code} />
            <label className={styles.label} htmlFor="motivo">
              Motivo da revogação
            </label>
            <p className={docStyles.hint} id="motivo-dica">
              Pelo menos {REVOCATION_REASON_MIN} caracteres.
            </p>
            {/*
              One line, not a textarea: React's hydration writes a textarea's server-drawn text back over what was typed
              since (react-dom initTextarea), and this field comes back filled after a refusal; an input keeps it.
            */}
            <input id="motivo" name="motivo" type="text" className={styles.input} maxLength={1000} autoComplete="off" aria-describedby="motivo-dica" defaultValue={answer?.typedReason ?? ''} />
            <div className={styles.actions}>
              <button type="submit" className={styles.button}>
                Revogar documento
              </button>
            </div>
          </Form>
        </PageSection>
      ) : null}
    </PageFrame>
  );
}
