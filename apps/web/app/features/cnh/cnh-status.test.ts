import { describe, expect, it } from 'vitest';
import { cnhRestrictions, cnhStatus, daysLeft, isoToBr } from './cnh-status.ts';

// Noon in Piauí (UTC-3) on 10/06/2025.
const now = new Date('2025-06-10T15:00:00Z');

describe('cnhStatus (spec §2)', () => {
  it.each([
    ['09/06/2025', 'vencida'],
    ['01/01/2020', 'vencida'],
    ['10/06/2025', 'proxima-do-vencimento'],
    ['25/07/2025', 'proxima-do-vencimento'], // 45 days
    ['08/08/2025', 'proxima-do-vencimento'], // 59 days
    ['09/08/2025', 'valida'], // 60 days
    ['10/06/2030', 'valida'],
  ])('%s → %s', (validity, expected) => expect(cnhStatus(validity, now)).toBe(expected));

  it('has no status without a real date', () => {
    for (const bad of ['', undefined, '2025-06-10', '31/02/2025', 'amanhã']) expect(cnhStatus(bad, now)).toBeNull();
  });

  it("counts days on Piauí's calendar", () => {
    // 01:00 UTC on the 11th is still the 10th in Teresina.
    expect(daysLeft('11/06/2025', new Date('2025-06-11T01:00:00Z'))).toBe(1);
    expect(daysLeft('09/06/2025', now)).toBe(-1);
  });
});

describe('cnhRestrictions', () => {
  it('lists a restriction per block flag', () => {
    expect(cnhRestrictions({})).toEqual([]);
    expect(cnhRestrictions({ bloqueioBca: true })).toEqual(['Bloqueio na Base de Cadastro de Condutores (BCA)']);
    expect(cnhRestrictions({ bloqueioBca: true, bloqueioCnhApreendida: true })).toHaveLength(2);
  });
  it('formats the issue date as dd/mm/yyyy', () => {
    expect(isoToBr('2015-03-27')).toBe('27/03/2015');
    expect(isoToBr('')).toBe('');
  });
});
