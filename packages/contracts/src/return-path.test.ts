import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path.ts';

const HOME = '/app/catalog';

describe('safeReturnPath: the one guard for returnTo, next and redirect parameters', () => {
  // Each of these, followed by a browser, would leave the portal (or run script).
  const tricky = [
    '/app/..//evil.example/x',
    '/app/catalog/../..//evil.example',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/%2F%2Fevil.example',
    '/app/catalog/..%2F..%2F%2Fevil.example',
    '%2F%2Fevil.example',
    '/%252F%252Fevil.example',
    '/%5Cevil.example',
    '/%5C%5Cevil.example',
    '/\t/evil.example',
    '/%09/evil.example',
    '/\n/evil.example',
    '/%0d%0a/evil.example',
    'https://evil.example',
    'http:evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    ' /app/catalog',
    '/%E0%A4%A',
    'evil.example',
    '',
    '/v1/me',
    '/api/contracheque/x',
    '/auth/session/end',
    '/app/entrar',
    '/app/sair',
  ];
  for (const payload of tricky) {
    it(`falls back to the catalog's home for ${JSON.stringify(payload)}`, () => {
      expect(safeReturnPath(payload, HOME)).toBe(HOME);
    });
  }

  it('keeps paths of the site, with their query and fragment', () => {
    expect(safeReturnPath('/app/catalog/transito/renovacao-da-cnh', HOME)).toBe('/app/catalog/transito/renovacao-da-cnh');
    expect(safeReturnPath('/app/catalog/search/carteira%20de%20identidade?page=2#r', HOME)).toBe('/app/catalog/search/carteira%20de%20identidade?page=2#r');
    expect(safeReturnPath('/app/app-minha-cnh', HOME)).toBe('/app/app-minha-cnh');
    expect(safeReturnPath('/app/catalog/./list/../list/saude', HOME)).toBe('/app/catalog/list/saude');
  });

  it('refuses what is not a string', () => {
    expect(safeReturnPath(undefined, HOME)).toBe(HOME);
    expect(safeReturnPath(['/a'], HOME)).toBe(HOME);
    expect(safeReturnPath(`/${'a'.repeat(3000)}`, HOME)).toBe(HOME);
  });
});
