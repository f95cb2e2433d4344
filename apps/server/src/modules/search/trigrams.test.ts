import { describe, expect, it } from 'vitest';
import { buildLexicon, closestWord, closestWords, similarity, soundOf, trigrams } from './trigrams.ts';

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

  it('never corrects to a stop word, and of the known words one edit away means the one the catalog uses most, keeping the first letter', () => {
    const uses = new Map([['tirar', 40], ['terra', 9], ['estado', 30], ['curso', 50], ['recurso', 12], ['penha', 3], ['pela', 90]]);
    const lexicon = buildLexicon(['tirar', 'terra', 'estado', 'esta', 'curso', 'recurso', 'penha', 'pela'], { stop: new Set(['esta', 'pela']), uses });
    expect(closestWord(lexicon, 'penla')).toBe('penha');
    // 'esta' shares more of its trigrams, and is a stop word; 'estado' is one letter swap away.
    expect(closestWord(lexicon, 'estaod')).toBe('estado');
    expect(closestWord(lexicon, 'tirra')).toBe('tirar');
    expect(closestWord(lexicon, 'rcurso')).toBe('recurso');
    expect(closestWords(lexicon, 'tirra')).toEqual(['tirar', 'terra']);
  });

  it('hears the misspellings that sound right as the word they mean, and tells a single r from a double one', () => {
    for (const [typed, meant] of [['doassão', 'doação'], ['licensa', 'licença'], ['empreza', 'empresa'], ['desenprego', 'desemprego'], ['identidadi', 'identidade'], ['certidau', 'certidão'], ['faicha', 'faixa'], ['fexar', 'fechar']]) {
      expect(soundOf(typed!), typed).toBe(soundOf(meant!));
    }
    expect(soundOf('caro')).not.toBe(soundOf('carro'));
    const written = new Map([['doacao', 'doação'], ['protese', 'prótese']]);
    const lexicon = buildLexicon(['doacao', 'dotacao', 'protese', 'protege', 'ficha', 'faixa'], { written, uses: new Map([['protege', 9], ['protese', 2], ['ficha', 5], ['faixa', 3]]) });
    expect(closestWord(lexicon, 'doassao')).toBe('doacao');
    // One edit from both, and sounds as 'prótese': the less used word it sounds as comes first.
    expect(closestWord(lexicon, 'proteze')).toBe('protese');
    // One edit from 'ficha', and sounds as 'faixa': both are searched, the rest of the text chooses.
    expect(closestWords(lexicon, 'faicha')).toEqual(['ficha', 'faixa']);
  });

  it('reads an abbreviation as the known words it begins, the most used first, and a whole word as a word', () => {
    const lexicon = buildLexicon(['segunda', 'seguro', 'certidao', 'certificado', 'devolucao'], { uses: new Map([['segunda', 20], ['seguro', 5], ['certidao', 9], ['certificado', 4], ['devolucao', 3]]) });
    expect(closestWords(lexicon, 'seg')).toEqual(['segunda', 'seguro']);
    expect(closestWords(lexicon, 'cert')).toEqual(['certidao', 'certificado']);
    // 'devo' ends as a Portuguese word can ('I owe'): no abbreviation of 'devolução'.
    expect(closestWords(lexicon, 'devo')).toEqual([]);
  });

  it('reads an abbreviation as the words it begins before the word a dropped letter makes, up to five of them', () => {
    const words = ['car', 'carteira', 'cartao', 'cartorio', 'carta', 'cartaz', 'cartilha', 'carteirinha'];
    const lexicon = buildLexicon(words, { uses: new Map(words.map((word, i) => [word, 100 - i])) });
    expect(closestWords(lexicon, 'cart')).toEqual(['carteira', 'cartao', 'cartorio', 'carta', 'cartaz']);
  });
});
