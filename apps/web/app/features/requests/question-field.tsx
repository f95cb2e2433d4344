import { answerText, FILE_TYPES, MAX_FILE_MB, type Answer, type Question, type RequestFile } from '@portal/contracts';
import { formatNumber } from '../../lib/format.ts';
import styles from './requests.module.css';

const AUTOCOMPLETE: Partial<Record<Question['kind'], string>> = { email: 'email', telefone: 'tel', cep: 'postal-code' };
const INPUT_MODE: Partial<Record<Question['kind'], 'numeric' | 'decimal' | 'email' | 'tel'>> = { cpf: 'numeric', cnpj: 'numeric', cep: 'numeric', data: 'numeric', numero: 'decimal', email: 'email', telefone: 'tel' };
const EXAMPLES: Partial<Record<Question['kind'], string>> = {
  data: 'Por exemplo, 25/03/2026.',
  cpf: 'Os 11 números, com ou sem pontos.',
  cnpj: 'Os 14 números, com ou sem pontos.',
  cep: 'Por exemplo, 64000-000.',
  telefone: 'Com DDD, por exemplo (86) 99999-0000.',
};

const fileRule = (question: Question) =>
  `${(question.accept.length ? question.accept : Object.keys(FILE_TYPES)).map((type) => FILE_TYPES[type as keyof typeof FILE_TYPES]).join(', ')}, até ${formatNumber(question.maxSizeMb ?? MAX_FILE_MB)} MB.`;

/**
 * One question of a request form, as GOV.UK's design system draws it: the label (a legend for choices), the hint,
 * the error above the field, the answer as typed; each field's id is the question's (the error summary links to it).
 * `typed`: what the citizen typed (a refused or unchecked post), shown before the saved answer.
 */
export function QuestionField({
  question,
  answer,
  error,
  files,
  postPath,
  appliesWhen,
}: {
  question: Question;
  answer: Answer | undefined;
  error?: string;
  files: RequestFile[];
  postPath: string;
  /** when the question depends on another answer of the same page: says when to answer it */
  appliesWhen?: string;
}) {
  const id = question.id;
  const hintId = `${id}-dica`;
  const errorId = `${id}-erro`;
  const describedBy = [appliesWhen || question.hint || EXAMPLES[question.kind] || question.kind === 'arquivo' ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const hint = [appliesWhen, question.hint, question.kind === 'arquivo' ? fileRule(question) : EXAMPLES[question.kind]].filter(Boolean).join(' ');
  const optional = question.required ? '' : ' (opcional)';
  const value = typeof answer === 'string' ? (['data', 'numero', 'telefone'].includes(question.kind) ? answerText(question, answer) || answer : answer) : '';
  const hintAndError = (
    <>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          <span className="visually-hidden">Erro: </span>
          {error}
        </p>
      ) : null}
    </>
  );
  const wrap = `${styles.field} ${error ? styles.invalid : ''}`;

  if (question.kind === 'escolha' || question.kind === 'escolhas' || question.kind === 'sim_nao') {
    const options = question.kind === 'sim_nao' ? [{ value: 'sim', label: 'Sim' }, { value: 'nao', label: 'Não' }] : question.options;
    const chosen = new Set(Array.isArray(answer) ? answer : answer ? [answer] : []);
    const type = question.kind === 'escolhas' ? 'checkbox' : 'radio';
    return (
      <div className={wrap} id={`pergunta-${id}`}>
        <fieldset className={styles.fieldset} aria-describedby={describedBy}>
          <legend>
            {question.label}
            {optional}
          </legend>
          {hintAndError}
          {options.map((option, i) => (
            <label key={option.value} className={styles.choice}>
              <input type={type} name={id} value={option.value} id={i === 0 ? id : `${id}-${option.value}`} defaultChecked={chosen.has(option.value)} />
              {option.label}
            </label>
          ))}
        </fieldset>
      </div>
    );
  }

  if (question.kind === 'declaracao') {
    return (
      <div className={wrap} id={`pergunta-${id}`}>
        {hintAndError}
        <label className={styles.choice}>
          <input type="checkbox" name={id} value="aceito" id={id} defaultChecked={answer === 'aceito'} aria-describedby={describedBy} />
          {question.label}
        </label>
      </div>
    );
  }

  if (question.kind === 'arquivo') {
    const mine = files.filter((file) => file.question === id);
    return (
      <div className={wrap} id={`pergunta-${id}`}>
        <label className={styles.label} htmlFor={id}>
          {question.label}
          {optional}
        </label>
        {hintAndError}
        {mine.length ? (
          <ul className={styles.files} aria-label={`Arquivos enviados: ${question.label}`}>
            {mine.map((file) => (
              <li key={file.id}>
                <span>
                  {file.name} ({formatNumber(file.size / 1024 / 1024, { maximumFractionDigits: 1 })} MB)
                </span>
                <button type="submit" name="acao" value={`remover-${file.id}`} formNoValidate className={styles.link} formAction={postPath}>
                  Remover<span className="visually-hidden"> {file.name}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input type="file" name={id} id={id} accept={(question.accept.length ? question.accept : Object.keys(FILE_TYPES)).join(',')} aria-describedby={describedBy} />
        <p>
          <button type="submit" name="acao" value="anexar" formNoValidate className={styles.secondary}>
            {mine.length ? 'Anexar outro arquivo' : 'Anexar arquivo'}
          </button>
        </p>
      </div>
    );
  }

  const common = {
    name: id,
    id,
    defaultValue: value,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    autoComplete: AUTOCOMPLETE[question.kind] ?? 'off',
    spellCheck: question.kind === 'texto' || question.kind === 'texto_longo' ? undefined : false,
  } as const;
  return (
    <div className={wrap} id={`pergunta-${id}`}>
      <label className={styles.label} htmlFor={id}>
        {question.label}
        {optional}
      </label>
      {hintAndError}
      {question.kind === 'texto_longo' ? (
        <textarea {...common} className={styles.textarea} rows={6} />
      ) : (
        <input {...common} type={question.kind === 'email' ? 'email' : 'text'} inputMode={INPUT_MODE[question.kind]} className={`${styles.input} ${['cpf', 'cep', 'data', 'numero', 'cnpj', 'telefone'].includes(question.kind) ? styles.short : ''}`} />
      )}
    </div>
  );
}
