import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support/app.ts';
import { TestBrowser } from './test-support/browser.ts';
import { observatoryScore, type ObservedResponse } from './test-support/observatory.ts';
// @ts-expect-error: a plain ES module without type declarations
import { ensureBuild } from '../../web/scripts/ensure-build.mjs';

// Mozilla HTTP Observatory's rules on the portal with the production settings the README documents:
// behind a TLS proxy (TRUST_PROXY) at an https PUBLIC_URL, demo data off. A+ is a score of 100 or more.

const ORIGIN = 'https://portal.pi.gov.br';
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: ORIGIN,
  TRUST_PROXY: 'loopback',
  VOTER_SECRET: 'observatorio-'.padEnd(48, 'x'),
  SEED_DEMO: 'false',
};
// What the proxy adds to every request it forwards.
const VIA_PROXY = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.20', host: 'portal.pi.gov.br', origin: 'https://observatory.invalid' };

let t: TestApp;
beforeAll(async () => {
  (ensureBuild as () => boolean)();
  t = await createTestApp({ embeddedIdentity: true, env: PRODUCTION });
});
afterAll(() => t.close());

/** Follows redirects inside the portal like the Observatory's scanner, keeping every cookie it is given. */
async function observe(path: string, method: 'GET' | 'POST' = 'GET', payload?: unknown): Promise<ObservedResponse & { status: number }> {
  const browser = new TestBrowser(t.app, ORIGIN);
  const cookies: string[] = [];
  let location = path;
  for (let hop = 0; hop < 8; hop++) {
    const res =
      method === 'POST'
        ? await t.app.inject({ method, url: location, headers: { ...VIA_PROXY, 'content-type': 'application/json' }, payload: JSON.stringify(payload) })
        : await browser.request('GET', location, undefined, VIA_PROXY);
    cookies.push(...[res.headers['set-cookie'] ?? []].flat().map(String));
    if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) {
      location = String(res.headers.location);
      continue;
    }
    const html = String(res.headers['content-type']).startsWith('text/html') ? res.body : undefined;
    return { status: res.statusCode, headers: res.headers, cookies, html, origin: ORIGIN };
  }
  throw new Error(`too many redirects from ${path}`);
}

describe('Mozilla Observatory rules: A+ on the pages and answers citizens meet', () => {
  for (const [name, path, method, body] of [
    ['the home page', '/app/catalog', 'GET'],
    ['a service page', '/app/catalog/transito-e-veiculos/renovacao-da-cnh', 'GET'],
    ['the login page', '/app/entrar', 'GET'],
    ['the API documentation', '/docs', 'GET'],
    ['an API answer', '/v1/search', 'POST', { keyword: 'cnh' }],
  ] as const) {
    it(`scores ${name} at 100 or more`, async () => {
      const response = await observe(path, method, body);
      expect(response.status).toBe(200);
      const { score, grade, results } = observatoryScore(response);
      console.log(`observatory: ${name} ${score} (${grade}): ${results.filter((r) => r.modifier).map((r) => `${r.result} ${r.modifier > 0 ? '+' : ''}${r.modifier}`).join(', ')}`);
      const penalties = results.filter((r) => r.modifier < 0);
      expect(penalties, JSON.stringify(results)).toEqual([]);
      expect(score).toBeGreaterThanOrEqual(100);
      expect(grade).toBe('A+');
    });
  }

  it('sends plain http to https (the redirection rule), but answers health probes where they are', async () => {
    const res = await t.app.inject({ url: '/app/catalog/orgao?x=1', headers: { ...VIA_PROXY, 'x-forwarded-proto': 'http' } });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`${ORIGIN}/app/catalog/orgao?x=1`);
    const health = await t.app.inject({ url: '/healthz', headers: { ...VIA_PROXY, 'x-forwarded-proto': 'http' } });
    expect(health.statusCode).toBe(200);
  });

  it('would catch a regression: a page without its policy and with a loose cookie fails', () => {
    const weak = observatoryScore({ headers: { 'x-content-type-options': 'nosniff' }, cookies: ['portal_sessao=abc; Path=/'], html: '<script src="http://cdn.example/x.js"></script>', origin: ORIGIN });
    expect(weak.score).toBeLessThan(50);
    expect(weak.grade).toBe('F');
  });
});
