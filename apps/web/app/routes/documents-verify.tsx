import { formatVerificationCode, normalizeVerificationCode, type DocumentVerification } from '@portal/contracts';
import { Form, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { documentsApi } from '../features/documents/documents.server.ts';
import styles from '../features/documents/documents.module.css';
import { VERIFY_PATH } from '../features/documents/paths.ts';
import { VerificationOutcome, verificationView } from '../features/documents/verification-outcome.tsx';
import { PageFrame } from '../features/pages/page-frame.tsx';
import { required } from '../lib/api.server.ts';
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
  return { typed: code ? formatVerificationCode(code) : typed, asked: true, result: verificationView(result) };
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
      {result ? <VerificationOutcome result={result} /> : null}
    </PageFrame>
  );
}
