import { SIMPLIFIQUE_MESSAGE_MAX, SIMPLIFIQUE_SUBJECTS, type SimplifiqueField } from '@portal/contracts';
import { CircleCheck } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { Form, useNavigation } from 'react-router';
import { ErrorSummary } from '../../components/error-summary/error-summary.tsx';
import styles from './simplifique.module.css';

export type SimplifiqueValues = Partial<Record<SimplifiqueField, string>>;
export type SimplifiqueErrors = Partial<Record<SimplifiqueField, string>>;

/** The order fields appear in, for the error summary. */
const FIELD_ORDER: SimplifiqueField[] = ['assunto', 'servico', 'mensagem', 'nome', 'email'];
const fieldId = (field: SimplifiqueField) => `simplifique-${field}`;

function FieldError({ field, errors }: { field: SimplifiqueField; errors: SimplifiqueErrors }) {
  return errors[field] ? (
    <p className={styles.error} id={`${fieldId(field)}-erro`}>
      <span className="visually-hidden">Erro: </span>
      {errors[field]}
    </p>
  ) : null;
}

const describedBy = (field: SimplifiqueField, errors: SimplifiqueErrors, hint = false) =>
  [hint ? `${fieldId(field)}-dica` : '', errors[field] ? `${fieldId(field)}-erro` : ''].filter(Boolean).join(' ') || undefined;

/** 'Simplifique!': a plain POST form (works without JavaScript); the server validates and stores. */
export function SimplifiqueForm({ values, errors, serverError }: { values: SimplifiqueValues; errors: SimplifiqueErrors; serverError?: string }) {
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting';
  // One list per answer (the summary takes focus when a new answer comes, not on every render).
  const summary = useMemo(() => FIELD_ORDER.filter((f) => errors[f]).map((f) => ({ field: fieldId(f), message: errors[f]! })), [errors]);
  return (
    <Form method="post" className={styles.form} noValidate>
      <ErrorSummary errors={summary} id="simplifique-erros" />
      {serverError ? (
        <p className={styles.summary} role="alert">
          {serverError}
        </p>
      ) : null}
      <fieldset className={styles.fieldset} aria-describedby={describedBy('assunto', errors)}>
        <legend className={styles.label}>Sobre o que é a sua sugestão?</legend>
        <FieldError field="assunto" errors={errors} />
        {Object.entries(SIMPLIFIQUE_SUBJECTS).map(([value, label], index) => (
          <label key={value} className={styles.radio}>
            <input type="radio" name="assunto" value={value} defaultChecked={values.assunto === value} id={index === 0 ? fieldId('assunto') : undefined} />
            {label}
          </label>
        ))}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={fieldId('servico')} className={styles.label}>
          Serviço (opcional)
        </label>
        <p className={styles.hint} id={`${fieldId('servico')}-dica`}>
          O nome do serviço a que a sugestão se refere, por exemplo Renovação da CNH.
        </p>
        <FieldError field="servico" errors={errors} />
        <input id={fieldId('servico')} name="servico" defaultValue={values.servico} maxLength={200} aria-describedby={describedBy('servico', errors, true)} aria-invalid={!!errors.servico || undefined} className={styles.input} />
      </div>
      <div className={styles.field}>
        <label htmlFor={fieldId('mensagem')} className={styles.label}>
          Sua sugestão
        </label>
        <p className={styles.hint} id={`${fieldId('mensagem')}-dica`}>
          Conte o que é difícil hoje e como poderia ser mais simples (de 20 a {SIMPLIFIQUE_MESSAGE_MAX} caracteres).
        </p>
        <FieldError field="mensagem" errors={errors} />
        <textarea id={fieldId('mensagem')} name="mensagem" rows={6} defaultValue={values.mensagem} aria-describedby={describedBy('mensagem', errors, true)} aria-invalid={!!errors.mensagem || undefined} className={styles.input} />
      </div>
      <div className={styles.field}>
        <label htmlFor={fieldId('nome')} className={styles.label}>
          Nome (opcional)
        </label>
        <FieldError field="nome" errors={errors} />
        <input id={fieldId('nome')} name="nome" autoComplete="name" defaultValue={values.nome} aria-describedby={describedBy('nome', errors)} aria-invalid={!!errors.nome || undefined} className={styles.input} />
      </div>
      <div className={styles.field}>
        <label htmlFor={fieldId('email')} className={styles.label}>
          E-mail para resposta (opcional)
        </label>
        <p className={styles.hint} id={`${fieldId('email')}-dica`}>
          Usado apenas para responder a esta sugestão.
        </p>
        <FieldError field="email" errors={errors} />
        <input id={fieldId('email')} name="email" type="email" autoComplete="email" spellCheck={false} defaultValue={values.email} aria-describedby={describedBy('email', errors, true)} aria-invalid={!!errors.email || undefined} className={styles.input} />
      </div>
      <button type="submit" className={styles.submit} disabled={sending}>
        {sending ? 'Enviando…' : 'Enviar sugestão'}
      </button>
    </Form>
  );
}

/** The confirmation, with the protocol to keep; takes focus so a screen reader hears it. */
export function SimplifiqueSent({ protocolo }: { protocolo: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} className={styles.sent} tabIndex={-1} role="status" data-testid="simplifique-sent">
      <h2>
        <CircleCheck size={24} aria-hidden="true" /> Sugestão enviada
      </h2>
      <p>
        Obrigado! Guarde o número do protocolo: <strong>{protocolo}</strong>.
      </p>
      <p>
        <a href="/app/app-simplifique">Enviar outra sugestão</a>
      </p>
    </div>
  );
}
