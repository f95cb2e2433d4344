import styles from './requests.module.css';

/**
 * What a citizen's form post on a request or appointment page answered: done (a notice) or refused (a warning),
 * focused on arrival (`data-autofocus`) so a screen reader reads it at once.
 */
export function ActionMessage({ result }: { result: { message?: string; done?: unknown } | undefined }) {
  if (!result?.message) return null;
  return (
    <p className={result.done ? styles.notice : styles.warning} role="status" tabIndex={-1} data-autofocus="">
      {result.message}
    </p>
  );
}
