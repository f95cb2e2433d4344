import { RequestForm } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { previewPost, readAnswers, START } from './request-form-preview.ts';

const form = RequestForm.parse({
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
        { id: 'detalhes', kind: 'texto_longo', label: 'Conte o que houve', required: false, condition: { question: 'motivo', equals: ['roubo'] } },
      ],
    },
    {
      id: 'ocorrencia',
      title: 'Boletim de ocorrência',
      condition: { question: 'motivo', equals: ['roubo'] },
      questions: [{ id: 'boletim', kind: 'arquivo', label: 'Boletim de ocorrência', accept: ['application/pdf'], maxSizeMb: 5 }],
    },
    { id: 'entrega', title: 'Onde entregar', questions: [{ id: 'cep', kind: 'cep', label: 'CEP' }] },
  ],
  declaration: 'Declaro que as informações são verdadeiras.',
});

describe('the preview: page by page, nothing stored', () => {
  const post = (state: typeof START, action: string, fields: Record<string, string> = {}, declaration = false) =>
    previewPost(form, { step: state.step.kind === 'pagina' ? state.step.page : state.step.kind, action, answers: readAnswers(JSON.stringify(state.answers)), posted: fields, declaration });

  it('skips the page whose condition fails, shows it when it holds, and checks each answer', () => {
    let state = post(START, 'comecar');
    expect(state.step).toEqual({ kind: 'pagina', page: 'motivo' });
    const refused = post(state, 'continuar', {});
    expect(refused.step).toEqual({ kind: 'pagina', page: 'motivo' });
    expect(refused.errors).toEqual([{ field: 'motivo', message: 'Responda: O que aconteceu com a sua CNH?.' }]);
    state = post(state, 'continuar', { motivo: 'perda' });
    expect(state.step).toEqual({ kind: 'pagina', page: 'entrega' });
    state = post(state, 'continuar', { cep: '64000000' });
    expect(state).toMatchObject({ step: { kind: 'verificar' }, answers: { motivo: 'perda', cep: '64000-000' } });
    // Changed to 'roubo': the police report's page appears; its file counts as given.
    state = post(state, 'ir:motivo');
    state = post(state, 'continuar', { motivo: 'roubo', detalhes: 'Na rua.' });
    expect(state.step).toEqual({ kind: 'pagina', page: 'ocorrencia' });
    expect(post(state, 'anexar').notice).toMatch(/não são enviados/);
    state = post(state, 'continuar');
    expect(state.step).toEqual({ kind: 'pagina', page: 'entrega' });
    expect(post(state, 'voltar').step).toEqual({ kind: 'pagina', page: 'ocorrencia' });
    state = post(state, 'continuar', { cep: '64000-000' });
    expect(post(state, 'enviar').errors).toEqual([{ field: 'previa-declaracao', message: 'Para enviar, marque a declaração.' }]);
    expect(post(state, 'enviar', {}, true).step).toEqual({ kind: 'fim' });
    expect(post(state, 'recomecar')).toEqual(START);
  });

  it('reads only answers of the right shape from the page', () => {
    expect(readAnswers('{"a":"x","b":["y"],"C":"z","d":1,"e":[2]}')).toEqual({ a: 'x', b: ['y'] });
    expect(readAnswers('not json')).toEqual({});
    expect(readAnswers('[1]')).toEqual({});
  });
});
