import { describe, expect, it } from 'vitest';
import { buildLexicon, closestWord, similarity, trigrams } from './trigrams.ts';

describe('trigram similarity (as pg_trgm)', () => {
  it('pads words like pg_trgm', () => {
    expect([...trigrams('rg')]).toEqual(['  r', ' rg', 'rg ']);
  });

  it('gives pg_trgm’s values', () => {
    // select similarity('identiadde', 'identidade') → 0.46666667 in PostgreSQL
    expect(similarity(trigrams('identiadde'), trigrams('identidade'))).toBeCloseTo(0.4667, 3);
    expect(similarity(trigrams('cnh'), trigrams('cnh'))).toBe(1);
  });

  it('corrects typos to the closest known word, and leaves nonsense alone', () => {
    const lexicon = buildLexicon(['identidade', 'licenciamento', 'habilitacao', 'identificacao']);
    expect(closestWord(lexicon, 'identiadde')).toBe('identidade');
    expect(closestWord(lexicon, 'licensiamento')).toBe('licenciamento');
    expect(closestWord(lexicon, 'xyzzy')).toBeNull();
  });

  it('corrects a short word with one letter wrong, which shares too few trigrams, to the known word one edit away', () => {
    const lexicon = buildLexicon(['anual', 'idoso', 'idosa', 'placa', 'carteira']);
    expect(closestWord(lexicon, 'anuel')).toBe('anual');
    expect(closestWord(lexicon, 'idozo')).toBe('idoso');
    expect(closestWord(lexicon, 'palca')).toBe('placa');
    expect(closestWord(lexicon, 'plca')).toBe('placa');
    expect(closestWord(lexicon, 'idxzz')).toBeNull();
  });
});
