import { useFocusOnAnswer } from '../../lib/use-focus-on-answer.ts';
import styles from './error-summary.module.css';

export interface SummaryError {
  /** the id of the field the message is about, or the address of the page it is on (a path, with its #field) */
  field: string;
  message: string;
}

/**
 * The error summary (GOV.UK's pattern): at the top of a form that came back with problems, it takes focus
 * and links to each field in error; a link moves focus to its field without a navigation. A page the server
 * sent with it (a form sent before the scripts, or without them) focuses it as it arrives (`data-autofocus`,
 * the page's head script); React focuses it when its own answer brings it, never again when the page hydrates
 * (the person may have moved on to a field meanwhile: issue 24).
 */
export function ErrorSummary({ errors, id = 'erros' }: { errors: SummaryError[]; id?: string }) {
  const ref = useFocusOnAnswer<HTMLDivElement>(errors);
  if (!errors.length) return null;
  return (
    <div ref={ref} className={styles.summary} role="alert" aria-labelledby={id} tabIndex={-1} data-testid="error-summary" data-autofocus="">
      <h2 id={id}>Corrija {errors.length === 1 ? 'o problema' : 'os problemas'} abaixo</h2>
      <ul>
        {errors.map((error) => (
          <li key={`${error.field}:${error.message}`}>
            <a
              href={error.field.startsWith('/') ? error.field : `#${error.field}`}
              onClick={(event) => {
                // A problem on another page (a request's missing answer) is a link to it.
                if (error.field.startsWith('/')) return;
                // Focus the field without a navigation (which would clear the form's answer).
                const target = document.getElementById(error.field);
                if (!target) return;
                event.preventDefault();
                target.focus();
                target.scrollIntoView({ block: 'center' });
              }}
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
