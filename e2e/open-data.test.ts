import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { parseDelimited } from '../apps/web/app/features/open-data/endpoints.ts';
import { axe, DESKTOP, hydrated, PHONE } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';
import { PEOPLE, slowNetwork, touch, typeAsAPerson } from './support/person.ts';
import type { Portal } from './support/portal.ts';

// The test database's open data: fiscal years 2024 to 2026 (apps/server/src/modules/open-data tests).
const EMPENHOS = '/dados/despesa/empenhos';
const PERIOD = { exercicio: '2025', referencia_de: '2025-01', referencia_ate: '2025-03' };
const PAGE_SIZE = 20;

const api = async <T>(portal: Portal, path: string) => (await (await fetch(`${portal.origin}${path}`)).json()) as T;
const snackbar = (page: Page) => page.getByRole('region', { name: 'Avisos' });
const searchButton = (page: Page) => page.getByRole('button', { name: /Buscar Dados|Carregando/ });
const groupTitles = (page: Page) => page.locator('main details summary h3');

async function fillForm(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    // The year is picked from the years the source has (issue 13); the other fields are typed.
    if (name === 'exercicio') await page.locator(`select[name="${name}"]`).selectOption(value);
    else await page.locator(`input[name="${name}"]`).fill(value);
  }
}

async function downloaded(page: Page, trigger: Locator): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
}

/** Parses XML with the browser's own parser: well formed or a <parsererror>. */
const xmlProblems = (page: Page, text: string) =>
  page.evaluate((xml) => {
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    return doc.getElementsByTagName('parsererror').length ? doc.getElementsByTagName('parsererror')[0]!.textContent : doc.documentElement.nodeName;
  }, text);

// Issue 24, as a person reads and types: the group filter leaves the group whose name was typed, alone; the
// server's CSV says what it holds and how big it is ('Baixar CSV completo (servidor)' read as 'civil servant' and hid
// the file's size). On a desktop and a phone, on a fast and a slow network, without waiting for the page's scripts.
for (const person of PEOPLE) {
  test.describe(`open data as a person reads it, ${person.name}`, () => {
    test.use(person.device);
    test.beforeEach(async ({ page }) => {
      if (person.slow) await slowNetwork(page);
    });

    test("typing a group's name leaves that group alone, not the groups whose queries mention it", async ({ page, portal }) => {
      await page.goto(portal.url('/dados'));
      const filter = page.getByRole('searchbox', { name: 'Filtrar' });
      await touch(person, filter);
      await typeAsAPerson(page, person, 'despe');
      await expect(groupTitles(page)).toHaveText(['DESPESAS'], { timeout: 30_000 });
      // DESPESAS has 'Despesas por órgão no período' and speaks of 'órgãos': only ÓRGÃOS is named so.
      await filter.clear();
      await typeAsAPerson(page, person, 'órgãos');
      await expect(groupTitles(page)).toHaveText(['ÓRGÃOS']);
    });

    test("the full download says how many records and how big the file is, and is that file", async ({ page, portal }) => {
      await page.goto(portal.url(EMPENHOS));
      await page.locator('select[name="exercicio"]').selectOption(PERIOD.exercicio);
      for (const name of ['referencia_de', 'referencia_ate'] as const) {
        await touch(person, page.locator(`input[name="${name}"]`));
        await typeAsAPerson(page, person, PERIOD[name]);
      }
      await touch(person, searchButton(page));
      const source = `/api/transparencia/despesas/${PERIOD.exercicio}/${PERIOD.referencia_ate}/${PERIOD.referencia_de}`;
      const records = (await api<{ count: number }>(portal, source)).count;
      const bytes = (await (await fetch(`${portal.origin}${source}/download`)).arrayBuffer()).byteLength;
      expect(bytes).toBeGreaterThan(100_000);
      expect(bytes).toBeLessThan(1_000_000);
      const size = `${Math.round(bytes / 1000).toLocaleString('pt-BR')} kB`;
      const link = page.getByTestId('server-download');
      await expect(link).toHaveAccessibleName(`Baixar os ${records.toLocaleString('pt-BR')} registros em CSV (${size})`, { timeout: 30_000 });
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), touch(person, link)]);
      const file = await readFile(await download.path());
      expect(file.byteLength).toBe(bytes);
      expect(parseDelimited(file.toString('utf8'))).toHaveLength(records + 1);
    });
  });
}

