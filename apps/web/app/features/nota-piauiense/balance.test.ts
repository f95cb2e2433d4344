import { describe, expect, it } from 'vitest';
import { formatBrl } from '../../lib/format.ts';
import { canRedeem, cleanBalance } from './balance.ts';

describe('cleanBalance (spec §5)', () => {
  it.each([
    ['137.45', 137.45],
    ['0.00', 0],
    ['R$ 137,45', 137.45],
    ['1.234,56', 1234.56],
    ['1,234.56', 1234.56],
    ['25', 25],
    ['R$ 1.000', 1000],
    [' 12.3 ', 12.3],
    [137.45, 137.45],
  ])('%j → %d', (raw, expected) => expect(cleanBalance(raw)).toBeCloseTo(expected, 2));

  it.each([[''], ['abc'], ['R$ -'], [null], [undefined], [{}], [Number.NaN], [-5]])('%j is R$ 0,00', (raw) => {
    expect(cleanBalance(raw)).toBe(0);
    expect(formatBrl(cleanBalance(raw))).toBe('R$ 0,00');
  });
});

describe('formatBrl', () => {
  it('uses the Brazilian real format', () => {
    expect(formatBrl(137.45)).toBe('R$ 137,45');
    expect(formatBrl(25)).toBe('R$ 25,00');
    expect(formatBrl(1234.5)).toBe('R$ 1.234,50');
  });
  it('offers redemption only above zero', () => {
    expect(canRedeem(0)).toBe(false);
    expect(canRedeem(0.01)).toBe(true);
  });
});
