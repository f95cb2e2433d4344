import { z } from 'zod';
import { storableText } from './common.ts';
import { formatNumber } from './format.ts';

/**
 * A service's request form (issue 27): content its department owns, versioned, reviewed and published with the
 * rest of the service (`ServiceContent.requestForm`). GOV.UK Forms' model: pages of questions, each shown only
 * when its condition holds, then 'Verifique suas respostas', a declaration and 'Enviar'. The definition is data,
 * checked by this schema; the same functions decide, on the server and in the pages, which pages are shown and
 * whether an answer is right.
 */

export const QUESTION_KINDS = [
  'texto',
  'texto_longo',
  'numero',
  'data',
  'cpf',
  'cnpj',
  'cep',
  'email',
  'telefone',
  'escolha',
  'escolhas',
  'sim_nao',
  'arquivo',
  'declaracao',
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  texto: 'Texto curto',
  texto_longo: 'Texto longo',
  numero: 'Número',
  data: 'Data',
  cpf: 'CPF',
  cnpj: 'CNPJ',
  cep: 'CEP',
  email: 'E-mail',
  telefone: 'Telefone',
  escolha: 'Uma escolha',
  escolhas: 'Várias escolhas',
  sim_nao: 'Sim ou não',
  arquivo: 'Arquivo',
  declaracao: 'Declaração a aceitar',
};

