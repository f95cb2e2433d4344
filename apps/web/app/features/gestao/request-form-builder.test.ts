import { RequestForm, type RequestFormInput } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { applyIntent, checkDraft, conditionSources, draftFromForm, draftFromValues, idFrom, issueField, optionsFrom, uniqueId, type BuilderDraft, type PostedValues } from './request-form-builder.ts';

/** What the builder's page posts for a draft: the same names its fields have (request-form-builder-ui.tsx). */
function posted(draft: BuilderDraft): PostedValues {
  const values: PostedValues = { intro: draft.intro, declaration: draft.declaration, deadlineDays: draft.deadlineDays };
  if (draft.enabled) values.enabled = 'on';
  draft.pages.forEach((page, p) => {
    const at = `pages.${p}`;
    Object.assign(values, { [`${at}.id`]: page.id, [`${at}.stored`]: page.stored ? '1' : '', [`${at}.title`]: page.title, [`${at}.condition.question`]: page.condition.question });
    if (page.condition.equals.length) values[`${at}.condition.equals`] = page.condition.equals;
    page.questions.forEach((q, i) => {
      const qt = `${at}.questions.${i}`;
      Object.assign(values, {
        [`${qt}.id`]: q.id,
        [`${qt}.stored`]: q.stored ? '1' : '',
        [`${qt}.label`]: q.label,
        [`${qt}.kind`]: q.kind,
        [`${qt}.hint`]: q.hint,
        [`${qt}.options`]: q.options.map((o) => o.label).join('\r\n'),
        [`${qt}.optionValues`]: JSON.stringify(q.options),
        [`${qt}.min`]: q.min,
        [`${qt}.max`]: q.max,
        [`${qt}.maxSizeMb`]: q.maxSizeMb,
        [`${qt}.condition.question`]: q.condition.question,
      });
      if (q.required) values[`${qt}.required`] = 'on';
      if (q.accept.length) values[`${qt}.accept`] = q.accept;
      if (q.condition.equals.length) values[`${qt}.condition.equals`] = q.condition.equals;
    });
  });
  return values;
}

const DOCS = ['application/pdf', 'image/jpeg', 'image/png'] as const;
const SECOND_COPY: RequestFormInput = {
  intro: 'Em caso de roubo, tenha o boletim de ocorrência.',
  pages: [
    {
      id: 'motivo',
      title: 'Por que você precisa de outra via',
      questions: [
        {
          id: 'motivo',
          kind: 'escolha',
          label: 'O que aconteceu com a sua CNH?',
          options: [
            { value: 'perda', label: 'Perdi' },
            { value: 'roubo', label: 'Foi roubada ou furtada' },
          ],
        },
        { id: 'detalhes', kind: 'texto_longo', label: 'Conte o que houve', required: false, max: 2000, condition: { question: 'motivo', equals: ['roubo'] } },
      ],
    },
    {
      id: 'ocorrencia',
      title: 'Boletim de ocorrência',
      condition: { question: 'motivo', equals: ['roubo'] },
      questions: [{ id: 'boletim', kind: 'arquivo', label: 'Boletim de ocorrência', accept: [...DOCS], maxSizeMb: 10 }],
    },
    { id: 'entrega', title: 'Onde entregar', questions: [{ id: 'cep', kind: 'cep', label: 'CEP' }] },
  ],
  declaration: 'Declaro que as informações são verdadeiras.',
};
const form = RequestForm.parse(SECOND_COPY);

