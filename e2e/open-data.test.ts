import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseDelimited } from '../apps/web/app/features/open-data/endpoints.ts';
import { axe, DESKTOP, hasChromium, hydrated, launchBrowser, PHONE } from './support/browser.ts';
import { startPortal, type Portal } from './support/portal.ts';

// The test database's open data: fiscal years 2024 to 2026 (apps/server/src/modules/open-data tests).
const EMPENHOS = '/dados/despesa/empenhos';
const PERIOD = { exercicio: '2025', referencia_de: '2025-01', referencia_ate: '2025-03' };
const PAGE_SIZE = 20;

describe.skipIf(!hasChromium)('open data: index, viewers and exports', () => {
  let portal: Portal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    context = await browser.newContext({ ...DESKTOP, acceptDownloads: true });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  const api = async <T>(path: string) => (await (await fetch(`${portal.origin}${path}`)).json()) as T;
  const snackbar = () => page.getByRole('region', { name: 'Avisos' });
  const searchButton = () => page.getByRole('button', { name: /Buscar Dados|Carregando/ });
  const groupTitles = async () => (await page.locator('main details summary h3').allInnerTexts()).map((t) => t.trim());

  async function fillForm(values: Record<string, string>) {
    for (const [name, value] of Object.entries(values)) await page.locator(`input[name="${name}"]`).fill(value);
  }

  async function downloaded(trigger: Locator): Promise<{ name: string; text: string }> {
    const [download] = (await Promise.all([page.waitForEvent('download'), trigger.click()])) as [Download, void];
    return { name: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') };
  }

  /** Parses XML with the browser's own parser: well formed or a <parsererror>. */
  const xmlProblems = (text: string) =>
    page.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      return doc.getElementsByTagName('parsererror').length ? doc.getElementsByTagName('parsererror')[0]!.textContent : doc.documentElement.nodeName;
    }, text);

  test('/dados: the eight groups from the API, a case-insensitive filter and the empty text', async () => {
    const response = await page.goto(portal.url('/dados'));
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await expect(page.title()).resolves.toBe('Governo do Piauí - Dados Abertos');
    await expect(page.locator('h1').innerText()).resolves.toBe('Dados Abertos');
    await expect(page.getByRole('heading', { level: 2, name: 'O que é esse serviço?' }).isVisible()).resolves.toBe(true);
    const index = await api<{ text: string }[]>('/v1/open-data');
    await expect(groupTitles()).resolves.toEqual(index.map((g) => g.text));
    expect(index).toHaveLength(8);
    const filter = page.getByRole('searchbox', { name: 'Filtrar' });
    await filter.fill('despe');
    await expect(groupTitles()).resolves.toEqual(['DESPESAS']);
    await filter.fill('SERVID');
    await expect(groupTitles()).resolves.toEqual(['SERVIDORES']);
    await filter.fill('licitações');
    await expect(groupTitles()).resolves.toEqual(['LICITAÇÕES']);
    await filter.fill('xyz');
    await expect(groupTitles()).resolves.toEqual([]);
    await expect(page.getByText('Nenhum dado encontrado').isVisible()).resolves.toBe(true);
    await filter.fill('');
    await expect(groupTitles()).resolves.toHaveLength(8);
  });

  test('/dados: accordions open with the keyboard and an endpoint opens its viewer', async () => {
    await page.goto(portal.url('/dados'));
    await hydrated(page);
    const despesas = page.locator('details[data-group="despesa"]');
    await expect(despesas.getAttribute('open')).resolves.toBeNull();
    const link = despesas.getByRole('link', { name: 'Empenhos do período', exact: true });
    await expect(link.isVisible()).resolves.toBe(false);
    await despesas.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(despesas.getAttribute('open')).resolves.toBe('');
    await expect(link.isVisible()).resolves.toBe(true);
    await link.click();
    await page.waitForURL(`**${EMPENHOS}`);
    await page.getByRole('heading', { level: 1, name: 'Empenhos do período' }).waitFor();
  });

  test('/dados: the users log is information with the static total; only the log download is clickable, in a new tab', async () => {
    await page.goto(portal.url('/dados'));
    await hydrated(page);
    const log = page.locator('details[data-group="usuarios"]');
    await log.locator('summary').click();
    await expect(log.innerText()).resolves.toContain('2.785.167');
    const links = log.getByRole('link');
    await expect(links.count()).resolves.toBe(1);
    await expect(links.first().getAttribute('target')).resolves.toBe('_blank');
    const href = (await links.first().getAttribute('href'))!;
    const csv = await fetch(`${portal.origin}${href}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="log_usuarios.csv"');
    const rows = parseDelimited(await csv.text());
    expect(rows[0]).toEqual(['data', 'novos_usuarios', 'total_acumulado', 'acessos']);
    expect(rows.at(-1)![2]).toBe('2785167');
  });

  test('/dados works without JavaScript: server-side filter and <details> accordions', async () => {
    const noJs = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto(portal.url('/dados'));
    await plain.getByRole('searchbox', { name: 'Filtrar' }).fill('receit');
    await plain.getByRole('button', { name: 'Filtrar' }).click();
    await plain.waitForURL('**/dados?filtro=receit');
    expect((await plain.locator('main details summary h3').allInnerTexts()).map((t) => t.trim())).toEqual(['RECEITAS']);
    const group = plain.locator('details[data-group="receitas"]');
    await group.locator('summary').click();
    await group.getByRole('link').first().click();
    await plain.waitForURL('**/dados/receitas/**');
    await expect(plain.getByTestId('source-url').innerText()).resolves.toContain('/api/tce/receitas/');
    await plain.goto(portal.url('/dados?filtro=nada'));
    await expect(plain.getByText('Nenhum dado encontrado').isVisible()).resolves.toBe(true);
    // The form validates on the server too.
    const invalid = await plain.goto(portal.url(`${EMPENHOS}?buscar=1&exercicio=2025&referencia_de=&referencia_ate=`));
    expect(invalid?.status()).toBe(400);
    await expect(plain.getByTestId('error-summary').innerText()).resolves.toContain('Parâmetros obrigatórios: Referência inicial, Referência final');
    await noJs.close();
  });

  test('despesa: one labelled input per placeholder, the required-parameters message, loading, the data as a table', async () => {
    await page.goto(portal.url(EMPENHOS));
    await hydrated(page);
    await expect(page.title()).resolves.toBe('Governo do Piauí - Dados Abertos - Empenhos do período');
    for (const label of ['Exercício', 'Referência inicial', 'Referência final']) await expect(page.getByLabel(label, { exact: true }).count()).resolves.toBe(1);
    await expect(page.getByTestId('updated-at').innerText()).resolves.toMatch(/^Dados atualizados em \d{1,2} de [a-zç]+ de \d{4}, às \d{2}:\d{2}$/);
    await expect(page.getByRole('button', { name: /Exportar|JSON/ }).count()).resolves.toBe(0);

    await fillForm({ exercicio: '2025' });
    await searchButton().click();
    const summary = page.getByTestId('error-summary');
    await expect(summary.innerText()).resolves.toContain('Parâmetros obrigatórios: Referência inicial, Referência final');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe('error-summary');
    await expect(snackbar().innerText()).resolves.toContain('Parâmetros obrigatórios: Referência inicial, Referência final');
    await expect(page.getByLabel('Referência inicial', { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
    await summary.getByRole('link', { name: /Referência inicial/ }).click();
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('campo-referencia_de');

    // Slow the data down to see the loading state.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.endsWith('.data'),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await fillForm(PERIOD);
    await searchButton().click();
    await page.getByRole('button', { name: 'Carregando...' }).waitFor();
    await expect(page.getByRole('button', { name: 'Carregando...' }).isDisabled()).resolves.toBe(true);
    release();
    await page.getByTestId('result').waitFor();
    await page.unroute((url) => url.pathname.endsWith('.data'));
    await expect(searchButton().innerText()).resolves.toBe('Buscar Dados');
    expect(page.url()).toContain('exercicio=2025');

    const count = (await api<{ count: number }>(`/api/transparencia/despesas/2025/2025-03/2025-01`)).count;
    const table = page.getByTestId('result').locator('table');
    await expect(table.locator('caption').innerText()).resolves.toContain(`${count.toLocaleString('pt-BR')} registros`);
    await expect(table.locator('tbody tr').count()).resolves.toBe(PAGE_SIZE);
    await expect(table.locator('thead th[scope="col"]').first().innerText()).resolves.toBe('Exercício');
    await expect(table.locator('tbody th[scope="row"]').count()).resolves.toBe(PAGE_SIZE);
    const firstRow = await table.locator('tbody tr').first().innerText();
    expect(firstRow).toMatch(/\d{2}\/0[1-3]\/2025/);
    expect(firstRow).toMatch(/R\$\s?[\d.]+,\d{2}/);
    // Raw JSON on demand.
    const raw = page.getByTestId('result').locator('details');
    await raw.locator('summary').click();
    expect(JSON.parse(await raw.locator('pre').innerText()).count).toBe(count);
    // Pagination where the API paginates.
    await page.getByRole('navigation', { name: 'Paginação' }).getByRole('link', { name: 'Página 2', exact: true }).click();
    await page.waitForURL('**page=2**');
    await table.locator('caption', { hasText: 'página 2 de' }).waitFor();
  });

  test('exports: export.json parses, export.csv has a header and one row per record, export.xml is well formed', async () => {
    await page.goto(portal.url(`${EMPENHOS}?buscar=1&${new URLSearchParams(PERIOD)}`));
    await hydrated(page);
    const exports = page.getByRole('group', { name: /Exportar/ });
    const json = await downloaded(exports.getByRole('button', { name: 'JSON' }));
    expect(json.name).toBe('export.json');
    const records = JSON.parse(json.text) as { empenho_codigo: string }[];
    expect(records).toHaveLength(PAGE_SIZE);
    const csv = await downloaded(exports.getByRole('button', { name: 'CSV' }));
    expect(csv.name).toBe('export.csv');
    const [header, ...rows] = parseDelimited(csv.text);
    expect(header).toContain('empenho_codigo');
    expect(header).toContain('valor_pago');
    expect(rows).toHaveLength(PAGE_SIZE);
    expect(rows.every((r) => r.length === header!.length)).toBe(true);
    expect(rows[0]![header!.indexOf('empenho_codigo')]).toBe(records[0]!.empenho_codigo);
    const xml = await downloaded(exports.getByRole('button', { name: 'XML' }));
    expect(xml.name).toBe('export.xml');
    await expect(xmlProblems(xml.text)).resolves.toBe('dados');
    expect(xml.text.match(/<registro>/g)).toHaveLength(PAGE_SIZE);
  });

  test("the server's CSV download keeps its Content-Disposition name", async () => {
    await page.goto(portal.url(`${EMPENHOS}?buscar=1&${new URLSearchParams(PERIOD)}`));
    await hydrated(page);
    const file = await downloaded(page.getByTestId('server-download'));
    expect(file.name).toBe('despesas_2025_2025-01-01_2025-03-31.csv');
    const [header, ...rows] = parseDelimited(file.text);
    expect(header![0]).toBe('exercicio');
    expect(rows).toHaveLength((await api<{ count: number }>('/api/transparencia/despesas/2025/2025-03/2025-01')).count);
  });

  test('despesa detail: one record as field and value, its liquidations and payments as tables, exports of the object', async () => {
    const listed = (await api<{ results: { empenho_codigo: string; unidade_gestora_codigo: string }[] }>('/api/transparencia/despesas/2025/2025-03/2025-01?page_size=1')).results[0]!;
    await page.goto(portal.url('/dados/despesa/detalhamento'));
    await hydrated(page);
    await fillForm({ exercicio: '2025', empenho_codigo: listed.empenho_codigo, unidade_gestora_codigo: listed.unidade_gestora_codigo });
    await searchButton().click();
    await page.getByTestId('result').waitFor();
    const fields = page.getByTestId('result').locator('table').first();
    await expect(fields.locator('tbody th', { hasText: 'Empenho código' }).count()).resolves.toBe(1);
    const detail = await api<{ liquidacoes: unknown[]; pagamentos: unknown[] }>(
      `/api/transparencia/despesas/2025/${listed.empenho_codigo}/${listed.unidade_gestora_codigo}/detalhamento`,
    );
    for (const [label, list] of [['Liquidações', detail.liquidacoes], ['Pagamentos', detail.pagamentos]] as const) {
      await expect(page.getByTestId('result').locator('caption', { hasText: `${label} (${list.length})` }).count()).resolves.toBe(list.length ? 1 : 0);
    }
    const xml = await downloaded(page.getByRole('group', { name: /Exportar/ }).getByRole('button', { name: 'XML' }));
    await expect(xmlProblems(xml.text)).resolves.toBe('dados');
    expect(xml.text).toContain(`<empenho_codigo>${listed.empenho_codigo}</empenho_codigo>`);
    const csv = await downloaded(page.getByRole('group', { name: /Exportar/ }).getByRole('button', { name: 'CSV' }));
    expect(parseDelimited(csv.text)).toHaveLength(2);
  });

  test('servidor: validation, success and the month download; usuarios: the log as a table', async () => {
    await page.goto(portal.url('/dados/servidor/remuneracoes'));
    await hydrated(page);
    await fillForm({ exercicio: '2025' });
    await searchButton().click();
    await expect(page.getByTestId('error-summary').innerText()).resolves.toContain('Parâmetros obrigatórios: Referência');
    await fillForm({ exercicio: '2025', referencia: '2025-06' });
    await searchButton().click();
    await page.getByTestId('result').waitFor();
    await expect(page.getByTestId('result').locator('tbody tr').count()).resolves.toBe(PAGE_SIZE);
    await expect(page.getByTestId('updated-at').isVisible()).resolves.toBe(true);
    const file = await downloaded(page.getByTestId('server-download'));
    expect(file.name).toBe('servidores_2025_2025-06.csv');

    await page.goto(portal.url('/dados/usuarios/log'));
    await hydrated(page);
    await expect(page.getByText('Esta consulta não tem parâmetros.').isVisible()).resolves.toBe(true);
    await searchButton().click();
    await page.getByTestId('result').waitFor();
    await expect(page.getByTestId('result').locator('thead th').allInnerTexts()).resolves.toEqual(['Data', 'Novos usuários', 'Total acumulado', 'Acessos']);
    await expect(page.getByTestId('result').locator('tbody tr').count()).resolves.toBe(PAGE_SIZE);
    const json = await downloaded(page.getByRole('group', { name: /Exportar/ }).getByRole('button', { name: 'JSON' }));
    expect(JSON.parse(json.text)).toHaveLength(PAGE_SIZE);
  });

  test('automatic viewer: fetches the audit-court API through our server, shows the URL, exports', async () => {
    await page.goto(portal.url('/dados/credores/lista/2025'));
    await hydrated(page);
    await expect(page.getByTestId('source-url').innerText()).resolves.toContain(`${portal.origin}/api/tce/credores/lista/2025`);
    await expect(page.getByTestId('result').locator('tbody tr').count()).resolves.toBe(PAGE_SIZE);
    const csv = await downloaded(page.getByRole('group', { name: /Exportar/ }).getByRole('button', { name: 'CSV' }));
    const [header, ...rows] = parseDelimited(csv.text);
    expect(header).toContain('nome');
    expect(rows).toHaveLength(PAGE_SIZE);
    const xml = await downloaded(page.getByRole('group', { name: /Exportar/ }).getByRole('button', { name: 'XML' }));
    await expect(xmlProblems(xml.text)).resolves.toBe('dados');
    // No request of the page left our origin.
    const origins = new Set<string>();
    page.on('request', (r) => origins.add(new URL(r.url()).origin));
    await page.reload();
    await hydrated(page);
    expect([...origins].filter((o) => o.startsWith('http'))).toEqual([portal.origin]);
  });

  test('error messages: 404 → Recurso não encontrado!, 400 → the server message, unknown endpoint', async () => {
    const missing = await page.goto(portal.url('/dados/receitas/mensal/1999'));
    expect(missing?.status()).toBe(404);
    await hydrated(page);
    await expect(page.getByTestId('fetch-failure').innerText()).resolves.toContain('Recurso não encontrado!');
    await expect(snackbar().innerText()).resolves.toContain('Recurso não encontrado!');

    const bad = await page.goto(portal.url('/dados/receitas/mensal/dois-mil'));
    expect(bad?.status()).toBe(400);
    await hydrated(page);
    await expect(page.getByTestId('fetch-failure').innerText()).resolves.toContain('Exercício inválido');

    await page.goto(portal.url(EMPENHOS));
    await hydrated(page);
    await fillForm({ exercicio: '2025', referencia_de: '2025-13', referencia_ate: '2025-03' });
    await searchButton().click();
    await page.getByTestId('fetch-failure').waitFor();
    await expect(page.getByTestId('fetch-failure').innerText()).resolves.toContain('Referência inválida');
    await expect(snackbar().innerText()).resolves.toContain('Referência inválida');

    await fillForm({ exercicio: '2019', referencia_de: '2019-01', referencia_ate: '2019-03' });
    await searchButton().click();
    await page.getByTestId('fetch-failure').getByText('Recurso não encontrado!').waitFor();
    await expect(page.getByTestId('fetch-failure').innerText()).resolves.toContain('Exercício 2019 não encontrado');

    const unknown = await page.goto(portal.url('/dados/despesa/2024'));
    expect(unknown?.status()).toBe(404);
    await expect(page.locator('h1').innerText()).resolves.toBe('Endpoint não encontrado');
    const download = await fetch(portal.url('/dados/despesa/empenhos/arquivo.csv?exercicio=2025&referencia_de=2025-01&referencia_ate=2025-3'));
    expect(download.status).toBe(400);
    expect(await download.text()).toContain('Referência inválida');
  });

  test('axe-core finds nothing on /dados and each viewer, on a desktop and a phone', { timeout: 180_000 }, async () => {
    const listed = (await api<{ results: { empenho_codigo: string; unidade_gestora_codigo: string }[] }>('/api/transparencia/despesas/2025/2025-03/2025-01?page_size=1')).results[0]!;
    const routes = [
      '/dados',
      '/dados/despesa',
      EMPENHOS,
      `${EMPENHOS}?buscar=1&${new URLSearchParams(PERIOD)}`,
      `${EMPENHOS}?buscar=1&exercicio=2025`,
      `/dados/despesa/detalhamento?buscar=1&exercicio=2025&empenho_codigo=${listed.empenho_codigo}&unidade_gestora_codigo=${listed.unidade_gestora_codigo}`,
      '/dados/servidor/remuneracoes?buscar=1&exercicio=2025&referencia=2025-06',
      '/dados/usuarios/log?buscar=1',
      '/dados/credores/lista/2025',
      '/dados/receitas/mensal/1999',
      '/dados/despesa/2024',
    ];
    const problems: string[] = [];
    for (const options of [DESKTOP, PHONE]) {
      const ctx = await browser.newContext(options);
      const tab = await ctx.newPage();
      for (const route of routes) {
        await tab.goto(portal.url(route));
        await hydrated(tab);
        // Open every disclosure so its content is checked too.
        await tab.evaluate(() => document.querySelectorAll('main details').forEach((d) => ((d as HTMLDetailsElement).open = true)));
        for (const v of await axe(tab)) problems.push(`${route} (${options.viewport?.width}px): ${v.id} ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join('\n    ')}`);
        if (options === PHONE) {
          const overflow = await tab.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          if (overflow > 1) problems.push(`${route}: the page scrolls sideways on a phone (${overflow}px)`);
        }
      }
      await ctx.close();
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
