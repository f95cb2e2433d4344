import { feeText, FILE_TYPES, MAX_FILE_MB, QUESTION_KIND_LABELS, type FieldChange, type RequestForm, type ServiceContent, type UnitContent } from '@portal/contracts';
import { htmlToText } from '@portal/db';

/** Each field as the edit form names it. */
const LABELS: Record<keyof ServiceContent, string> = {
  title: 'Título',
  description: 'Descrição',
  cost: 'Custo',
  isFree: 'Gratuito',
  estimatedTime: 'Prazo',
  isOnline: 'Online',
  isSelfService: 'Autosserviço',
  accessLevel: 'Nível de acesso',
  link: 'Link',
  dataRows: 'Campos do formulário de acesso',
  category: 'Categoria',
  audiences: 'Público',
  steps: 'Etapas',
  info: 'Blocos de informação',
  units: 'Unidades de atendimento',
  popularNames: 'Nomes populares',
  tags: 'Palavras-chave',
  sources: 'Bases legais e validade',
  requestForm: 'Formulário de solicitação',
  deadlineDays: 'Prazo de resposta (dias úteis)',
};

/** A request form as a reviewer reads it: each page, its questions with their kind, rules and conditions. */
function requestFormText(form: RequestForm): string {
  const when = (c?: { question: string; equals: string[] }) => (c ? ` [só se ${c.question} = ${c.equals.join(' ou ')}]` : '');
  const question = (q: RequestForm['pages'][number]['questions'][number]) =>
    [
      `  - ${q.label} (${QUESTION_KIND_LABELS[q.kind]}${q.required ? '' : ', opcional'})${when(q.condition)}`,
      q.hint ? `    Dica: ${q.hint}` : '',
      q.options.length ? `    Opções: ${q.options.map((o) => o.label).join('; ')}` : '',
      q.accept.length ? `    Arquivos: ${q.accept.map((type) => FILE_TYPES[type]).join(', ')}, até ${q.maxSizeMb ?? MAX_FILE_MB} MB` : '',
    ]
      .filter(Boolean)
      .join('\n');
  return [form.intro, ...form.pages.map((page, i) => [`Página ${i + 1}: ${page.title}${when(page.condition)}`, ...page.questions.map(question)].join('\n')), `Declaração: ${form.declaration}`]
    .filter(Boolean)
    .join('\n\n');
}

const yesNo = (value: boolean) => (value ? 'sim' : 'não');

/** A fact as the forms name it: 'Custo', 'Prazo', 'Documento: RG'. */
export const factLabel = (fact: string) => (fact === 'cost' ? 'Custo' : fact === 'estimatedTime' ? 'Prazo' : `Documento: ${fact.slice('document:'.length)}`);

/** A field as a reviewer reads it: text, one line per item. */
function asText(field: keyof ServiceContent, content: ServiceContent): string {
  const value = content[field];
  if (typeof value === 'boolean') return yesNo(value);
  if (value === null || value === undefined) return '';
  if (field === 'dataRows') return content.dataRows.map((row) => `${row.name} = ${row.value}`).join('\n');
  if (field === 'description') return htmlToText(content.description);
  if (field === 'steps') {
    return content.steps
      .map((step, i) =>
        [
          `${i + 1}. ${step.name} (${step.channel})`,
          step.description,
          htmlToText(step.htmlContent),
          step.documents.length ? `Documentos: ${step.documents.join('; ')}` : '',
          step.fees?.length ? `Custos: ${step.fees.map(feeText).join('; ')}` : '',
        ]
          .filter(Boolean)
          .join('\n'),
      )
      .join('\n\n');
  }
  if (field === 'info') return content.info.map((block) => `${block.title}\n${htmlToText(block.text)}`).join('\n\n');
  if (field === 'sources') return (content.sources ?? []).map((s) => `${factLabel(s.fact)}: ${s.source}${s.validUntil ? ` (válida até ${s.validUntil})` : ''}`).join('\n');
  if (field === 'requestForm') return content.requestForm ? requestFormText(content.requestForm) : '';
  if (Array.isArray(value)) return value.join('\n');
  return String(value);
}

/** The fields that differ between two versions' contents, in the form's order. */
/**
 * A value as JSON with each object's keys in one order: a version's content comes back from jsonb with its keys
 * reordered (shortest first), the published one as the catalog's columns read it; the same step must compare equal.
 */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v));

export function compareContents(before: ServiceContent, after: ServiceContent): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of Object.keys(LABELS) as (keyof ServiceContent)[]) {
    const from = asText(field, before);
    const to = asText(field, after);
    if (from !== to || canonical(before[field]) !== canonical(after[field])) changes.push({ field, label: LABELS[field], before: from, after: to });
  }
  return changes;
}

/** The facts a citizen plans around; a change to one of them goes in the service's public change log. */
export function keyFactChanges(before: ServiceContent, after: ServiceContent, unitNames: ReadonlyMap<string, string>): FieldChange[] {
  // the cost as the service says it, and each step's fees as fields
  const cost = (c: ServiceContent) => (c.isFree ? 'Gratuito' : [c.cost, ...c.steps.flatMap((step) => (step.fees ?? []).map((fee) => `${step.name}: ${feeText(fee)}`))].filter(Boolean).join('; '));
  const documents = (c: ServiceContent) => [...new Set(c.steps.flatMap((step) => step.documents))].join('; ');
  const units = (c: ServiceContent) => c.units.map((slug) => unitNames.get(slug) ?? slug).join('; ');
  const facts: [string, string, (c: ServiceContent) => string][] = [
    ['cost', 'Custo', cost],
    ['estimatedTime', 'Prazo', (c) => c.estimatedTime],
    ['documents', 'Documentos necessários', documents],
    ['units', 'Onde é atendido', units],
  ];
  return facts.flatMap(([field, label, read]) => (read(before) === read(after) ? [] : [{ field, label, before: read(before), after: read(after) }]));
}

/** A unit's fields as the department page's form names them. */
const UNIT_LABELS: Record<keyof UnitContent, string> = {
  name: 'Nome da unidade',
  address: 'Endereço',
  district: 'Bairro',
  complement: 'Complemento',
  postalCode: 'CEP',
  city: 'Cidade',
  openingTime: 'Horário de atendimento',
  phone: 'Telefone',
  latitude: 'Latitude',
  longitude: 'Longitude',
  active: 'Em funcionamento',
};

/** What a proposal changes in a unit (every filled-in field of a new one, `before` null). */
export function unitChanges(before: UnitContent | null, after: UnitContent): FieldChange[] {
  const read = (unit: UnitContent | null, field: keyof UnitContent) => {
    const value = unit?.[field];
    return typeof value === 'boolean' ? yesNo(value) : value == null ? '' : String(value);
  };
  return (Object.keys(UNIT_LABELS) as (keyof UnitContent)[]).flatMap((field) => {
    const from = read(before, field);
    const to = read(after, field);
    return from === to ? [] : [{ field, label: UNIT_LABELS[field], before: from, after: to }];
  });
}
