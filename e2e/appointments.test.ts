import { PIAUI_TIME_ZONE } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { axe, PHONE } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';
import { PEOPLE, touch } from './support/person.ts';
import { loginAs } from './support/personal.ts';

// Issue 29 as people live it: Maria, on a 320 px phone without scripts, books the identity card at an Espaço da
// Cidadania from the service page, gets the confirmation with its QR code and the .ics; on a desktop she moves it to
// another day; the front desk receives her by her QR code and her page says she was served.

const SERVICE = '/app/catalog/documentos-e-identificacao/carteira-de-identidade-primeira-via';
const SMALL_PHONE = { ...PHONE, viewport: { width: 320, height: 640 } };

test.describe('Maria books a time at a unit', () => {
  test.describe.configure({ mode: 'serial' });
  let protocol = '';
  let appointmentUrl = '';

  test('on a 320 px phone without scripts: unit, day, time; the confirmation with the QR code and the .ics', async ({ browser, loginPortal }) => {
    const person = PEOPLE[1]!;
    const page = await loginAs(browser, loginPortal.origin, 'maria.silva', SERVICE, { device: SMALL_PHONE, javaScriptEnabled: false });
    await touch(person, page.getByRole('link', { name: /^Agendar atendimento/ }));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Agendar atendimento: Carteira de Identidade Nacional (CIN) – primeira via');
    await touch(person, page.getByTestId('units').getByRole('link', { name: /Dirceu/ }));
    // The second day with free times: far enough ahead to be moved later (a time today may be too near).
    await touch(person, page.getByTestId('days').getByRole('link').nth(1));
    await expect(page.getByRole('group', { name: /Manhã|Tarde/ }).first()).toBeVisible();
    // The department's no-show policy is told before she books.
    await expect(page.getByTestId('no-show-policy')).toContainText('quem falta a 2 agendamentos em 90 dias sem cancelar fica 30 dias sem poder agendar');
    // The first time of the day.
    const time = page.getByRole('radio').first();
    const label = (await time.evaluate((input) => input.parentElement!.textContent!)).trim();
    await touch(person, time);
    await touch(person, page.getByRole('button', { name: 'Confirmar agendamento' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Atendimento agendado' })).toBeVisible();
    protocol = (await page.getByTestId('protocol').innerText()).trim();
    expect(protocol).toMatch(/^\d{4}-AGENDA-\d{6}$/);
    appointmentUrl = page.url().split('?')[0]!;
    await expect(page.getByTestId('appointment-when')).toContainText(label);
    await expect(page.getByText('Posto de Identificação – Espaço da Cidadania Dirceu')).toBeVisible();
    await expect(page.getByTestId('appointment-qr').locator('svg')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const download = page.waitForEvent('download');
    await touch(person, page.getByRole('link', { name: 'Adicionar ao calendário (.ics)' }));
    const { readFile } = await import('node:fs/promises');
    const ics = (await readFile(await (await download).path())).toString();
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`Protocolo ${protocol}`);
    // Told in her messages too.
    await expect.poll(async () => (await loginPortal.app.db.execute(sql`select count(*)::int as n from notifications where title = ${`Atendimento agendado: ${protocol}`}`)) as unknown as { rows: { n: number }[] }).toMatchObject({ rows: [{ n: 1 }] });
  });

  test('on a desktop she moves it to another day; a second booking of the same service points to the one she has', async ({ browser, loginPortal }) => {
    const person = PEOPLE[0]!;
    const page = await loginAs(browser, loginPortal.origin, 'maria.silva', new URL(appointmentUrl).pathname);
    expect(await axe(page, 'agendamento')).toEqual([]);
    await touch(person, page.getByRole('link', { name: 'Remarcar para outro horário' }));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Remarcar: Carteira de Identidade Nacional (CIN) – primeira via');
    await touch(person, page.getByTestId('units').getByRole('link', { name: /Parnaíba/ }));
    await touch(person, page.getByTestId('days').getByRole('link').nth(2));
    expect(await axe(page, 'agendar')).toEqual([]);
    await touch(person, page.getByRole('radio').last());
    await touch(person, page.getByRole('button', { name: 'Remarcar para este horário' }));
    await expect(page.getByTestId('confirmation')).toContainText('Agendamento remarcado');
    await expect(page.getByTestId('protocol')).toHaveText(protocol);
    await expect(page.getByText('Posto de Identificação – Espaço da Cidadania Parnaíba')).toBeVisible();
    await page.goto(`${loginPortal.origin}/app/agendar/carteira-de-identidade-primeira-via`);
    await expect(page.getByTestId('current-appointment')).toContainText('Parnaíba');
  });

  test('the front desk receives her by the QR code; her page says she was served', async ({ browser, loginPortal }) => {
    // Her appointment, brought to later today in Piauí (the desk receives today's): halfway between now and midnight
    // there, since an hour from now is tomorrow after 23:00.
    await loginPortal.app.db.execute(
      sql`update appointments set starts_at = now() + (((date_trunc('day', now() at time zone ${PIAUI_TIME_ZONE}) + interval '1 day') at time zone ${PIAUI_TIME_ZONE}) - now()) / 2 where protocol = ${protocol}`,
    );
    const person = PEOPLE[0]!;
    const desk = await loginAs(browser, loginPortal.origin, 'heitor.ssp', '/app/gestao/agenda?unidade=ssp-espaco-cidadania-parnaiba');
    await expect(desk.getByTestId('desk-item').filter({ hasText: 'Maria da Conceição Silva' })).toContainText('***.982.247-**');
    expect(await axe(desk, 'recepção')).toEqual([]);
    // The desk's QR reader types what the confirmation's code holds, as a keyboard does.
    const { rows: found } = (await loginPortal.app.db.execute(sql`select code from appointments where protocol = ${protocol}`)) as unknown as { rows: { code: string }[] };
    const field = desk.getByLabel('QR code, protocolo ou CPF');
    await touch(person, field);
    await field.pressSequentially(found[0]!.code, { delay: 10 });
    await touch(person, desk.getByRole('button', { name: 'Receber', exact: true }));
    await expect(desk.getByTestId('gestao-notice')).toContainText(`Maria da Conceição Silva recebida: agendamento ${protocol}.`);
    await expect(desk.getByTestId('desk-item').filter({ hasText: 'Maria da Conceição Silva' })).toContainText('Atendido');

    const maria = await loginAs(browser, loginPortal.origin, 'maria.silva', new URL(appointmentUrl).pathname, { device: PHONE, javaScriptEnabled: false });
    await expect(maria.getByTestId('appointment-state')).toHaveText('Atendido');
    await expect(maria.getByTestId('appointment-qr')).toHaveCount(0);
  });
});

test.describe('a full unit', () => {
  test.describe.configure({ mode: 'serial' });

  test("offers its waiting list; a cancellation reaches the first in line, who confirms the time", async ({ browser, loginPortal }) => {
    const unit = 'ssp-espaco-cidadania-teresina-shopping';
    const booking = `/app/agendar/carteira-de-identidade-primeira-via?unidade=${unit}`;
    // Maria holds a time three open days ahead.
    const maria = await loginAs(browser, loginPortal.origin, 'maria.silva', booking);
    await maria.getByTestId('days').getByRole('link').nth(3).click();
    const time = maria.getByRole('radio').first();
    const label = (await time.evaluate((input) => input.parentElement!.textContent!)).trim();
    await time.check();
    await maria.getByRole('button', { name: 'Confirmar agendamento' }).click();
    await expect(maria.getByRole('heading', { level: 1, name: 'Atendimento agendado' })).toBeVisible();
    // Every other place of the unit's agenda is taken.
    await loginPortal.app.db.execute(
      sql`update appointment_slots s set booked = s.capacity from unit_agendas a, department_sections d, services v where a.id = s.agenda_id and d.id = a.section_id and v.id = a.service_id and d.slug = ${unit} and v.slug = 'carteira-de-identidade-primeira-via'`,
    );

    // João, on a phone without scripts, finds nothing free and asks to be told.
    const person = PEOPLE[1]!;
    const joao = await loginAs(browser, loginPortal.origin, 'joao.souza', booking, { device: SMALL_PHONE, javaScriptEnabled: false });
    await expect(joao.getByText('Esta unidade não tem horários livres nos próximos dias.')).toBeVisible();
    await touch(person, joao.getByRole('button', { name: 'Avise-me quando vagar um horário' }));
    await expect(joao.getByTestId('waiting-place')).toContainText('Você é a próxima pessoa');
    // The same page with scripts, for axe (which runs through them).
    const checked = await loginAs(browser, loginPortal.origin, 'joao.souza', new URL(joao.url()).pathname);
    await expect(checked.getByTestId('waiting-place')).toBeVisible();
    expect(await axe(checked, 'lista de espera')).toEqual([]);

    // Maria cancels: asked once more, then done.
    await maria.getByRole('button', { name: 'Cancelar agendamento' }).click();
    await maria.getByRole('button', { name: 'Sim, cancelar' }).click();
    await expect(maria.getByText('Agendamento cancelado.')).toBeVisible();

    // João's place: the time held for him, confirmed.
    await joao.reload();
    await expect(joao.getByRole('heading', { level: 1, name: 'Abriu um horário para você' })).toBeVisible();
    await expect(joao.getByTestId('waiting-offer')).toContainText(label);
    await touch(person, joao.getByRole('button', { name: 'Confirmar este horário' }));
    await expect(joao.getByRole('heading', { level: 1, name: 'Atendimento agendado' })).toBeVisible();
    await expect(joao.getByTestId('appointment-when')).toContainText(label);
    await expect(joao.getByText('Posto de Identificação – Espaço da Cidadania Teresina Shopping')).toBeVisible();
  });
});

test('a lead sets up a unit’s agenda in the back office, and citizens can book it at once', async ({ browser, loginPortal }) => {
  const person = PEOPLE[0]!;
  const lead = await loginAs(browser, loginPortal.origin, 'bruno.detran', '/app/gestao/agendas');
  const section = lead.getByRole('region').filter({ has: lead.getByRole('heading', { level: 2, name: /\(DETRAN-PI\)$/ }) }).first();
  const unitName = (await section.getByRole('heading', { level: 2 }).innerText()).replace(/ \(DETRAN-PI\)$/, '');
  await touch(person, section.getByRole('link', { name: 'Renovação da CNH' }));
  await expect(lead.getByRole('heading', { level: 2, name: `Renovação da CNH: ${unitName}` })).toBeVisible();
  // A period that ends before it begins is refused, with what was wrong.
  await lead.getByRole('group', { name: 'Segunda-feira' }).getByLabel('Das', { exact: true }).fill('12:00');
  await lead.getByRole('group', { name: 'Segunda-feira' }).getByLabel('às').first().fill('08:00');
  await touch(person, lead.getByRole('button', { name: 'Salvar a agenda' }));
  await expect(lead.getByRole('alert').filter({ hasText: 'termina antes de começar' })).toBeVisible();
  await lead.getByRole('group', { name: 'Segunda-feira' }).getByLabel('Das', { exact: true }).fill('08:00');
  await lead.getByRole('group', { name: 'Segunda-feira' }).getByLabel('às').first().fill('12:00');
  await lead.getByRole('group', { name: 'Quinta-feira' }).getByLabel('Das', { exact: true }).fill('13:00');
  await lead.getByRole('group', { name: 'Quinta-feira' }).getByLabel('às').first().fill('16:00');
  await lead.getByLabel('Pessoas atendidas ao mesmo tempo').fill('2');
  await touch(person, lead.getByRole('button', { name: 'Salvar a agenda' }));
  await expect(lead.getByTestId('gestao-notice')).toContainText('Agenda salva.');
  expect(await axe(lead, 'agendas')).toEqual([]);

  const citizen = await loginAs(browser, loginPortal.origin, 'maria.silva', '/app/catalog/transito-e-veiculos/renovacao-da-cnh');
  await touch(person, citizen.getByRole('link', { name: /^Agendar atendimento/ }));
  await touch(person, citizen.getByTestId('units').getByRole('link', { name: unitName }));
  await expect(citizen.getByRole('heading', { level: 2, name: /^3\. Horário de (segunda|quinta)-feira/ })).toBeVisible();
});
