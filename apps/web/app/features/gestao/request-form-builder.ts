import {
  FILE_TYPE_LIST,
  MAX_FILE_MB,
  QUESTION_KINDS,
  RequestForm,
  RESERVED_PAGE_IDS,
  ServiceContent,
  type FileType,
  type QuestionKind,
  type RequestFormInput,
} from '@portal/contracts';

// The request form's builder (issue 27): a service's form as the back office's plain form edits it (every
// field a text, as typed), read back from a post, changed by its buttons ('Adicionar pergunta', 'Mover para
// cima', ...) and checked with the contracts' RequestForm schema. Pure: the route's action and the page share it.

export interface DraftCondition {
  /** the earlier question's id; '' for none */
  question: string;
  equals: string[];
}
export interface DraftOption {
  value: string;
  label: string;
}
export interface DraftQuestion {
  id: string;
  /** its id is in the saved form: it stays (requests carry answers across versions by it) */
  stored: boolean;
  kind: QuestionKind;
  label: string;
  hint: string;
  required: boolean;
  /** kept whatever the kind, so a kind changed back loses nothing; only choices save them */
  options: DraftOption[];
  min: string;
  max: string;
  accept: FileType[];
  maxSizeMb: string;
  condition: DraftCondition;
}
export interface DraftPage {
  id: string;
  stored: boolean;
  title: string;
  condition: DraftCondition;
  questions: DraftQuestion[];
}
export interface BuilderDraft {
  /** 'O serviço é solicitado pelo portal': off saves no form */
  enabled: boolean;
  intro: string;
  declaration: string;
  deadlineDays: string;
  pages: DraftPage[];
}
export interface BuilderError {
  field: string;
  message: string;
}

/** What each kind of question has besides its label: options, a minimum and maximum, file rules. */
const kindUses = (kind: QuestionKind) => ({
  options: kind === 'escolha' || kind === 'escolhas',
  range: kind === 'texto' || kind === 'texto_longo' || kind === 'numero' || kind === 'escolhas',
  file: kind === 'arquivo',
});

/** The kinds a condition may read: an answer that is one of a few values. */
const CONDITION_KINDS: readonly QuestionKind[] = ['escolha', 'escolhas', 'sim_nao'];
const YES_NO: DraftOption[] = [
  { value: 'sim', label: 'Sim' },
  { value: 'nao', label: 'Não' },
];
/** The values a condition on this question may require. */
const conditionValues = (question: Pick<DraftQuestion, 'kind' | 'options'>): DraftOption[] => (question.kind === 'sim_nao' ? YES_NO : question.options);

/** A field's element id, from its name ('pages.0.title' → 'campo-pages-0-title'): what the error summary links to. */
export const fieldId = (name: string) => `campo-${name.replace(/\./g, '-')}`;

const ID_LENGTH = 40;

/** An identifier from a text: lower-case ASCII and underscores, starting with a letter ('Placa do veículo' → 'placa_do_veiculo'). */
export function idFrom(text: string, fallback: string): string {
  let id = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[_0-9]+|_+$/g, '');
  if (id.length > ID_LENGTH) {
    const cut = id.slice(0, ID_LENGTH);
    id = cut.includes('_') ? cut.slice(0, cut.lastIndexOf('_')) : cut;
  }
  return id || fallback;
}

