import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '@portal/contracts';
import { favoriteNotice } from './favorites.ts';
import { homeCatalog } from './home-catalog.ts';

describe('homeCatalog (top_hit 500)', () => {
  const items = [
    { slug: 'a', active: true },
    { slug: 'b', active: false },
    { slug: 'c', active: true },
  ];
  it('keeps only active services for anonymous visitors', () => expect(homeCatalog(items, false).map((i) => i.slug)).toEqual(['a', 'c']));
  it('keeps every service for a logged-in citizen', () => expect(homeCatalog(items, true)).toHaveLength(3));
});

describe('favourite notices and return paths', () => {
  it('has the §8 messages', () => {
    expect(favoriteNotice('added')).toEqual({ message: 'Serviço favoritado com sucesso', tone: 'success' });
    expect(favoriteNotice('removed')?.message).toBe('Serviço removido dos favoritos');
    expect(favoriteNotice('failed')).toEqual({ message: 'Erro ao favoritar serviço', tone: 'error' });
    expect(favoriteNotice('x')).toBeNull();
  });
  it('returns only to paths of this site', () => {
    expect(safeReturnPath('/app/catalog/list?page=2', '/')).toBe('/app/catalog/list?page=2');
    expect(safeReturnPath('//evil.example', '/')).toBe('/');
    expect(safeReturnPath('https://evil.example', '/')).toBe('/');
    expect(safeReturnPath(null, '/x')).toBe('/x');
  });
});