describe('identifiers from titles and labels', () => {
  it('are lower-case ASCII with underscores, start with a letter, and stay short', () => {
    expect(idFrom('Placa do veículo', 'pergunta')).toBe('placa_do_veiculo');
    expect(idFrom('  CPF de quem dirige?  ', 'pergunta')).toBe('cpf_de_quem_dirige');
    expect(idFrom('2ª via: São João', 'pergunta')).toBe('a_via_sao_joao');
    expect(idFrom('¿!', 'pergunta')).toBe('pergunta');
    const long = idFrom('Informe o número de inscrição estadual da empresa que solicita a certidão', 'x');
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long).toMatch(/^[a-z][a-z0-9_]*[a-z0-9]$/);
  });

  it('are unique, and never a page name of the portal', () => {
    const taken = new Set(['placa']);
    expect(uniqueId('placa', taken)).toBe('placa_2');
    expect(uniqueId('placa', taken)).toBe('placa_3');
    const draft = draftFromValues({ enabled: 'on', 'pages.0.id': '', 'pages.0.title': 'Verificar', 'pages.0.questions.0.id': '', 'pages.0.questions.0.label': 'Placa', 'pages.1.id': '', 'pages.1.title': 'Verificar', 'pages.1.questions.0.id': '', 'pages.1.questions.0.label': 'Placa' });
    expect(draft.pages.map((p) => p.id)).toEqual(['verificar_2', 'verificar_3']);
    expect(draft.pages.map((p) => p.questions[0]!.id)).toEqual(['placa', 'placa_2']);
  });

  it('follow the text until saved, then stay; a condition follows the question it reads', () => {
    const values = posted(draftFromForm(form, 10));
    // A new question typed after the saved ones, and a saved question whose label changed.
    Object.assign(values, { 'pages.2.questions.1.id': 'pergunta', 'pages.2.questions.1.label': 'Precisa de entrega urgente?', 'pages.2.questions.1.kind': 'sim_nao', 'pages.0.questions.0.label': 'O que houve com a CNH?' });
    Object.assign(values, { 'pages.2.questions.2.id': 'pergunta_2', 'pages.2.questions.2.label': 'Telefone', 'pages.2.questions.2.condition.question': 'pergunta', 'pages.2.questions.2.condition.equals': 'sim' });
    const draft = draftFromValues(values);
    expect(draft.pages[0]!.questions[0]!.id).toBe('motivo');
    expect(draft.pages[2]!.questions.map((q) => q.id)).toEqual(['cep', 'precisa_de_entrega_urgente', 'telefone']);
    expect(draft.pages[2]!.questions[2]!.condition).toEqual({ question: 'precisa_de_entrega_urgente', equals: ['sim'] });
  });
});

describe('options: one per line, their values stable', () => {
  const before = [
    { value: 'perda', label: 'Perdi' },
    { value: 'roubo', label: 'Foi roubada ou furtada' },
    { value: 'dano', label: 'Está danificada' },
  ];
  it('keep their values when reordered, renamed in place, or joined by new ones', () => {
    expect(optionsFrom(['Foi roubada ou furtada', 'perdi'], before).map((o) => o.value)).toEqual(['roubo', 'perda']);
    expect(optionsFrom(['Perdi', 'Foi roubada', 'Está danificada'], before).map((o) => o.value)).toEqual(['perda', 'roubo', 'dano']);
    expect(optionsFrom(['Perdi', 'Foi roubada ou furtada', 'Está danificada', 'Venceu'], before).map((o) => o.value)).toEqual(['perda', 'roubo', 'dano', 'venceu']);
  });
  it("never give a new option a removed one's value", () => {
    expect(optionsFrom(['Perdi', 'Dano'], [{ value: 'perda', label: 'Perdi' }, { value: 'dano', label: 'Outra coisa' }, { value: 'x', label: 'Dano grave' }]).map((o) => o.value)).toEqual(['perda', 'dano']);
    expect(optionsFrom(['Perdi', 'Outra'], [{ value: 'perda', label: 'Perdi' }, { value: 'outra', label: 'Sumiu' }, { value: 'y', label: 'Outra' }])).toEqual([
      { value: 'perda', label: 'Perdi' },
      { value: 'y', label: 'Outra' },
    ]);
    expect(optionsFrom(['A', 'B'], [{ value: 'a', label: 'Antes' }, { value: 'b', label: 'Bê' }, { value: 'c', label: 'C' }]).map((o) => o.value)).toEqual(['a', 'b']);
    expect(optionsFrom(['Novo'], [{ value: 'novo', label: 'Velho' }, { value: 'z', label: 'Outro' }]).map((o) => o.value)).toEqual(['novo']);
    expect(optionsFrom(['Primeiro', 'Novo'], [{ value: 'primeiro', label: 'Primeiro' }, { value: 'novo', label: 'Antigo' }, { value: 'b', label: 'Novo' }]).map((o) => o.value)).toEqual(['primeiro', 'b']);
  });
});