/** File types a question may accept, by what the file's content says it is (never its name). */
export const FILE_TYPES = { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG' } as const;
export type FileType = keyof typeof FILE_TYPES;
export const FILE_TYPE_LIST = Object.keys(FILE_TYPES) as FileType[];
/** The most any one file may be, and all the files of one request together. */
export const MAX_FILE_MB = 20;
export const MAX_REQUEST_FILES_MB = 50;

const Id = z
  .string()
  .min(1, 'Dê um identificador a cada página e pergunta.')
  .max(60, 'Identificador longo demais.')
  .regex(/^[a-z][a-z0-9_]*$/, 'Identificador: letras minúsculas, números e _, começando por letra.');
const Text = (what: string, max: number) => storableText(what).max(max, `${what}: no máximo ${max} caracteres.`);

/** Shown only when an earlier question's answer is (one of) these values ('sim'/'nao' for yes/no). */
export const Condition = z.object({
  question: Id,
  equals: z.array(Text('Valor da condição', 200)).min(1, 'A condição precisa de ao menos um valor.').max(20),
});
export type Condition = z.infer<typeof Condition>;

export const ChoiceOption = z.object({ value: Id, label: Text('Opção', 200).trim().min(1, 'Dê um texto a cada opção.') });

export const Question = z.object({
  id: Id,
  kind: z.enum(QUESTION_KINDS, { error: 'Tipo de pergunta desconhecido.' }),
  label: Text('Pergunta', 300).trim().min(1, 'Escreva a pergunta.'),
  hint: Text('Dica', 500).trim().default(''),
  required: z.boolean().default(true),
  condition: Condition.optional(),
  /** choices of 'escolha' and 'escolhas' */
  options: z.array(ChoiceOption).max(50, 'No máximo 50 opções.').default([]),
  /** texts: length; numbers: value */
  min: z.number().optional(),
  max: z.number().optional(),
  /** files: the types accepted and the largest size, in MB */
  accept: z.array(z.enum(FILE_TYPE_LIST as [FileType, ...FileType[]])).default([]),
  maxSizeMb: z.number().min(0.1).max(MAX_FILE_MB).optional(),
});
export type Question = z.infer<typeof Question>;

export const FormPage = z.object({
  id: Id,
  title: Text('Título da página', 200).trim().min(1, 'Dê um título a cada página.'),
  condition: Condition.optional(),
  questions: z.array(Question).min(1, 'Cada página precisa de ao menos uma pergunta.').max(30, 'No máximo 30 perguntas por página.'),
});
export type FormPage = z.infer<typeof FormPage>;

/** The portal's own steps of a request (…/solicitar/verificar): no page of a form may take their names. */
export const RESERVED_PAGE_IDS = ['verificar', 'enviada'];

export const RequestForm = z
  .object({
    /** what the citizen reads before starting: what they will need */
    intro: Text('Introdução', 2_000).trim().default(''),
    pages: z.array(FormPage).min(1, 'O formulário precisa de ao menos uma página.').max(20, 'No máximo 20 páginas.'),
    /** what the citizen declares before sending */
    declaration: Text('Declaração', 1_000).trim().min(1, 'Escreva a declaração que o cidadão aceita ao enviar.'),
  })
  .superRefine((form, ctx) => {
    const seen = new Map<string, Question>();
    form.pages.forEach((page, p) => {
      const check = (condition: Condition | undefined, path: (string | number)[]) => {
        if (!condition) return;
        // A condition reads an answer given before it: never a later question, never its own.
        const on = seen.get(condition.question);
        if (!on) ctx.addIssue({ code: 'custom', path, message: `A condição depende de "${condition.question}", que não é uma pergunta anterior.` });
        else if (!['escolha', 'escolhas', 'sim_nao'].includes(on.kind)) ctx.addIssue({ code: 'custom', path, message: `A condição só pode depender de uma pergunta de escolha ou de sim ou não ("${on.label}").` });
      };
      check(page.condition, ['pages', p, 'condition']);
      page.questions.forEach((question, q) => {
        check(question.condition, ['pages', p, 'questions', q, 'condition']);
        if (seen.has(question.id)) ctx.addIssue({ code: 'custom', path: ['pages', p, 'questions', q, 'id'], message: `Há duas perguntas com o identificador "${question.id}".` });
        if ((question.kind === 'escolha' || question.kind === 'escolhas') && question.options.length < 2) {
          ctx.addIssue({ code: 'custom', path: ['pages', p, 'questions', q, 'options'], message: `"${question.label}": dê ao menos duas opções.` });
        }
        if (question.kind === 'arquivo' && !question.accept.length) ctx.addIssue({ code: 'custom', path: ['pages', p, 'questions', q, 'accept'], message: `"${question.label}": diga os tipos de arquivo aceitos.` });
        seen.set(question.id, question);
      });
    });
    form.pages.forEach((page, p) => {
      if (RESERVED_PAGE_IDS.includes(page.id)) ctx.addIssue({ code: 'custom', path: ['pages', p, 'id'], message: `"${page.id}" é o nome de uma página do portal: dê outro identificador a esta página.` });
    });
    if (new Set(form.pages.map((page) => page.id)).size !== form.pages.length) ctx.addIssue({ code: 'custom', path: ['pages'], message: 'Há duas páginas com o mesmo identificador.' });
  })
  .meta({ id: 'RequestForm' });
export type RequestForm = z.infer<typeof RequestForm>;
/** A form as written (defaults left out: a question is required unless it says otherwise). */
export type RequestFormInput = z.input<typeof RequestForm>;

/** An answer as stored: text, a list of chosen values, or files (their ids). */
export type Answer = string | string[];
export type Answers = Record<string, Answer>;

const present = (answer: Answer | undefined) => (Array.isArray(answer) ? answer.length > 0 : !!answer && answer.trim() !== '');

/** Whether a condition holds for these answers (a missing answer never matches). */
export function holds(condition: Condition | undefined, answers: Answers): boolean {
  if (!condition) return true;
  const answer = answers[condition.question];
  if (!present(answer)) return false;
  const given = Array.isArray(answer) ? answer : [answer!];
  return given.some((value) => condition.equals.includes(value));
}

/** The pages the citizen is shown for these answers, in order (a page whose condition fails is skipped). */
export function visiblePages(form: RequestForm, answers: Answers): FormPage[] {
  return form.pages.filter((page) => holds(page.condition, answers));
}

/** The questions of a page shown for these answers. */
export function visibleQuestions(page: FormPage, answers: Answers): Question[] {
  return page.questions.filter((question) => holds(question.condition, answers));
}

// ----- Brazilian numbers ----------------------------------------------------------------------------------

const digits = (value: string) => value.replace(/\D/g, '');

/** Whether a CPF's check digits are right (punctuation ignored); eleven equal digits are not a CPF. */
export function isCpf(value: string): boolean {
  const d = digits(value);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(d[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(d[9]) && check(10) === Number(d[10]);
}

/** Whether a CNPJ's check digits are right (punctuation ignored). */
export function isCnpj(value: string): boolean {
  const d = digits(value);
  if (d.length !== 14 || /^(\d)\1{13}$/.test(d)) return false;
  const check = (length: number) => {
    const weights = length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((total, weight, i) => total + Number(d[i]) * weight, 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return check(12) === Number(d[12]) && check(13) === Number(d[13]);
}

export const formatCpf = (value: string) => digits(value).replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');

/** 529.982.247-25 → ***.982.247-** (as public documents show a CPF); '' for what is not eleven digits. */
export function maskCpf(cpf: string): string {
  const d = digits(cpf);
  if (d.length !== 11) return '';
  return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;
}

/**
 * An answer checked against its question: the value to keep (normalised: digits of a CPF with its punctuation,
 * dates as yyyy-mm-dd), or the Portuguese message the field shows. Files are checked where they are received
 * (their type by content and their size); here, only that the question has them when required.
 */
export function checkAnswer(question: Question, raw: Answer | undefined): { ok: true; value: Answer } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message });
  const label = question.label;
  if (question.kind === 'escolhas' || question.kind === 'arquivo') {
    const values = (Array.isArray(raw) ? raw : raw ? [raw] : []).filter(Boolean);
    if (!values.length) return question.required ? fail(question.kind === 'arquivo' ? `Envie o arquivo: ${label}.` : `Escolha ao menos uma opção: ${label}.`) : { ok: true, value: [] };
    if (question.kind === 'escolhas') {
      const valid = new Set(question.options.map((option) => option.value));
      if (values.some((value) => !valid.has(value))) return fail(`Escolha entre as opções oferecidas: ${label}.`);
      if (question.min !== undefined && values.length < question.min) return fail(`Escolha ao menos ${question.min} opções: ${label}.`);
      if (question.max !== undefined && values.length > question.max) return fail(`Escolha no máximo ${question.max} opções: ${label}.`);
    }
    return { ok: true, value: [...new Set(values)] };
  }
  const text = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  if (!text) {
    if (question.kind === 'declaracao' && question.required) return fail(`Para continuar, marque a declaração: ${label}.`);
    return question.required ? fail(`Responda: ${label}.`) : { ok: true, value: '' };
  }
  if (text.length > 10_000) return fail(`${label}: no máximo 10.000 caracteres.`);
  switch (question.kind) {
    case 'texto':
    case 'texto_longo': {
      const max = question.max ?? (question.kind === 'texto' ? 300 : 5_000);
      if (text.length > max) return fail(`${label}: no máximo ${max} caracteres (tem ${text.length}).`);
      if (question.min !== undefined && text.length < question.min) return fail(`${label}: ao menos ${question.min} caracteres.`);
      // A control character other than a tab or a line break has no place in an answer.
      if (/(?![\t\n\r])\p{Cc}/u.test(text)) return fail(`${label}: o texto contém caracteres inválidos.`);
      return { ok: true, value: text };
    }
    case 'numero': {
      const number = Number(text.replace(/\./g, '').replace(',', '.'));
      if (!/^-?[\d.]+(,\d+)?$/.test(text) || !Number.isFinite(number)) return fail(`${label}: escreva um número, como 1.250 ou 3,5.`);
      if (question.min !== undefined && number < question.min) return fail(`${label}: o menor valor aceito é ${question.min}.`);
      if (question.max !== undefined && number > question.max) return fail(`${label}: o maior valor aceito é ${question.max}.`);
      return { ok: true, value: String(number) };
    }
    case 'data': {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) ?? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
      const [year, month, day] = match ? (match[0].includes('/') ? [match[3], match[2], match[1]] : [match[1], match[2], match[3]]) : [];
      const date = match ? new Date(`${year}-${month}-${day}T12:00:00Z`) : null;
      if (!date || Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(day)) return fail(`${label}: escreva uma data válida, como 25/03/2026.`);
      return { ok: true, value: `${year}-${month}-${day}` };
    }
    case 'cpf':
      return isCpf(text) ? { ok: true, value: formatCpf(text) } : fail(`${label}: o CPF não é válido. Confira os 11 números.`);
    case 'cnpj':
      return isCnpj(text) ? { ok: true, value: digits(text).replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5') } : fail(`${label}: o CNPJ não é válido. Confira os 14 números.`);
    case 'cep':
      return digits(text).length === 8 && /^[\d.\s-]+$/.test(text) ? { ok: true, value: digits(text).replace(/^(\d{5})(\d{3})$/, '$1-$2') } : fail(`${label}: o CEP tem 8 números, como 64000-000.`);
    case 'email':
      return z.email().safeParse(text).success && text.length <= 254 ? { ok: true, value: text.toLowerCase() } : fail(`${label}: escreva um e-mail válido, como nome@exemplo.com.br.`);
    case 'telefone': {
      const d = digits(text);
      return (d.length === 10 || d.length === 11) && /^[\d()\s.+-]+$/.test(text) ? { ok: true, value: d } : fail(`${label}: escreva o telefone com DDD, como (86) 99999-0000.`);
    }
    case 'escolha':
      return question.options.some((option) => option.value === text) ? { ok: true, value: text } : fail(`Escolha uma das opções: ${label}.`);
    case 'sim_nao':
      return text === 'sim' || text === 'nao' ? { ok: true, value: text } : fail(`Responda sim ou não: ${label}.`);
    case 'declaracao':
      return text === 'aceito' ? { ok: true, value: text } : fail(`Para continuar, marque a declaração: ${label}.`);
  }
}

/** A page's answers checked: what to keep of them, and each field's problem. */
export function checkPage(page: FormPage, sent: Answers, before: Answers): { answers: Answers; errors: { field: string; message: string }[] } {
  const merged = { ...before, ...sent };
  const answers: Answers = {};
  const errors: { field: string; message: string }[] = [];
  for (const question of page.questions) {
    if (!holds(question.condition, merged)) continue;
    const result = checkAnswer(question, sent[question.id]);
    if (result.ok) answers[question.id] = result.value;
    else errors.push({ field: question.id, message: result.message });
  }
  return { answers, errors };
}

/**
 * The whole form checked before sending: the answers of the pages and questions shown (the others are dropped:
 * a condition changed since), and the first problem of each.
 */
export function checkAll(form: RequestForm, answers: Answers): { answers: Answers; errors: { page: string; field: string; message: string }[] } {
  const kept: Answers = {};
  const errors: { page: string; field: string; message: string }[] = [];
  for (const page of visiblePages(form, answers)) {
    for (const question of visibleQuestions(page, answers)) {
      const result = checkAnswer(question, answers[question.id]);
      if (result.ok) kept[question.id] = result.value;
      else errors.push({ page: page.id, field: question.id, message: result.message });
    }
  }
  return { answers: kept, errors };
}

/**
 * An answer as people read it ('Verifique suas respostas', the receipt, the department's screen): an option's
 * label, 'Sim'/'Não', a date as dd/mm/aaaa, files by their names; '' for no answer.
 */
export function answerText(question: Question, answer: Answer | undefined, files: readonly { id: number; name: string }[] = []): string {
  if (answer === undefined) return '';
  const values = Array.isArray(answer) ? answer : [answer];
  switch (question.kind) {
    case 'escolha':
    case 'escolhas':
      return values.map((value) => question.options.find((option) => option.value === value)?.label ?? value).join('; ');
    case 'sim_nao':
      return values[0] === 'sim' ? 'Sim' : values[0] === 'nao' ? 'Não' : '';
    case 'declaracao':
      return values[0] === 'aceito' ? 'Aceita' : '';
    case 'data':
      return values[0] ? values[0].split('-').reverse().join('/') : '';
    case 'numero':
      return values[0] && Number.isFinite(Number(values[0])) ? formatNumber(Number(values[0]), { maximumFractionDigits: 6 }) : (values[0] ?? '');
    case 'telefone': {
      const d = digits(values[0] ?? '');
      return d.replace(/^(\d{2})(\d{4,5})(\d{4})$/, '($1) $2-$3');
    }
    case 'arquivo':
      return values.map((id) => files.find((file) => String(file.id) === id)?.name ?? '').filter(Boolean).join('; ');
    default:
      return values.join('; ');
  }
}
