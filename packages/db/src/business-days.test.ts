import { describe, expect, it } from 'vitest';
import { businessCalendar, holidayName, PIAUI_CALENDAR } from './business-days.ts';

// A promised deadline in 'dias úteis' (issue 28): Piauí's calendar, and the days a department is closed besides.

describe("Piauí's business days", () => {
  it("knows Brazil's and Piauí's holidays, movable ones included, and not the days that are only commemorated", () => {
    // Dia do Piauí, Consciência Negra, Tiradentes; Carnival Monday and Tuesday, Good Friday, Corpus Christi of 2027.
    for (const day of ['2026-10-19', '2026-11-20', '2027-04-21', '2027-02-08', '2027-02-09', '2027-03-26', '2027-05-27']) {
      expect(PIAUI_CALENDAR.isBusinessDay(day), day).toBe(false);
      expect(holidayName(day), day).not.toBeNull();
    }
    expect(holidayName('2026-10-19')).toBe('Dia do Piauí');
    // Ash Wednesday (offices open in the afternoon), Mother's Day's week, an ordinary Monday.
    for (const day of ['2027-02-10', '2026-05-11', '2026-11-23']) expect(PIAUI_CALENDAR.isBusinessDay(day), day).toBe(true);
    expect(holidayName('2026-11-23')).toBeNull();
  });

  it('counts forward and back over weekends and holidays', () => {
    // Thursday 19 Nov 2026 + 1: Friday 20 is Consciência Negra, so Monday 23.
    expect(PIAUI_CALENDAR.add('2026-11-19', 1)).toBe('2026-11-23');
    expect(PIAUI_CALENDAR.add('2026-11-23', -1)).toBe('2026-11-19');
    expect(PIAUI_CALENDAR.add('2026-12-23', 2)).toBe('2026-12-28');
    expect(PIAUI_CALENDAR.add('2026-11-19', 0)).toBe('2026-11-19');
    expect(PIAUI_CALENDAR.between('2026-11-19', '2026-11-24')).toBe(2);
    expect(PIAUI_CALENDAR.between('2026-11-24', '2026-11-19')).toBe(0);
  });

  it("skips a department's closed days as it skips a holiday", () => {
    const closed = businessCalendar(new Set(['2026-12-01', '2026-12-02']));
    expect(closed.isBusinessDay('2026-12-01')).toBe(false);
    // Monday 30 Nov + 2: Tuesday 1 and Wednesday 2 closed, so Thursday 3 and Friday 4.
    expect(closed.add('2026-11-30', 2)).toBe('2026-12-04');
    expect(PIAUI_CALENDAR.add('2026-11-30', 2)).toBe('2026-12-02');
    expect(closed.between('2026-11-30', '2026-12-04')).toBe(2);
  });
});
