import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectTargets, groupFailures, runFuzz, summary } from '../../../bench/fuzz.ts';
import { createTestApp, type TestApp } from './test-support/app.ts';
// @ts-expect-error: a plain ES module without type declarations
import { ensureBuild } from '../../web/scripts/ensure-build.mjs';

// A seeded sample of bench/fuzz.ts (`npm run fuzz` sends 10,000): every endpoint of /openapi.json, every
// page of apps/web/app/routes.ts and the login form, with malformed methods, paths, queries, headers and
// bodies. A malformed request answers 4xx in Portuguese; never a 5xx, a stack trace or Fastify's English.
const REQUESTS = 600;
const SEED = 20_251_123;

// The pages are fuzzed too: build the web app when it is missing or stale (a fresh clone has none).
(ensureBuild as () => boolean)();
let t: TestApp;
let tokens: string[];
let sessions: string[];
beforeAll(async () => {
  // A stalled body is given up after a second here (10 by default), so the test need not wait.
  t = await createTestApp({ env: { BODY_IDLE_SECONDS: '1' } });
  tokens = [await t.tokenFor('maria.silva'), await t.tokenFor('joao.souza')];
  sessions = [await t.webSession('maria.silva'), await t.webSession('davi.central'), await t.webSession('ana.detran')];
});
afterAll(() => t.close());

const json = (res: { json: () => unknown }) => res.json() as { statusCode: number; error: string; message: string; code?: string };

describe('fuzzing the API and the pages', () => {
  it(`answers ${REQUESTS} malformed requests with 4xx in Portuguese: no 5xx, no stack trace`, async () => {
    const routes = (await import('../../web/app/routes.ts')).default;
    const targets = await collectTargets(t.app, routes);
    expect(targets.filter((target) => target.kind === 'api').length).toBeGreaterThan(35);
    // React Router logs each error it renders into a page; the report is what matters here.
    const consoleError = console.error;
    console.error = () => {};
    const report = await runFuzz(t.app, { count: REQUESTS, seed: SEED, targets, context: { tokens, sessions } }).finally(() => {
      console.error = consoleError;
    });
    console.log(`fuzz.test.ts: ${summary(report)}`);
    for (const group of groupFailures(report.failures)) console.log(`${group.count} × ${group.key}\n  e.g. ${JSON.stringify(group.example.request)}\n  → ${group.example.body}`);
    expect(report.requests).toBeGreaterThan(REQUESTS * 0.95);
    expect(report.status4xx).toBeGreaterThan(REQUESTS / 3);
    expect(report.status5xx).toBe(0);
    expect(report.traces).toBe(0);
    expect(report.english).toBe(0);
  }, 60_000);
});

