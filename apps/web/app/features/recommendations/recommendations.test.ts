import { describe, expect, it } from 'vitest';
import { recommendationHref } from './recommendations.server.ts';

describe('recommendationHref (spec §7)', () => {
  it('rewrites to /app/catalog/{categorySlug}/{slug}', () => {
    expect(recommendationHref({ link: 'renovacao', categorySlug: 'transito-e-veiculos', slug: 'renovacao-da-cnh' })).toBe('/app/catalog/transito-e-veiculos/renovacao-da-cnh');
    expect(recommendationHref({ link: '', categorySlug: 'saude', slug: 'x' }, '/catalogo')).toBe('/catalogo/saude/x');
    expect(recommendationHref({ link: '/app/algo', categorySlug: 'saude', slug: 'x' })).toBe('/app/catalog/saude/x');
  });
  it("keeps links that are already absolute catalog addresses; a service's outside channel is not the card's address", () => {
    expect(recommendationHref({ link: '/app/catalog/saude/doacao-de-sangue', categorySlug: 'a', slug: 'b' })).toBe('/app/catalog/saude/doacao-de-sangue');
    expect(recommendationHref({ link: 'https://portal.pi.gov.br/app/catalog/saude/x', categorySlug: 'a', slug: 'b' })).toBe('https://portal.pi.gov.br/app/catalog/saude/x');
    expect(recommendationHref({ link: 'https://www.detran.pi.gov.br/servicos/pontuacao-cnh', categorySlug: 'transito-e-veiculos', slug: 'consulta-de-pontuacao-da-cnh' })).toBe(
      '/app/catalog/transito-e-veiculos/consulta-de-pontuacao-da-cnh',
    );
  });
});
