import { formatVerificationCode, normalizeVerificationCode, type DocumentVerification } from '@portal/contracts';
import { CircleCheck, CircleX, SearchX } from 'lucide-react';
import { Form, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { documentsApi } from '../features/documents/documents.server.ts';
import styles from '../features/documents/documents.module.css';
import { VERIFY_PATH } from '../features/documents/paths.ts';
import { PageFrame } from '../features/pages/page-frame.tsx';
import { required } from '../lib/api.server.ts';
import { formatDateTime } from '../lib/format.ts';
import { catalogPath } from '../lib/paths.ts';
import { pageMeta, TITLE_PREFIX } from '../lib/seo.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const typed = (new URL(request.url).searchParams.get('codigo') ?? '').slice(0, 40);
  if (!typed.trim()) return { typed, asked: new URL(request.url).searchParams.has('codigo'), result: null };
  // Whatever cannot be a code is 'not found' without asking (the API would say the same).
  const code = normalizeVerificationCode(typed);
  const result: DocumentVerification = code
    ? await required(context, documentsApi.verify(context, code), { failure: 'Não foi possível conferir o documento agora. Tente novamente em instantes.' })
    : { code: typed.trim(), status: 'nao_encontrado', document: null };
  return {
    typed: code ? formatVerificationCode(code) : typed,
    asked: true,
    result: {
      ...result,
      document: result.document && {
        ...result.document,
        issuedAt: formatDateTime(result.document.issuedAt),
        revoked: result.document.revoked && { at: formatDateTime(result.document.revoked.at), reason: result.document.revoked.reason },
        paragraphs: result.document.text.split(/\n\s*\n/),
      },
    },
  };
}

/**
 * Never kept by the public cache nor by any shared cache between here and the visitor: a document revoked a second
 * ago must read as revoked now, on every instance (plugins/response-cache.ts keeps no answer marked private).
 */
export function headers() {
  return { 'cache-control': 'private, no-store' };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta({
    title: `${TITLE_PREFIX} - Verificar documento`,
    description: 'Confira se um documento emitido pelo Governo do Piauí é autêntico e se foi revogado, pelo código de verificação impresso nele.',
  }),
  // Each code's answer is nobody's business but whoever holds the document.
  ...(data?.asked ? [{ name: 'robots', content: 'noindex' }] : []),
];

/**
 * 'Verificar documento' (issue 28): anyone, without logging in, types the code printed on a document (or scans its
 * QR code, which opens this page with the code) and sees whether it is authentic, what it says, and whether it was
 * revoked. A plain GET form: it works the same before, after and without scripts.
 */
export default function VerifyDocument() {
  const { typed, asked, result } = useLoaderData<typeof loader>();
  const empty = asked && !typed.trim();
  return (
    <PageFrame
      title="Verificar documento"
      homeHref={catalogPath('/')}
      intro={<p>Confira se um documento emitido pelo Governo do Piauí é autêntico e se continua válido. Digite o código de verificação impresso no documento, ou aponte a câmera do celular para o código QR dele.</p>}
    >
      <Form method="get" action={VERIFY_PATH} className={styles.form}>
        <label className={styles.label} htmlFor="codigo">
          Código de verificação
        </label>
        <p className={styles.hint} id="codigo-dica">
          12 letras e números, como aparece no documento. Por exemplo: ABCD-EFGH-JKMN
        </p>
        {empty ? (
          <p className={styles.error} id="codigo-erro">
            <span className="visually-hidden">Erro:</span> Digite o código de verificação do documento.
          </p>
        ) : null}
        <div className={styles.row}>
          <input
            className={styles.input}
            id="codigo"
            name="codigo"
            type="text"
            defaultValue={typed}
            key={typed}
            maxLength={40}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            aria-describedby={empty ? 'codigo-dica codigo-erro' : 'codigo-dica'}
            aria-invalid={empty || undefined}
          />
          <button className={styles.button} type="submit">
            Verificar
          </button>
        </div>
      </Form>
      {result ? <Outcome result={result} /> : null}
    </PageFrame>
  );
}

type Result = NonNullable<Awaited<ReturnType<typeof loader>>['result']>;

/** The answer, in words and an icon (never colour alone), as the page's second heading. */
function Outcome({ result }: { result: Result }) {
  const { document } = result;
  if (result.status === 'nao_encontrado' || !document) {
    return (
      <section className={`${styles.result} ${styles.missing}`} aria-labelledby="resultado" data-testid="verification-result">
        <h2 id="resultado">
          <SearchX aria-hidden="true" focusable="false" size={28} /> Código não encontrado
        </h2>
        <p>
          Nenhum documento emitido pelo portal tem o código <span className={styles.code}>{result.code}</span>. Confira se digitou o código como está no documento. Se
          estiver certo, o documento não foi emitido por este portal: não o aceite sem confirmar com o órgão que o teria emitido.
        </p>
      </section>
    );
  }
  const revoked = result.status === 'revogado' && document.revoked;
  return (
    <section className={`${styles.result} ${revoked ? styles.revoked : styles.authentic}`} aria-labelledby="resultado" data-testid="verification-result">
      <h2 id="resultado">
        {revoked ? (
          <>
            <CircleX aria-hidden="true" focusable="false" size={28} /> {`Documento revogado em ${document.revoked!.at}`}
          </>
        ) : (
          <>
            <CircleCheck aria-hidden="true" focusable="false" size={28} /> Documento autêntico
          </>
        )}
      </h2>
      {revoked ? (
        <p>
          <strong>Motivo:</strong> {document.revoked!.reason}
          <br />O documento foi emitido pelo Governo do Piauí, mas não vale mais.
        </p>
      ) : (
        <p>Este documento foi emitido pelo Governo do Piauí e não foi revogado. Confira se o que está no papel é o mesmo que está abaixo.</p>
      )}
      <dl className={styles.facts}>
        <dt>Código</dt>
        <dd className={styles.code}>{result.code}</dd>
        <dt>Documento</dt>
        <dd>{document.title}</dd>
        <dt>Em nome de</dt>
        <dd>{document.citizen}</dd>
        <dt>Emitido em</dt>
        <dd>{document.issuedAt}</dd>
        <dt>Órgão emissor</dt>
        <dd>{document.department.name}</dd>
        <dt>Serviço</dt>
        <dd>{document.service.title}</dd>
      </dl>
      <h3>O que o documento diz</h3>
      <div className={styles.text}>
        {document.paragraphs.map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
    </section>
  );
}
