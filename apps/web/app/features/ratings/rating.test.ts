import { describe, expect, test } from 'vitest';
import { ratingAfter, ratingFailureMessage } from './rating.ts';

describe('rating (spec §4, §8)', () => {
  test('optimistic average: rounded weighted mean, one more vote', () => {
    expect(ratingAfter(4, 3, 5)).toEqual({ average: 4.3, count: 4 });
    expect(ratingAfter(0, 0, 2)).toEqual({ average: 2, count: 1 });
  });
  test('failure messages', () => {
    expect(ratingFailureMessage(404)).toBe('Recurso não encontrado!');
    expect(ratingFailureMessage(400, 'A avaliação deve ser de 1 a 5 estrelas.')).toBe('A avaliação deve ser de 1 a 5 estrelas.');
    expect(ratingFailureMessage(400, '')).toBe('Erro nos dados enviados!');
    expect(ratingFailureMessage(500)).toBe('Não foi possível completar a ação!');
    expect(ratingFailureMessage(429, 'Você já avaliou')).toBe('Não foi possível completar a ação!');
  });
});