// The failures the fuzzing found, one by one, as a citizen (or the mobile app) meets them.
describe('malformed requests the fuzzing found', () => {
  it('a malformed percent-encoding in the path answers 400 in Portuguese, without Fastify’s code', async () => {
    for (const url of ['/v1/department%', '/app/catalog/orgao%', '/v1/catalog/%zz/load']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(json(res), url).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.stringMatching(/^Endereço inválido/) });
    }
  });

  it('a path segment longer than the router allows answers 414 in Portuguese', async () => {
    const res = await t.app.inject({ url: `/v1/catalog/${'a'.repeat(300)}/load` });
    expect(res.statusCode).toBe(414);
    expect(json(res)).toEqual({ statusCode: 414, error: 'URI Too Long', message: expect.stringMatching(/^Endereço longo demais/) });
  });

  it('ids beyond PostgreSQL’s integer answer 400, never 500', async () => {
    const maria = `Bearer ${tokens[0]}`;
    const cases: [string, string, RegExp][] = [
      ['POST', '/v1/catalog/99999999999999999999/ratings', /Serviço inválido/],
      ['POST', '/v1/catalog/2147483648/ratings', /Serviço inválido/],
      ['GET', '/v1/department/00167091133533/section', /Órgão inválido/],
      ['GET', '/v1/department/9999999999/section', /Órgão inválido/],
      ['POST', '/api/metabase/api/dashboard/8/dashcard/99999999999999999999/card/1/query', /Indicador inválido/],
      ['GET', '/api/contracheque/sead/empresa/contracheques/99999999999999999999/pdf', /contracheque/],
    ];
    for (const [method, url, message] of cases) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: { authorization: maria, 'content-type': 'application/json' }, payload: method === 'POST' ? '{"value":5}' : undefined });
      expect(res.statusCode, url).toBe(400);
      expect(json(res).message, url).toMatch(message);
    }
    const search = await t.app.inject({ method: 'POST', url: '/v1/search', payload: { departmentSection: 99999999999 } });
    expect(search.statusCode).toBe(400);
    const marked = await t.app.inject({ method: 'POST', url: '/api/govpicidadao-middleware/notificacoes/mensagem/marcarComoLidas', headers: { authorization: maria }, payload: [99999999999] });
    expect(marked.statusCode).toBe(400);
    expect(json(marked).message).toMatch(/Identificador de mensagem inválido/);
  });

  it('a NUL character in text that reaches the database answers 400, never 500', async () => {
    const maria = `Bearer ${tokens[0]}`;
    const cases: [string, unknown, RegExp][] = [
      ['/v1/search', { category: 'saude\u0000' }, /caracteres inválidos/],
      ['/v1/search', { departmentSlug: 'a\u0000b' }, /caracteres inválidos/],
      ['/v1/search', { tags: ['rg\u0000'] }, /caracteres inválidos/],
      ['/v1/search', { slugs: ['a\u0000'] }, /caracteres inválidos/],
      ['/v1/search', { platforms: ['WEB\u0000'] }, /caracteres inválidos/],
      ['/v1/simplifique', { assunto: 'outro', mensagem: 'Uma sugestão com um caractere nulo\u0000 no meio do texto.' }, /caracteres inválidos/],
      ['/v1/vitals', { name: 'LCP', value: 1, rating: 'good', page: '/app\u0000' }, /caracteres inválidos/],
    ];
    for (const [url, payload, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url, headers: { authorization: maria }, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(res).message, JSON.stringify(payload)).toMatch(message);
    }
    const credor = await t.app.inject({ url: '/api/transparencia/despesas/2025/2025-03/2025-01?credor=ab%00c' });
    expect(credor.statusCode).toBe(400);
  });

  it('the login form sent anything but a form answers 4xx in Portuguese, asking for the form (not for JSON)', async () => {
    for (const [type, payload] of [
      ['application/octet-stream', '\u0000\u00ff'],
      ['multipart/form-data; boundary=x', '--x\r\n'],
      ['text/plain', 'username=maria.silva'],
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/auth/interaction/abc/login', headers: { 'content-type': type! }, payload });
      expect(res.statusCode, type).toBe(415);
      expect(json(res), type).toEqual({ statusCode: 415, error: 'Unsupported Media Type', message: 'Tipo de conteúdo não suportado: envie os dados pelo formulário da página.' });
    }
    const broken = await t.app.inject({ method: 'POST', url: '/auth/interaction/abc/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'username=%E0%A4%A&password=%' });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    // the API keeps asking for JSON
    const api = await t.app.inject({ method: 'POST', url: '/v1/search', headers: { 'content-type': 'application/octet-stream' }, payload: 'x' });
    expect(api.statusCode).toBe(415);
    expect(json(api).message).toMatch(/JSON/);
  });

  it('a NUL byte or a space in the raw request line answers 400 in Portuguese JSON, not “Client Error”', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    for (const line of ['GET /v1/category\u0000 HTTP/1.1', 'GET /v1/cat egory HTTP/1.1', 'GET /v1/category HTTP/1.1\r\nX-Bad\u0000: 1']) {
      const answer = await new Promise<string>((resolve, reject) => {
        let data = '';
        const socket = connect(port, '127.0.0.1', () => socket.write(`${line}\r\nHost: localhost\r\n\r\n`));
        socket.setEncoding('utf8').on('data', (chunk: string) => (data += chunk));
        socket.on('close', () => resolve(data)).on('error', reject);
      });
      expect(answer, line).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
      expect(body, line).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.stringMatching(/^Requisição malformada/) });
    }
  });
});

