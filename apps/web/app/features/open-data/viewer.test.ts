import type { OpenDataGroup } from '@portal/contracts';
import type { AppLoadContext } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loader as downloadLoader } from '../../routes/open-data-download.ts';
import { failureMessage } from './endpoints.ts';
import { invalidParams } from './open-data.server.ts';
import { resolveView } from './viewer.server.ts';

// The index as GET /v1/open-data answers it: our own API for expenses (a path, called in-process), another
// server for expenses' twin and the audit court (absolute URLs, called with fetch).
const group = (slug: string, servicos: OpenDataGroup['servicos']): OpenDataGroup => ({
  text: slug.toUpperCase(), slug, icon: 'receipt', description: slug, servicos, informational: false, total: null,
});
const INDEX: OpenDataGroup[] = [
  group('despesa', [
    { slug: 'despesa/empenhos', description: 'Empenhos do período', url: '/api/transparencia/despesas/{exercicio}/{referencia_ate}/{referencia_de}/', format: 'json' },
    { slug: 'despesa/download', description: 'Download', url: '/api/transparencia/despesas/{exercicio}/{referencia_ate}/{referencia_de}/download/', format: 'csv' },
    { slug: 'despesa/detalhamento', description: 'Detalhamento', url: 'https://dados.example/despesas/{exercicio}/{empenho_codigo}/{unidade_gestora_codigo}/detalhamento/', format: 'json' },
  ]),
  group('servidor', [{ slug: 'servidor/detalhamento', description: 'Servidor', url: '/api/transparencia/servidores/{exercicio}/{id}/detalhamento/', format: 'json' }]),
  group('credores', [{ slug: 'credores/lista/2025', description: 'Credores de 2025', url: 'https://tce.example/api/credores/lista/2025', format: 'json' }]),
];

let calls: string[];
let fetched: string[];
const context = {
  api: async ({ url }: { url: string }) => {
    calls.push(url);
    if (url === '/v1/open-data') return { status: 200, body: INDEX };
    return { status: 200, body: { count: 0, next: null, previous: null, results: [] } };
  },
} as unknown as AppLoadContext;

