import { piauiInstant, ServiceContent, type GestaoService, type ServiceStepContent } from '@portal/contracts';
import type { AppLoadContext } from 'react-router';
import { ApiError, call, required } from '../../lib/api.server.ts';
import { requireCitizen } from '../../lib/citizen.ts';
import { formValues, listOf, readForm, type FormValues } from '../../lib/form.server.ts';
import { htmlToMarkdown, savedHtml } from './markdown.server.ts';

// The back office's pages (issue 15) call /v1/gestao with the logged-in staff member's token; the API decides
// what they may see and do, and its Portuguese refusals are what the pages show.

/** A page of the back office: a login first; a refusal of the API (401, 403, 404) becomes the page's own (`required`). */
export async function staffCall<T>(context: AppLoadContext, request: Request, { url }: { url: string }): Promise<T> {
  await requireCitizen(context, request);
  return required(context, call<T>(context, { url, auth: 'citizen' }));
}

/** An action's call: its refusal (a check, a conflict, a permission) is shown on the page, not thrown. */
export async function staffAction<T>(context: AppLoadContext, request: Request, call_: { method?: 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown }): Promise<{ ok: true; value: T } | { ok: false; message: string; status: number }> {
  await requireCitizen(context, request);
  try {
    return { ok: true, value: await call<T>(context, { ...call_, auth: 'citizen' }) };
  } catch (err) {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500) return { ok: false, message: err.message, status: err.status };
    throw err;
  }
}

export const serviceUrl = (id: string | number) => `/v1/gestao/servicos/${encodeURIComponent(String(id))}`;

/** A date and time typed in the form, read on Piauí's clock, as the instant the API takes. */
export const publishInstant = (date: string, time: string): string | null => piauiInstant(date, time)?.toISOString() ?? null;

const lines = (value: string | string[] | undefined) =>
  String(Array.isArray(value) ? value.join('\n') : (value ?? ''))
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
const text = (values: FormValues, name: string) => {
  const value = values[name];
  return Array.isArray(value) ? value.join('\n') : (value ?? '');
};
const checked = (values: FormValues, name: string) => values[name] !== undefined;
/** The indexes of the rows named `${prefix}.{index}.…` ('steps' → 0, 1; 'steps.0.fees' → that step's fees). */
const indexes = (values: FormValues, prefix: string) =>
  [...new Set(Object.keys(values).flatMap((key) => (key.startsWith(`${prefix}.`) ? [Number(key.slice(prefix.length + 1).split('.')[0])] : [])))]
    .filter(Number.isInteger)
    .sort((a, b) => a - b);

/** A step's documents as typed, each a row with its name and, when given, the act that requires it; a row without a name is none. */
const documentsOf = (values: FormValues, step: number) =>
  indexes(values, `steps.${step}.documents`)
    .filter((j) => !checked(values, `steps.${step}.documents.${j}.remove`))
    .map((j) => ({
      name: text(values, `steps.${step}.documents.${j}.name`).trim(),
      source: text(values, `steps.${step}.documents.${j}.source`).trim(),
      validUntil: text(values, `steps.${step}.documents.${j}.validUntil`).trim(),
    }))
    .filter((document) => document.name);

/** A step's fees as typed; a row left wholly blank is none. */
const feesOf = (values: FormValues, step: number) =>
  indexes(values, `steps.${step}.fees`)
    .filter((j) => !checked(values, `steps.${step}.fees.${j}.remove`))
    .map((j) => ({ amount: text(values, `steps.${step}.fees.${j}.amount`).trim(), pays: text(values, `steps.${step}.fees.${j}.pays`).trim(), howToPay: text(values, `steps.${step}.fees.${j}.howToPay`).trim() }))
    .filter((fee) => fee.amount || fee.pays || fee.howToPay);

/**
 * The edit form's content: the service's texts (description, steps' details, information blocks) in Markdown, as
 * staff write them, with the HTML each had when the form was first drawn (sent back in hidden fields, so that a text
 * nobody touched is saved as it was).
 */
export type EditForm = ServiceContent & { originals: { description: string; steps: string[]; info: string[] } };

