import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';

// The test database holds OPEN_DATA_TEST_SIZE: fiscal years 2024 to 2026, data up to 2026-06-15.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const D = '/api/transparencia/despesas';
const S = '/api/transparencia/servidores';

function expectError(res: Awaited<ReturnType<typeof get>>, status: number, text?: RegExp) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ statusCode: status, error: expect.any(String), message: expect.any(String) });
  if (text) expect(body.message).toMatch(text);
}

function parseCsv(body: string) {
  expect(body.charCodeAt(0)).toBe(0xfeff);
  return body.slice(1).trimEnd().split('\r\n').map((line) => line.split(';'));
}

describe('open-data index', () => {
  it('lists the nine groups with endpoints and URL templates', async () => {
    const res = await get('/v1/open-data');
    expect(res.statusCode).toBe(200);
    const groups = res.json();
    expect(groups.map((g: { text: string }) => g.text)).toEqual([
      'CREDORES', 'DESPESAS', 'DOCUMENTOS', 'LICITAÇÕES', 'ÓRGÃOS', 'PAINEL DOS SERVIÇOS', 'RECEITAS', 'SERVIDORES', 'TRANSFORMAÇÃO DIGITAL - LOG DE USUÁRIOS',
    ]);
    const despesas = groups.find((g: { slug: string }) => g.slug === 'despesa');
    expect(despesas.servicos.find((s: { slug: string }) => s.slug === 'despesa/empenhos').url).toBe(`${D}/{exercicio}/{referencia_ate}/{referencia_de}/`);
    const log = groups.at(-1);
    expect(log).toMatchObject({ informational: true, total: 2785167 });
    expect(log.description).toContain('2.785.167');
    expect(log.servicos.at(-1)).toMatchObject({ slug: 'usuarios/log', url: '/api/transformacao-digital/log-usuarios.csv', format: 'csv' });
    expect(log.servicos.slice(0, -1).every((s: { slug: string }) => s.slug === '')).toBe(true);
    // The services' panel (issue 30): the portal's own page, CSV and JSON, which answer.
    const panel = groups.find((g: { slug: string }) => g.slug === 'painel');
    expect(panel.servicos.map((s: { url: string }) => s.url)).toEqual(['/v1/painel/arquivo.csv', '/v1/painel']);
  });

  it('every JSON endpoint of the index answers once its placeholders are filled', async () => {
    const groups = (await get('/v1/open-data')).json();
    const list = (await get(`${D}/2025/2025-03/2025-03`)).json();
    const expense = list.results[0];
    const servant = (await get(`${S}/2025/2025-03?page_size=1`)).json().results[0];
    const values: Record<string, string> = {
      exercicio: '2025', referencia_de: '2025-01', referencia_ate: '2025-03', referencia: '2025-03',
      empenho_codigo: expense.empenho_codigo, unidade_gestora_codigo: expense.unidade_gestora_codigo, id: String(servant.id),
    };
    for (const group of groups) {
      for (const endpoint of group.servicos) {
        if (!endpoint.url) continue;
        const url = endpoint.url.replace(/\{(\w+)\}/g, (_: string, name: string) => values[name]!);
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toContain(endpoint.format === 'csv' ? 'text/csv' : 'application/json');
      }
    }
  });
});