beforeEach(() => {
  calls = [];
  fetched = [];
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(String(url));
    return new Response('{"count":0,"next":null,"previous":null,"results":[]}', { headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const page = (splat: string, query = '') => resolveView(context, new Request(`http://portal.local/app/catalog/dados/${splat}${query}`), splat);
/** The lists a form offers its choices from (the years with data, their months): fixed addresses, never built from what was typed. */
const CHOICE_LISTS = /\/(exercicios|referencias\/\d{4})\/$/;
/** Every URL this page built from the citizen's values, to our API (but the index and the choice lists) or to another server. */
const sourcesCalled = () => [...calls, ...fetched].filter((u) => u !== '/v1/open-data' && !CHOICE_LISTS.test(u));

describe('the open-data form checks every value against its placeholder before any call', () => {
  const bad: [string, Record<string, string>, RegExp][] = [
    ['a year that walks up the URL', { exercicio: '..' }, /Exercício inválido/],
    ['an encoded one', { exercicio: '%2e%2e' }, /Exercício inválido/],
    ['a year of five digits', { exercicio: '20255' }, /Exercício inválido/],
    ['month 13', { referencia_de: '2025-13' }, /Referência inválida/],
    ['month 0', { referencia_ate: '2025-00' }, /Referência inválida/],
    ['a path in a month', { referencia_ate: '../../../etc/passwd' }, /Referência inválida/],
  ];
  for (const [name, values, message] of bad) {
    it(`refuses ${name} with 400 and a Portuguese message, calling nothing`, async () => {
      const query = new URLSearchParams({ buscar: '1', exercicio: '2025', referencia_de: '2025-01', referencia_ate: '2025-03', ...values });
      const { view, status } = await page('despesa/empenhos', `?${query}`);
      expect(status).toBe(400);
      expect(view.kind).toBe('form');
      if (view.kind !== 'form') return;
      // the field is marked, and the page says it like the API's own 400 (spec §8), without calling it
      expect(view.invalid).toHaveLength(1);
      expect(view.invalid[0]!.message).toMatch(message);
      expect(view.failure).toEqual({ status: 400, message: expect.stringMatching(message), detail: null });
      expect(view.result).toBeNull();
      expect(sourcesCalled()).toEqual([]);
    });
  }

  it('never sends a bad code or id to another server either', async () => {
    const { status, view } = await page('despesa/detalhamento', '?buscar=1&exercicio=2025&empenho_codigo=..%2F..%2Fadmin&unidade_gestora_codigo=1001011');
    expect(status).toBe(400);
    expect(view.kind === 'form' && view.invalid.map((e) => e.name)).toEqual(['empenho_codigo', 'unidade_gestora_codigo']);
    expect(fetched.filter((u) => !CHOICE_LISTS.test(u))).toEqual([]);
    for (const id of ['99999999999999999999', '-1', '1.5']) {
      const servant = await page('servidor/detalhamento', `?buscar=1&exercicio=2025&id=${id}`);
      expect(servant.status, id).toBe(400);
      expect(servant.view.kind === 'form' && servant.view.invalid[0]!.message).toMatch(/Identificador de servidor inválido/);
    }
    expect(sourcesCalled()).toEqual([]);
  });

  it('calls the source once the values are valid', async () => {
    const { status } = await page('despesa/empenhos', '?buscar=1&exercicio=2025&referencia_de=2025-01&referencia_ate=2025-03');
    expect(status).toBe(200);
    expect(sourcesCalled()).toEqual(['/api/transparencia/despesas/2025/2025-03/2025-01/?page_size=20']);
  });

  it('refuses a `..` in the automatic viewer’s address before building the other server’s URL', async () => {
    for (const splat of ['credores/lista/..', 'credores/lista/.', 'credores/..%00/2025', 'credores/lista/a\u0000b']) {
      const { status, view } = await page(splat);
      expect(status, splat).toBe(400);
      expect(view.kind === 'not-found' && view.message, splat).toMatch(/Endereço de consulta inválido/);
    }
    expect(fetched).toEqual([]);
    expect((await page('credores/lista/2025')).status).toBe(200);
    expect(fetched).toEqual(['https://tce.example/api/credores/lista/2025?page_size=20']);
  });
});

describe('the CSV download checks its values the same way', () => {
  const download = (query: string) =>
    downloadLoader({
      request: new Request(`http://portal.local/app/catalog/dados/despesa/download/arquivo.csv${query}`),
      params: { resources: 'despesa', endpoint: 'download' },
      context,
    } as unknown as Parameters<typeof downloadLoader>[0]);

  it('answers 400 in Portuguese for a bad value and never redirects to a URL built from it', async () => {
    const res = await download('?exercicio=..&referencia_de=2025-01&referencia_ate=2025-03');
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toMatch(/Exercício inválido/);
    expect(sourcesCalled()).toEqual([]);
    const ok = await download('?exercicio=2025&referencia_de=2025-01&referencia_ate=2025-03');
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toBe('/api/transparencia/despesas/2025/2025-03/2025-01/download/');
  });
});

describe("the full download's name says its records and size (issue 24)", () => {
  const QUERY = '?buscar=1&exercicio=2025&referencia_de=2025-01&referencia_ate=2025-03';
  const listing = { count: 401, next: null, previous: null, results: [] };
  const withSource = (index: OpenDataGroup[], heads: string[]) =>
    ({
      api: async ({ url, method }: { url: string; method?: string }) => {
        if (url === '/v1/open-data') return { status: 200, headers: {}, body: index };
        if (method === 'HEAD') {
          heads.push(url);
          return { status: 200, headers: { 'content-length': '159480' }, body: '' };
        }
        return { status: 200, headers: {}, body: listing };
      },
    }) as unknown as AppLoadContext;
  const downloadOf = async (ctx: AppLoadContext) => {
    const { view } = await resolveView(ctx, new Request(`http://portal.local/app/catalog/dados/despesa/empenhos${QUERY}`), 'despesa/empenhos');
    return view.kind === 'form' ? view.download : undefined;
  };

  it('asks our own API for the size of the file the values name (HEAD), and says both', async () => {
    const heads: string[] = [];
    expect(await downloadOf(withSource(INDEX, heads))).toEqual({
      href: expect.stringMatching(/\/dados\/despesa\/empenhos\/arquivo\.csv\?exercicio=2025&referencia_de=2025-01&referencia_ate=2025-03$/),
      label: 'Baixar os 401 registros em CSV (159 kB)',
    });
    expect(heads).toEqual(['/api/transparencia/despesas/2025/2025-03/2025-01/download/']);
  });

  it('leaves the size out when another server does not tell it, and offers no file of nothing', async () => {
    const remote = INDEX.map((g) => ({ ...g, servicos: g.servicos.map((s) => ({ ...s, url: s.url.replace(/^\/api\/transparencia/, 'https://dados.example') })) }));
    const methods: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      methods.push(`${init?.method ?? 'GET'} ${url}`);
      // No Content-Length: the other server does not say how big its file is.
      return new Response(init?.method === 'HEAD' ? null : JSON.stringify(listing), { headers: { 'content-type': 'application/json' } });
    });
    expect((await downloadOf(withSource(remote, [])))?.label).toBe('Baixar os 401 registros em CSV');
    expect(methods).toContain('HEAD https://dados.example/despesas/2025/2025-03/2025-01/download/');
    listing.count = 0;
    try {
      expect(await downloadOf(withSource(INDEX, []))).toBeNull();
    } finally {
      listing.count = 401;
    }
  });
});

describe('invalidParams', () => {
  it('uses the contracts’ rule for known placeholders and a plain segment for unknown ones', () => {
    expect(invalidParams(['exercicio', 'referencia'], { exercicio: ' 2025 ', referencia: '2025-12' })).toEqual([]);
    expect(invalidParams(['referencia'], { referencia: '2025-03-01' })[0]?.message).toMatch(/AAAA-MM/);
    expect(invalidParams(['cpf'], { cpf: '123.456' })[0]?.message).toMatch(/cpf inválido: use apenas letras, números/);
    expect(invalidParams(['cpf'], { cpf: '12345678900' })).toEqual([]);
  });
});

describe('upstream failures in the citizen’s words (issue 13)', () => {
  it('never shows an internal address or a library’s English', () => {
    const long = { status: 414, message: "URI Too Long: '/api/transparencia/despesas/9999999999' is exceeding the max param length" };
    expect(failureMessage(long, 'form')).toEqual({ message: 'Parâmetros longos demais: confira os valores informados.', detail: null });
    expect(failureMessage({ status: 502, message: 'fetch failed' }, 'form').message).toBe('Não foi possível completar a ação: o serviço de dados não respondeu. Tente novamente em instantes.');
    expect(failureMessage({ status: 500, message: 'Internal Server Error' }, 'form').message).toBe('Não foi possível completar a ação: erro desconhecido');
    expect(failureMessage({ status: 404, message: 'Not found: https://tce.example/api/x' }, 'viewer')).toEqual({ message: 'Recurso não encontrado!', detail: null });
    expect(failureMessage({ status: 400, message: 'Invalid route /api/x/y' }, 'viewer').message).toBe('Erro nos dados enviados!');
    // Our own API's Portuguese messages still come through.
    expect(failureMessage({ status: 400, message: 'Exercício inválido: informe o ano com quatro dígitos (ex.: 2025).' }, 'form').message).toMatch(/^Exercício inválido/);
  });

  it('takes a page past the last one to the last page', async () => {
    const many = { count: 45, next: null, previous: null, results: [] };
    const paged = { ...context, api: async ({ url }: { url: string }) => (url === '/v1/open-data' ? { status: 200, body: INDEX } : { status: 200, body: many }) } as unknown as AppLoadContext;
    const thrown = await resolveView(paged, new Request('http://portal.local/app/catalog/dados/despesa/empenhos?buscar=1&exercicio=2025&referencia_de=2025-01&referencia_ate=2025-03&page=852'), 'despesa/empenhos').catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('location')).toBe('/app/catalog/dados/despesa/empenhos?buscar=1&exercicio=2025&referencia_de=2025-01&referencia_ate=2025-03&page=3');
  });
});
