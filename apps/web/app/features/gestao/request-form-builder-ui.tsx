import { FILE_TYPE_LIST, FILE_TYPES, MAX_FILE_MB, QUESTION_KIND_LABELS, QUESTION_KINDS } from '@portal/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import gestao from './gestao.module.css';
import styles from './request-form-builder.module.css';
import { conditionSources, fieldId, moveButtonId, type BuilderDraft, type DraftCondition, type DraftPage, type DraftQuestion } from './request-form-builder.ts';

/** The problems of the last save, by field id; and the element the last button's effect leads to. */
export interface BuilderView {
  errors: Map<string, string>;
  focus?: string;
}

const autofocus = (view: BuilderView, id: string) => (view.focus === id ? { 'data-autofocus': '' } : {});

function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p className={gestao.alert} id={`${id}-erro`}>
      <span className="visually-hidden">Erro: </span>
      {error}
    </p>
  );
}

type FieldProps = { id: string; name: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean; 'data-autofocus'?: string };

/** A labelled field: its hint and its error (what the summary links to) tied to it. */
export function Field({ name, label, hint, view, children }: { name: string; label: string; hint?: string; view: BuilderView; children: (props: FieldProps) => ReactNode }) {
  const id = fieldId(name);
  const error = view.errors.get(id);
  const describedBy = [hint ? `${id}-dica` : '', error ? `${id}-erro` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={gestao.field}>
      <label className={gestao.label} htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className={gestao.hint} id={`${id}-dica`}>
          {hint}
        </p>
      ) : null}
      <ErrorText id={id} error={error} />
      {children({ id, name, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined, ...autofocus(view, id) })}
    </div>
  );
}

/**
 * When a page or question is shown: always, or when an earlier choice or yes/no question has one of some values.
 * The values are those of the question chosen; without scripts, a button shows those of a question just chosen.
 */