describe('expenses', () => {
  it('lists the fiscal years, newest first', async () => {
    const res = await get(`${D}/exercicios/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ exercicio: 2026 }, { exercicio: 2025 }, { exercicio: 2024 }]);
  });

  it('lists a period with pagination, in either order of the references', async () => {
    const res = await get(`${D}/2025/2025-03/2025-01/?page_size=20`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.count).toBeGreaterThan(100);
    expect(page.results).toHaveLength(20);
    expect(page.previous).toBeNull();
    expect(page.next).toBe(`${D}/2025/2025-03/2025-01/?page_size=20&page=2`);
    const first = page.results[0];
    expect(first.data_emissao >= '2025-01-01' && first.data_emissao <= '2025-03-31').toBe(true);
    expect(first.empenho_codigo).toMatch(/^2025NE\d{6}$/);
    expect(first.valor_liquidado).toBeLessThanOrEqual(first.valor_empenhado);
    const swapped = (await get(`${D}/2025/2025-01/2025-03?page_size=20`)).json();
    expect(swapped.count).toBe(page.count);
    const second = (await get(page.next)).json();
    expect(second.previous).toContain('page=1');
    expect(second.results[0].empenho_codigo).not.toBe(first.empenho_codigo);
  });

  it('filters by body, management unit and creditor, and answers an empty page', async () => {
    const seduc = (await get(`${D}/2025/2025-12/2025-01?orgao=seduc`)).json();
    expect(seduc.count).toBeGreaterThan(0);
    expect(seduc.results.every((r: { orgao_slug: string }) => r.orgao_slug === 'seduc')).toBe(true);
    const unit = seduc.results[0].unidade_gestora_codigo;
    const byUnit = (await get(`${D}/2025/2025-12/2025-01?unidade_gestora_codigo=${unit}`)).json();
    expect(byUnit.results.every((r: { unidade_gestora_codigo: string }) => r.unidade_gestora_codigo === unit)).toBe(true);
    const empty = await get(`${D}/2025/2025-12/2025-01?credor=zzzzzz`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('rejects malformed references, codes and pages with a Portuguese message', async () => {
    expectError(await get(`${D}/2025/2025-13/2025-01`), 400, /Referência inválida/);
    expectError(await get(`${D}/2025/marco/2025-01`), 400, /Referência inválida/);
    expectError(await get(`${D}/2025/2025-02-30/2025-01`), 400, /não existe/);
    expectError(await get(`${D}/2025/2024-03/2025-01`), 400, /não pertence ao exercício 2025/);
    expectError(await get(`${D}/25/2025-03/2025-01`), 400, /Exercício inválido/);
    expectError(await get(`${D}/2025/2025-03/2025-01?page_size=5000`), 400, /no máximo 500/);
    expectError(await get(`${D}/2025/2025-03/2025-01?unidade_gestora_codigo=12`), 400, /seis dígitos/);
    expectError(await get(`${D}/2025/NE123/100101/detalhamento`), 400, /Código de empenho inválido/);
    expectError(await get(`${D}/2025/2025NE000001/1001/detalhamento`), 400, /unidade gestora inválido/);
  });

  it('answers 404 for an unknown fiscal year or commitment', async () => {
    expectError(await get(`${D}/2019/2019-03/2019-01`), 404, /Exercício 2019 não encontrado.*2026, 2025, 2024/);
    expectError(await get(`${D}/referencias/2019`), 404);
    expectError(await get(`${D}/orgaos/2019/2019-12/2019-01`), 404);
    expectError(await get(`${D}/2025/2025NE999999/100101/detalhamento`), 404, /Empenho 2025NE999999/);
    expectError(await get(`${D}/2025/2025NE999999/100101/financial_history`), 404);
  });

  it('details a commitment and its financial history', async () => {
    const listed = (await get(`${D}/2024/2024-12/2024-01?page_size=100`)).json().results.find((r: { valor_pago: number }) => r.valor_pago > 0);
    const url = `${D}/2024/${listed.empenho_codigo.toLowerCase()}/${listed.unidade_gestora_codigo}`;
    const detail = (await get(`${url}/detalhamento/`)).json();
    expect(detail).toMatchObject({ empenho_codigo: listed.empenho_codigo, valor_empenhado: listed.valor_empenhado });
    const liquidated = detail.liquidacoes.reduce((s: number, l: { valor: number }) => s + l.valor, 0);
    expect(liquidated).toBeCloseTo(detail.valor_liquidado, 2);
    expect(detail.saldo_a_liquidar).toBeCloseTo(detail.valor_empenhado - detail.valor_liquidado, 2);
    const history = (await get(`${url}/financial_history/`)).json();
    expect(history.eventos[0]).toMatchObject({ tipo: 'Empenho', documento: listed.empenho_codigo });
    expect(history.eventos.at(-1).pago_acumulado).toBeCloseTo(detail.valor_pago, 2);
  });

  it('totals by body and by month, and says when it was updated', async () => {
    const bodies = (await get(`${D}/orgaos/2025/2025-12/2025-01/`)).json();
    expect(bodies.length).toBeGreaterThan(5);
    expect(bodies[0].valor_empenhado).toBeGreaterThanOrEqual(bodies[1].valor_empenhado);
    const months = (await get(`${D}/referencias/2026/`)).json();
    expect(months.map((m: { referencia: string }) => m.referencia)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06']);
    const updated = (await get(`${D}/updated_at/`)).json();
    expect(new Date(updated.updated_at).getTime()).not.toBeNaN();
    expect(updated.registros).toBe(4000);
  });

  it('downloads the period as CSV: BOM, header, ; separator, decimal comma, file name', async () => {
    const res = await get(`${D}/2025/2025-03/2025-01/download/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="despesas_2025_2025-01-01_2025-03-31.csv"');
    const [header, ...lines] = parseCsv(res.body);
    expect(header).toEqual([
      'exercicio', 'empenho_codigo', 'data_emissao', 'orgao', 'unidade_gestora_codigo', 'unidade_gestora', 'credor_documento', 'credor_nome',
      'elemento_despesa', 'funcao', 'fonte_recurso', 'modalidade_licitacao', 'historico', 'valor_empenhado', 'valor_liquidado', 'valor_pago',
    ]);
    const count = (await get(`${D}/2025/2025-03/2025-01`)).json().count;
    expect(lines).toHaveLength(count);
    expect(lines[0]![2]).toMatch(/^\d{2}\/0[1-3]\/2025$/);
    expect(lines[0]![13]).toMatch(/^\d+,\d{2}$/);
  });

  it('streams a whole year in batches, keyset order intact', async () => {
    const res = await get(`${D}/2024/2024-12/2024-01/download`);
    const [, ...lines] = parseCsv(res.body);
    const count = (await get(`${D}/2024/2024-12/2024-01`)).json().count;
    expect(count).toBeGreaterThan(1000);
    expect(lines).toHaveLength(count);
    expect(new Set(lines.map((l) => `${l[1]}/${l[4]}`)).size).toBe(count);
  });

  it('downloads an empty period as a header only, and refuses a bad one', async () => {
    const res = await get(`${D}/2025/2025-03/2025-01/download?credor=zzzzzz`);
    expect(res.statusCode).toBe(200);
    expect(parseCsv(res.body)).toHaveLength(1);
    expectError(await get(`${D}/2019/2019-03/2019-01/download`), 404);
    expectError(await get(`${D}/2025/2025-3/2025-01/download`), 400);
  });
});

describe('servants', () => {
  it('lists fiscal years, bodies and the months with a payroll', async () => {
    expect((await get(`${S}/exercicios/`)).json()).toEqual([{ exercicio: 2026 }, { exercicio: 2025 }, { exercicio: 2024 }]);
    const bodies = (await get(`${S}/orgaos/`)).json();
    expect(bodies[0].orgao_slug).toBe('seduc');
    const months = (await get(`${S}/referencias/2024/`)).json();
    expect(months).toHaveLength(12);
    expect(months[0].servidores).toBeGreaterThan(500);
    expectError(await get(`${S}/referencias/2019`), 404);
  });

  it('lists the pay of a month, filters and paginates', async () => {
    const page = (await get(`${S}/2025/2025-12/?page_size=10`)).json();
    expect(page.count).toBeGreaterThan(500);
    expect(page.results).toHaveLength(10);
    const first = page.results[0];
    expect(first.cpf).toMatch(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/);
    expect(first.remuneracao_bruta).toBeCloseTo(first.remuneracao_basica + first.vantagens, 2);
    expect(first.remuneracao_liquida).toBeCloseTo(first.remuneracao_bruta - first.descontos, 2);
    const filtered = (await get(`${S}/2025/2025-12?orgao=pmpi&vinculo=Efetivo`)).json();
    expect(filtered.results.every((r: { orgao_slug: string; vinculo: string }) => r.orgao_slug === 'pmpi' && r.vinculo === 'Efetivo')).toBe(true);
    expect((await get(`${S}/2025/2025-12?nome=zzzzzz`)).json()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('details one servant over the fiscal year', async () => {
    const servant = (await get(`${S}/2025/2025-06?page_size=1`)).json().results[0];
    const detail = (await get(`${S}/2025/${servant.id}/detalhamento/`)).json();
    expect(detail).toMatchObject({ id: servant.id, nome: servant.nome, exercicio: 2025 });
    expect(detail.meses.find((m: { referencia: string }) => m.referencia === '2025-06')).toMatchObject({ remuneracao_bruta: servant.remuneracao_bruta });
  });

  it('refuses malformed parameters and answers 404 for unknown ones', async () => {
    expectError(await get(`${S}/2025/2025-13`), 400, /Referência inválida/);
    expectError(await get(`${S}/2025/2025-06-01`), 400, /Referência inválida/);
    expectError(await get(`${S}/2025/2024-06`), 400, /não pertence/);
    expectError(await get(`${S}/2025/2025-06?vinculo=Outro`), 400, /Vínculo inválido/);
    expectError(await get(`${S}/2025/abc/detalhamento`), 400, /Identificador de servidor inválido/);
    expectError(await get(`${S}/2025/999999/detalhamento`), 404, /Servidor 999999/);
    expectError(await get(`${S}/2019/2019-06`), 404, /Exercício 2019/);
  });

  it('downloads the month as CSV', async () => {
    const res = await get(`${S}/2025/2025-06/download/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="servidores_2025_2025-06.csv"');
    const [header, ...lines] = parseCsv(res.body);
    expect(header![0]).toBe('id');
    expect(header).toContain('remuneracao_liquida');
    expect(lines).toHaveLength((await get(`${S}/2025/2025-06`)).json().count);
    expectError(await get(`${S}/2019/2019-06/download`), 404);
  });

  it('says when the payroll was updated', async () => {
    expect((await get(`${S}/updated_at`)).json().registros).toBe(1200);
  });
});

// Issue 24: the pages say how big a download is before anyone downloads it. GET streams (no Content-Length); HEAD
// answers the exact size the GET sends, counted by the database without making the file.
describe('the size of a CSV download (HEAD)', () => {
  const head = (url: string) => t.app.inject({ method: 'HEAD', url });

  for (const [what, url] of [
    ['a period of expenses', `${D}/2025/2025-03/2025-01/download`],
    ['a whole year of expenses, in several batches', `${D}/2024/2024-12/2024-01/download/`],
    ['expenses of one body', `${D}/2025/2025-12/2025-01/download?orgao=seduc`],
    ['expenses with nothing found (the header only)', `${D}/2025/2025-03/2025-01/download?credor=zzzzzz`],
    ['a month of pay', `${S}/2025/2025-06/download/`],
    ['a month of pay of one bond', `${S}/2025/2025-06/download?vinculo=Efetivo`],
  ] as const) {
    it(`tells the exact bytes the download sends: ${what}`, async () => {
      const [size, file] = await Promise.all([head(url), get(url)]);
      expect(size.statusCode).toBe(200);
      expect(size.body).toBe('');
      expect(Number(size.headers['content-length'])).toBe(file.rawPayload.byteLength);
      expect(size.headers['content-type']).toBe(file.headers['content-type']);
      expect(size.headers['content-disposition']).toBe(file.headers['content-disposition']);
    });
  }

  it('refuses what the download refuses, with the same Portuguese errors', async () => {
    for (const url of [`${D}/2019/2019-03/2019-01/download`, `${D}/2025/2025-3/2025-01/download`, `${S}/2025/2025-13/download`, `${S}/2019/2019-06/download`]) {
      const [size, file] = await Promise.all([head(url), get(url)]);
      expect(size.statusCode, url).toBe(file.statusCode);
      expect(size.statusCode, url).toBeGreaterThanOrEqual(400);
    }
  });
});

describe('users log and audit court', () => {
  it('serves the users log adding up to the static total', async () => {
    const res = await get('/api/transformacao-digital/log-usuarios.csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="log_usuarios.csv"');
    const [header, ...lines] = parseCsv(res.body);
    expect(header).toEqual(['data', 'novos_usuarios', 'total_acumulado', 'acessos']);
    expect(lines.at(-1)![2]).toBe('2785167');
  });

  it('answers each audit-court listing as a page of records', async () => {
    for (const path of ['credores/lista/2025', 'credores/lista/todos', 'credores/busca/ltda', 'documentos/contratos/2025', 'licitacoes/todas/2025',
      'licitacoes/pregao-eletronico/2025', 'orgaos/lista/todos', 'orgaos/unidades-gestoras/todas', 'orgaos/unidades-gestoras/sesapi', 'receitas/mensal/2025', 'receitas/natureza/2025']) {
      const res = await get(`/api/tce/${path}?page_size=5`);
      expect(res.statusCode, path).toBe(200);
      const page = res.json();
      expect(page.count, path).toBeGreaterThan(0);
      expect(page.results.length, path).toBeGreaterThan(0);
    }
    const units = (await get('/api/tce/orgaos/unidades-gestoras/sesapi')).json();
    expect(units.results.map((u: { nome: string }) => u.nome)).toContain('Fundo Estadual de Saúde - FES');
  });

  it('answers empty, 400 and 404 like the rest', async () => {
    expect((await get('/api/tce/credores/busca/zzzzzz')).json()).toMatchObject({ count: 0, results: [] });
    expectError(await get('/api/tce/receitas/mensal/dois-mil'), 400, /Exercício inválido/);
    expectError(await get('/api/tce/credores/busca/a'), 400);
    expectError(await get('/api/tce/receitas/mensal/2019'), 404, /2019/);
    expectError(await get('/api/tce/planetas/lista/todos'), 404, /Consulta não encontrada/);
    expectError(await get('/api/tce/Credores/lista/todos'), 400, /Recurso inválido/);
  });

  it('refuses `..`, slashes and control characters in every path parameter (400, Portuguese), the same rules as /dados', async () => {
    for (const query of ['%2e%2e%2f%2e%2e%2fetc', 'a%00b', 'a%5Cb', '%2e%2e%2e']) {
      expectError(await get(`/api/tce/credores/busca/${query}`), 400, /Consulta inválida/);
    }
    expectError(await get(`${D}/2025/..%2f..%2fadmin/100101/detalhamento`), 400, /Código de empenho inválido/);
    expectError(await get(`/api/transparencia/servidores/2025/99999999999999999999/detalhamento`), 400, /Identificador de servidor inválido/);
    // a name with dots and accents is still a search
    expect((await get('/api/tce/credores/busca/J.%20Jos%C3%A9%20Ltda')).statusCode).toBe(200);
  });

  it('refuses a `..` segment sent as is over HTTP (inject and fetch would resolve it first)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path }, (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
          .on('error', reject)
          .end();
      });
    for (const [path, message] of [
      ['/api/tce/credores/busca/..', /Consulta inválida/],
      ['/api/tce/credores/busca/%2e%2e', /Consulta inválida/],
      ['/api/tce/%2e%2e/lista/todos', /Recurso inválido/],
      ['/api/tce/credores/%2e%2e/todos', /Categoria inválida/],
      [`${D}/%2e%2e/2025-03/2025-01`, /Exercício inválido/],
      [`${D}/2025/%2e%2e/2025-01`, /Referência inválida/],
    ] as const) {
      const res = await raw(path);
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body).message, path).toMatch(message);
    }
  });
});
