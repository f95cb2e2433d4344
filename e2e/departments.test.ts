import { expect, test } from './support/fixtures.ts';
import { PEOPLE, slowNetwork, touch } from './support/person.ts';

// Issue 24: the department page's trail said 'Secretarias de Governo' where the menu and the footer say 'Órgãos': one
// name for one thing, so that a citizen who followed 'Órgãos' recognises where the trail leads back to.
for (const person of PEOPLE) {
  test.describe(`one name for the state's bodies, ${person.name}`, () => {
    test.use(person.device);

    test("the menu's 'Órgãos', the list's title, a department's trail and the footer say the same", async ({ page, portal }) => {
      if (person.slow) await slowNetwork(page);
      await page.goto(portal.url());
      await touch(person, page.getByRole('navigation', { name: 'Públicos' }).getByRole('link', { name: 'Órgãos', exact: true }));
      await page.waitForURL('**/orgao', { timeout: 30_000 });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Órgãos do governo');
      await expect(page).toHaveTitle('Governo do Piauí - Órgãos do governo');
      await touch(person, page.getByRole('link', { name: 'DETRAN-PI', exact: true }));
      await page.waitForURL('**/orgao/detran-pi', { timeout: 30_000 });
      const trail = page.getByRole('navigation', { name: 'Trilha de navegação' });
      await expect(trail.getByRole('listitem')).toHaveText(['Início', 'Órgãos', 'DETRAN-PI']);
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Órgãos do governo' })).toBeAttached();
      await touch(person, trail.getByRole('link', { name: 'Órgãos', exact: true }));
      await page.waitForURL('**/orgao', { timeout: 30_000 });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Órgãos do governo');
    });
  });
}

test.describe('departments and open data', () => {
  test('/orgao lists the departments, filters by short name and opens one', async ({ page, portal }) => {
    await page.goto(portal.url('/orgao'));
    // 'Órgãos do governo', as the menu and the footer call them (issue 24; the spec's 'Secretarias de Governo' before).
    await expect(page.locator('h1')).toHaveText('Órgãos do governo');
    const cards = page.locator('main ul li h2');
    await expect.poll(() => cards.count()).toBeGreaterThan(20);
    const filter = page.getByRole('searchbox', { name: 'Filtrar' });
    await filter.fill('sef');
    await expect(cards).toHaveText(['SEFAZ']);
    await filter.fill('nada-assim');
    await expect(page.getByText('Nenhum órgão encontrado')).toBeVisible();
    await filter.fill('detran');
    await page.getByRole('link', { name: 'DETRAN-PI' }).click();
    await page.waitForURL('**/orgao/detran-pi');
    await expect(page.getByRole('heading', { level: 1, name: 'DETRAN-PI' })).toBeVisible();
  });

  test('department detail: mission, vision, values, site, address and its services, 10 a page with a smooth scroll', async ({ page, portal }) => {
    await page.goto(portal.url('/orgao/detran-pi'));
    for (const title of ['Missão', 'Visão', 'Valores']) await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    const site = page.getByRole('link', { name: /Site do órgão/ });
    await expect(site).toHaveAttribute('href', /^https:\/\//);
    await expect(site).toHaveAttribute('target', '_blank');
    await expect(page.getByText(/Endereço:/)).toHaveCount(1);
    const list = page.locator('#servicos-prestados');
    await expect(list.locator('article')).toHaveCount(10);
    await expect(list.getByRole('heading', { level: 2 })).toHaveText(/^Serviços prestados \(\d+\)$/);
    await list.getByRole('navigation', { name: 'Paginação' }).getByRole('link', { name: 'Página 2', exact: true }).click();
    await page.waitForURL('**/orgao/detran-pi?page=2#servicos-prestados');
    await expect
      .poll(() =>
        list.evaluate((el) => {
          const top = el.getBoundingClientRect().top;
          return top >= 0 && top < window.innerHeight / 2;
        }),
      )
      .toBe(true);
    await expect(list.locator('article').first()).toBeAttached();
  });

  test("'Não informado' for empty texts, and no site link unless the link is a valid URL", async ({ page, portal }) => {
    await page.goto(portal.url('/orgao/der-pi'));
    await expect(page.getByText('Não informado').first()).toBeAttached();
    await page.goto(portal.url('/orgao/seid'));
    await expect(page.getByRole('link', { name: /Site do órgão/ })).toHaveCount(0);
    const missing = await page.goto(portal.url('/orgao/orgao-que-nao-existe'));
    expect(missing?.status()).toBe(404);
  });

  test('/dados lists the open-data groups and filters them', async ({ page, portal }) => {
    await page.goto(portal.url('/dados'));
    await expect(page.locator('h1')).toHaveText('Dados Abertos');
    await expect(page.getByRole('heading', { name: 'O que é esse serviço?' })).toBeVisible();
    const filter = page.getByRole('searchbox', { name: 'Filtrar' });
    await filter.fill('despe');
    await expect(page.locator('main ul li h3')).toHaveText(['DESPESAS']);
    await filter.fill('xyz');
    await expect(page.getByText('Nenhum dado encontrado')).toBeVisible();
  });
});
