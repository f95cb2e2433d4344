import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './gestao.module.css';
import { applyMark, markdownToHtml, MARKS, type Mark } from './markdown.ts';

export const MARKDOWN_HINT = 'Escreva em Markdown: **negrito**, "- " no começo da linha para uma lista, [texto do link](https://endereço). Uma linha em branco separa os parágrafos.';

const MARK_LABEL: Record<Mark, string> = { negrito: 'Negrito', lista: 'Lista', link: 'Link' };
const MARK_ORDER = Object.keys(MARKS) as Mark[];

/**
 * A service text (description, a step's details, an information block) written in Markdown, with its preview as
 * citizens will read it. Without scripts: a plain textarea, its preview as the form was drawn, and the form's
 * 'Ver a prévia dos textos' to see what was typed. With them: a toolbar that marks the selected words and a preview
 * that follows each key (the toolbar shows only where scripts run). The HTML the text had when the form was drawn goes back with it (a hidden field), so an
 * untouched text is saved as it was.
 */
export function MarkdownField({
  name,
  id,
  label,
  value,
  original,
  rows,
  field,
}: {
  name: string;
  id: string;
  label: string;
  value: string;
  original: string;
  rows: number;
  /** the label, hint and error around the textarea, as the form's other fields have them */
  field: (textarea: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ReactNode) => ReactNode;
}) {
  const area = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(value);
  // What was typed before the page's scripts ran is the text (issue 24: nothing typed is lost).
  useEffect(() => {
    if (area.current) setText(area.current.value);
  }, []);
  // A toolbar is one stop of the Tab key; the arrows (and Home, End) move between its buttons (WAI-ARIA's toolbar).
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = MARK_ORDER.length - 1;
    const to = ({ ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: last } as Record<string, number>)[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = to > last ? 0 : to < 0 ? last : to;
    setCurrent(next);
    buttons.current[next]?.focus();
  };
  const mark = (which: Mark) => {
    const textarea = area.current;
    if (!textarea) return;
    const next = applyMark(textarea.value, textarea.selectionStart, textarea.selectionEnd, which);
    textarea.value = next.text;
    textarea.focus();
    textarea.setSelectionRange(next.start, next.end);
    setText(next.text);
  };
  return (
    <div className={styles.markdown}>
      {field((props) => (
        <>
          {/* Drawn by the server and shown wherever scripts run from the first paint (the page's head marks it
              data-js): appearing at hydration, it pushed the form down under a finger about to tap 'Salvar'. A tap
              before hydration is kept and replayed (deferred-hydration.ts). */}
          <div className={styles.toolbar} role="toolbar" aria-label={`Formatar: ${label}`} aria-controls={id} onKeyDown={move}>
            {MARK_ORDER.map((which, i) => (
              <button
                key={which}
                ref={(button) => {
                  buttons.current[i] = button;
                }}
                type="button"
                className={styles.secondary}
                tabIndex={i === current ? 0 : -1}
                onFocus={() => setCurrent(i)}
                onClick={() => mark(which)}
              >
                {MARK_LABEL[which]}
              </button>
            ))}
          </div>
          <textarea {...props} ref={area} name={name} className={styles.input} rows={rows} defaultValue={value} onInput={(event) => setText(event.currentTarget.value)} />
        </>
      ))}
      <input type="hidden" name={`${name}.html`} value={original} />
      <div className={styles.markdownPreview} role="region" aria-label={`Prévia: ${label}`} data-testid={`previa-${id}`}>
        <p className={styles.hint} aria-hidden="true">
          Prévia
        </p>
        {/* markdown.ts makes only Markdown's own markup, with safe links; the API sanitises again on save */}
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: markdownToHtml(text) || '<p>(vazio)</p>' }} />
      </div>
    </div>
  );
}
