import { describe, expect, test } from 'vitest';
import { categoryTarget, clearCategoryTarget, clearKeywordTarget, departmentTarget, lastPageHref, listSource, pageIndexFrom, searchTarget } from './list-navigation.ts';

describe('list navigation (spec §4)', () => {
  test('targets of each action', () => {
    expect(searchTarget('  ')).toBeNull();
    expect(searchTarget('rg')).toBe('/search/rg');
    expect(searchTarget('carteira de motorista', 'transito-e-veiculos')).toBe('/list/transito-e-veiculos/carteira%20de%20motorista');
    expect(categoryTarget('saude')).toBe('/list/saude');
    expect(clearCategoryTarget('vacina')).toBe('/search/vacina');
    expect(clearCategoryTarget('')).toBe('/list');
    expect(clearKeywordTarget('saude')).toBe('/list/saude');
    expect(clearKeywordTarget(null)).toBe('/list');
    expect(departmentTarget('sefaz')).toBe('/list/orgao/sefaz');
  });

  test('data source by category or query', () => {
    expect(listSource('Cidadao')).toBe('targeted');
    expect(listSource(null, 'cidadão')).toBe('targeted');
    expect(listSource(null, 'acesso-rapido')).toBe('highlighted');
    expect(listSource('mais-acessados')).toBe('highlighted');
    expect(listSource('saude', 'vacina')).toBe('search');
  });

  test('page index is zero-based inside, one-based in the address', () => {
    expect(pageIndexFrom(new URLSearchParams(''))).toBe(0);
    expect(pageIndexFrom(new URLSearchParams('page=3'))).toBe(2);
    expect(pageIndexFrom(new URLSearchParams('page=-1'))).toBe(0);
    expect(pageIndexFrom(new URLSearchParams('page=abc'))).toBe(0);
  });
});

describe('pages past the end (issue 13)', () => {
  test('go to the same list’s last page, keeping the other parameters', () => {
    const url = new URL('http://portal/app/catalog/list/saude?filtroCategoria=sa&page=99');
    expect(lastPageHref(url, 98, 34)).toBe('/app/catalog/list/saude?filtroCategoria=sa&page=4');
    expect(lastPageHref(new URL('http://portal/app/catalog/orgao/detran-pi?page=99'), 98, 7)).toBe('/app/catalog/orgao/detran-pi');
    expect(lastPageHref(url, 2, 34)).toBeNull();
    expect(lastPageHref(url, 98, 0)).toBeNull();
  });
});
