import { describe, expect, it } from 'vitest';
import { isSafeLink } from './links.ts';

describe('a link an editor writes', () => {
  it('takes http(s) addresses and portal paths', () => {
    for (const href of ['https://www.detran.pi.gov.br/', 'http://sefaz.pi.gov.br/ipva?ano=2026#guia', '/app/catalog/list', '/app/catalog/transito/cnh?x=1#etapas'])
      expect(isSafeLink(href), href).toBe(true);
  });
  it('refuses what browsers read as another site, or another host than it says', () => {
    for (const href of [
      '/\\evil.example',
      '/\\/evil.example',
      '//evil.example',
      '/\t/evil.example',
      '\\\\evil.example',
      'https://user:pass@host.example/',
      'https://www.detran.pi.gov.br@evil.example/',
      'https://@evil.example/',
      'javascript:alert(1)',
      'data:text/html,x',
      'https:evil.example',
      'http://',
      'evil.example',
      '',
    ])
      expect(isSafeLink(href), href).toBe(false);
  });
  it('takes mailto: and tel: only where contact links belong (rich text)', () => {
    expect(isSafeLink('mailto:ouvidoria@pi.gov.br')).toBe(false);
    expect(isSafeLink('mailto:ouvidoria@pi.gov.br', { contact: true })).toBe(true);
    expect(isSafeLink('tel:+558632161234', { contact: true })).toBe(true);
  });
});