/** A content as the edit form shows it. */
export function editForm(content: ServiceContent): EditForm {
  return {
    ...content,
    description: htmlToMarkdown(content.description),
    steps: content.steps.map((step) => ({ ...step, htmlContent: htmlToMarkdown(step.htmlContent) })),
    info: content.info.map((block) => ({ ...block, text: htmlToMarkdown(block.text) })),
    originals: { description: content.description, steps: content.steps.map((step) => step.htmlContent), info: content.info.map((block) => block.text) },
  };
}

/** The edit form as it was sent: the content the API takes (its texts as HTML), and the form to show again. */
export function contentFromForm(values: FormValues): { content: ServiceContent; form: EditForm } {
  const form = formContent(values);
  const { originals, ...fields } = form;
  const content: ServiceContent = {
    ...fields,
    description: savedHtml(form.description, originals.description),
    steps: form.steps.map((step, i) => ({ ...step, htmlContent: savedHtml(step.htmlContent, originals.steps[i] ?? '') })),
    info: form.info.map((block, i) => ({ ...block, text: savedHtml(block.text, originals.info[i] ?? '') })),
  };
  return { content, form };
}

/** The edit form's fields: steps and blocks by their index, lists one item per line, texts as typed. */
function formContent(values: FormValues): EditForm {
  const keptSteps = indexes(values, 'steps').filter((i) => !checked(values, `steps.${i}.remove`));
  const keptInfo = indexes(values, 'info').filter((i) => !checked(values, `info.${i}.remove`));
  const steps: ServiceStepContent[] = keptSteps.map((i) => {
    const fees = feesOf(values, i);
    return {
      name: text(values, `steps.${i}.name`).trim(),
      description: text(values, `steps.${i}.description`).trim(),
      channel: text(values, `steps.${i}.channel`) === 'presencial' ? 'presencial' : 'online',
      htmlContent: text(values, `steps.${i}.htmlContent`).trim(),
      documents: documentsOf(values, i).map((document) => document.name),
      ...(fees.length ? { fees } : {}),
    };
  });
  const info = keptInfo.map((i) => ({ title: text(values, `info.${i}.title`).trim(), text: text(values, `info.${i}.text`).trim(), icon: text(values, `info.${i}.icon`).trim() || undefined }));
  const units = listOf(values, 'units');
  const dataRows = indexes(values, 'dataRows')
    .filter((i) => !checked(values, `dataRows.${i}.remove`))
    .map((i) => ({ name: text(values, `dataRows.${i}.name`).trim(), value: text(values, `dataRows.${i}.value`).trim() }));
  // A fact with no source typed has none (its row stays in the form to be filled in later).
  // The legal basis of cost and deadline from their rows; a document's from its own row in its step (the first row
  // of a document asked in several steps says it).
  const documentSources = new Map<string, { fact: string; source: string; validUntil: string }>();
  for (const document of keptSteps.flatMap((i) => documentsOf(values, i))) {
    const fact = `document:${document.name}`;
    if (document.source && !documentSources.has(fact)) documentSources.set(fact, { fact, source: document.source, validUntil: document.validUntil });
  }
  const sources = [
    ...indexes(values, 'sources').map((i) => ({ fact: text(values, `sources.${i}.fact`), source: text(values, `sources.${i}.source`).trim(), validUntil: text(values, `sources.${i}.validUntil`).trim() })),
    ...documentSources.values(),
  ].filter((s) => s.fact && s.source);
  const level = text(values, 'accessLevel');
  return {
    title: text(values, 'title').trim(),
    description: text(values, 'description').trim(),
    cost: text(values, 'cost').trim(),
    isFree: checked(values, 'isFree'),
    estimatedTime: text(values, 'estimatedTime').trim(),
    isOnline: checked(values, 'isOnline'),
    isSelfService: checked(values, 'isSelfService'),
    accessLevel: (['BRONZE', 'PRATA', 'OURO', 'OPALA'].includes(level) ? level : null) as ServiceContent['accessLevel'],
    link: text(values, 'link').trim(),
    dataRows,
    category: text(values, 'category').trim(),
    audiences: listOf(values, 'audiences') as ServiceContent['audiences'],
    steps,
    info,
    units,
    popularNames: lines(values.popularNames),
    tags: lines(values.tags),
    sources,
    originals: {
      description: text(values, 'description.html'),
      steps: keptSteps.map((i) => text(values, `steps.${i}.htmlContent.html`)),
      info: keptInfo.map((i) => text(values, `info.${i}.text.html`)),
    },
  };
}