describe('leftovers of the outside probe (issue 23)', () => {
  const ROUTER_ENGLISH = /You made a|No route matches|did not provide an? `(action|loader)`|Unexpected Server Error/;

  it('a POST to a page that takes no form answers 405 in Portuguese, in the page and in its data', async () => {
    for (const url of ['/app/catalog', '/app/catalog.data', '/app/catalog/orgao', '/app/dashboard', '/app/catalog?index']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' }, payload: 'a=1' });
      expect(res.statusCode, url).toBe(405);
      expect(res.headers.allow, url).toBe('GET, HEAD');
      expect(res.body, url).toMatch(/Esta página não recebe envios de formulário/);
      expect(res.body, url).not.toMatch(ROUTER_ENGLISH);
    }
    // A page that takes a form still takes it (the rating of a service page).
    const rated = await t.app.inject({ method: 'POST', url: '/app/catalog/transito-e-veiculos/renovacao-da-cnh', headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', accept: 'text/html' }, payload: 'value=9' });
    expect(rated.statusCode).toBe(400);
  });

  it('an address with control characters answers the portal\'s 404 in Portuguese', async () => {
    for (const url of ['/app/catalog/%0d%0a', '/app/%0D%0Ax', '/app/catalog/%00.data']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toMatch(/O endereço que você acessou não existe/);
      expect(res.body, url).not.toMatch(ROUTER_ENGLISH);
    }
  });

  it("an id too long for the API answers the back office's 404, never a 5xx", async () => {
    const cookie = await t.webSession('davi.central');
    for (const url of [`/app/gestao/servicos/${'a'.repeat(400)}`, `/app/gestao/servicos/${'1'.repeat(400)}/editar`, `/app/gestao/orgaos/${'x'.repeat(400)}`]) {
      const res = await t.app.inject({ url, headers: { cookie } });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('two Host headers answer 400 in Portuguese', async () => {
    const res = await t.app.inject({ url: '/v1/category', headers: { host: ['localhost', 'evil.example'] as unknown as string } });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toMatch(/Host veio mais de uma vez/);
  });

  it('a body that stops short of its Content-Length is given up (408, closed), while a slow one that keeps coming is served', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => {});
    const { port } = t.app.server.address() as AddressInfo;
    const send = (chunks: string[], pauseMs: number) =>
      new Promise<{ answer: string; ms: number }>((resolve, reject) => {
        let answer = '';
        const started = Date.now();
        const socket = connect(port, '127.0.0.1', async () => {
          for (const chunk of chunks) {
            socket.write(chunk);
            await new Promise((r) => setTimeout(r, pauseMs));
          }
        });
        socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
        socket.on('close', () => resolve({ answer, ms: Date.now() - started })).on('error', reject);
        setTimeout(() => socket.destroy(), 8000).unref();
      });
    const body = JSON.stringify({ query: 'cnh' });
    const head = `POST /v1/search HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${body.length + 20}\r\n\r\n`;
    const stalled = await send([head, body], 0);
    expect(stalled.answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(stalled.answer).toContain('A requisição demorou demais para chegar');
    expect(stalled.ms).toBeLessThan(4000);
    // Each piece arrives within the idle time: served, however long the whole takes.
    const pieces = body.match(/.{1,4}/g)!;
    const slow = await send([head.replace(`Content-Length: ${body.length + 20}`, `Content-Length: ${body.length}`), ...pieces], 400);
    expect(slow.answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(slow.ms).toBeGreaterThan(1500);
  });
});

describe('pages that parse forms, sent anything but a form', () => {
  const bodies: [string, string][] = [
    ['application/json', '{"slug":"renovacao-da-cnh"}'],
    ['application/octet-stream', '\u0000\u00ff\u00fe'],
    ['multipart/form-data; boundary=----x', '------x\r\nContent-Disposition: form-data; name="slug"\r\n\r\n'],
    ['multipart/form-data', 'slug=x'],
  ];
  for (const path of ['/app/minha-area/favoritos', '/app/minha-area/notificacoes']) {
    it(`${path} answers 400 with a Portuguese message`, async () => {
      for (const [type, payload] of bodies) {
        const res = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': type }, payload });
        expect(res.statusCode, type).toBe(400);
        expect(res.body, type).toMatch(/Formulário inválido/);
      }
    });
  }

  it('a POST to a download answers 405 in Portuguese, not React Router’s “Unexpected Server Error”', async () => {
    for (const url of ['/app/minha-area/contracheques/1', '/app/catalog/dados/despesa/download/arquivo.csv']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' });
      expect(res.statusCode, url).toBe(405);
      expect(res.body, url).toMatch(/Este endereço só baixa/);
    }
  });
});
