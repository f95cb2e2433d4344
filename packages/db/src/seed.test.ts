import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from './client.ts';
import type { CatalogData } from './seed.ts';
import { seedCatalog } from './seed.ts';

const tiny: CatalogData = {
  categories: [
    { slug: 'servicos-ao-cidadao', name: 'Serviços ao Cidadão', description: '', icon: 'users', corhex: '#034EA2', orderIndex: 1, audience: 'cidadao' },
    { slug: 'saude', name: 'Saúde', description: '', icon: 'heart-pulse', corhex: '#9B1C1C', orderIndex: 2 },
  ],
  departments: [
    {
      slug: 'sesapi', shortName: 'SESAPI', name: 'Secretaria de Estado da Saúde do Piauí', description: '', mission: '', vision: '', values: '', link: '',
      units: [{ slug: 'sesapi-sede', name: 'Sede', address: 'Av. Pedro Freitas, s/n', district: 'São Pedro', postalCode: '64018-900', city: 'Teresina', state: 'PI', openingTime: 'Segunda a sexta', latitude: -5.1, longitude: -42.8 }],
    },
  ],
  services: [
    {
      slug: 'vacinacao', title: 'Vacinação', description: '<p>Vacinas <script>alert("x")</script><img src=x onerror="alert(1)"></p>',
      department: 'sesapi', category: 'saude', targets: ['cidadao'], popularNames: ['tomar vacina'], tags: ['vacina'],
      isFree: true, estimatedTime: 'Imediato', isOnline: false, isDigital: false, isSelfService: false, link: '', accessProfile: 'BRONZE', icon: 'fa-syringe',
      steps: [{ name: 'Ir ao posto', description: 'Leve o cartão.', channel: 'presencial', htmlContent: '<ul><li onclick="x">Cartão</li></ul>', documents: ['Cartão do SUS'] }],
      info: [{ title: 'Onde', text: '<p><a href="javascript:alert(1)">aqui</a></p>' }],
    },
  ],
  synonyms: [{ term: 'B.O.', expansion: 'boletim de ocorrência' }],
};

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createDatabase();
  await handle.migrate();
  await seedCatalog(handle.db, tiny);
});
afterAll(() => handle.close());

const one = async <T>(query: ReturnType<typeof sql>) => ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;

describe('seedCatalog', () => {
  it('sanitises every stored HTML text on write', async () => {
    const service = await one<{ description: string }>(sql`select description from services where slug = 'vacinacao'`);
    expect(service.description).toBe('<p>Vacinas </p>');
    const step = await one<{ html_content: string }>(sql`select html_content from service_steps`);
    expect(step.html_content).toBe('<ul><li>Cartão</li></ul>');
    const info = await one<{ text: string }>(sql`select text from service_info`);
    expect(info.text).not.toMatch(/javascript:/);
  });

  it('links in-person services to their department units', async () => {
    const row = await one<{ n: number }>(sql`select count(*)::int as n from service_sections`);
    expect(row.n).toBe(1);
  });

  it('builds the search vector and lexicon, and normalises synonym terms', async () => {
    const match = await one<{ ok: boolean }>(sql`select search_vector @@ plainto_tsquery('pt_unaccent', 'vacinacao') as ok from services`);
    expect(match.ok).toBe(true);
    const word = await one<{ n: number }>(sql`select count(*)::int as n from search_lexicon where word = 'vacina'`);
    expect(word.n).toBe(1);
    const synonym = await one<{ term: string }>(sql`select term from search_synonyms`);
    expect(synonym.term).toBe('bo');
  });

  it('writes nothing when the catalog is inconsistent', async () => {
    const fresh = await createDatabase();
    await fresh.migrate();
    const broken = { ...tiny, services: [{ ...tiny.services[0]!, category: 'nao-existe' }] };
    await expect(seedCatalog(fresh.db, broken)).rejects.toThrow(/unknown category/);
    const rows = ((await fresh.db.execute(sql`select count(*)::int as n from categories`)) as unknown as { rows: { n: number }[] }).rows;
    expect(rows[0]!.n).toBe(0);
    await fresh.close();
  });
});