export type EditResult = { form: EditForm | null; errors: { field: string; message: string }[]; message?: string; expired?: boolean };

/** What the form says when the session ended while it was being filled in: nothing typed is lost. */
export const SESSION_EXPIRED =
  'Sua sessão expirou e o rascunho ainda não foi salvo. O que você escreveu continua neste formulário: entre de novo pelo link abaixo (abre em outra aba) e depois clique em Salvar rascunho.';

/**
 * The edit form's POST: 'Adicionar etapa' and 'Adicionar bloco' answer the form again with one more (the form
 * works without JavaScript); 'Salvar rascunho' checks the fields with the API's own schema, then saves.
 */
export async function saveDraft(context: AppLoadContext, request: Request, id: string): Promise<EditResult | { saved: true }> {
  const values = formValues(await readForm(request));
  const { content, form } = contentFromForm(values);
  const intent = text(values, 'intent');
  // A session that ended mid-edit must not cost the editor what they typed: the form comes back, filled in.
  if (!(await context.citizen())) return { form, errors: [], message: SESSION_EXPIRED, expired: true };
  if (intent === 'add-step') {
    return { form: { ...form, steps: [...form.steps, { name: '', description: '', channel: 'online', htmlContent: '', documents: [] }], originals: { ...form.originals, steps: [...form.originals.steps, ''] } }, errors: [] };
  }
  // 'Adicionar custo à etapa N': one more fee row in that step
  const feeStep = /^add-fee-(\d{1,3})$/.exec(intent);
  if (feeStep) {
    const at = Number(feeStep[1]);
    return { form: { ...form, steps: form.steps.map((step, i) => (i === at ? { ...step, fees: [...(step.fees ?? []), { amount: '', pays: '', howToPay: '' }] } : step)) }, errors: [] };
  }
  // 'Adicionar documento à etapa N': one more document row in that step
  const documentStep = /^add-document-(\d{1,3})$/.exec(intent);
  if (documentStep) {
    const at = Number(documentStep[1]);
    return { form: { ...form, steps: form.steps.map((step, i) => (i === at ? { ...step, documents: [...step.documents, ''] } : step)) }, errors: [] };
  }
  if (intent === 'add-data-row') return { form: { ...form, dataRows: [...form.dataRows, { name: '', value: '' }] }, errors: [] };
  if (intent === 'add-info') return { form: { ...form, info: [...form.info, { title: '', text: '' }], originals: { ...form.originals, info: [...form.originals.info, ''] } }, errors: [] };
  // 'Ver a prévia dos textos' (without scripts, the preview of what was typed): the form again, as typed.
  if (intent === 'preview') return { form, errors: [] };
  const parsed = ServiceContent.safeParse(content);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({ field: `campo-${issue.path.join('-') || 'title'}`, message: issue.message }));
    return { form, errors };
  }
  const saved = await staffAction<GestaoService>(context, request, { method: 'PUT', url: `${serviceUrl(id)}/rascunho`, body: parsed.data });
  if (saved.ok) return { saved: true };
  return { form, errors: [], message: saved.status === 401 ? SESSION_EXPIRED : saved.message, expired: saved.status === 401 };
}

const comparable = (title: string) => title.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

/** The service a `ServicePicker` names by its title (accents, case and spaces aside), or a Portuguese refusal. */
export function chosenService<T extends { slug: string; title: string }>(choices: T[], typed: string): T | string {
  if (!typed.trim()) return 'Escolha um serviço: comece a digitar o título e escolha na lista.';
  return choices.find((choice) => comparable(choice.title) === comparable(typed)) ?? `Nenhum serviço se chama “${typed.trim().slice(0, 120)}”: comece a digitar o título e escolha na lista.`;
}