describe('the posted form back to a RequestForm', () => {
  it('a saved form comes back the same, with its deadline', () => {
    const checked = checkDraft(draftFromValues(posted(draftFromForm(form, 10))));
    expect(checked).toEqual({ ok: true, requestForm: form, deadlineDays: 10 });
  });

  it('off: no form (whatever is typed below), the deadline kept', () => {
    const draft = { ...draftFromForm(form, null), enabled: false, deadlineDays: '15' };
    expect(checkDraft(draftFromValues(posted(draft)))).toEqual({ ok: true, requestForm: null, deadlineDays: 15 });
  });

  it('keeps only the rules that mean something for the kind', () => {
    const draft = draftFromForm(form, null);
    const values = posted(draft);
    Object.assign(values, { 'pages.2.questions.0.min': '3', 'pages.2.questions.0.options': 'A\nB', 'pages.0.questions.1.min': '10', 'pages.0.questions.1.accept': 'application/pdf' });
    const checked = checkDraft(draftFromValues(values));
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    expect(checked.requestForm!.pages[2]!.questions[0]).toMatchObject({ kind: 'cep', options: [], accept: [] });
    expect(checked.requestForm!.pages[2]!.questions[0]!.min).toBeUndefined();
    expect(checked.requestForm!.pages[0]!.questions[1]).toMatchObject({ kind: 'texto_longo', min: 10, max: 2000, accept: [] });
  });

  it("the schema's problems, each linked to its field, in Portuguese", () => {
    const values = posted(draftFromForm(form, 10));
    Object.assign(values, {
      'pages.0.questions.0.options': 'Perdi',
      'pages.1.title': '',
      'pages.2.questions.0.label': '',
      'pages.1.questions.0.accept': [],
      deadlineDays: 'dez',
      declaration: '',
    });
    delete values['pages.1.questions.0.accept'];
    const checked = checkDraft(draftFromValues(values));
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual(
      expect.arrayContaining([
        { field: 'campo-deadlineDays', message: 'Prazo de resposta: escreva um número de dias úteis, como 15.' },
        { field: 'campo-pages-0-questions-0-options', message: 'Página 1, pergunta 1: "O que aconteceu com a sua CNH?": dê ao menos duas opções.' },
        { field: 'campo-pages-1-title', message: 'Página 2: Dê um título a cada página.' },
        { field: 'campo-pages-1-questions-0-accept', message: 'Página 2, pergunta 1: "Boletim de ocorrência": diga os tipos de arquivo aceitos.' },
        { field: 'campo-pages-2-questions-0-label', message: 'Página 3, pergunta 1: Escreva a pergunta.' },
        { field: 'campo-declaration', message: 'Escreva a declaração que o cidadão aceita ao enviar.' },
      ]),
    );
  });

  it('numbers as people type them, and refused when they are not', () => {
    const values = posted(draftFromForm(form, null));
    Object.assign(values, { 'pages.1.questions.0.maxSizeMb': '2,5', 'pages.0.questions.1.min': '20', 'pages.0.questions.1.max': '10' });
    let checked = checkDraft(draftFromValues(values));
    expect(checked.ok ? [] : checked.errors).toEqual([{ field: 'campo-pages-0-questions-1-max', message: 'Página 1, pergunta 2: O máximo é menor que o mínimo.' }]);
    Object.assign(values, { 'pages.0.questions.1.min': '1,5', 'pages.1.questions.0.maxSizeMb': '50', deadlineDays: '400' });
    checked = checkDraft(draftFromValues(values));
    expect(checked.ok ? [] : checked.errors.map((e) => e.field)).toEqual(['campo-deadlineDays', 'campo-pages-0-questions-1-min', 'campo-pages-1-questions-0-maxSizeMb']);
  });

  it("a condition on an option no longer offered asks for the condition's values again", () => {
    const values = posted(draftFromForm(form, null));
    Object.assign(values, { 'pages.0.questions.0.options': 'Perdi\nFoi furtada\nOutro' });
    // 'Foi roubada ou furtada' renamed in place: the same value, the conditions hold.
    expect(checkDraft(draftFromValues(values)).ok).toBe(true);
    Object.assign(values, { 'pages.0.questions.0.options': 'Perdi\nOutro' });
    values['pages.0.questions.0.optionValues'] = JSON.stringify([{ value: 'perda', label: 'Perdi' }, { value: 'roubo', label: 'Foi roubada' }, { value: 'outro', label: 'Outro' }]);
    const checked = checkDraft(draftFromValues(values));
    expect(checked.ok ? [] : checked.errors.map((e) => e.field)).toEqual(['campo-pages-0-questions-1-condition-equals', 'campo-pages-1-condition-equals']);
  });

  it('maps issue paths to the fields the page draws', () => {
    expect(issueField(['pages', 0, 'questions', 2, 'options', 1, 'label'])).toBe('campo-pages-0-questions-2-options');
    expect(issueField(['pages', 1, 'condition'])).toBe('campo-pages-1-condition-question');
    expect(issueField(['pages', 1, 'condition', 'equals'])).toBe('campo-pages-1-condition-equals');
    expect(issueField(['pages', 1, 'questions', 0, 'condition', 'question'])).toBe('campo-pages-1-questions-0-condition-question');
    expect(issueField(['pages', 1, 'id'])).toBe('campo-pages-1-title');
    expect(issueField(['pages', 1, 'questions', 3, 'id'])).toBe('campo-pages-1-questions-3-label');
    expect(issueField(['pages', 0, 'questions'])).toBe('campo-pages-0-questions');
    expect(issueField(['pages'])).toBe('campo-pages');
    expect(issueField([])).toBe('campo-enabled');
  });
});

