import type { CheckResult, VersionComment, VersionState } from '@portal/contracts';
import { Fragment } from 'react';
import { useFocusOnAnswer } from '../../lib/use-focus-on-answer.ts';
import { loginHref } from '../../lib/citizen.ts';
import { formatLongDate, formatTime } from '../../lib/format.ts';
import styles from './gestao.module.css';
import type { MarkedChange } from './word-marks.server.ts';

/** Each state in words: a badge shows its name, never a colour alone. */
export const STATE_LABEL: Record<VersionState, string> = {
  rascunho: 'Rascunho',
  em_revisao: 'Em revisão',
  devolvido: 'Devolvido para correção',
  aprovado: 'Aprovado, aguardando publicação',
  publicado: 'Publicado',
  substituido: 'Substituído',
  descartado: 'Descartado',
};

export function StateBadge({ state }: { state: VersionState }) {
  return <span className={`${styles.badge} ${styles[state] ?? ''}`}>{STATE_LABEL[state]}</span>;
}

/** '25 de novembro de 2026, 14:03' (Piauí). */
export const when = (instant: string) => `${formatLongDate(instant)}, ${formatTime(instant)}`;

/** What the checks found: what stops sending and publishing, then hints that do not. */
export function Checks({ checks }: { checks: CheckResult }) {
  if (!checks.blocking.length && !checks.warnings.length) return <p className={styles.ok}>Nenhum problema encontrado pelas verificações.</p>;
  return (
    <div className={styles.checks}>
      {checks.blocking.length ? (
        <section aria-labelledby="impedimentos" className={styles.blocking}>
          <h3 id="impedimentos">Impedem o envio e a publicação</h3>
          <ul>
            {checks.blocking.map((issue) => (
              <li key={`${issue.field}${issue.message}`}>{issue.message}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {checks.warnings.length ? (
        <section aria-labelledby="avisos" className={styles.warnings}>
          <h3 id="avisos">Sugestões (não impedem a publicação)</h3>
          <ul>
            {checks.warnings.map((issue) => (
              <li key={`${issue.field}${issue.message}`}>{issue.message}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** What a back-office form's POST answered: a refusal or what was done, focused so a screen reader reads it at once. */
export function ActionAnswer({ answer }: { answer: { message?: string; done?: string } | undefined }) {
  const focus = useFocusOnAnswer<HTMLParagraphElement>(answer);
  if (answer?.message) {
    return (
      <p ref={focus} className={styles.alert} role="alert" tabIndex={-1} data-autofocus="">
        {answer.message}
      </p>
    );
  }
  if (answer?.done) {
    return (
      <p ref={focus} className={styles.notice} role="status" tabIndex={-1} data-testid="gestao-notice" data-autofocus="">
        {answer.done}
      </p>
    );
  }
  return null;
}

/**
 * A save the API refused, shown above the form that keeps what was typed; when the session ended meanwhile, the way
 * to log in again in another tab, after which the same form saves.
 */
export function SaveRefusal({ answer }: { answer: { message?: string; expired?: boolean } | undefined }) {
  if (!answer?.message) return null;
  return (
    <div className={styles.alert} role="alert">
      <p>{answer.message}</p>
      {answer.expired ? (
        <p>
          <a href={loginHref('/app/gestao')} target="_blank" rel="noopener">
            Entrar de novo (abre em outra aba)
          </a>
        </p>
      ) : null}
    </div>
  );
}

/**
 * Changed fields, each as one text with the words that go struck through and the words that come underlined (not
 * colour alone), and said so to a screen reader, which reads neither mark.
 */
export function FieldChanges({ changes }: { changes: MarkedChange[] }) {
  if (!changes.length) return <p>Nenhum campo muda.</p>;
  return (
    <>
      <p className={styles.hint}>
        Texto <del className={styles.del}>riscado</del> sai; texto <ins className={styles.ins}>sublinhado</ins> entra.
      </p>
      <dl className={styles.changes}>
        {changes.map((change) => (
          <div key={change.field}>
            <dt>{change.label}</dt>
            <dd>
              {change.marks.map((mark, i) => (
                <Fragment key={i}>
                  {mark.kind === 'same' ? (
                    mark.text
                  ) : mark.kind === 'del' ? (
                    <del className={styles.del}>
                      <span className="visually-hidden">[sai: </span>
                      {mark.text}
                      <span className="visually-hidden">]</span>
                    </del>
                  ) : (
                    <ins className={styles.ins}>
                      <span className="visually-hidden">[entra: </span>
                      {mark.text}
                      <span className="visually-hidden">]</span>
                    </ins>
                  )}
                </Fragment>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

const COMMENT_KIND: Record<VersionComment['kind'], string> = { devolucao: 'devolveu', comentario: 'comentou', especialista: 'respondeu (especialista)' };

/** The conversation about a change, oldest first: each round of review kept, never overwritten. */
export function CommentThread({ comments }: { comments: VersionComment[] }) {
  if (!comments.length) return <p>Ninguém comentou esta alteração ainda.</p>;
  return (
    <ol className={styles.history} aria-label="Conversa sobre a alteração">
      {comments.map((comment, i) => (
        <li key={i}>
          <strong>
            {comment.authorName} {COMMENT_KIND[comment.kind]}
          </strong>{' '}
          em {when(comment.createdAt)}:<p className={styles.message}>{comment.body}</p>
        </li>
      ))}
    </ol>
  );
}

/**
 * Choosing a service by its title (issue 26: staff were asked for an address's slug): a text field that offers the
 * titles as one types (the browser's own list: no script needed). The action reads it back with `chosenService`.
 */
export function ServicePicker({ id, name, label, hint, choices }: { id: string; name: string; label: string; hint: string; choices: { slug: string; title: string }[] }) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <p className={styles.hint} id={`${id}-dica`}>
        {hint}
      </p>
      <input id={id} name={name} className={styles.input} list={`${id}-opcoes`} autoComplete="off" aria-describedby={`${id}-dica`} />
      <datalist id={`${id}-opcoes`}>
        {choices.map((choice) => (
          <option key={choice.slug} value={choice.title} />
        ))}
      </datalist>
    </div>
  );
}