function ConditionEditor({ name, what, condition, sources, view }: { name: string; what: string; condition: DraftCondition; sources: ReturnType<typeof conditionSources>; view: BuilderView }) {
  const [question, setQuestion] = useState(condition.question);
  const select = useRef<HTMLSelectElement>(null);
  // A choice made before the page's scripts ran is the one that counts.
  useEffect(() => {
    if (select.current && select.current.value !== condition.question) setQuestion(select.current.value);
  }, [condition.question]);
  const listed = !condition.question || sources.some((s) => s.id === condition.question) ? sources : [...sources, { id: condition.question, label: `${condition.question} (não é uma pergunta anterior)`, values: [] }];
  const chosen = listed.find((s) => s.id === question);
  const equalsId = fieldId(`${name}.equals`);
  const equalsError = view.errors.get(equalsId);
  return (
    <fieldset className={gestao.fieldset}>
      <legend>Quando mostrar {what}</legend>
      {listed.length ? (
        <>
          <Field name={`${name}.question`} label="Depende da resposta a" hint="Uma pergunta anterior de escolha ou de sim ou não." view={view}>
            {(props) => (
              <select {...props} ref={select} className={gestao.input} defaultValue={condition.question} onChange={(event) => setQuestion(event.target.value)}>
                <option value="">Sempre mostrar</option>
                {listed.map((source) => (
                  <option key={source.id} value={source.id}>
                    {source.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {chosen && chosen.values.length ? (
            <fieldset className={styles.values} aria-describedby={equalsError ? `${equalsId}-erro` : undefined}>
              <legend>Mostrar quando a resposta for</legend>
              <ErrorText id={equalsId} error={equalsError} />
              {chosen.values.map((value, i) => (
                <label key={value.value} className={gestao.check}>
                  <input type="checkbox" name={`${name}.equals`} value={value.value} id={i === 0 ? equalsId : `${equalsId}-${value.value}`} defaultChecked={question === condition.question && condition.equals.includes(value.value)} />
                  {value.label}
                </label>
              ))}
            </fieldset>
          ) : chosen ? (
            <>
              <ErrorText id={equalsId} error={equalsError} />
              <p className={gestao.hint} id={equalsId} tabIndex={-1}>
                Esta pergunta ainda não tem opções: escreva as opções dela e depois marque aqui os valores.
              </p>
            </>
          ) : null}
          <p className={styles.noScript}>
            <button type="submit" name="intent" value="refresh" className={gestao.secondary}>
              Mostrar os valores da pergunta escolhida<span className="visually-hidden"> ({what})</span>
            </button>
          </p>
        </>
      ) : (
        <p className={gestao.hint}>Sempre: não há antes uma pergunta de escolha ou de sim ou não de que possa depender.</p>
      )}
    </fieldset>
  );
}

function QuestionEditor({ draft, p, q, question, count, view }: { draft: BuilderDraft; p: number; q: number; question: DraftQuestion; count: number; view: BuilderView }) {
  const at = `pages.${p}.questions.${q}`;
  const where = `pergunta ${q + 1} da página ${p + 1}`;
  const acceptId = fieldId(`${at}.accept`);
  const acceptError = view.errors.get(acceptId);
  return (
    <fieldset className={`${gestao.fieldset} ${styles.question}`}>
      <legend>
        Pergunta {q + 1}
        {question.label ? `: ${question.label}` : ''}
      </legend>
      <input type="hidden" name={`${at}.id`} value={question.id} />
      <input type="hidden" name={`${at}.stored`} value={question.stored ? '1' : ''} />
      <Field name={`${at}.label`} label="Pergunta" view={view}>
        {(props) => <input {...props} className={gestao.input} defaultValue={question.label} maxLength={300} />}
      </Field>
      <p className={styles.id}>
        Identificador: <code>{question.id}</code>
        {question.stored ? '' : ' (segue o texto da pergunta até o rascunho ser salvo; depois não muda)'}
      </p>
      <Field name={`${at}.kind`} label="Tipo de resposta" view={view}>
        {(props) => (
          <select {...props} className={`${gestao.input} ${styles.kind}`} defaultValue={question.kind}>
            {QUESTION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {QUESTION_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field name={`${at}.hint`} label="Dica (opcional)" hint="Uma frase que ajuda a responder, mostrada abaixo da pergunta." view={view}>
        {(props) => <input {...props} className={gestao.input} defaultValue={question.hint} maxLength={500} />}
      </Field>
      <label className={gestao.check}>
        <input type="checkbox" name={`${at}.required`} id={fieldId(`${at}.required`)} defaultChecked={question.required} />
        Resposta obrigatória
      </label>
      <div className={`${styles.rule} ${styles.options}`}>
        <input type="hidden" name={`${at}.optionValues`} value={JSON.stringify(question.options)} />
        <Field name={`${at}.options`} label="Opções (para Uma escolha e Várias escolhas)" hint="Uma por linha, na ordem em que o cidadão as lê. Ao menos duas." view={view}>
          {(props) => <textarea {...props} className={gestao.input} rows={4} defaultValue={question.options.map((o) => o.label).join('\n')} />}
        </Field>
      </div>
      <div className={`${styles.rule} ${styles.range} ${styles.row}`}>
        <Field name={`${at}.min`} label="Mínimo (opcional)" hint="Texto: caracteres. Número: o menor valor. Várias escolhas: opções marcadas." view={view}>
          {(props) => <input {...props} className={gestao.input} inputMode="decimal" defaultValue={question.min} />}
        </Field>
        <Field name={`${at}.max`} label="Máximo (opcional)" hint="Texto: caracteres. Número: o maior valor. Várias escolhas: opções marcadas." view={view}>
          {(props) => <input {...props} className={gestao.input} inputMode="decimal" defaultValue={question.max} />}
        </Field>
      </div>
      <div className={`${styles.rule} ${styles.file}`}>
        <fieldset className={styles.values} aria-describedby={acceptError ? `${acceptId}-erro` : undefined}>
          <legend>Tipos de arquivo aceitos (para Arquivo)</legend>
          <ErrorText id={acceptId} error={acceptError} />
          {FILE_TYPE_LIST.map((type, i) => (
            <label key={type} className={gestao.check}>
              <input type="checkbox" name={`${at}.accept`} value={type} id={i === 0 ? acceptId : `${acceptId}-${i}`} defaultChecked={question.accept.includes(type)} />
              {FILE_TYPES[type]}
            </label>
          ))}
        </fieldset>
        <Field name={`${at}.maxSizeMb`} label="Tamanho máximo de cada arquivo, em MB (para Arquivo)" hint={`De 0,1 a ${MAX_FILE_MB} MB. Em branco: ${MAX_FILE_MB} MB.`} view={view}>
          {(props) => <input {...props} className={gestao.input} inputMode="decimal" defaultValue={question.maxSizeMb} />}
        </Field>
      </div>
      <ConditionEditor name={`${at}.condition`} what="esta pergunta" condition={question.condition} sources={conditionSources(draft, p, q)} view={view} />
      <div className={styles.tools}>
        {q > 0 ? (
          <button type="submit" name="intent" value={`up.${p}.${q}`} id={moveButtonId(p, q, 'up')} className={gestao.secondary} {...autofocus(view, moveButtonId(p, q, 'up'))}>
            Mover para cima<span className="visually-hidden"> a {where}</span>
          </button>
        ) : null}
        {q < count - 1 ? (
          <button type="submit" name="intent" value={`down.${p}.${q}`} id={moveButtonId(p, q, 'down')} className={gestao.secondary} {...autofocus(view, moveButtonId(p, q, 'down'))}>
            Mover para baixo<span className="visually-hidden"> a {where}</span>
          </button>
        ) : null}
        <button type="submit" name="intent" value={`remove-question.${p}.${q}`} className={gestao.secondary}>
          Remover<span className="visually-hidden"> a {where}</span>
        </button>
      </div>
    </fieldset>
  );
}

function PageEditor({ draft, p, page, view }: { draft: BuilderDraft; p: number; page: DraftPage; view: BuilderView }) {
  const at = `pages.${p}`;
  const addId = fieldId(`${at}.questions`);
  return (
    <fieldset className={`${gestao.fieldset} ${styles.page}`}>
      <legend>
        Página {p + 1}
        {page.title ? `: ${page.title}` : ''}
      </legend>
      <input type="hidden" name={`${at}.id`} value={page.id} />
      <input type="hidden" name={`${at}.stored`} value={page.stored ? '1' : ''} />
      <Field name={`${at}.title`} label="Título da página" hint="O que a página pergunta, como o cidadão o lê (por exemplo: 'O veículo')." view={view}>
        {(props) => <input {...props} className={gestao.input} defaultValue={page.title} maxLength={200} />}
      </Field>
      <p className={styles.id}>
        Identificador: <code>{page.id}</code>
        {page.stored ? '' : ' (segue o título até o rascunho ser salvo; depois não muda)'}
      </p>
      <ConditionEditor name={`${at}.condition`} what="esta página" condition={page.condition} sources={conditionSources(draft, p)} view={view} />
      {page.questions.map((question, q) => (
        <QuestionEditor key={question.id} draft={draft} p={p} q={q} question={question} count={page.questions.length} view={view} />
      ))}
      <ErrorText id={addId} error={view.errors.get(addId)} />
      <div className={styles.tools}>
        <button type="submit" name="intent" value={`add-question.${p}`} id={addId} className={gestao.secondary} aria-describedby={view.errors.has(addId) ? `${addId}-erro` : undefined}>
          Adicionar pergunta<span className="visually-hidden"> à página {p + 1}</span>
        </button>
        <button type="submit" name="intent" value={`remove-page.${p}`} className={gestao.secondary}>
          Remover a página<span className="visually-hidden"> {p + 1}</span>
        </button>
      </div>
    </fieldset>
  );
}

/** The whole form: whether the service is requested here, what the citizen reads first, its pages, the declaration. */
export function RequestFormBuilder({ draft, view }: { draft: BuilderDraft; view: BuilderView }) {
  const addId = fieldId('pages');
  return (
    <>
      <fieldset className={gestao.fieldset}>
        <legend>Solicitação pelo portal</legend>
        <label className={gestao.check}>
          <input type="checkbox" name="enabled" id={fieldId('enabled')} defaultChecked={draft.enabled} aria-describedby="enabled-dica" />O serviço é solicitado pelo portal
        </label>
        <p className={gestao.hint} id="enabled-dica">
          Desmarcado, o serviço não recebe solicitações pelo portal e o formulário abaixo não é salvo.
        </p>
        <Field name="deadlineDays" label="Prazo de resposta (dias úteis)" hint="Em quantos dias úteis o órgão promete responder. Em branco: sem prazo escrito." view={view}>
          {(props) => <input {...props} className={`${gestao.input} ${styles.short}`} inputMode="numeric" defaultValue={draft.deadlineDays} />}
        </Field>
        <Field name="intro" label="Introdução" hint="O que o cidadão lê antes de começar: o que vai precisar ter à mão." view={view}>
          {(props) => <textarea {...props} className={gestao.input} rows={3} defaultValue={draft.intro} maxLength={2000} />}
        </Field>
      </fieldset>
      <p className={gestao.hint}>
        Nome, CPF, e-mail, telefone e data de nascimento vêm da conta do cidadão e não são perguntados de novo.
      </p>
      {draft.pages.map((page, p) => (
        <PageEditor key={page.id} draft={draft} p={p} page={page} view={view} />
      ))}
      <ErrorText id={addId} error={view.errors.get(addId)} />
      <p>
        <button type="submit" name="intent" value="add-page" id={addId} className={gestao.secondary} aria-describedby={view.errors.has(addId) ? `${addId}-erro` : undefined}>
          Adicionar página
        </button>
      </p>
      <Field name="declaration" label="Declaração" hint="O que o cidadão declara ao enviar (por exemplo, que as informações são verdadeiras)." view={view}>
        {(props) => <textarea {...props} className={gestao.input} rows={3} defaultValue={draft.declaration} maxLength={1000} />}
      </Field>
    </>
  );
}
