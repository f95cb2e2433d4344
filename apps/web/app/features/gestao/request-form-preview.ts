import { checkAll, checkPage, visiblePages, type Answer, type Answers, type FormPage, type RequestForm } from '@portal/contracts';

// The request form's preview (issue 27): the editor fills the draft's form in as a citizen would, page by page,
// and nothing is stored: the answers so far travel in the page's form (one hidden field), each page is checked
// with the contract's `checkPage`, the pages shown follow its `visiblePages`. Files are never sent.

/** Where the preview is: its start, a page of the form (its id), 'Verifique suas respostas', or done. */
export type PreviewStep = { kind: 'inicio' } | { kind: 'pagina'; page: string } | { kind: 'verificar' } | { kind: 'fim' };

export interface PreviewState {
  step: PreviewStep;
  answers: Answers;
  /** what the page's last post typed, shown again with its errors */
  typed: Answers;
  errors: { field: string; message: string }[];
  notice?: string;
}

/** The answer a file question has in the preview: none is sent, and the question counts as answered. */
const PREVIEW_FILE = 'previa';
export const FILES_NOT_SENT = 'Na prévia, os arquivos não são enviados: esta pergunta conta como respondida.';

/** The form's own fields: names no question can have (an identifier is letters, digits and _). */
export const PREVIEW_FIELDS = { answers: 'previa-respostas', step: 'previa-passo', action: 'previa-acao', declaration: 'previa-declaracao' } as const;

export const START: PreviewState = { step: { kind: 'inicio' }, answers: {}, typed: {}, errors: [] };

/** The answers carried in the page, as an object of texts and lists of texts (anything else is dropped). */
export function readAnswers(json: string | undefined): Answers {
  if (!json || json.length > 200_000) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const answers: Answers = {};
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
      if (!/^[a-z][a-z0-9_]*$/.test(key)) continue;
      if (typeof value === 'string') answers[key] = value;
      else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) answers[key] = value as string[];
    }
    return answers;
  } catch {
    return {};
  }
}

const stepAt = (form: RequestForm, answers: Answers, id: string | undefined): PreviewStep => {
  const pages = visiblePages(form, answers);
  const page = pages.find((p) => p.id === id) ?? pages[0];
  return page ? { kind: 'pagina', page: page.id } : { kind: 'verificar' };
};

/** A page's fields as the citizen's page sends them: files stand for themselves in the preview. */
function sentFor(page: FormPage, posted: Record<string, Answer>): Answers {
  const sent: Answers = {};
  for (const question of page.questions) {
    if (question.kind === 'arquivo') sent[question.id] = [PREVIEW_FILE];
    else if (posted[question.id] !== undefined) sent[question.id] = posted[question.id]!;
  }
  return sent;
}

/**
 * One post of the preview: `action` is the button pressed ('comecar', 'continuar', 'voltar', 'anexar',
 * 'ir:<page>', 'enviar', 'recomecar'), `posted` the page's fields. The next state, checked as the citizen's
 * pages check it.
 */
export function previewPost(form: RequestForm, input: { step: string; action: string; answers: Answers; posted: Record<string, Answer>; declaration: boolean }): PreviewState {
  const { answers } = input;
  const at = (step: PreviewStep, more: Partial<PreviewState> = {}): PreviewState => ({ step, answers, typed: {}, errors: [], ...more });
  if (input.action === 'recomecar') return START;
  if (input.action === 'comecar') return at(stepAt(form, answers, undefined));
  if (input.action.startsWith('ir:')) return at(stepAt(form, answers, input.action.slice(3)));
  if (input.action === 'enviar' || input.step === 'verificar') {
    if (input.action !== 'enviar') return at({ kind: 'verificar' });
    const all = checkAll(form, answers);
    if (all.errors.length) return at({ kind: 'pagina', page: all.errors[0]!.page }, { errors: all.errors.map(({ field, message }) => ({ field, message })) });
    if (!input.declaration) return at({ kind: 'verificar' }, { errors: [{ field: PREVIEW_FIELDS.declaration, message: 'Para enviar, marque a declaração.' }] });
    return at({ kind: 'fim' }, { answers: all.answers });
  }
  const page = visiblePages(form, answers).find((p) => p.id === input.step);
  if (!page) return at(stepAt(form, answers, undefined));
  const sent = sentFor(page, input.posted);
  const checked = checkPage(page, sent, answers);
  // Going back or pressing 'Anexar arquivo' keeps the answers that are right, and asks nothing yet.
  const kept = { ...answers, ...checked.answers };
  if (input.action === 'voltar') {
    const pages = visiblePages(form, kept);
    const i = pages.findIndex((p) => p.id === page.id);
    return at(i > 0 ? { kind: 'pagina', page: pages[i - 1]!.id } : { kind: 'inicio' }, { answers: kept });
  }
  if (input.action === 'anexar') return at({ kind: 'pagina', page: page.id }, { answers: kept, typed: sent, notice: 'Na prévia, os arquivos não são enviados. No portal, o arquivo escolhido é anexado aqui.' });
  if (checked.errors.length) return at({ kind: 'pagina', page: page.id }, { typed: sent, errors: checked.errors });
  const pages = visiblePages(form, kept);
  const next = pages[pages.findIndex((p) => p.id === page.id) + 1];
  return at(next ? { kind: 'pagina', page: next.id } : { kind: 'verificar' }, { answers: kept });
}

/** The step's name in the page's hidden field. */
export const stepName = (step: PreviewStep) => (step.kind === 'pagina' ? step.page : step.kind);
