import { LoaderCircle, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Form } from 'react-router';
import { showSnackbar } from '../../components/snackbar/snackbar.tsx';
import { useFocusOnAnswer } from '../../lib/use-focus-on-answer.ts';
import { missingParams, paramLabel, requiredMessage } from './endpoints.ts';
import styles from './open-data.module.css';
import type { Field, FieldError } from './view.ts';

const fieldId = (name: string) => `campo-${name}`;

/**
 * One labelled text input per placeholder of the endpoint and 'Buscar Dados' (spec §2). A GET form, so the
 * query is an address people can share and it works before JavaScript loads; with JavaScript the blank
 * fields are caught here (spec §5) and the button says 'Carregando...' while the data loads (spec §4).
 * Values that break their rule (a year of four digits, a month 1–12, ...) come back from the server, which
 * checks them before building any call: marked on their fields here, the message in the page's failure notice.
 */
export function DatasetForm({ fields, serverMissing, serverInvalid, loading }: { fields: Field[]; serverMissing: string[]; serverInvalid: FieldError[]; loading: boolean }) {
  const [clientMissing, setClientMissing] = useState<string[] | null>(null);
  const [attempt, setAttempt] = useState(0);
  const missing = clientMissing ?? serverMissing;
  // Focused by the page's head script when the server sends it, by React when the browser finds the blanks.
  const summary = useFocusOnAnswer<HTMLDivElement>(missing);
  // What the browser found replaces the server's last answer until the server answers again.
  const invalid = clientMissing ? [] : serverInvalid;

  // A new answer from the server replaces what the browser found (adjusted while rendering, not in an effect).
  const [answer, setAnswer] = useState({ serverMissing, serverInvalid });
  if (answer.serverMissing !== serverMissing || answer.serverInvalid !== serverInvalid) {
    setAnswer({ serverMissing, serverInvalid });
    setClientMissing(null);
  }
  // The snackbar says what the summary says (spec §8), on each failed attempt.
  useEffect(() => {
    if (!missing.length) return;
    showSnackbar(requiredMessage(missing), 'error');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt, serverMissing]);

  return (
    <>
      {missing.length ? (
        <div className={styles.errorSummary} ref={summary} tabIndex={-1} role="alert" aria-labelledby="erros-titulo" data-testid="error-summary" data-autofocus="">
          <h2 id="erros-titulo">Há um problema</h2>
          <p>{requiredMessage(missing)}</p>
          <ul>
            {missing.map((name) => (
              <li key={name}>
                <a href={`#${fieldId(name)}`}>Informe o campo {paramLabel(name)}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form
        method="get"
        noValidate
        className={styles.panel}
        aria-labelledby="consulta-titulo"
        preventScrollReset
        onSubmit={(event) => {
          // Loading: the button is aria-disabled, not disabled (a disabled button drops the keyboard's focus).
          if (loading) {
            event.preventDefault();
            return;
          }
          const values = Object.fromEntries([...new FormData(event.currentTarget)].map(([k, v]) => [k, String(v)]));
          const blank = missingParams(
            fields.map((f) => f.name),
            values,
          );
          if (blank.length) {
            event.preventDefault();
            setClientMissing(blank);
            setAttempt((n) => n + 1);
          } else setClientMissing([]);
        }}
      >
        <h2 id="consulta-titulo">Parâmetros da consulta</h2>
        <input type="hidden" name="buscar" value="1" />
        {fields.length ? (
          <div className={styles.fields}>
            {fields.map((field) => {
              const wrong = invalid.find((error) => error.name === field.name);
              const blank = missing.includes(field.name);
              const flagged = blank || Boolean(wrong);
              const id = fieldId(field.name);
              return (
                <div key={field.name} className={styles.field}>
                  <label htmlFor={id}>{field.label}</label>
                  <p id={`${id}-dica`} className={styles.hint}>
                    {field.hint}
                  </p>
                  {flagged ? (
                    <p id={`${id}-erro`} className={styles.fieldError}>
                      <span className="visually-hidden">Erro: </span>
                      {blank ? `Informe o campo ${field.label}.` : wrong!.message}
                    </p>
                  ) : null}
                  {field.name === 'exercicio' && field.choices.length ? (
                    // The years the source has: nothing to guess (issue 13).
                    <select
                      id={id}
                      name={field.name}
                      defaultValue={field.value}
                      aria-invalid={flagged || undefined}
                      aria-describedby={flagged ? `${id}-dica ${id}-erro` : `${id}-dica`}
                    >
                      <option value="">Selecione o ano</option>
                      {[...new Set([...field.choices, ...(field.value && !field.choices.includes(field.value) ? [field.value] : [])])].map((year) => (
                        <option key={year} value={year}>
                          {year}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <input
                      id={id}
                      name={field.name}
                      type="text"
                      defaultValue={field.value}
                      autoComplete="off"
                      spellCheck={false}
                      aria-invalid={flagged || undefined}
                      aria-describedby={flagged ? `${id}-dica ${id}-erro` : `${id}-dica`}
                      inputMode={field.name === 'exercicio' || field.name === 'id' || field.name === 'unidade_gestora_codigo' ? 'numeric' : undefined}
                      list={field.choices.length ? `${id}-opcoes` : undefined}
                    />
                  )}
                  {field.name !== 'exercicio' && field.choices.length ? (
                    // The months with data, offered as the citizen types; a date (AAAA-MM-DD) can still be typed.
                    <datalist id={`${id}-opcoes`}>
                      {field.choices.map((choice) => (
                        <option key={choice} value={choice} />
                      ))}
                    </datalist>
                  ) : null}
                </div>
              );
            })}
          </div>
        ) : (
          <p className={styles.noFields}>Esta consulta não tem parâmetros.</p>
        )}
        <button type="submit" className={styles.button} aria-disabled={loading || undefined}>
          {loading ? <LoaderCircle className="spin" size={18} aria-hidden="true" /> : <Search size={18} aria-hidden="true" />}
          {loading ? 'Carregando...' : 'Buscar Dados'}
        </button>
      </Form>
    </>
  );
}
