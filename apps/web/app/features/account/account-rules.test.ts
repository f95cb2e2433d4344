import { describe, expect, it } from 'vitest';
import { highestLevel, shortName } from './account-rules.ts';

describe('shortName', () => {
  it.each([
    ['Maria da Conceição Silva', 'Maria Silva'],
    ['João Pedro de Souza', 'João Souza'],
    ['  Ana   Maria  ', 'Ana Maria'],
    ['Pelé', 'Pelé'],
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (name, expected) => expect(shortName(name)).toBe(expected));
});

describe('highestLevel', () => {
  it('checks opala, ouro, prata, bronze in that order', () => {
    expect(highestLevel(['bronze', 'prata'])).toBe('prata');
    expect(highestLevel(['prata', 'ouro', 'bronze'])).toBe('ouro');
    expect(highestLevel(['bronze', 'opala', 'ouro'])).toBe('opala');
    expect(highestLevel(['bronze'])).toBe('bronze');
  });
  it('ignores case and other roles; none gives null', () => {
    expect(highestLevel(['OURO', 'servidor'])).toBe('ouro');
    expect(highestLevel(['cidadao', 'offline_access'])).toBeNull();
    expect(highestLevel([])).toBeNull();
  });
});