/** `base`, or `base_2`, `base_3`... the first not taken; it is then taken. */
export function uniqueId(base: string, taken: Set<string>): string {
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base.slice(0, ID_LENGTH)}_${n}`;
  taken.add(id);
  return id;
}

const norm = (text: string) => text.trim().toLowerCase();

/**
 * The options typed one per line, with their values: an option already there keeps its value (a condition and
 * the answers given refer to it), found by its text, or by its place when only its text changed; a new one gets
 * a value from its text, never one an option had before.
 */
export function optionsFrom(lines: string[], previous: DraftOption[]): DraftOption[] {
  const found: (DraftOption | null)[] = lines.map(() => null);
  const used = new Set<string>();
  lines.forEach((label, i) => {
    const same = previous.find((option) => !used.has(option.value) && norm(option.label) === norm(label));
    if (same) {
      found[i] = { value: same.value, label };
      used.add(same.value);
    }
  });
  lines.forEach((label, i) => {
    const before = previous[i];
    if (found[i] || !before || used.has(before.value) || lines.some((line) => norm(line) === norm(before.label))) return;
    found[i] = { value: before.value, label };
    used.add(before.value);
  });
  const taken = new Set([...previous.map((option) => option.value), ...used]);
  return lines.map((label, i) => found[i] ?? { value: uniqueId(idFrom(label, 'opcao'), taken), label });
}

const NO_CONDITION: DraftCondition = { question: '', equals: [] };

const emptyQuestion = (): DraftQuestion => ({
  id: '',
  stored: false,
  kind: 'texto',
  label: '',
  hint: '',
  required: true,
  options: [],
  min: '',
  max: '',
  accept: [],
  maxSizeMb: '',
  condition: { ...NO_CONDITION },
});
const emptyPage = (): DraftPage => ({ id: '', stored: false, title: '', condition: { ...NO_CONDITION }, questions: [emptyQuestion()] });

const numberText = (value: number | undefined) => (value === undefined ? '' : String(value).replace('.', ','));

/** The form as saved (or none), as the builder shows it. */
export function draftFromForm(form: RequestForm | null, deadlineDays: number | null): BuilderDraft {
  const condition = (c: { question: string; equals: string[] } | undefined): DraftCondition => (c ? { question: c.question, equals: [...c.equals] } : { ...NO_CONDITION });
  return {
    enabled: !!form,
    intro: form?.intro ?? '',
    declaration: form?.declaration ?? '',
    deadlineDays: deadlineDays === null ? '' : String(deadlineDays),
    pages: (form?.pages ?? []).map((page) => ({
      id: page.id,
      stored: true,
      title: page.title,
      condition: condition(page.condition),
      questions: page.questions.map((q) => ({
        id: q.id,
        stored: true,
        kind: q.kind,
        label: q.label,
        hint: q.hint,
        required: q.required,
        options: q.options.map((o) => ({ ...o })),
        min: numberText(q.min),
        max: numberText(q.max),
        accept: [...q.accept],
        maxSizeMb: numberText(q.maxSizeMb),
        condition: condition(q.condition),
      })),
    })),
  };
}

/** A posted form's text fields: a name sent once is a string, sent again a list. */
export type PostedValues = Record<string, string | string[]>;

const one = (values: PostedValues, name: string) => {
  const value = values[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};
const many = (values: PostedValues, name: string) => {
  const value = values[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
};
/** The indexes of the rows posted under a prefix ('pages' → 0, 1, 2), in order. */
const rows = (values: PostedValues, prefix: string) =>
  [...new Set(Object.keys(values).flatMap((key) => (key.startsWith(`${prefix}.`) ? [Number(key.slice(prefix.length + 1).split('.')[0])] : [])))]
    .filter((n) => Number.isInteger(n) && n >= 0)
    .sort((a, b) => a - b);
const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

function previousOptions(json: string): DraftOption[] {
  try {
    const parsed: unknown = JSON.parse(json || '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((o): o is DraftOption => !!o && typeof o === 'object' && typeof o.value === 'string' && typeof o.label === 'string').slice(0, 100);
  } catch {
    return [];
  }
}

const conditionFrom = (values: PostedValues, prefix: string): DraftCondition => {
  const question = one(values, `${prefix}.question`).trim();
  return question ? { question, equals: many(values, `${prefix}.equals`) } : { ...NO_CONDITION };
};

/** The builder's post read back as the draft it shows, with identifiers given to what is new. */
export function draftFromValues(values: PostedValues): BuilderDraft {
  const pages = rows(values, 'pages').map((p): DraftPage => {
    const at = `pages.${p}`;
    return {
      id: one(values, `${at}.id`).trim(),
      stored: one(values, `${at}.stored`) === '1',
      title: one(values, `${at}.title`).trim(),
      condition: conditionFrom(values, `${at}.condition`),
      questions: rows(values, `${at}.questions`).map((q): DraftQuestion => {
        const qt = `${at}.questions.${q}`;
        const kind = one(values, `${qt}.kind`);
        return {
          id: one(values, `${qt}.id`).trim(),
          stored: one(values, `${qt}.stored`) === '1',
          kind: (QUESTION_KINDS as readonly string[]).includes(kind) ? (kind as QuestionKind) : 'texto',
          label: one(values, `${qt}.label`).trim(),
          hint: one(values, `${qt}.hint`).trim(),
          required: values[`${qt}.required`] !== undefined,
          options: optionsFrom(lines(one(values, `${qt}.options`)), previousOptions(one(values, `${qt}.optionValues`))),
          min: one(values, `${qt}.min`).trim(),
          max: one(values, `${qt}.max`).trim(),
          accept: many(values, `${qt}.accept`).filter((type): type is FileType => (FILE_TYPE_LIST as string[]).includes(type)),
          maxSizeMb: one(values, `${qt}.maxSizeMb`).trim(),
          condition: conditionFrom(values, `${qt}.condition`),
        };
      }),
    };
  });
  return assignIds({
    enabled: values.enabled !== undefined,
    intro: one(values, 'intro').trim(),
    declaration: one(values, 'declaration').trim(),
    deadlineDays: one(values, 'deadlineDays').trim(),
    pages,
  });
}

/**
 * Identifiers for what has not been saved yet, from its current title or label (so they follow the text until the
 * first save, and stay after it), unique, never a page name of the portal; conditions follow a renamed question.
 */
function assignIds(draft: BuilderDraft): BuilderDraft {
  const pageIds = new Set([...RESERVED_PAGE_IDS, ...draft.pages.filter((page) => page.stored && page.id).map((page) => page.id)]);
  const questionIds = new Set(draft.pages.flatMap((page) => page.questions.filter((q) => q.stored && q.id).map((q) => q.id)));
  const renamed = new Map<string, string>();
  const pages = draft.pages.map((page) => ({
    ...page,
    id: page.stored && page.id ? page.id : uniqueId(idFrom(page.title, 'pagina'), pageIds),
    questions: page.questions.map((question) => {
      if (question.stored && question.id) return question;
      const id = uniqueId(idFrom(question.label, 'pergunta'), questionIds);
      if (question.id && question.id !== id) renamed.set(question.id, id);
      return { ...question, id };
    }),
  }));
  const follow = (condition: DraftCondition) => (renamed.has(condition.question) ? { ...condition, question: renamed.get(condition.question)! } : condition);
  return {
    ...draft,
    pages: pages.map((page) => ({ ...page, condition: follow(page.condition), questions: page.questions.map((q) => ({ ...q, condition: follow(q.condition) })) })),
  };
}

/** A builder button's effect: the draft changed, and where the page puts the focus, or what it says. */
interface IntentResult {
  draft: BuilderDraft;
  focus?: string;
  notice?: string;
}

/**
 * The builder's buttons other than 'Salvar rascunho' (each a submit of the whole form, so it works without
 * JavaScript): 'add-page', 'add-question.P', 'remove-page.P', 'remove-question.P.Q', 'up.P.Q', 'down.P.Q';
 * anything else ('refresh') answers the form again as it is.
 */
export function applyIntent(draft: BuilderDraft, intent: string): IntentResult {
  const [verb, a, b] = intent.split('.');
  const p = Number(a);
  const q = Number(b);
  const pages = draft.pages.map((page) => ({ ...page, questions: [...page.questions] }));
  const page = Number.isInteger(p) ? pages[p] : undefined;
  const done = (focus?: string, notice?: string): IntentResult => ({ draft: assignIds({ ...draft, pages }), focus, notice });
  switch (verb) {
    case 'add-page':
      pages.push(emptyPage());
      return done(fieldId(`pages.${pages.length - 1}.title`));
    case 'add-question':
      if (!page) break;
      page.questions.push(emptyQuestion());
      return done(fieldId(`pages.${p}.questions.${page.questions.length - 1}.label`));
    case 'remove-page':
      if (!page) break;
      pages.splice(p, 1);
      return done(undefined, `Página ${p + 1} removida${page.title ? `: ${page.title}` : ''}.`);
    case 'remove-question':
      if (!page?.questions[q]) break;
      {
        const [removed] = page.questions.splice(q, 1);
        return done(undefined, `Pergunta ${q + 1} da página ${p + 1} removida${removed!.label ? `: ${removed!.label}` : ''}.`);
      }
    case 'up':
    case 'down': {
      const to = verb === 'up' ? q - 1 : q + 1;
      if (!page?.questions[q] || !page.questions[to]) break;
      [page.questions[q], page.questions[to]] = [page.questions[to]!, page.questions[q]!];
      // The same button of the question moved, at its new place (or the other one, at an end).
      const there = verb === 'up' ? (to > 0 ? 'up' : 'down') : to < page.questions.length - 1 ? 'down' : 'up';
      return done(moveButtonId(p, to, there));
    }
  }
  return { draft };
}

export const moveButtonId = (p: number, q: number, direction: 'up' | 'down') => `mover-${p}-${q}-${direction === 'up' ? 'acima' : 'abaixo'}`;

/** The questions before a page (or before one of its questions) a condition may read, with the values it may require. */
export function conditionSources(draft: BuilderDraft, p: number, q?: number) {
  const before = draft.pages.flatMap((page, i) => (i < p ? page.questions : i === p && q !== undefined ? page.questions.slice(0, q) : []));
  return before.filter((question) => CONDITION_KINDS.includes(question.kind)).map((question) => ({ id: question.id, label: question.label || question.id, values: conditionValues(question) }));
}

/** Where in the builder a schema issue's path is: the field to link to (a generated id: the text it comes from). */
export function issueField(path: readonly PropertyKey[]): string {
  const parts: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const key = String(path[i]);
    if (key === 'condition') {
      parts.push('condition', path[i + 1] === 'equals' ? 'equals' : 'question');
      break;
    }
    if (key === 'options' || key === 'accept') {
      parts.push(key);
      break;
    }
    if (key === 'id') {
      parts.push(parts.length > 2 ? 'label' : 'title');
      break;
    }
    parts.push(key);
  }
  return fieldId(parts.join('.') || 'enabled');
}

/** 'Página 2, pergunta 1', for a message that could be about any of them. */
function where(path: readonly PropertyKey[]): string {
  if (path[0] !== 'pages' || typeof path[1] !== 'number') return '';
  const page = `Página ${path[1] + 1}`;
  return path[2] === 'questions' && typeof path[3] === 'number' ? `${page}, pergunta ${path[3] + 1}` : page;
}

/** A number as typed ('3,5' or '3.5'); undefined for nothing typed, NaN for what is not a number. */
const typedNumber = (text: string) => (text === '' ? undefined : /^-?\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN);

/**
 * The draft checked: the form to save (null: the service is not requested in the portal) and its deadline, or each
 * problem with the field it links to. The numbers typed are read first; the rest is the contract's schema.
 */
export function checkDraft(draft: BuilderDraft): { ok: true; requestForm: RequestForm | null; deadlineDays: number | null } | { ok: false; errors: BuilderError[] } {
  const errors: BuilderError[] = [];
  const problem = (path: (string | number)[], message: string) => {
    const at = where(path);
    errors.push({ field: issueField(path), message: at ? `${at}: ${message}` : message });
  };

  const days = typedNumber(draft.deadlineDays);
  const deadline = ServiceContent.shape.deadlineDays.safeParse(days === undefined ? null : days);
  if (Number.isNaN(days)) problem(['deadlineDays'], 'Prazo de resposta: escreva um número de dias úteis, como 15.');
  else if (!deadline.success) problem(['deadlineDays'], deadline.error.issues[0]!.message);

  if (!draft.enabled) return errors.length ? { ok: false, errors } : { ok: true, requestForm: null, deadlineDays: deadline.data ?? null };

  const condition = (c: DraftCondition) => (c.question ? { question: c.question, equals: c.equals } : undefined);
  const form: RequestFormInput = {
    intro: draft.intro,
    declaration: draft.declaration,
    pages: draft.pages.map((page, p) => ({
      id: page.id,
      title: page.title,
      condition: condition(page.condition),
      questions: page.questions.map((question, q) => {
        const uses = kindUses(question.kind);
        const at = ['pages', p, 'questions', q];
        const number = (name: 'min' | 'max' | 'maxSizeMb', label: string, whole: boolean) => {
          const value = typedNumber(question[name]);
          if (value === undefined) return undefined;
          if (Number.isNaN(value) || (whole && (!Number.isInteger(value) || value < 0))) problem([...at, name], `${label}: escreva ${whole ? 'um número inteiro, como 10' : 'um número, como 10 ou 2,5'}.`);
          return value;
        };
        const whole = question.kind !== 'numero';
        const min = uses.range ? number('min', 'Mínimo', whole) : undefined;
        const max = uses.range ? number('max', 'Máximo', whole) : undefined;
        if (min !== undefined && max !== undefined && min > max) problem([...at, 'max'], 'O máximo é menor que o mínimo.');
        let maxSizeMb = uses.file ? number('maxSizeMb', 'Tamanho máximo', false) : undefined;
        if (maxSizeMb !== undefined && !Number.isNaN(maxSizeMb) && !(maxSizeMb >= 0.1 && maxSizeMb <= MAX_FILE_MB)) {
          problem([...at, 'maxSizeMb'], `Tamanho máximo: de 0,1 a ${MAX_FILE_MB} MB.`);
          maxSizeMb = undefined;
        }
        return {
          id: question.id,
          kind: question.kind,
          label: question.label,
          hint: question.hint,
          required: question.required,
          condition: condition(question.condition),
          options: uses.options ? question.options : [],
          min: Number.isNaN(min) ? undefined : min,
          max: Number.isNaN(max) ? undefined : max,
          accept: uses.file ? question.accept : [],
          maxSizeMb: uses.file && !Number.isNaN(maxSizeMb) ? maxSizeMb : undefined,
        };
      }),
    })),
  };
  // A condition's values are those its question offers: one it no longer offers (an option removed) is dropped,
  // and the schema then asks for a value if none is left.
  const offered = new Map(draft.pages.flatMap((page) => page.questions.map((q) => [q.id, new Set(conditionValues(q).map((o) => o.value))] as const)));
  for (const page of form.pages) {
    for (const c of [page.condition, ...page.questions.map((q) => q.condition)]) {
      if (c && offered.has(c.question)) c.equals = c.equals.filter((value) => offered.get(c.question)!.has(value));
    }
  }

  const parsed = RequestForm.safeParse(form);
  if (!parsed.success) for (const issue of parsed.error.issues) problem(issue.path as (string | number)[], issue.message);
  if (errors.length || !parsed.success) {
    const seen = new Set<string>();
    return { ok: false, errors: errors.filter((e) => !seen.has(`${e.field}:${e.message}`) && !!seen.add(`${e.field}:${e.message}`)) };
  }
  return { ok: true, requestForm: parsed.data, deadlineDays: deadline.data ?? null };
}