describe("the builder's buttons", () => {
  const draft = draftFromForm(form, null);
  it('add a page with a question, and a question to a page, focusing what to fill in', () => {
    const added = applyIntent(draft, 'add-page');
    expect(added.draft.pages).toHaveLength(4);
    expect(added.draft.pages[3]).toMatchObject({ id: 'pagina', title: '', questions: [{ id: 'pergunta', kind: 'texto', required: true }] });
    expect(added.focus).toBe('campo-pages-3-title');
    const more = applyIntent(added.draft, 'add-question.3');
    expect(more.draft.pages[3]!.questions.map((q) => q.id)).toEqual(['pergunta', 'pergunta_2']);
    expect(more.focus).toBe('campo-pages-3-questions-1-label');
  });
  it('move a question within its page and remove questions and pages, saying so', () => {
    const down = applyIntent(draft, 'down.0.0');
    expect(down.draft.pages[0]!.questions.map((q) => q.id)).toEqual(['detalhes', 'motivo']);
    expect(down.focus).toBe('mover-0-1-acima');
    expect(applyIntent(down.draft, 'up.0.1').draft.pages[0]!.questions.map((q) => q.id)).toEqual(['motivo', 'detalhes']);
    expect(applyIntent(draft, 'up.0.0').draft).toBe(draft);
    const removed = applyIntent(draft, 'remove-question.0.1');
    expect(removed.draft.pages[0]!.questions.map((q) => q.id)).toEqual(['motivo']);
    expect(removed.notice).toBe('Pergunta 2 da página 1 removida: Conte o que houve.');
    expect(applyIntent(draft, 'remove-page.1').draft.pages.map((p) => p.id)).toEqual(['motivo', 'entrega']);
    expect(applyIntent(draft, 'refresh').draft).toBe(draft);
  });
  it('offer as conditions only earlier choice and yes/no questions', () => {
    expect(conditionSources(draft, 0, 0)).toEqual([]);
    expect(conditionSources(draft, 0, 1).map((s) => s.id)).toEqual(['motivo']);
    expect(conditionSources(draft, 2)).toEqual([{ id: 'motivo', label: 'O que aconteceu com a sua CNH?', values: form.pages[0]!.questions[0]!.options }]);
  });
});
