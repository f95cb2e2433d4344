import { describe, expect, test } from 'vitest';
import { cut, formatBrl, formatDate, formatIsoDay, formatNumber, todayInPiaui, matches, relativeTime, stripHtml } from './format.ts';
import { isFullNavigation, serviceLinkMode } from './links.ts';

describe('format', () => {
  test('strips markup and decodes entities for meta descriptions, cut at 100', () => {
    const html = '<p>A <strong>Carteira</strong> &amp; o CPF&nbsp;juntos.</p><p>Segundo parágrafo.</p>';
    expect(stripHtml(html)).toBe('A Carteira & o CPF juntos. Segundo parágrafo.');
    expect(cut('x'.repeat(150))).toHaveLength(100);
    expect(cut('curto')).toBe('curto');
  });

  test('relative time in Portuguese', () => {
    const now = Date.parse('2026-06-15T12:00:00Z');
    expect(relativeTime('2026-06-12T12:00:00Z', now)).toBe('há 3 dias');
    expect(relativeTime('2026-06-14T12:00:00Z', now)).toBe('ontem');
    expect(relativeTime('2026-04-10T12:00:00Z', now)).toBe('há 2 meses');
    expect(relativeTime('2025-05-01T12:00:00Z', now)).toBe('ano passado');
  });

  test('filters match without case or accents', () => {
    expect(matches('Agência de Parnaíba', 'PARNAIBA')).toBe(true);
    expect(matches('SEFAZ', 'sef')).toBe(true);
    expect(matches('SEFAZ', 'det')).toBe(false);
  });
});

describe('link rules (spec §5)', () => {
  test('data rows post a form; /app/ links navigate in place; others open a new tab', () => {
    expect(serviceLinkMode('https://x.pi.gov.br/a', [{}])).toBe('form-post');
    expect(serviceLinkMode('/app/dashboard', [])).toBe('portal');
    expect(serviceLinkMode('https://portal.pi.gov.br/app/x', [])).toBe('portal');
    expect(serviceLinkMode('https://x.pi.gov.br', [])).toBe('new-tab');
    expect(serviceLinkMode('', [])).toBe('none');
    expect(isFullNavigation('http://a')).toBe(true);
    expect(isFullNavigation('/app/dashboard')).toBe(true);
    expect(isFullNavigation('/saude/x')).toBe(false);
  });
});

describe('dates and money: one module', () => {
  test("today is Piauí's day (UTC−3), not the server's", () => {
    expect(todayInPiaui(new Date('2026-06-16T02:30:00Z'))).toBe('2026-06-15');
    expect(todayInPiaui(new Date('2026-06-16T03:30:00Z'))).toBe('2026-06-16');
    expect(formatDate('2026-06-16T02:30:00Z')).toBe('15/06/2026');
  });
  test('calendar days and numbers in pt-BR', () => {
    expect(formatIsoDay('2025-03-01')).toBe('01/03/2025');
    expect(formatIsoDay('2025-03')).toBe('2025-03');
    expect(formatNumber(1234.567, { maximumFractionDigits: 2 })).toBe('1.234,57');
    expect(formatNumber(4, { minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe('4,0');
  });
  test('reais with a plain space, or the no-break space for table cells', () => {
    expect(formatBrl(1234.5)).toBe('R$ 1.234,50');
    expect(formatBrl(1234.5, { nonBreaking: true })).toBe('R$\u00a01.234,50');
    expect(formatBrl(Number.NaN)).toBe('R$ 0,00');
  });
});
