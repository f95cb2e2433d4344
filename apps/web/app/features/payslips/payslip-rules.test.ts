import { describe, expect, it } from 'vitest';
import { parsePeriod, periodInWords } from './payslip-rules.ts';

describe('payslip rules', () => {
  it('reads periods', () => {
    expect(parsePeriod('12/2024')).toEqual({ month: '12', year: '2024' });
    expect(parsePeriod('2024-12')).toBeNull();
    expect(periodInWords('03/2025')).toBe('março de 2025');
  });
});