test.describe('open data: index, viewers and exports', () => {
  test('/dados: the nine groups from the API, a case-insensitive filter and the empty text', async ({ page, portal }) => {
    const response = await page.goto(portal.url('/dados'));
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Governo do Piauí - Dados Abertos');
    await expect(page.locator('h1')).toHaveText('Dados Abertos');
    await expect(page.getByRole('heading', { level: 2, name: 'O que é esse serviço?' })).toBeVisible();
    const index = await api<{ text: string }[]>(portal, '/v1/open-data');
    await expect(groupTitles(page)).toHaveText(index.map((g) => g.text));
    expect(index).toHaveLength(9);
    const filter = page.getByRole('searchbox', { name: 'Filtrar' });
    await filter.fill('despe');
    await expect(groupTitles(page)).toHaveText(['DESPESAS']);
    await filter.fill('SERVID');
    await expect(groupTitles(page)).toHaveText(['SERVIDORES']);
    await filter.fill('licitações');
    await expect(groupTitles(page)).toHaveText(['LICITAÇÕES']);
    await filter.fill('xyz');
    await expect(groupTitles(page)).toHaveText([]);
    await expect(page.getByText('Nenhum dado encontrado')).toBeVisible();
    await filter.fill('');
    await expect(groupTitles(page)).toHaveCount(9);
  });

  test('/dados: accordions open with the keyboard and an endpoint opens its viewer', async ({ page, portal }) => {
    await page.goto(portal.url('/dados'));
    const despesas = page.locator('details[data-group="despesa"]');
    await expect(despesas).not.toHaveAttribute('open');
    const link = despesas.getByRole('link', { name: 'Empenhos do período', exact: true });
    await expect(link).toBeHidden();
    await despesas.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(despesas).toHaveAttribute('open', '');
    await expect(link).toBeVisible();
    await link.click();
    await page.waitForURL(`**${EMPENHOS}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Empenhos do período' })).toBeVisible();
  });

  test('/dados: the users log is information with the static total; only the log download is clickable, in a new tab', async ({ page, portal }) => {
    await page.goto(portal.url('/dados'));
    const log = page.locator('details[data-group="usuarios"]');
    await log.locator('summary').click();
    await expect(log).toContainText('2.785.167');
    const links = log.getByRole('link');
    await expect(links).toHaveCount(1);
    await expect(links.first()).toHaveAttribute('target', '_blank');
    const href = (await links.first().getAttribute('href'))!;
    const csv = await fetch(`${portal.origin}${href}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="log_usuarios.csv"');
    const rows = parseDelimited(await csv.text());
    expect(rows[0]).toEqual(['data', 'novos_usuarios', 'total_acumulado', 'acessos']);
    expect(rows.at(-1)![2]).toBe('2785167');
  });

  test.describe(() => {
    test.use({ javaScriptEnabled: false });

    test('/dados works without JavaScript: server-side filter and <details> accordions', async ({ page: plain, portal }) => {
      await plain.goto(portal.url('/dados'));
      await plain.getByRole('searchbox', { name: 'Filtrar' }).fill('receit');
      await plain.getByRole('button', { name: 'Filtrar' }).click();
      await plain.waitForURL('**/dados?filtro=receit');
      await expect(groupTitles(plain)).toHaveText(['RECEITAS']);
      const group = plain.locator('details[data-group="receitas"]');
      await group.locator('summary').click();
      await group.getByRole('link').first().click();
      await plain.waitForURL('**/dados/receitas/**');
      await expect(plain.getByTestId('source-url')).toContainText('/api/tce/receitas/');
      await plain.goto(portal.url('/dados?filtro=nada'));
      await expect(plain.getByText('Nenhum dado encontrado')).toBeVisible();
      // The form validates on the server too.
      const invalid = await plain.goto(portal.url(`${EMPENHOS}?buscar=1&exercicio=2025&referencia_de=&referencia_ate=`));
      expect(invalid?.status()).toBe(400);
      await expect(plain.getByTestId('error-summary')).toContainText('Parâmetros obrigatórios: Referência inicial, Referência final');
    });
  });

  test('despesa: one labelled input per placeholder, the required-parameters message, loading, the data as a table', async ({ page, portal }) => {
    await page.goto(portal.url(EMPENHOS));
    await expect(page).toHaveTitle('Governo do Piauí - Dados Abertos - Empenhos do período');
    for (const label of ['Exercício', 'Referência inicial', 'Referência final']) await expect(page.getByLabel(label, { exact: true })).toHaveCount(1);
    // Nothing to guess: the years with data to pick from, and the months with data offered as one types.
    expect(await page.getByLabel('Exercício', { exact: true }).locator('option').allTextContents()).toEqual(expect.arrayContaining(['Selecione o ano', '2025']));
    const monthList = await page.getByLabel('Referência inicial', { exact: true }).getAttribute('list');
    const months = await page.locator(`datalist[id="${monthList}"] option`).evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(months.length).toBeGreaterThan(0);
    for (const month of months) expect(month).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
    await expect(page.getByTestId('updated-at')).toHaveText(/^Dados atualizados em \d{1,2} de [a-zç]+ de \d{4}, às \d{2}:\d{2}$/);
    await expect(page.getByRole('button', { name: /Exportar|JSON/ })).toHaveCount(0);

    await fillForm(page, { exercicio: '2025' });
    await searchButton(page).click();
    const summary = page.getByTestId('error-summary');
    await expect(summary).toContainText('Parâmetros obrigatórios: Referência inicial, Referência final');
    await expect(summary).toBeFocused();
    await expect(snackbar(page)).toContainText('Parâmetros obrigatórios: Referência inicial, Referência final');
    await expect(page.getByLabel('Referência inicial', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await summary.getByRole('link', { name: /Referência inicial/ }).click();
    await expect(page.locator('#campo-referencia_de')).toBeFocused();

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
    await fillForm(page, PERIOD);
    await searchButton(page).click();
    await expect(page.getByRole('button', { name: 'Carregando...' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Carregando...' })).toBeDisabled();
    release();
    await expect(page.getByTestId('result')).toBeVisible();
    await page.unroute((url) => url.pathname.endsWith('.data'));
    await expect(searchButton(page)).toHaveText('Buscar Dados');
    expect(page.url()).toContain('exercicio=2025');

    const count = (await api<{ count: number }>(portal, `/api/transparencia/despesas/2025/2025-03/2025-01`)).count;
    const table = page.getByTestId('result').locator('table');
    await expect(table.locator('caption')).toContainText(`${count.toLocaleString('pt-BR')} registros`);
    await expect(table.locator('tbody tr')).toHaveCount(PAGE_SIZE);
    await expect(table.locator('thead th[scope="col"]').first()).toHaveText('Exercício');
    await expect(table.locator('tbody th[scope="row"]')).toHaveCount(PAGE_SIZE);
    const firstRow = table.locator('tbody tr').first();
    await expect(firstRow).toHaveText(/\d{2}\/0[1-3]\/2025/);
    await expect(firstRow).toHaveText(/R\$\s?[\d.]+,\d{2}/);
    // Raw JSON on demand.
    const raw = page.getByTestId('result').locator('details');
    await raw.locator('summary').click();
    expect(JSON.parse(await raw.locator('pre').innerText()).count).toBe(count);
    // Pagination where the API paginates.
    await page.getByRole('navigation', { name: 'Paginação' }).getByRole('link', { name: 'Página 2', exact: true }).click();
    await page.waitForURL('**page=2**');
    await expect(table.locator('caption', { hasText: 'página 2 de' })).toBeVisible();
  });

  test('exports: export.json parses, export.csv has a header and one row per record, export.xml is well formed', async ({ page, portal }) => {
    await page.goto(portal.url(`${EMPENHOS}?buscar=1&${new URLSearchParams(PERIOD)}`));
    const exports = page.getByRole('group', { name: /Exportar/ });
    const json = await downloaded(page, exports.getByRole('button', { name: 'JSON' }));
    expect(json.name).toBe('export.json');
    const records = JSON.parse(json.text) as { empenho_codigo: string }[];
    expect(records).toHaveLength(PAGE_SIZE);
    const csv = await downloaded(page, exports.getByRole('button', { name: 'CSV' }));
    expect(csv.name).toBe('export.csv');
    const [header, ...rows] = parseDelimited(csv.text);
    expect(header).toContain('empenho_codigo');
    expect(header).toContain('valor_pago');
    expect(rows).toHaveLength(PAGE_SIZE);
    expect(rows.every((r) => r.length === header!.length)).toBe(true);
    expect(rows[0]![header!.indexOf('empenho_codigo')]).toBe(records[0]!.empenho_codigo);
    const xml = await downloaded(page, exports.getByRole('button', { name: 'XML' }));
    expect(xml.name).toBe('export.xml');
    expect(await xmlProblems(page, xml.text)).toBe('dados');
    expect(xml.text.match(/<registro>/g)).toHaveLength(PAGE_SIZE);
  });

  test("the server's CSV download keeps its Content-Disposition name", async ({ page, portal }) => {
    await page.goto(portal.url(`${EMPENHOS}?buscar=1&${new URLSearchParams(PERIOD)}`));
    const file = await downloaded(page, page.getByTestId('server-download'));
    expect(file.name).toBe('despesas_2025_2025-01-01_2025-03-31.csv');
    const [header, ...rows] = parseDelimited(file.text);
    expect(header![0]).toBe('exercicio');
    expect(rows).toHaveLength((await api<{ count: number }>(portal, '/api/transparencia/despesas/2025/2025-03/2025-01')).count);
  });

  test('despesa detail: one record as field and value, its liquidations and payments as tables, exports of the object', async ({ page, portal }) => {
    const listed = (await api<{ results: { empenho_codigo: string; unidade_gestora_codigo: string }[] }>(portal, '/api/transparencia/despesas/2025/2025-03/2025-01?page_size=1')).results[0]!;
    await page.goto(portal.url('/dados/despesa/detalhamento'));
    await fillForm(page, { exercicio: '2025', empenho_codigo: listed.empenho_codigo, unidade_gestora_codigo: listed.unidade_gestora_codigo });
    await searchButton(page).click();
    await expect(page.getByTestId('result')).toBeVisible();
    const fields = page.getByTestId('result').locator('table').first();
    await expect(fields.locator('tbody th', { hasText: 'Empenho código' })).toHaveCount(1);
    const detail = await api<{ liquidacoes: unknown[]; pagamentos: unknown[] }>(
      portal,
      `/api/transparencia/despesas/2025/${listed.empenho_codigo}/${listed.unidade_gestora_codigo}/detalhamento`,
    );
    for (const [label, list] of [['Liquidações', detail.liquidacoes], ['Pagamentos', detail.pagamentos]] as const) {
      await expect(page.getByTestId('result').locator('caption', { hasText: `${label} (${list.length})` })).toHaveCount(list.length ? 1 : 0);
    }
    const xml = await downloaded(page, page.getByRole('group', { name: /Exportar/ }).getByRole('button', { name: 'XML' }));
    expect(await xmlProblems(page, xml.text)).toBe('dados');
    expect(xml.text).toContain(`<empenho_codigo>${listed.empenho_codigo}</empenho_codigo>`);
    const csv = await downloaded(page, page.getByRole('group', { name: /Exportar/ }).getByRole('button', { name: 'CSV' }));
    expect(parseDelimited(csv.text)).toHaveLength(2);
  });

  test('servidor: validation, success and the month download; usuarios: the log as a table', async ({ page, portal }) => {
    await page.goto(portal.url('/dados/servidor/remuneracoes'));
    await fillForm(page, { exercicio: '2025' });
    await searchButton(page).click();
    await expect(page.getByTestId('error-summary')).toContainText('Parâmetros obrigatórios: Referência');
    await fillForm(page, { exercicio: '2025', referencia: '2025-06' });
    await searchButton(page).click();
    await expect(page.getByTestId('result')).toBeVisible();
    await expect(page.getByTestId('result').locator('tbody tr')).toHaveCount(PAGE_SIZE);
    await expect(page.getByTestId('updated-at')).toBeVisible();
    const file = await downloaded(page, page.getByTestId('server-download'));
    expect(file.name).toBe('servidores_2025_2025-06.csv');

    await page.goto(portal.url('/dados/usuarios/log'));
    await expect(page.getByText('Esta consulta não tem parâmetros.')).toBeVisible();
    await searchButton(page).click();
    await expect(page.getByTestId('result')).toBeVisible();
    await expect(page.getByTestId('result').locator('thead th')).toHaveText(['Data', 'Novos usuários', 'Total acumulado', 'Acessos']);
    await expect(page.getByTestId('result').locator('tbody tr')).toHaveCount(PAGE_SIZE);
    const json = await downloaded(page, page.getByRole('group', { name: /Exportar/ }).getByRole('button', { name: 'JSON' }));
    expect(JSON.parse(json.text)).toHaveLength(PAGE_SIZE);
  });

  test('automatic viewer: fetches the audit-court API through our server, shows the URL, exports', async ({ page, portal }) => {
    await page.goto(portal.url('/dados/credores/lista/2025'));
    await expect(page.getByTestId('source-url')).toContainText(`${portal.origin}/api/tce/credores/lista/2025`);
    await expect(page.getByTestId('result').locator('tbody tr')).toHaveCount(PAGE_SIZE);
    const csv = await downloaded(page, page.getByRole('group', { name: /Exportar/ }).getByRole('button', { name: 'CSV' }));
    const [header, ...rows] = parseDelimited(csv.text);
    expect(header).toContain('nome');
    expect(rows).toHaveLength(PAGE_SIZE);
    const xml = await downloaded(page, page.getByRole('group', { name: /Exportar/ }).getByRole('button', { name: 'XML' }));
    expect(await xmlProblems(page, xml.text)).toBe('dados');
    // No request of the page left our origin.
    const origins = new Set<string>();
    page.on('request', (r) => origins.add(new URL(r.url()).origin));
    await page.reload();
    expect([...origins].filter((o) => o.startsWith('http'))).toEqual([portal.origin]);
  });

  test('error messages: 404 → Recurso não encontrado!, 400 → the server message, unknown endpoint', async ({ page, portal }) => {
    const missing = await page.goto(portal.url('/dados/receitas/mensal/1999'));
    expect(missing?.status()).toBe(404);
    await expect(page.getByTestId('fetch-failure')).toContainText('Recurso não encontrado!');
    // The snackbar is the scripts' way of saying it again (spec §8): it comes as the page hydrates, at the first move.
    await hydrated(page);
    await expect(snackbar(page)).toContainText('Recurso não encontrado!');

    const bad = await page.goto(portal.url('/dados/receitas/mensal/dois-mil'));
    expect(bad?.status()).toBe(400);
    await expect(page.getByTestId('fetch-failure')).toContainText('Exercício inválido');

    await page.goto(portal.url(EMPENHOS));
    await fillForm(page, { exercicio: '2025', referencia_de: '2025-13', referencia_ate: '2025-03' });
    await searchButton(page).click();
    await expect(page.getByTestId('fetch-failure')).toContainText('Referência inválida');
    await hydrated(page); // as above: the answer may be the browser's, its page hydrating at the next move
    await expect(snackbar(page)).toContainText('Referência inválida');

    // The form offers only the years with data; an old link to another year says which years there are.
    const years = await page.locator('select[name="exercicio"] option').allTextContents();
    expect(years).toContain('2025');
    expect(years).not.toContain('2019');
    await page.goto(portal.url(`${EMPENHOS}?buscar=1&exercicio=2019&referencia_de=2019-01&referencia_ate=2019-03`));
    await expect(page.getByTestId('fetch-failure').getByText('Recurso não encontrado!')).toBeVisible();
    await expect(page.getByTestId('fetch-failure')).toContainText('Exercício 2019 não encontrado');

    const unknown = await page.goto(portal.url('/dados/despesa/2024'));
    expect(unknown?.status()).toBe(404);
    await expect(page.locator('h1')).toHaveText('Endpoint não encontrado');
    const download = await fetch(portal.url('/dados/despesa/empenhos/arquivo.csv?exercicio=2025&referencia_de=2025-01&referencia_ate=2025-3'));
    expect(download.status).toBe(400);
    expect(await download.text()).toContain('Referência inválida');
  });

  test('axe-core finds nothing on /dados and each viewer, on a desktop and a phone', async ({ browser, portal }) => {
    test.setTimeout(180_000);
    const listed = (await api<{ results: { empenho_codigo: string; unidade_gestora_codigo: string }[] }>(portal, '/api/transparencia/despesas/2025/2025-03/2025-01?page_size=1')).results[0]!;
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
      const context = await browser.newContext(options);
      const tab = await context.newPage();
      for (const route of routes) {
        await tab.goto(portal.url(route));
        // Open every disclosure so its content is checked too.
        await tab.evaluate(() => document.querySelectorAll('main details').forEach((d) => ((d as HTMLDetailsElement).open = true)));
        // axe reads each page as its scripts leave it (the table's controls); a11y.test.ts says why.
        await hydrated(tab);
        problems.push(...(await axe(tab, `${route} (${options.viewport?.width}px)`)));
        if (options === PHONE) {
          const overflow = await tab.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          if (overflow > 1) problems.push(`${route}: the page scrolls sideways on a phone (${overflow}px)`);
        }
      }
      await context.close();
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
