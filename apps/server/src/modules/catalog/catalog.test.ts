import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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

  it('counts each access for "mais acessados"', async () => {
    const first = (await t.app.inject({ url: '/v1/catalog/historico-escolar/load' })).json();
    const second = (await t.app.inject({ url: '/v1/catalog/historico-escolar/load' })).json();
    expect(second.access_counter).toBe(first.access_counter + 1);
  });

  it('answers 404 in Portuguese for an unknown service', async () => {
    const res = await t.app.inject({ url: '/v1/catalog/servico-que-nao-existe/load' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: expect.stringContaining('Serviço não encontrado') });
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
