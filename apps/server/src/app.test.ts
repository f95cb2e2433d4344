import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './plugins/config.ts';
import { createTestApp, type TestApp } from './test-support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the portal process', () => {
  it('answers /healthz once the database is ready', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('redirects / to the base path', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/catalog');
  });

  it('publishes the API contract as OpenAPI with every call of the spec', async () => {
    const res = await t.app.inject({ url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of ['/v1/category', '/v1/department', '/v1/department/{id}/section', '/v1/search', '/v1/catalog/{slug}/load', '/v1/catalog/{id}/ratings', '/v1/catalog/setFavorite', '/v1/catalog/{slug}/pdf']) {
      expect(paths).toContain(path);
    }
    expect((await t.app.inject({ url: '/docs' })).statusCode).toBeLessThan(400);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ url: '/v1/category' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('bad requests get a clear Portuguese error and never a stack trace', () => {
  const post = (payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/v1/search', payload, headers: { 'content-type': contentType } });

  it('invalid JSON → 400', async () => {
    const res = await post('{"query": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'O corpo da requisição não é um JSON válido.' });
  });

  it('empty JSON body → 400', async () => {
    const res = await post('');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/vazio/);
  });

  it('oversized body → 413', async () => {
    const res = await post(JSON.stringify({ query: 'x'.repeat(200_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('O conteúdo enviado é grande demais.');
  });

  it('wrong content type → 415', async () => {
    const res = await post('query=cnh', 'text/plain');
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/JSON/);
  });

  it('unknown address → 404 JSON', async () => {
    const res = await t.app.inject({ url: '/v1/nada' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found', message: expect.stringContaining('Endereço não encontrado') });
  });

  it('unknown department → 404, malformed id → 400', async () => {
    expect((await t.app.inject({ url: '/v1/department/orgao-inexistente/section' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/v1/department/99999/section' })).statusCode).toBe(404);
    const bad = await t.app.inject({ url: `/v1/department/${encodeURIComponent('a b')}/section` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Órgão inválido/);
  });
});

describe('departments', () => {
  it('lists the state bodies and their units by slug or id', async () => {
    const list = (await t.app.inject({ url: '/v1/department' })).json();
    expect(list.length).toBeGreaterThanOrEqual(25);
    const sefaz = list.find((d: { slug: string }) => d.slug === 'sefaz');
    expect(sefaz.shortName).toBe('SEFAZ');
    const bySlug = (await t.app.inject({ url: '/v1/department/sefaz/section' })).json();
    const byId = (await t.app.inject({ url: `/v1/department/${sefaz.id}/section` })).json();
    expect(bySlug.length).toBeGreaterThan(0);
    expect(byId).toEqual(bySlug);
    expect(bySlug[0]).toMatchObject({ city: 'Teresina', state: 'PI', department: expect.objectContaining({ id: sefaz.id, slug: 'sefaz' }) });
  });
});

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', BASE_PATH: '/app/catalog', DATA_DIR: './.data', SEED_DEMO: true, WORKERS: 1 });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('refuses invalid settings at start-up', () => {
    expect(() => loadConfig({ PORT: 'oitenta' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });
});
