import type { CatalogData } from './seed.ts';
import type { DemoService } from './demo/types.ts';

const PLACES = [
  'Teresina', 'Parnaíba', 'Picos', 'Floriano', 'Piripiri', 'Campo Maior', 'Barras', 'União', 'Altos', 'Pedro II',
  'Oeiras', 'São Raimundo Nonato', 'Bom Jesus', 'Corrente', 'Uruçuí', 'Esperantina', 'José de Freitas', 'Valença do Piauí',
  'Luís Correia', 'Cocal', 'Batalha', 'Piracuruca', 'Água Branca', 'Amarante', 'Simplício Mendes', 'Paulistana',
];
const VARIANTS = ['atendimento regional', 'programa estadual', 'posto avançado', 'mutirão', 'unidade móvel', 'agendamento especial'];

/**
 * A large synthetic catalog for tests and benchmarks: the demo's categories and departments, and `count`
 * services made from the demo services by place and variant, so texts stay Portuguese and searchable.
 * Same inputs, same output.
 */
export function generateCatalog(base: CatalogData, count: number): CatalogData {
  const templates = base.services;
  const services: DemoService[] = [];
  for (let i = 0; i < count; i++) {
    const template = templates[i % templates.length]!;
    const place = PLACES[Math.floor(i / templates.length) % PLACES.length]!;
    const variant = VARIANTS[Math.floor(i / (templates.length * PLACES.length)) % VARIANTS.length]!;
    services.push({
      ...template,
      slug: `${template.slug}-${i}`,
      title: `${template.title} – ${variant} em ${place}`,
      description: `${template.description}<p>Oferta do ${variant} em ${place}.</p>`,
      highlighted: i < 40 ? template.highlighted : false,
    });
  }
  return { ...base, services };
}
