import type { DocumentVerification } from '@portal/contracts';
import { CircleCheck, CircleX, SearchX } from 'lucide-react';
import { formatDateTime } from '../../lib/format.ts';
import styles from './documents.module.css';

/** A verification answer as the pages show it: dates in words of Piauí's time, the text in paragraphs. */
export function verificationView(result: DocumentVerification) {
  return {
    ...result,
    document: result.document && {
      ...result.document,
      issuedAt: formatDateTime(result.document.issuedAt),
      revoked: result.document.revoked && { at: formatDateTime(result.document.revoked.at), reason: result.document.revoked.reason },
      paragraphs: result.document.text.split(/\n\s*\n/),
    },
  };
}
type Result = ReturnType<typeof verificationView>;

/** The answer, in words and an icon (never colour alone), as the page's second heading. */
export function VerificationOutcome({ result }: { result: Result }) {
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
