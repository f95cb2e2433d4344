import { readFile } from 'node:fs/promises';
import { MY_DATA_KINDS, RETENTION } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { axe, PHONE } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';
import { PEOPLE, touch } from './support/person.ts';
import { appAccessToken, loginAs } from './support/personal.ts';

// Issue 30, 'Meus dados' as Maria lives it: on her phone without scripts she reads what the portal holds about her,
// downloads all of it and finds every kind; she erases her history and her favourites and they are gone from the home
// too (its recommendations included), while her submitted requests stay, with the day they will be deleted; on a
// desktop she leaves every device at once.

const PATH = '/app/minha-area/meus-dados';
const SMALL_PHONE = { ...PHONE, viewport: { width: 320, height: 640 } };

test.describe('Maria and her data', () => {
  test.describe.configure({ mode: 'serial' });

  test('on a 320 px phone without scripts: every kind with its purpose, basis and retention; the download holds every kind', async ({ browser, loginPortal }) => {
    const person = PEOPLE[1]!;
    // DETRAN-PI's attendant opens one of her requests: that access is hers to read too.
    const [mine] = ((await loginPortal.app.db.execute(
      sql`select r.id from service_requests r join users u on u.sub = r.citizen_sub join departments d on d.id = r.department_id where u.username = 'maria.silva' and d.slug = 'detran-pi' and r.state <> 'rascunho' limit 1`,
    )) as unknown as { rows: { id: number }[] }).rows;
    const opened = await fetch(`${loginPortal.origin}/v1/gestao/solicitacoes/${mine!.id}`, { headers: { authorization: `Bearer ${await appAccessToken(loginPortal.origin, 'elisa.detran')}` } });
    expect(opened.status).toBe(200);
    const page = await loginAs(browser, loginPortal.origin, 'maria.silva', PATH, { device: SMALL_PHONE, javaScriptEnabled: false });
    await expect(page.getByRole('heading', { level: 1, name: 'Meus dados' })).toBeVisible();
    for (const kind of Object.values(MY_DATA_KINDS)) {
      const section = page.getByRole('region', { name: kind.title, exact: true });
      await expect(section).toContainText(kind.purpose);
      await expect(section).toContainText(kind.basis);
      await expect(section).toContainText(kind.kept);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    // Her submitted requests stay, each with the day it goes.
    await expect(page.getByTestId('exemplos-solicitacoes')).toContainText(/guardada até \d{2}\/\d{2}\/\d{4}/);
    await expect(page.getByRole('region', { name: 'Solicitações enviadas e seus arquivos' })).toContainText(`${RETENTION.requestYears} anos depois de encerrada`);

    const download = page.waitForEvent('download');
    await touch(person, page.getByRole('link', { name: 'Baixar todos os meus dados (JSON)' }));
    const data = JSON.parse(await readFile((await (await download).path())!, 'utf8'));
    // Every kind of record the portal holds about her, each with her records (she has them all in the demo).
    expect(data.conta).toMatchObject({ usuario: 'maria.silva' });
    for (const kind of ['favoritos', 'historico', 'solicitacoes', 'rascunhos', 'agendamentos', 'documentos', 'notificacoes', 'sessoes', 'acessos'] as const) {
      expect(data[kind].length, kind).toBeGreaterThan(0);
    }
    for (const kind of ['avaliacoes', 'telefones']) expect(Array.isArray(data[kind]), kind).toBe(true);
    expect(data.documentos.map((d: { codigo: string }) => d.codigo)).toContain('K7QM4RX2HP9T');
  });

  test('she erases her history and favourites: gone from the page, the home and its recommendations; nothing for axe', async ({ browser, loginPortal }) => {
    const person = PEOPLE[0]!;
    const page = await loginAs(browser, loginPortal.origin, 'maria.silva', '/');
    // The home ranks services for her from what she used, and shows her favourites.
    await expect(page.getByTestId('recommendations')).toHaveAttribute('data-source', 'personal');
    await expect(page.getByRole('region', { name: 'Seus favoritos' })).toBeVisible();

    await page.goto(`${loginPortal.origin}${PATH}`);
    expect(await axe(page, 'meus dados')).toEqual([]);
    // She keeps the news of her requests in the portal and on her phone, not by e-mail.
    const byEmail = page.getByRole('checkbox', { name: /^E-mail: Andamento das solicitações/ });
    await expect(byEmail).toBeChecked();
    await touch(person, byEmail);
    await touch(person, page.getByRole('button', { name: 'Salvar minhas escolhas' }));
    await expect(page.getByRole('status').filter({ hasText: 'Suas escolhas de aviso foram salvas.' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: /^E-mail: Andamento das solicitações/ })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: /^Celular: Andamento das solicitações/ })).toBeChecked();

    // Her files too, in a zip the job queue makes; she is told when it is ready.
    await touch(person, page.getByRole('button', { name: 'Preparar arquivo ZIP com os meus arquivos' }));
    await expect(page.getByRole('status').filter({ hasText: 'Estamos preparando o arquivo' })).toBeVisible();
    await loginPortal.app.jobs.settle(['exportar-meus-dados']);
    await page.reload();
    const zipDownload = page.waitForEvent('download');
    await touch(person, page.getByRole('link', { name: /^Baixar o arquivo ZIP/ }));
    const zip = await readFile((await (await zipDownload).path())!);
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    for (const [title, button, done] of [
      ['Histórico de serviços acessados', 'Apagar meu histórico', 'Histórico apagado'],
      ['Favoritos', 'Apagar meus favoritos', 'Favoritos apagados'],
    ] as const) {
      const section = page.getByRole('region', { name: title, exact: true });
      await touch(person, section.getByRole('button', { name: button }));
      // Asked once more: it cannot be undone.
      await expect(page.getByRole('alert').filter({ hasText: 'Isto não se desfaz' })).toBeVisible();
      await touch(person, page.getByRole('button', { name: `Sim, ${button.charAt(0).toLowerCase()}${button.slice(1)}` }));
      await expect(page.getByRole('status').filter({ hasText: done })).toBeVisible();
      await expect(page.getByRole('region', { name: title, exact: true })).toContainText('Nenhum registro.');
    }
    const sub = ((await loginPortal.app.db.execute(sql`select sub from users where username = 'maria.silva'`)) as unknown as { rows: { sub: string }[] }).rows[0]!.sub;
    const left = (await loginPortal.app.db.execute(sql`select (select count(*) from access_log where user_sub = ${sub})::int + (select count(*) from favorites where user_sub = ${sub})::int as n`)) as unknown as { rows: { n: number }[] };
    expect(left.rows[0]!.n).toBe(0);
    // Her submitted requests are still there.
    await expect(page.getByRole('region', { name: 'Solicitações enviadas e seus arquivos' })).not.toContainText('Nenhum registro.');

    await page.goto(`${loginPortal.origin}/`);
    await expect(page.getByRole('region', { name: 'Seus favoritos' })).toHaveCount(0);
    await expect(page.getByTestId('recommendations')).not.toHaveAttribute('data-source', 'personal');
  });

  test('on a desktop she leaves every device at once: her phone’s browser is logged out too', async ({ browser, loginPortal }) => {
    const person = PEOPLE[0]!;
    const phone = await loginAs(browser, loginPortal.origin, 'maria.silva', '/app/acompanhar-minhas-solicitacoes', { device: PHONE });
    await expect(phone.getByRole('heading', { level: 1 })).toBeVisible();
    const desktop = await loginAs(browser, loginPortal.origin, 'maria.silva', PATH);
    await touch(person, desktop.getByRole('button', { name: 'Sair de todos os dispositivos' }));
    await expect(desktop.getByRole('link', { name: /Acesso Cidadão|Entrar/i }).first()).toBeVisible();
    // The phone's next page asks her to log in again.
    await phone.goto(`${loginPortal.origin}/app/acompanhar-minhas-solicitacoes`);
    await expect(phone).toHaveURL(/login|entrar|auth/);
  });
});
