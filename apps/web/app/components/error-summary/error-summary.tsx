import { useEffect, useRef } from 'react';
import styles from './error-summary.module.css';

export interface SummaryError {
  /** the id of the field the message is about */
  field: string;
  message: string;
}

/**
 * The error summary (GOV.UK's pattern): at the top of a form that came back with problems, it takes focus
 * and links to each field in error; a link moves focus to its field without a navigation.
 */
export function ErrorSummary({ errors, id = 'erros' }: { errors: SummaryError[]; id?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [errors]);
  if (!errors.length) return null;
  return (
    <div ref={ref} className={styles.summary} role="alert" aria-labelledby={id} tabIndex={-1} data-testid="error-summary">
      <h2 id={id}>Corrija {errors.length === 1 ? 'o problema' : 'os problemas'} abaixo</h2>
      <ul>
        {errors.map((error) => (
          <li key={`${error.field}:${error.message}`}>
            <a
              href={`#${error.field}`}
              onClick={(event) => {
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
