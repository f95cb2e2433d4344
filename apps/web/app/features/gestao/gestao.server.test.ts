import type { ServiceContent } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { contentFromForm, editForm } from './gestao.server.ts';

const CONTENT: ServiceContent = {
  title: 'Renovação da CNH',
  description: '<p>Renove a <strong>CNH</strong> vencida.</p><ul><li>Exame médico</li></ul>',
  cost: 'R$ 84,68',
  isFree: false,
  estimatedTime: 'Até 5 dias úteis',
  isOnline: true,
  isSelfService: false,
  accessLevel: null,
  link: 'https://www.detran.pi.gov.br',
  dataRows: [],
  category: 'transito-e-veiculos',
  audiences: ['cidadao'],
  steps: [
    {
      name: 'Pague a taxa',
      description: 'O DAR',
      channel: 'online',
      htmlContent: '<p>No banco ou <a href="https://pix.example">por Pix</a>.</p><p>Guarde o recibo.</p>',
      documents: ['CPF', 'CNH vencida'],
      fees: [{ amount: '84,68', pays: 'taxa de renovação', howToPay: 'DAR' }],
    },
  ],
  info: [{ title: 'Atenção', text: '<p>Traga os <em>óculos</em>.</p><ul><li>e a CNH antiga</li></ul>', icon: 'alert' }],
  units: [],
  popularNames: [],
  tags: [],
  sources: [
    { fact: 'cost', source: 'Portaria DETRAN-PI 12/2026', validUntil: '2027-12-31' },
    { fact: 'document:CNH vencida', source: 'Resolução CONTRAN 809/2020', validUntil: '' },
  ],
};

/** The fields the edit page draws for a form (each text as Markdown with its hidden original), as a browser sends them. */
function sent(content: ServiceContent, edit: (values: Record<string, string>) => void = () => {}) {
  const form = editForm(content);
  const crlf = (text: string) => text.replace(/\n/g, '\r\n');
  const values: Record<string, string> = {
    title: form.title,
    description: crlf(form.description),
    'description.html': form.originals.description,
    cost: form.cost,
    estimatedTime: form.estimatedTime,
    isOnline: 'on',
    link: form.link,
    accessLevel: '',
    category: form.category,
    audiences: 'cidadao',
  };
  form.steps.forEach((step, i) => {
    Object.assign(values, {
      [`steps.${i}.name`]: step.name,
      [`steps.${i}.description`]: step.description,
      [`steps.${i}.channel`]: step.channel,
      [`steps.${i}.htmlContent`]: crlf(step.htmlContent),
      [`steps.${i}.htmlContent.html`]: form.originals.steps[i]!,
    });
    step.documents.forEach((name, j) => {
      const source = form.sources?.find((s) => s.fact === `document:${name}`);
      Object.assign(values, { [`steps.${i}.documents.${j}.name`]: name, [`steps.${i}.documents.${j}.source`]: source?.source ?? '', [`steps.${i}.documents.${j}.validUntil`]: source?.validUntil ?? '' });
    });
    (step.fees ?? []).forEach((fee, j) => {
      Object.assign(values, { [`steps.${i}.fees.${j}.amount`]: fee.amount, [`steps.${i}.fees.${j}.pays`]: fee.pays, [`steps.${i}.fees.${j}.howToPay`]: fee.howToPay });
    });
  });
  form.info.forEach((block, i) => {
    Object.assign(values, { [`info.${i}.title`]: block.title, [`info.${i}.text`]: crlf(block.text), [`info.${i}.text.html`]: form.originals.info[i]!, [`info.${i}.icon`]: block.icon ?? '' });
  });
  (form.sources ?? [])
    .filter((source) => !source.fact.startsWith('document:'))
    .forEach((source, k) => Object.assign(values, { [`sources.${k}.fact`]: source.fact, [`sources.${k}.source`]: source.source, [`sources.${k}.validUntil`]: source.validUntil }));
  edit(values);
  return contentFromForm(values);
}

describe('the edit form and its Markdown (issue 26)', () => {
  it('gives back the very content it was drawn from when nothing was touched: no text shows as changed', () => {
    const form = editForm(CONTENT);
    expect(form.description).toBe('Renove a **CNH** vencida.\n\n-   Exame médico');
    expect(form.steps[0]!.htmlContent).toBe('No banco ou [por Pix](https://pix.example).\n\nGuarde o recibo.');
    expect(sent(CONTENT).content).toEqual(CONTENT);
  });

  it('saves an edited text from its Markdown, and keeps the others as they were', () => {
    const { content, form } = sent(CONTENT, (values) => {
      values['info.0.text'] = 'Traga os **óculos** e a CNH.';
    });
    expect(content.info[0]!.text).toBe('<p>Traga os <strong>óculos</strong> e a CNH.</p>');
    expect(content.description).toBe(CONTENT.description);
    expect(content.steps[0]!.htmlContent).toBe(CONTENT.steps[0]!.htmlContent);
    // the form, shown again, holds what was typed
    expect(form.info[0]!.text).toBe('Traga os **óculos** e a CNH.');
  });

  it('keeps each text with its own original when a step before it is removed', () => {
    const two = { ...CONTENT, steps: [{ ...CONTENT.steps[0]!, name: 'Primeira', htmlContent: '<p>um</p>' }, CONTENT.steps[0]!] };
    const { content } = sent(two, (values) => {
      values['steps.0.remove'] = 'on';
    });
    expect(content.steps).toEqual([CONTENT.steps[0]]);
  });

  it("takes each document from its own row, with its legal basis, and a step's fees; blank rows are none", () => {
    const { content } = sent(CONTENT, (values) => {
      values['steps.0.documents.2.name'] = 'Comprovante de residência';
      values['steps.0.documents.2.source'] = 'Lei 9.503/1997';
      values['steps.0.documents.3.name'] = ''; // a row added and left blank
      values['steps.0.fees.1.amount'] = '';
      values['steps.0.fees.1.pays'] = '';
      values['steps.0.documents.0.remove'] = 'on';
    });
    expect(content.steps[0]!.documents).toEqual(['CNH vencida', 'Comprovante de residência']);
    expect(content.steps[0]!.fees).toEqual([{ amount: '84,68', pays: 'taxa de renovação', howToPay: 'DAR' }]);
    expect(content.sources).toEqual([
      { fact: 'cost', source: 'Portaria DETRAN-PI 12/2026', validUntil: '2027-12-31' },
      { fact: 'document:CNH vencida', source: 'Resolução CONTRAN 809/2020', validUntil: '' },
      { fact: 'document:Comprovante de residência', source: 'Lei 9.503/1997', validUntil: '' },
    ]);
  });
});
