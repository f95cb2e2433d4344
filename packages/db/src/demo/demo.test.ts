import { describe, expect, it } from 'vitest';
import { demoCatalog } from './index.ts';
import { checkCatalog } from './validate.ts';

// The services the issue names, as a citizen would look for them.
export const REQUIRED_SERVICES = [
  'carteira-de-identidade-primeira-via',
  'carteira-de-identidade-segunda-via',
  'renovacao-da-cnh',
  'primeira-habilitacao',
  'licenciamento-anual-de-veiculo',
  'emissao-do-dae-do-ipva',
  'transferencia-de-propriedade-de-veiculo',
  'consulta-e-recurso-de-multas-de-transito',
  'delegacia-virtual-boletim-de-ocorrencia',
  'certidao-de-antecedentes-criminais',
  'matricula-na-rede-estadual',
  'historico-escolar',
  'certidao-negativa-de-debitos-estaduais',
  'nota-fiscal-avulsa',
  'cadastro-nota-piauiense',
  'contracheque-do-servidor',
  'prova-de-vida-piauiprev',
  'agendamento-de-consultas-e-exames',
  'medicamentos-especializados-alto-custo',
  'abertura-de-empresa',
  'inscricao-estadual',
  'licenciamento-ambiental',
  'guia-de-transito-animal-gta',
  'carteira-de-identificacao-da-pessoa-com-tea',
  'manifestacao-na-ouvidoria',
  'sine-vagas-de-emprego',
  'agendamento-de-doacao-de-sangue',
];

describe('demo catalog', async () => {
  const data = await demoCatalog();

  it('is internally consistent', () => {
    expect(checkCatalog(data)).toEqual([]);
  });

  it('is large enough to be realistic', () => {
    expect(data.categories.length).toBeGreaterThanOrEqual(15);
    expect(data.departments.length).toBeGreaterThanOrEqual(25);
    expect(data.services.length).toBeGreaterThanOrEqual(200);
  });

  it('has the audience categories, with empresas answering as negocios-e-empresas', () => {
    const bySlug = new Map(data.categories.map((c) => [c.slug, c]));
    expect(bySlug.get('servicos-ao-cidadao')?.audience).toBe('cidadao');
    expect(bySlug.get('servidor-publico')?.audience).toBe('servidor');
    expect(bySlug.get('negocios-e-empresas')?.audience).toBe('empresa');
    expect(bySlug.get('negocios-e-empresas')?.aliases).toContain('empresas');
  });

  it('has the real state bodies with missions, units and hours', () => {
    const slugs = data.departments.map((d) => d.slug);
    for (const slug of ['sefaz', 'detran-pi', 'seduc', 'sesapi', 'ssp', 'sead', 'jucepi', 'adapi', 'semarh', 'piauiprev', 'hemopi', 'policia-civil']) {
      expect(slugs).toContain(slug);
    }
    const withUnits = data.departments.filter((d) => d.units.length > 0);
    expect(withUnits.length).toBeGreaterThanOrEqual(25);
    for (const d of withUnits) for (const u of d.units) expect(u.openingTime).not.toBe('');
    expect(data.departments.filter((d) => d.mission).length).toBeGreaterThanOrEqual(25);
  });

  it('has every service the issue names, with steps, documents, units and popular names', () => {
    const bySlug = new Map(data.services.map((s) => [s.slug, s]));
    const missing = REQUIRED_SERVICES.filter((slug) => !bySlug.has(slug));
    expect(missing).toEqual([]);
    for (const slug of REQUIRED_SERVICES) {
      const s = bySlug.get(slug)!;
      expect(s.steps.length, slug).toBeGreaterThan(0);
      expect(s.popularNames.length, slug).toBeGreaterThan(0);
      expect(s.steps.some((step) => (step.documents ?? []).length > 0), `${slug} documents`).toBe(true);
    }
  });
});
