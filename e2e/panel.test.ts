import { sql } from 'drizzle-orm';
import { parseDelimited } from '../apps/web/app/features/open-data/endpoints.ts';
import { axe, DESKTOP, PHONE } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';
import { PEOPLE, touch } from './support/person.ts';
import type { Portal } from './support/portal.ts';

// Issue 30, the services' public panel as anyone reads it: a known set of requests and appointments of one service in
// one month, counted again here from the rows themselves, must be what the page, its tables, its CSV and its JSON say;
// on a 320 px phone without scripts, and on a desktop with them.

const SERVICE = 'segunda-via-da-cnh';
const BOOKABLE = 'carteira-de-identidade-primeira-via';
const MONTH = '2024-06';
const SMALL_PHONE = { ...PHONE, viewport: { width: 320, height: 640 } };

type Row = Record<string, unknown>;
const rows = async <T = Row>(portal: Portal, query: ReturnType<typeof sql>) => ((await portal.app.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Requests of the service sent in June 2024 (before any of the demo's), some answered, one on time, one refused, one cancelled. */
async function writeKnownMonth(portal: Portal) {
  const [service] = await rows<{ id: number; dept: number }>(portal, sql`select id, department_id as dept from services where slug = ${SERVICE}`);
  const at = (day: string | null) => (day ? `${day}T10:00:00-03:00` : null);
  const known: [string, string, string | null, string | null, string | null][] = [
    ['concluida', '2024-06-03', '2024-06-07', '2024-06-14', null],
    ['concluida', '2024-06-04', '2024-06-21', '2024-06-14', null],
    ['indeferida', '2024-06-05', '2024-06-12', '2024-06-19', 'requisitos'],
    ['cancelada', '2024-06-06', '2024-06-10', '2024-06-20', null],
    ['enviada', '2024-06-25', null, '2024-07-09', null],
  ];
  for (const [i, [state, sent, ended, due, reason]] of known.entries()) {
    await portal.app.db.execute(sql`
      insert into service_requests (protocol, service_id, department_id, citizen_sub, citizen, state, form_version, form, submitted_at, closed_at, due_on, refusal_reason)
      values (${`2024-PAINEL-${i}`}, ${service!.id}, ${service!.dept}, ${`painel-${i}`}, '{"name":"Teste","cpf":"","email":"","phone":"","birthDate":""}'::jsonb,
              ${state}, 1, '{}'::jsonb, ${at(sent)}::timestamptz, ${at(ended)}::timestamptz, ${due}::date, ${reason})`);
  }
  const [agenda] = await rows<{ id: number; service: number; section: number; dept: number }>(
    portal,
    sql`select a.id, a.service_id as service, a.section_id as section, a.department_id as dept from unit_agendas a join services s on s.id = a.service_id where s.slug = ${BOOKABLE} limit 1`,
  );
  for (const [i, state] of ['compareceu', 'compareceu', 'compareceu', 'nao_compareceu', 'cancelado'].entries()) {
    await portal.app.db.execute(sql`
      insert into appointments (protocol, code, agenda_id, service_id, section_id, department_id, citizen_sub, citizen, starts_at, state)
      values (${`2024-AGENDA-P${i}`}, ${`painel-e2e-${i}`}, ${agenda!.id}, ${agenda!.service}, ${agenda!.section}, ${agenda!.dept}, ${`painel-${i}`},
              '{"name":"Teste","cpf":"","email":""}'::jsonb, '2024-06-11T09:00:00-03:00', ${state})`);
  }
  // What the hourly job does.
  await portal.app.panel.refresh();
}

const percent = (share: number) => `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(share * 100)}%`;

/** The month counted here, from the rows, without the panel's code: what a citizen should read. */
async function recount(portal: Portal) {
  const requests = await rows<{ state: string; sent: string; ended: string | null; due: string | null }>(
    portal,
    sql`select r.state, to_char(r.submitted_at at time zone 'America/Fortaleza', 'YYYY-MM-DD') as sent,
               to_char(r.closed_at at time zone 'America/Fortaleza', 'YYYY-MM-DD') as ended, r.due_on::text as due
        from service_requests r join services s on s.id = r.service_id where s.slug = ${SERVICE} and r.submitted_at is not null`,
  );
  const inMonth = (day: string | null) => day?.startsWith(MONTH) ?? false;
  const answered = requests.filter((r) => inMonth(r.ended) && (r.state === 'concluida' || r.state === 'indeferida'));
  const appointments = await rows<{ state: string }>(
    portal,
    sql`select a.state from appointments a join services s on s.id = a.service_id
        where s.slug = ${BOOKABLE} and to_char(a.starts_at at time zone 'America/Fortaleza', 'YYYY-MM') = ${MONTH} and a.state <> 'cancelado'`,
  );
  const attended = appointments.filter((a) => a.state === 'compareceu').length;
  const missed = appointments.filter((a) => a.state === 'nao_compareceu').length;
  return {
    received: requests.filter((r) => inMonth(r.sent)).length,
    answered: answered.length,
    refused: answered.filter((r) => r.state === 'indeferida').length,
    cancelled: requests.filter((r) => inMonth(r.ended) && r.state === 'cancelada').length,
    open: requests.filter((r) => r.sent <= `${MONTH}-31` && !(r.ended && r.ended <= `${MONTH}-31`)).length,
    onTime: percent(answered.filter((r) => r.due && r.ended! <= r.due).length / answered.filter((r) => r.due).length),
    booked: appointments.length,
    missedShare: percent(missed / (attended + missed)),
  };
}

test.describe('the services’ public panel', () => {
  test.describe.configure({ mode: 'serial' });

  test('on a 320 px phone without scripts: the month of a service, as counted from its rows; charts with tables; CSV and JSON that parse', async ({ browser, portal }) => {
    await writeKnownMonth(portal);
    const expected = await recount(portal);
    expect(expected).toMatchObject({ received: 5, answered: 3, refused: 1, cancelled: 1, open: 1, booked: 4 });
    const person = PEOPLE[1]!;
    const context = await browser.newContext({ ...SMALL_PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    // From the footer, as anyone finds it.
    await page.goto(portal.url('/'));
    await touch(person, page.getByRole('contentinfo').getByRole('link', { name: 'Painel dos serviços' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Painel dos serviços' })).toBeVisible();
    await page.goto(`${portal.origin}/app/painel?servico=${SERVICE}&de=${MONTH}&ate=${MONTH}`);
    await expect(page.getByRole('heading', { level: 2, name: /^Em números: Segunda via/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    const figure = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    await expect(figure('Solicitações recebidas')).toHaveText(String(expected.received));
    await expect(figure('Respondidas')).toContainText(`${expected.answered} (`);
    await expect(figure('Em andamento')).toHaveText(String(expected.open));
    await expect(figure('Respondidas no prazo')).toHaveText(expected.onTime);

    // Each chart is an image with its numbers in a table beside it.
    const requestsTable = page.getByRole('table', { name: /^Solicitações por mês: os números/ });
    const june = requestsTable.getByRole('row', { name: /^jun\/24/ });
    await expect(june.getByRole('cell')).toHaveText([String(expected.received), String(expected.answered), String(expected.refused), String(expected.cancelled), String(expected.open)]);
    const chart = page.getByRole('img', { name: /solicitações recebidas por mês/ });
    await chart.scrollIntoViewIfNeeded();
    await expect.poll(() => chart.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const svg = await page.request.get(new URL((await chart.getAttribute('src'))!, portal.origin).toString());
    expect(svg.headers()['content-type']).toContain('image/svg+xml');
    expect(await svg.text()).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    await expect(page.getByText('Documentação incompleta ou inválida')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Por que se indefere' })).toContainText('Não cumpre os requisitos do serviço: 1');

    // The CSV and the JSON say the same.
    const csvLink = page.getByRole('link', { name: 'Este painel mês a mês, em CSV' });
    const csv = await page.request.get(new URL((await csvLink.getAttribute('href'))!, portal.origin).toString());
    const [header, ...lines] = parseDelimited(await csv.text());
    const record = Object.fromEntries(header!.map((column, i) => [column.replace(/^\uFEFF/, ''), lines[0]![i]]));
    expect(record).toMatchObject({ mes: MONTH, recebidas: String(expected.received), respondidas: String(expected.answered), canceladas: String(expected.cancelled) });
    const json = await (await page.request.get(new URL((await page.getByRole('link', { name: 'Este painel em JSON' }).getAttribute('href'))!, portal.origin).toString())).json();
    expect(json.total).toMatchObject({ recebidas: expected.received, respondidas: expected.answered, indeferidas: expected.refused, emAndamento: expected.open });

    // The identity card's appointments of the month, by a plain link of the filters.
    await page.goto(`${portal.origin}/app/painel?servico=${BOOKABLE}&de=${MONTH}&ate=${MONTH}`);
    const appointments = page.getByRole('table', { name: /^Agendamentos: os números/ }).getByRole('row', { name: /^jun\/24/ });
    await expect(appointments.getByRole('cell').first()).toHaveText(String(expected.booked));
    await expect(appointments.getByRole('cell').last()).toHaveText(expected.missedShare);
  });

  test('on a desktop: from the home’s indicators to the state, one department and back by plain links; nothing for axe', async ({ browser, portal }) => {
    const person = PEOPLE[0]!;
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(portal.url('/'));
    await touch(person, page.getByRole('link', { name: /Ver o painel dos serviços/ }));
    await expect(page.getByRole('heading', { level: 2, name: 'Em números: Governo do Piauí' })).toBeVisible();
    // The home's indicators are the panel's catalog figures.
    const home = await (await page.request.post(`${portal.origin}/api/metabase/api/dashboard/8/dashcard/87/card/76/query`)).json();
    await expect(page.locator('dt', { hasText: /^Serviços disponíveis$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText(new Intl.NumberFormat('pt-BR').format(home.data.rows[0][0]));
    expect(await axe(page, 'painel')).toEqual([]);
    await touch(person, page.getByRole('link', { name: 'Últimos 5 anos' }));
    await expect(page.getByRole('heading', { level: 2, name: /^Período: de .* a / })).toContainText(/de \w+ de \d{4} a/);
    await touch(person, page.getByRole('table', { name: /Por órgão|escolha um/ }).getByRole('link', { name: 'DETRAN-PI' }));
    await expect(page.getByRole('heading', { level: 2, name: 'Em números: DETRAN-PI' })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('orgao')).toBe('detran-pi');
    await touch(person, page.getByRole('navigation', { name: 'O que o painel mostra' }).getByRole('link', { name: 'Governo do Piauí' }));
    await expect(page.getByRole('heading', { level: 2, name: 'Em números: Governo do Piauí' })).toBeVisible();
    // A malformed period is said in Portuguese.
    const bad = await page.goto(`${portal.origin}/app/painel?de=2024-13`);
    expect(bad?.status()).toBe(400);
    await expect(page.getByText('Início do período: informe o mês como 2026-01.')).toBeVisible();
  });
});
