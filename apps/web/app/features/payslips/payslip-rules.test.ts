import { describe, expect, it } from 'vitest';
import { parsePeriod, payslipFileName, periodInWords } from './payslip-rules.ts';

describe('payslip rules', () => {
  it('builds the file name from month, year and bond', () => {
    expect(payslipFileName('03/2025', 'SEAD')).toBe('contracheque-03-2025-SEAD.pdf');
    expect(payslipFileName('3/2025', 'SEDUC PI')).toBe('contracheque-03-2025-SEDUC-PI.pdf');
    expect(payslipFileName('13/2025', 'SEAD')).toBe('contracheque-SEAD.pdf');
  });
  it('reads periods', () => {
    expect(parsePeriod('12/2024')).toEqual({ month: '12', year: '2024' });
    expect(parsePeriod('2024-12')).toBeNull();
    expect(periodInWords('03/2025')).toBe('março de 2025');
  });
});
